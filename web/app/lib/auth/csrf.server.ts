import { createCookie } from '@remix-run/node';
import { createHmac, randomBytes } from 'node:crypto';
import { CSRF, CSRFError } from 'remix-utils/csrf/server';
import { cookieSecure } from '@realty/contracts';
import { getLanguage, i18nServer } from '~/i18n.server';
import { redirectWithToast } from '../forms/toast.server';
import { safeRedirectPath } from './safe-redirect';
import { keysFor } from './session.server';
import type { RequestView } from '../serving/request-view';

/**
 * CSRF protection of the web's own forms (browser -> Remix action), with remix-utils' CSRF:
 * a random token in a signed, httpOnly, SameSite=Lax cookie; every state-changing form carries
 * the same token in the hidden field `csrf` (<AuthenticityTokenInput/>, ~/components/csrf) and
 * the action checks the two match. The root loader hands the token to the page.
 */
export const CSRF_FIELD = 'csrf';

// The cookie and the token's HMAC each have keys of their own (docs/decisions/029). The token
// HMAC takes one key: after a SESSION_SECRET rotation an open form fails once ("form expired").
const [secret] = keysFor('csrf-token');

export const csrfCookie = createCookie('csrf', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: cookieSecure(),
  secrets: keysFor('csrf-cookie'),
});

export const csrf = new CSRF({ cookie: csrfCookie, formDataKey: CSRF_FIELD, secret });

/**
 * The token for this visitor and, when it is new, the Set-Cookie value that stores it. What
 * remix-utils' `csrf.commitToken` does, in the same format (32 random bytes in base64url, a
 * dot, their HMAC-SHA256 with the secret in base64url), so `csrf.validate` checks it; but with
 * node:crypto rather than crypto-js, which was dear per new visitor (issue 6: every anonymous
 * page view without the cookie makes one; decision 019).
 */
export async function commitCsrfToken(request: RequestView): Promise<{ token: string; setCookie: string | null }> {
  const existing: unknown = await csrfCookie.parse(request.headers.get('Cookie'));
  if (typeof existing === 'string' && existing) return { token: existing, setCookie: null };
  const value = randomBytes(32).toString('base64url');
  const token = `${value}.${createHmac('sha256', secret).update(value).digest('base64url')}`;
  return { token, setCookie: await csrfCookie.serialize(token) };
}

/**
 * Checks the token of a posted form against the cookie. On a mismatch throws a redirect back to
 * `back` (default: the page the form was on, else the action's own URL) with an error toast, so a
 * visitor with a stale page gets a fresh token; a forged cross-site post changes nothing.
 */
export async function validateCsrf(request: Request, form: FormData, back?: string): Promise<void> {
  try {
    await csrf.validate(form, request.headers);
  } catch (error) {
    if (!(error instanceof CSRFError)) throw error;
    const url = new URL(request.url);
    const here = safeRedirectPath(url.pathname + url.search, '/', url.origin);
    const target = safeRedirectPath(back ?? request.headers.get('Referer'), here, url.origin);
    const t = await i18nServer.getFixedT(await getLanguage(request), 'auth');
    throw await redirectWithToast(request, target, {
      title: t('toast.error'),
      description: t('toast.formExpired'),
      variant: 'destructive',
    });
  }
}
