import { hkdfSync, randomBytes } from 'node:crypto';
import { createCookieSessionStorage, type Session } from '@remix-run/node';
import { isCsrfPair, type CsrfPair } from '@realty/api-client';
import { ROLES, cookieSecure, type AuthSessionDto, type RoleName } from '@realty/contracts';

/**
 * The web server's own session (DESIGN "Auth and sessions"): a cookie signed with the session
 * keys (keysFor('session'), from SESSION_SECRET), httpOnly,
 * SameSite=Lax, Secure in production (COOKIE_SECURE overrides). It holds the API tokens, the
 * signed-in user and the API's CSRF pair; none of it is ever sent to page scripts (loaders
 * hand out `user` only). Persistent for 30 days with rememberMe, a browser-session cookie
 * without (spec 01 §4 "Sign-in").
 */

export const SESSION_COOKIE = '__session';
/** Lifetime of a remembered session (the API's refresh tokens live as long with rememberMe). */
export const REMEMBER_ME_SECONDS = 30 * 24 * 3600;

/** The shortest SESSION_SECRET accepted in production (as JWT_SECRET's). */
export const MIN_SECRET_LENGTH = 32;

/**
 * A setting the web server cannot start without (server.mjs prints `message` and exits 1).
 * `code` tells it apart from a broken build.
 */
export class ConfigError extends Error {
  readonly code = 'REALTY_CONFIG';
}

let warned = false;
/**
 * SESSION_SECRET (several comma-separated for rotation: the first signs, all verify). In
 * production it is required, each at least MIN_SECRET_LENGTH characters: throws ConfigError
 * naming the variable. Elsewhere, without it, a random per-process secret (with a warning), so
 * sessions end when the process restarts. Use keysFor(purpose), never these raw secrets, to sign.
 */
export function sessionSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = (env.SESSION_SECRET ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const production = env.NODE_ENV === 'production';
  if (production && !configured.length) {
    throw new ConfigError(
      'SESSION_SECRET is not set: the web server does not start in production without it. Set SESSION_SECRET to a random ' +
        `string of at least ${MIN_SECRET_LENGTH} characters (e.g. \`openssl rand -base64 48\`); several, comma-separated, to rotate (the first signs).`,
    );
  }
  if (production && configured.some((s) => s.length < MIN_SECRET_LENGTH)) {
    throw new ConfigError(
      `SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (each of its comma-separated secrets), e.g. \`openssl rand -base64 48\``,
    );
  }
  if (configured.length) return configured;
  if (!warned && env.NODE_ENV !== 'test') {
    warned = true;
    console.warn('SESSION_SECRET is not set: using a random secret, sessions end when the web server restarts');
  }
  return [processSecret];
}
const processSecret = randomBytes(32).toString('hex');

/** What a key signs; each purpose has keys of its own (docs/decisions/029). */
export type KeyPurpose = 'session' | 'toast' | 'csrf-cookie' | 'csrf-token';

/**
 * The keys of one purpose: each secret of sessionSecrets() (same order, so rotation works as
 * before: the first signs, all verify) through HKDF-SHA256 with the purpose as `info`, 32 bytes
 * in base64url. A value signed for one purpose (a session cookie, say) then never verifies as
 * another (a toast or CSRF cookie), although one SESSION_SECRET is configured.
 */
export function keysFor(purpose: KeyPurpose, env: NodeJS.ProcessEnv = process.env): string[] {
  return sessionSecrets(env).map((secret) =>
    Buffer.from(hkdfSync('sha256', secret, '', `realty/web/${purpose}`, 32)).toString('base64url'),
  );
}

/** The signed-in user as the session keeps it (spec 01 §3 "User: id, email, role, firstName"). */
export interface SessionUser {
  id: string;
  email: string;
  role: RoleName;
  firstName: string;
}

export interface SessionData {
  accessToken: string;
  /** When the access token expires (ms since the epoch). */
  accessExpiresAt: number;
  refreshToken: string;
  /** When the refresh token expires (ms since the epoch; the API caps it at the session's absolute end). */
  refreshExpiresAt: number;
  user: SessionUser;
  /** rememberMe of the sign-in: the cookie is persistent. */
  remember: boolean;
  /** The API's CSRF token and secret cookie (spec 02 §7): the web server is the API's client. */
  apiCsrf: CsrfPair;
}

export type WebSession = Session<SessionData>;

export const sessionStorage = createCookieSessionStorage<SessionData>({
  cookie: {
    name: SESSION_COOKIE,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(),
    secrets: keysFor('session'),
  },
});

export function getSession(request: Request): Promise<WebSession> {
  return sessionStorage.getSession(request.headers.get('Cookie'));
}

/**
 * Set-Cookie value for the session: persistent when remembered, else a browser-session cookie.
 * A remembered cookie expires with the API's refresh token (at most 30 days on; never after the
 * API session's absolute end, SESSION_MAX_AGE_DAYS), so it never outlives the session it holds.
 */
export function commitSession(session: WebSession, now = Date.now()): Promise<string> {
  if (!session.get('remember')) return sessionStorage.commitSession(session);
  const refreshEnd = Number(session.get('refreshExpiresAt'));
  const end = Math.min(now + REMEMBER_ME_SECONDS * 1000, refreshEnd > 0 ? refreshEnd : Number.POSITIVE_INFINITY);
  // Max-Age for today's browsers, Expires for older clients.
  return sessionStorage.commitSession(session, { maxAge: Math.max(0, Math.floor((end - now) / 1000)), expires: new Date(end) });
}

/** Set-Cookie value that removes the session cookie. */
export function destroySession(session: WebSession): Promise<string> {
  return sessionStorage.destroySession(session);
}

function isSessionUser(v: unknown): v is SessionUser {
  if (!v || typeof v !== 'object') return false;
  const u = v as SessionUser;
  return (
    typeof u.id === 'string' &&
    typeof u.email === 'string' &&
    typeof u.firstName === 'string' &&
    (ROLES as readonly string[]).includes(u.role)
  );
}

/**
 * The signed-in user, or null (also when the tokens are missing, or the refresh token has expired:
 * a browser-session cookie kept longer by the browser still ends with the API session).
 */
export function readUser(session: WebSession, now = Date.now()): SessionUser | null {
  const user = session.get('user');
  const refreshEnd = Number(session.get('refreshExpiresAt'));
  if (refreshEnd > 0 && refreshEnd <= now) return null;
  return isSessionUser(user) && typeof session.get('refreshToken') === 'string' ? user : null;
}

/** The API's CSRF pair kept in the session, if any. */
export function readApiCsrf(session: WebSession): CsrfPair | null {
  const pair = session.get('apiCsrf');
  return isCsrfPair(pair) ? pair : null;
}

/** Stores the answer of login / register / refresh (spec 01 §7 data.tokens, data.user). */
export function storeSignIn(session: WebSession, result: AuthSessionDto, remember: boolean, now = Date.now()): SessionUser {
  const user: SessionUser = { id: result.user.id, email: result.user.email, role: result.user.role, firstName: result.user.firstName };
  session.set('accessToken', result.tokens.accessToken);
  session.set('accessExpiresAt', now + Math.max(0, result.tokens.expiresIn) * 1000);
  session.set('refreshToken', result.tokens.refreshToken);
  const refreshEnd = Date.parse(result.tokens.refreshExpiresAt);
  if (Number.isFinite(refreshEnd)) session.set('refreshExpiresAt', refreshEnd);
  else session.unset('refreshExpiresAt');
  session.set('user', user);
  session.set('remember', remember);
  return user;
}

/** Forgets the tokens and the user (the API CSRF pair stays: it is not tied to an account). */
export function clearSignIn(session: WebSession): void {
  session.unset('accessToken');
  session.unset('accessExpiresAt');
  session.unset('refreshToken');
  session.unset('refreshExpiresAt');
  session.unset('user');
  session.unset('remember');
}
