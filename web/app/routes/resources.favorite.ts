import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { ApiError } from '@realty/api-client';
import { i18nServer } from '~/i18n.server';
import { getAuth } from '~/lib/auth/auth.server';
import { validateCsrf } from '~/lib/auth/csrf.server';
import { pageMeta } from '~/lib/i18n/error-meta';
import { readForm } from '~/lib/forms/forms.server';
import { safeRedirectPath } from '~/lib/auth/safe-redirect';
import type { ToastMessage } from '~/lib/forms/toast';
import { redirectWithToast } from '~/lib/forms/toast.server';

/**
 * POST /resources/favorite {propertyId, intent: add | remove, redirectTo, js?} (spec 01 §4
 * "Favourite toggle", §7 POST/DELETE /properties/{id}/favorites, §8 toasts). With `js=1` (a
 * fetcher) it answers {ok, propertyId, favorited, favoritesCount, toast}; a plain form post
 * redirects back to `redirectTo` with the toast. Anonymous: to /auth and back.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const back = safeRedirectPath(form.get('redirectTo'), '/', new URL(request.url).origin);
  await validateCsrf(request, form, back);
  const auth = await getAuth(request);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const js = form.get('js') === '1';
  const propertyId = String(form.get('propertyId') ?? '').trim();
  const intent = form.get('intent');
  const toSignIn = async () => redirect(`/auth?redirectTo=${encodeURIComponent(back)}`, { headers: await auth.headers() });

  if (!auth.user) return toSignIn();
  const failure: ToastMessage = { title: t('favoriteToast.error'), description: t('favoriteToast.errorText'), variant: 'destructive' };
  if (!propertyId || propertyId.length > 200 || (intent !== 'add' && intent !== 'remove')) {
    // A plain form post: the site's 400 screen; a fetcher: the toast.
    if (!js) throw new Response('Bad Request', { status: 400 });
    return data({ ok: false as const, propertyId, toast: failure }, { status: 400, headers: await auth.headers() });
  }

  try {
    const state = intent === 'add' ? await auth.api.favorites.add(propertyId) : await auth.api.favorites.remove(propertyId);
    const toast: ToastMessage = { title: state.favorited ? t('favoriteToast.added') : t('favoriteToast.removed') };
    if (!js) return redirectWithToast(request, back, toast, { headers: await auth.headers() });
    return data({ ok: true as const, ...state, toast }, { headers: await auth.headers() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      auth.signOut();
      return toSignIn();
    }
    if (!(error instanceof ApiError)) console.error('favourite toggle failed', error);
    if (!js) return redirectWithToast(request, back, failure, { headers: await auth.headers() });
    const status = error instanceof ApiError && error.status < 500 ? error.status : 502;
    return data({ ok: false as const, propertyId, toast: failure }, { status, headers: await auth.headers() });
  }
}

/**
 * A route with a page (not a resource route) only so that a post it cannot read answers 400 as
 * the site's error screen (issue 19 item 10); its action always redirects or answers a fetcher.
 */
export default function FavoriteResource() {
  return null;
}

export { ErrorBoundary } from '~/root';
export const meta: MetaFunction = (args) => pageMeta(args, () => [{ name: 'robots', content: 'noindex' }]);

/** GET: nothing to show here. */
export function loader() {
  return redirect('/');
}
