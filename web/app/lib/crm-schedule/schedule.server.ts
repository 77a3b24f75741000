import { data } from '@remix-run/node';
import { ApiError, ApiValidationError } from '@realty/api-client';
import { CRM_SUPERVISOR_ROLES, STAFF_ROLES, type RoleName } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { rethrowAuthError, type SignedInAuth } from '~/lib/auth/auth.server';
import { redirectWithToast } from '~/lib/forms/toast.server';

/** Roles that see and change every agent's CRM records (the API decides; the pages only offer). */
export const SUPERVISOR_ROLES: readonly RoleName[] = CRM_SUPERVISOR_ROLES;
export const CRM_PAGE_ROLES = STAFF_ROLES;

/**
 * A loader's read: the value, or `failed` (the page's error state, 503) for a 5xx or a network
 * failure; 401 goes to sign-in, 403 and 404 become the error page of that status.
 */
export async function readOrFail<T>(
  request: Request,
  auth: SignedInAuth,
  read: () => Promise<T>,
): Promise<{ value: T | null; failed: boolean }> {
  try {
    return { value: await read(), failed: false };
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect or an answer the read chose
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      throw data({ code: error.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND' }, { status: error.status, headers: await auth.headers() });
    return { value: null, failed: true };
  }
}

/**
 * A one-button POST (complete, delete, cancel): runs `write`, then back to `to` with a success
 * toast, or back to `failTo` (default `to`) with the API's message as an error toast.
 */
export async function writeAndReturn(
  request: Request,
  auth: SignedInAuth,
  to: string,
  write: () => Promise<unknown>,
  done: string,
  failTo: string = to,
) {
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  try {
    await write();
    return redirectWithToast(request, to, { title: done }, { headers: await auth.headers() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const message = error instanceof ApiError && error.status < 500 ? error.serverMessage || error.message : t('loadError');
    return redirectWithToast(
      request,
      failTo,
      { title: t('error'), description: message, variant: 'destructive' },
      { headers: await auth.headers() },
    );
  }
}

/**
 * Runs a viewing write; a double booking (409 VIEWING_AGENT_BUSY / VIEWING_PROPERTY_BUSY) becomes
 * a field error on the time, so the form shows the API's message next to it.
 */
export async function bookingWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && /^VIEWING_(AGENT|PROPERTY)_BUSY$/.test(error.serverCode || error.code)) {
      const message = error.serverMessage || error.message;
      throw new ApiValidationError(message, { time: message });
    }
    throw error;
  }
}

/** A uuid from a form or URL value, else null. */
export function uuidOf(value: FormDataEntryValue | string | null | undefined): string | null {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value.toLowerCase()
    : null;
}
