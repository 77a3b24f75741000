import { ApiError } from '@realty/api-client';
import { STAFF_ROLES } from '@realty/contracts';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A file of the API (a presentation's download, a batch's zip) with the staff member's session,
 * streamed through with its Content-Type and Content-Disposition; never cached. 404 for an
 * unknown id (or another employee's: the API's 403 is not told apart), 409 (not ready, expired)
 * as a plain text page with the API's message.
 */
export async function streamApiFile(
  request: Request,
  id: string | undefined,
  open: (api: Awaited<ReturnType<typeof requireUser>>['api'], id: string) => Promise<Response>,
) {
  const auth = await requireUser(request, STAFF_ROLES);
  if (!id || !UUID.test(id)) throw new Response('Not Found', { status: 404 });
  let upstream: Response;
  try {
    upstream = await open(auth.api, id.toLowerCase());
  } catch (error) {
    const text = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
    if (error instanceof ApiError && (error.status === 404 || error.status === 403))
      return new Response('Not Found', { status: 404, headers: await auth.headers(text) });
    if (error instanceof ApiError && error.status === 409)
      return new Response(error.serverMessage || error.message, { status: 409, headers: await auth.headers(text) });
    return rethrowAuthError(request, auth, error);
  }
  const headers = await auth.headers({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  for (const name of ['content-type', 'content-disposition', 'content-length']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
