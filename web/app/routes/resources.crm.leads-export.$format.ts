import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError, ApiValidationError } from '@realty/api-client';
import { STAFF_ROLES } from '@realty/contracts';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';

const FILTERS = ['scope', 'status', 'quality', 'source', 'agentId', 'createdFrom', 'createdTo', 'q'] as const;

/**
 * GET /resources/crm/leads-export/{csv|xlsx}?<lead list filters> (issue 22 "export ... with the
 * current filters"): the API's GET /api/crm/leads/export with the staff member's session,
 * streamed through as it arrives (never held in memory), with the API's Content-Type and
 * Content-Disposition (leads-YYYY-MM-DD.<ext>) and Cache-Control no-store. CRM roles only;
 * 404 for an unknown format; 400 (plain text) for filters the API refuses; 403 as the API says
 * (an employee's export of all leads).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const format = params.format === 'csv' || params.format === 'xlsx' ? params.format : null;
  if (!format) throw new Response('Not Found', { status: 404 });
  const search = new URL(request.url).searchParams;
  const filters = Object.fromEntries(FILTERS.map((k) => [k, search.get(k) ?? undefined]));
  let upstream: Response;
  try {
    upstream = await auth.api.crmLeadFiles.export(format, filters, { timeoutMs: 30_000 });
  } catch (error) {
    const plain = async (status: number, text: string) =>
      new Response(text, {
        status,
        headers: await auth.headers({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }),
      });
    if (error instanceof ApiValidationError) {
      return plain(
        400,
        Object.entries(error.fields)
          .map(([f, m]) => `${f}: ${m}`)
          .join('\n') || error.message,
      );
    }
    if (error instanceof ApiError && error.status === 403) return plain(403, error.serverMessage || error.message);
    return rethrowAuthError(request, auth, error);
  }
  const headers = await auth.headers({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  for (const name of ['content-type', 'content-disposition']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
