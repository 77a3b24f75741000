import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { i18nServer } from '~/i18n.server';
import { getAuth } from '~/lib/auth/auth.server';
import { validateCsrf } from '~/lib/auth/csrf.server';
import { pageMeta } from '~/lib/i18n/error-meta';
import { readForm } from '~/lib/forms/forms.server';
import { redirectWithToast } from '~/lib/forms/toast.server';

/**
 * POST /logout (header form, spec 01 §2 "Once signed in, navigation offers dashboard and
 * logout"): revokes the refresh token at the API (its access tokens stop at once), forgets the
 * session and goes home. A failed revoke still signs out here.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  await validateCsrf(request, form, '/');
  const auth = await getAuth(request);
  const refreshToken = auth.refreshToken();
  if (refreshToken) {
    try {
      await auth.api.auth.logout(refreshToken);
    } catch (error) {
      console.error('logout: revoking the refresh token failed', error);
    }
  }
  auth.signOut();
  const t = await i18nServer.getFixedT(auth.lang, 'auth');
  return redirectWithToast(request, '/', { title: t('toast.logout') }, { headers: await auth.headers() });
}

/**
 * A route with a page (not a resource route) only so that a post it cannot read answers 400 as
 * the site's error screen (issue 19 item 10); its action always redirects or answers a fetcher.
 */
export default function LogoutResource() {
  return null;
}

export { ErrorBoundary } from '~/root';
export const meta: MetaFunction = (args) => pageMeta(args, () => [{ name: 'robots', content: 'noindex' }]);

/** GET /logout: nothing to show. */
export function loader() {
  return redirect('/');
}
