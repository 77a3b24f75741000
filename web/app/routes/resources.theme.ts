import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { themeCookie } from '~/cookies.server';
import { isTheme } from '~/theme';
import { validateCsrf } from '~/lib/auth/csrf.server';
import { pageMeta } from '~/lib/i18n/error-meta';
import { readForm } from '~/lib/forms/forms.server';
import { safeRedirectPath } from '~/lib/auth/safe-redirect';

/**
 * POST theme=light|dark|system (spec 01 §4): saves the cookie. Without JavaScript it
 * redirects back to `redirectTo`; a fetcher gets {theme}.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const back = form.get('redirectTo');
  const target = safeRedirectPath(back, '/', new URL(request.url).origin);
  await validateCsrf(request, form, target);
  const theme = form.get('theme');
  if (!isTheme(theme)) throw new Response('Bad Request', { status: 400 });
  const headers = { 'Set-Cookie': await themeCookie.serialize(theme) };
  if (typeof back === 'string' && back) return redirect(target, { headers });
  return data({ theme }, { headers });
}

/**
 * A route with a page (not a resource route) only so that a post it cannot read answers 400 as
 * the site's error screen (issue 19 item 10); its action always redirects or answers a fetcher.
 */
export default function ThemeResource() {
  return null;
}

export { ErrorBoundary } from '~/root';
export const meta: MetaFunction = (args) => pageMeta(args, () => [{ name: 'robots', content: 'noindex' }]);

/** GET: no page here (the site's 404). */
export function loader() {
  throw new Response('/resources/theme', { status: 404 });
}
