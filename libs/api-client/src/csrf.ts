/**
 * The client's side of the CSRF handshake of spec 02 §7: where a client keeps the token (and,
 * on a server without a cookie jar, the API's secret cookie), and the helpers that read them.
 * The handshake itself is in transport.ts.
 */

/**
 * A CSRF token and, for callers without a cookie jar (a server), the API's secret cookie as
 * `name=value` (browsers keep the cookie themselves: `cookie` is null there).
 */
export interface CsrfPair {
  token: string;
  cookie?: string | null;
}

/** Where a client keeps its CSRF pair (memory, a server-side session...). */
export interface CsrfStore {
  get(): CsrfPair | null | undefined | Promise<CsrfPair | null | undefined>;
  set(pair: CsrfPair | null): void | Promise<void>;
}

/** Error codes after which the CSRF pair is renewed and the call retried once (spec 02 §7). */
export const CSRF_RETRY_CODES: readonly string[] = ['CSRF_TOKEN_INVALID', 'CSRF_TOKEN_MISSING'];
/** Name of the API's CSRF secret cookie. */
export const CSRF_COOKIE_NAME = '_csrf';

/** A CSRF store in memory (one client, one process). */
export function memoryCsrfStore(initial: CsrfPair | null = null): CsrfStore {
  let pair = initial;
  return {
    get: () => pair,
    set: (next) => {
      pair = next;
    },
  };
}

/** True for an object that looks like a CSRF pair (e.g. read back from a session). */
export function isCsrfPair(value: unknown): value is CsrfPair {
  if (!value || typeof value !== 'object') return false;
  const v = value as CsrfPair;
  return typeof v.token === 'string' && v.token !== '' && (v.cookie === undefined || v.cookie === null || typeof v.cookie === 'string');
}

/** The `name=value` of cookie `name` among Set-Cookie header values, or null. */
export function pickSetCookie(setCookies: readonly string[], name: string = CSRF_COOKIE_NAME): string | null {
  for (const line of setCookies) {
    const first = line.split(';', 1)[0].trim();
    const eq = first.indexOf('=');
    if (eq > 0 && first.slice(0, eq).trim() === name && first.slice(eq + 1) !== '') return first;
  }
  return null;
}

/** The Set-Cookie values of an answer's headers, one per cookie. */
export function setCookieValues(headers: Headers): string[] {
  const h = headers as Headers & { getSetCookie?: () => string[] };
  if (typeof h.getSetCookie === 'function') return h.getSetCookie();
  const raw = headers.get('set-cookie');
  // Without getSetCookie the values come joined by ', ' (dates contain ', ' too: split before a name=).
  return raw ? raw.split(/,\s*(?=[^;,=\s]+=)/) : [];
}
