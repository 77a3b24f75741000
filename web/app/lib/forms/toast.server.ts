import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { cookieSecure } from '@realty/contracts';
import { keysFor } from '../auth/session.server';
import { isToastMessage, type ToastMessage } from './toast';

/**
 * A one-shot ("flash") toast carried by a signed cookie across a redirect, so a form
 * posted without JavaScript still shows its toast on the next page (spec 01 §8 texts).
 * Signed with keys of its own, derived from SESSION_SECRET (keysFor('toast'); rotation as there).
 */
const storage = createCookieSessionStorage({
  cookie: {
    name: 'toast',
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(),
    secrets: keysFor('toast'),
  },
});

/** Set-Cookie header value that shows `toast` on the next page render. */
export async function toastCookie(request: Request, toast: ToastMessage): Promise<string> {
  const session = await storage.getSession(request.headers.get('Cookie'));
  session.flash('toast', toast);
  return storage.commitSession(session);
}

/** Redirects and shows `toast` on the target page (works without JavaScript). */
export async function redirectWithToast(request: Request, to: string, toast: ToastMessage, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastCookie(request, toast));
  return redirect(to, { ...init, headers });
}

/** Reads (and clears) the pending toast; the returned header must be sent with the response. */
export async function readToast(request: Request): Promise<{ toast: ToastMessage | null; setCookie: string | null }> {
  const cookie = request.headers.get('Cookie');
  if (!cookie || !cookie.includes('toast=')) return { toast: null, setCookie: null };
  const session = await storage.getSession(cookie);
  const value = session.get('toast');
  return { toast: isToastMessage(value) ? value : null, setCookie: await storage.commitSession(session) };
}
