import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { i18nServer } from '~/i18n.server';
import { getAuth } from '~/lib/auth.server';
import { validateCsrf } from '~/lib/csrf.server';
import { redirectWithToast } from '~/lib/toast.server';

/**
 * POST /logout (header form, spec 01 §2 "Once signed in, navigation offers dashboard and
 * logout"): revokes the refresh token at the API (its access tokens stop at once), forgets the
 * session and goes home. A failed revoke still signs out here.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  await validateCsrf(request, form, '/');
  const auth = await getAuth(request);
  const refreshToken = auth.refreshToken();
  if (refreshToken) {
    try {
      await auth.api.post('/auth/logout', { refreshToken });
    } catch (error) {
      console.error('logout: revoking the refresh token failed', error);
    }
  }
  auth.signOut();
  const t = await i18nServer.getFixedT(auth.lang, 'auth');
  return redirectWithToast(request, '/', { title: t('toast.logout') }, { headers: await auth.headers() });
}

/** GET /logout: nothing to show. */
export function loader() {
  return redirect('/');
}
