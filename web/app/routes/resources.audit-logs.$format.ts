import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiValidationError } from '@realty/api-client';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { exportFormatOf, readAuditFilters } from '~/lib/audit/audit-filters';

/**
 * GET /resources/audit-logs/{csv|xlsx|json}?actor&entity&action&from&to (spec 02 §2 "export by
 * format and filters"): the API's export of the audit log with the visitor's session, streamed
 * through as it arrives (never held in memory), with the API's Content-Type and
 * Content-Disposition (audit-logs-YYYY-MM-DD.<ext>) and Cache-Control no-store. admin and
 * super_admin only (403); 404 for an unknown format; 400 (plain text) for filters the API refuses.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const format = exportFormatOf(params.format);
  if (!format) throw new Response('Not Found', { status: 404 });
  const { actor, entity, action, from, to } = readAuditFilters(new URL(request.url).searchParams);
  let upstream: Response;
  try {
    upstream = await auth.api.admin.auditLogs.export({ format, actor, entity, action, from, to }, { timeoutMs: 30_000 });
  } catch (error) {
    if (error instanceof ApiValidationError) {
      const text = Object.entries(error.fields)
        .map(([field, message]) => `${field}: ${message}`)
        .join('\n');
      return new Response(text || error.message, {
        status: 400,
        headers: await auth.headers({ 'Content-Type': 'text/plain; charset=utf-8' }),
      });
    }
    return rethrowAuthError(request, auth, error);
  }
  const headers = await auth.headers({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  for (const name of ['content-type', 'content-disposition']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
