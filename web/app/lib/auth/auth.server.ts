import { createHash } from 'node:crypto';
import { data, redirect } from '@remix-run/node';
import { ApiError, type ApiClient, type CsrfStore } from '@realty/api-client';
import { STAFF_ROLES, type AuthSessionDto, type Language, type RoleName } from '@realty/contracts';
import { getLanguage } from '~/i18n.server';
import { createWebApiClient } from '../api/api.server';
import { apiFetch } from '../api/api-rate-limit.server';
import {
  clearSignIn,
  commitSession,
  getSession,
  readApiCsrf,
  readUser,
  storeSignIn,
  type SessionUser,
  type WebSession,
} from './session.server';

/**
 * Who is asking, for loaders and actions (DESIGN "Auth and sessions"): the session's user and
 * an API client that sends the bearer token and the API's CSRF pair (spec 02 §7), and refreshes
 * an expired access token transparently, saving the rotated pair in the session. Every loader or
 * action that uses it returns `await auth.headers()` so a rotated token reaches the browser.
 */

/** Refresh this long before the access token expires (clock skew, slow requests). */
export const REFRESH_MARGIN_MS = 30_000;
/**
 * How long the outcome of one refresh is reused for the same (now spent) refresh token: parallel
 * loaders of one page, or several tabs' requests carrying the old cookie, get the same new pair
 * instead of replaying the spent token (which the API treats as theft and ends the session).
 */
export const REFRESH_REUSE_MS = 60_000;

export type RefreshOutcome = { ok: true; result: AuthSessionDto } | { ok: false };

const refreshes = new Map<string, { promise: Promise<RefreshOutcome>; until: number }>();

/**
 * POST /auth/refresh once per refresh token within REFRESH_REUSE_MS in this process. `ok:false`
 * when the API refuses (expired, revoked, reused, blocked); network failures throw and are not kept.
 */
export function refreshOnce(
  refreshToken: string,
  call: (token: string) => Promise<AuthSessionDto>,
  now = Date.now(),
): Promise<RefreshOutcome> {
  for (const [k, v] of refreshes) if (v.until <= now) refreshes.delete(k);
  const key = createHash('sha256').update(refreshToken).digest('hex');
  const hit = refreshes.get(key);
  if (hit) return hit.promise;
  const promise = call(refreshToken).then(
    (result): RefreshOutcome => ({ ok: true, result }),
    (error: unknown): RefreshOutcome => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return { ok: false };
      throw error;
    },
  );
  refreshes.set(key, { promise, until: now + REFRESH_REUSE_MS });
  promise.catch(() => refreshes.delete(key));
  return promise;
}

/** Roles allowed into the users administration (issue 3: only admin and super_admin). */
export const ADMIN_ROLES: readonly RoleName[] = ['super_admin', 'admin'];
export { STAFF_ROLES };

export function isStaff(role: RoleName): boolean {
  return STAFF_ROLES.includes(role);
}

/** Where a user lands after sign-in (spec 01 §6): staff -> /dashboard/employee, others -> /dashboard/user. */
export function dashboardPathFor(role: RoleName): string {
  return isStaff(role) ? '/dashboard/employee' : '/dashboard/user';
}

export interface Auth {
  readonly session: WebSession;
  readonly lang: Language;
  /** The signed-in user (no tokens), or null. */
  readonly user: SessionUser | null;
  /** True when this request found the session ended (refresh refused); the cookie is cleared. */
  readonly expired: boolean;
  /** The API as this visitor: bearer token when signed in, CSRF pair kept in the session. */
  readonly api: ApiClient;
  /** Response headers with the session's Set-Cookie when it changed (plus `init`). */
  headers(init?: HeadersInit): Promise<Headers>;
  /** Stores a login / register answer in the session. */
  signIn(result: AuthSessionDto, remember: boolean): SessionUser;
  /** Forgets the tokens (the caller revokes the refresh token first). */
  signOut(): void;
  /** Changes the kept user (e.g. a new first name after a profile edit). */
  updateUser(patch: Partial<Pick<SessionUser, 'firstName' | 'email'>>): void;
  /** The refresh token (for POST /auth/logout). */
  refreshToken(): string | null;
}

export type SignedInAuth = Auth & { readonly user: SessionUser };

const byRequest = new WeakMap<Request, Promise<Auth>>();

/** The Auth of a request (one per Request object). */
export function getAuth(request: Request): Promise<Auth> {
  let auth = byRequest.get(request);
  if (!auth) {
    auth = createAuth(request);
    byRequest.set(request, auth);
  }
  return auth;
}

async function createAuth(request: Request): Promise<Auth> {
  const [session, lang] = await Promise.all([getSession(request), getLanguage(request)]);
  let dirty = false;
  let user = readUser(session);
  let expired = false;

  const csrf: CsrfStore = {
    get: () => readApiCsrf(session),
    set: (pair) => {
      if (pair) session.set('apiCsrf', pair);
      else session.unset('apiCsrf');
      dirty = true;
    },
  };

  // The refresh call goes without the bearer token (and without authFetch's retry below).
  const anonymous = createWebApiClient(request, { lang, csrf });

  const endSession = () => {
    clearSignIn(session);
    user = null;
    expired = true;
    dirty = true;
  };

  /** Swaps the refresh token for a new pair; false when the session is over. */
  let refreshing: Promise<boolean> | null = null;
  const refresh = (): Promise<boolean> => {
    const token = session.get('refreshToken');
    if (typeof token !== 'string' || !token) return Promise.resolve(false);
    refreshing ??= refreshOnce(token, (t) => anonymous.auth.refresh(t))
      .then((outcome) => {
        if (!outcome.ok) {
          endSession();
          return false;
        }
        user = storeSignIn(session, outcome.result, session.get('remember') === true);
        dirty = true;
        return true;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  // A 401 to a call that carried the bearer token: refresh once and repeat the call.
  let retried = false;
  const authFetch: typeof fetch = async (input, init) => {
    const response = await apiFetch(input, init);
    if (response.status !== 401 || retried || !new Headers(init?.headers).has('authorization')) return response;
    retried = true;
    if (!(await refresh())) return response;
    await response.body?.cancel().catch(() => undefined);
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${session.get('accessToken')}`);
    return apiFetch(input, { ...init, headers });
  };

  const api = createWebApiClient(request, {
    lang,
    csrf,
    fetch: authFetch,
    token: () => (user ? session.get('accessToken') : undefined),
  });

  // Refresh ahead of expiry so most requests never meet a 401.
  if (user) {
    const expiresAt = Number(session.get('accessExpiresAt')) || 0;
    if (expiresAt - Date.now() < REFRESH_MARGIN_MS) {
      try {
        await refresh();
      } catch (error) {
        // The API is unreachable: keep the session; the page's own calls report the failure.
        console.error('session refresh failed', error);
      }
    }
  } else if (session.has('refreshToken') || session.has('user')) {
    // Half a session (e.g. an old cookie format): drop it.
    endSession();
    expired = false;
  }

  return {
    session,
    lang,
    get user() {
      return user;
    },
    get expired() {
      return expired;
    },
    api,
    async headers(init?: HeadersInit) {
      const headers = new Headers(init);
      if (dirty) headers.append('Set-Cookie', await commitSession(session));
      return headers;
    },
    signIn(result, remember) {
      user = storeSignIn(session, result, remember);
      expired = false;
      dirty = true;
      return user;
    },
    signOut() {
      endSession();
      expired = false;
    },
    updateUser(patch) {
      if (!user) return;
      user = { ...user, ...patch };
      session.set('user', user);
      dirty = true;
    },
    refreshToken() {
      const t = session.get('refreshToken');
      return typeof t === 'string' ? t : null;
    },
  };
}

/** /auth?redirectTo=<this page> (spec 01 §8: 401 redirects to /auth). */
export function loginPath(request: Request): string {
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  return here === '/' ? '/auth' : `/auth?redirectTo=${encodeURIComponent(here)}`;
}

/**
 * The signed-in user with one of `roles` (any role when omitted). Anonymous (or a session that
 * just ended): redirect to /auth?redirectTo=...; wrong role: a 403 answer for the ErrorBoundary
 * ('Недостаточно прав доступа').
 */
export async function requireUser(request: Request, roles?: readonly RoleName[]): Promise<SignedInAuth> {
  const auth = await getAuth(request);
  if (!auth.user) throw redirect(loginPath(request), { headers: await auth.headers() });
  if (roles && !roles.includes(auth.user.role)) {
    throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
  }
  return auth as SignedInAuth;
}

/**
 * For a failed API call in a signed-in loader or action: a 401 means the session is over (the
 * refresh was refused): sign out and go to /auth. Anything else is rethrown.
 */
export async function rethrowAuthError(request: Request, auth: Auth, error: unknown): Promise<never> {
  if (error instanceof ApiError && error.status === 401) {
    auth.signOut();
    throw redirect(loginPath(request), { headers: await auth.headers() });
  }
  throw error;
}
