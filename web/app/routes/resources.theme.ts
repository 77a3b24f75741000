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
  await validateCsrf(request, form, safeRedirectPath(String(form.get('redirectTo') ?? '/')));
  const theme = form.get('theme');
  if (!isTheme(theme)) return data({ error: 'theme' }, { status: 400 });
  const headers = { 'Set-Cookie': await themeCookie.serialize(theme) };
  const back = form.get('redirectTo');
  if (typeof back === 'string' && back) return redirect(safeRedirectPath(back), { headers });
  return data({ theme }, { headers });
}
