import { data } from '@remix-run/node';
import { ApiError, type Paged } from '@realty/api-client';
import { ADMIN_USERS_PAGE_SIZE, type PageMeta } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { rethrowAuthError, type SignedInAuth } from '~/lib/auth/auth.server';
import { failureToast } from '~/lib/forms/forms.server';
import { redirectWithToast } from '~/lib/forms/toast.server';

/**
 * What the three reference-data screens share (issue 21; spec 02 §2 /dashboard/admin/property-
 * categories, /property-types, /building-complexes), on top of the staff pattern
 * (~/lib/staff), server side: the list read with its error state, and the delete step's answer
 * (the API's 409 in-use message as an error toast on the list). The table's URL state: ./reference-table.
 */

/**
 * One page of a reference list, or `failed` (the page shows ErrorState, status 503). A 401 goes
 * to sign-in; a 403 (the role changed since the session was read) is the 403 page.
 */
export async function loadList<T>(
  request: Request,
  auth: SignedInAuth,
  page: number,
  read: () => Promise<Paged<T>>,
): Promise<{ items: T[]; meta: PageMeta; failed: boolean }> {
  try {
    const list = await read();
    return { items: list.items, meta: list.meta, failed: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
    return { items: [], meta: { total: 0, page, limit: ADMIN_USERS_PAGE_SIZE, totalPages: 0 }, failed: true };
  }
}

/** A route's numeric id from a form or the URL ('' when not one). */
export function refId(raw: unknown): string {
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? raw : '';
}

/**
 * The delete step's answer: back to the list with `doneTitle`, or with the refusal as an error
 * toast: the API's message in the request's language (409 'Тип недвижимости нельзя удалить: он
 * используется (объектов: N)', 404), the generic failure text for a 5xx or no answer.
 */
export async function deleteAndReturn(
  request: Request,
  auth: SignedInAuth,
  back: string,
  remove: () => Promise<unknown>,
  doneTitle: string,
) {
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  try {
    await remove();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const toast = failureToast(error, {
      title: t('error'),
      fallback: t('form.failed'),
      network: t('form.network'),
      networkTitle: t('form.networkTitle'),
    });
    return redirectWithToast(request, back, toast, { headers: await auth.headers() });
  }
  return redirectWithToast(request, back, { title: doneTitle }, { headers: await auth.headers() });
}
