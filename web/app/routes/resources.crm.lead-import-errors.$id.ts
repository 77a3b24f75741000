import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError } from '@realty/api-client';
import { STAFF_ROLES } from '@realty/contracts';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /resources/crm/lead-import-errors/{id} (issue 22 "per-row errors downloadable"): the API's
 * GET /api/crm/leads/import/{id}/errors (CSV: row, field, message in the staff member's
 * language, the row's original cells) with the staff member's session, streamed through.
 * CRM roles only; 404 for an unknown import (or another employee's: the API's 403 is not told apart).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const id = params.id ?? '';
  if (!UUID.test(id)) throw new Response('Not Found', { status: 404 });
  let upstream: Response;
  try {
    upstream = await auth.api.crmLeadFiles.errors(id, { timeoutMs: 30_000 });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      return new Response('Not Found', { status: 404, headers: await auth.headers({ 'Content-Type': 'text/plain; charset=utf-8' }) });
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
