import type { ActionFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { themeCookie } from '~/cookies.server';
import { isTheme } from '~/theme';
import { validateCsrf } from '~/lib/csrf.server';
import { safeRedirectPath } from '~/lib/safe-redirect';

/**
 * POST theme=light|dark|system (spec 01 §4): saves the cookie. Without JavaScript it
 * redirects back to `redirectTo`; a fetcher gets {theme}.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = form.get('redirectTo');
  const target = safeRedirectPath(back, '/', new URL(request.url).origin);
  await validateCsrf(request, form, target);
  const theme = form.get('theme');
  if (!isTheme(theme)) return data({ error: 'theme' }, { status: 400 });
  const headers = { 'Set-Cookie': await themeCookie.serialize(theme) };
  if (typeof back === 'string' && back) return redirect(target, { headers });
  return data({ theme }, { headers });
}
