// @realty/contracts also holds DTO classes whose decorators need the metadata polyfill.
import 'reflect-metadata';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ApiError, ApiNetworkError, createApiClient, memoryCsrfStore } from '@realty/api-client';
import type { AuthSessionDto } from '@realty/contracts';
import { startListeningApi, type ListeningApi } from '@realty/test-api';

// The language (~/i18n.server: geoip database, i18next instances) is not under test here.
// The global `jest` (so its mock calls are hoisted above the imports); typed from @jest/globals.
declare const jest: typeof import('@jest/globals').jest;

jest.mock('~/i18n.server', () => ({ getLanguage: async () => 'ru', i18nServer: { getFixedT: async () => (key: string) => key } }));

import { dashboardPathFor, getAuth, loginPath, refreshOnce, requireUser } from './auth.server';
import { commitSession, getSession, sessionStorage, storeSignIn, SESSION_COOKIE } from './session.server';

/**
 * The web server's session towards the API: transparent refresh (ahead of expiry and after a
 * 401), rotation saved in the cookie, one refresh per spent token, sign-out when refused, and the
 * API CSRF pair kept in the session. The real API runs in-process (@realty/test-api: its own
 * database and Redis prefix) on an ephemeral port; a recording fetch shows the web's calls.
 */

let api: ListeningApi;
const calls: Array<{ method: string; url: string; auth?: string; csrf?: string; cookie?: string; body: string }> = [];
const realFetch = globalThis.fetch;
let users = 0;

/** A user signed in through the API (its real token pair), with one favourite. */
async function signIn(): Promise<{ session: AuthSessionDto; favoriteId: string }> {
  users += 1;
  const email = `web.session.${users}@example.kz`;
  await api.addUser({ email, firstName: 'Асель' });
  const client = createApiClient({ baseUrl: api.url, csrf: memoryCsrfStore(), fetch: realFetch });
  const session = await client.auth.login({ email, password: api.password });
  const favoriteId = api.listings[users % api.listings.length].id;
  await client.with({ token: session.tokens.accessToken }).favorites.add(favoriteId);
  return { session, favoriteId };
}

/** A session pair the API never issued, for a user that does not sign in (no API call expected). */
function offlineSession(n: number, expiresIn = 900, refreshMs = 86_400_000, now = Date.now()): AuthSessionDto {
  return {
    tokens: {
      accessToken: `access-${n}`,
      refreshToken: `refresh-${n}`,
      expiresIn,
      refreshExpiresAt: new Date(now + refreshMs).toISOString(),
    },
    user: { id: 'u1', email: 'asel@example.kz', role: 'user', firstName: 'Асель', lastName: 'Каримова', phone: null, language: 'ru' },
  };
}

/** With `expiresIn` seconds left on the access token, as the web will believe. */
const expiringIn = (s: AuthSessionDto, expiresIn: number): AuthSessionDto => ({ ...s, tokens: { ...s.tokens, expiresIn } });

beforeAll(async () => {
  api = await startListeningApi();
  process.env.API_URL = api.url;
  // Every call of the web (auth.server fetches through the global fetch) is recorded.
  globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const url = new URL(String(input));
    calls.push({
      method: init?.method ?? 'GET',
      url: url.pathname + url.search,
      auth: headers.get('authorization') ?? undefined,
      csrf: headers.get('x-csrf-token') ?? undefined,
      cookie: headers.get('cookie') ?? undefined,
      body: typeof init?.body === 'string' ? init.body : '',
    });
    return realFetch(input, init);
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await api?.close();
});

beforeEach(() => {
  calls.length = 0;
});

/** A request carrying a session cookie signed in with `s` (access token expiring after `expiresIn` s). */
async function signedInRequest(s: AuthSessionDto, remember = false, path = '/dashboard/user'): Promise<Request> {
  const sess = await sessionStorage.getSession();
  storeSignIn(sess, s, remember);
  const cookie = (await commitSession(sess)).split(';')[0];
  return new Request(`http://web.test${path}`, { headers: { Cookie: cookie } });
}

/** The session a response's Set-Cookie would leave in the browser. */
async function sessionFrom(headers: Headers) {
  const line = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!line) return null;
  return getSession(new Request('http://web.test/', { headers: { Cookie: line.split(';')[0] } }));
}

describe('session cookie', () => {
  it('is httpOnly and SameSite=Lax; persistent (Expires) only with rememberMe', async () => {
    // One instant for the answer, the sign-in and the cookie: Max-Age is whole seconds left.
    const now = Date.now();
    const remembered = await sessionStorage.getSession();
    storeSignIn(remembered, offlineSession(1, 900, 30 * 86_400_000, now), true, now);
    const persistent = await commitSession(remembered, now);
    expect(persistent).toMatch(/HttpOnly/i);
    expect(persistent).toMatch(/SameSite=Lax/i);
    expect(persistent).toMatch(/Expires=/i);
    expect(persistent).toMatch(/Max-Age=2592000/);

    const once = await sessionStorage.getSession();
    storeSignIn(once, offlineSession(1), false);
    const browserSession = await commitSession(once);
    expect(browserSession).not.toMatch(/Expires=|Max-Age=/i);
  });

  it('never outlives the API session: a remembered cookie expires with the refresh token (capped at the absolute end)', async () => {
    const now = Date.now();
    const nearEnd = await sessionStorage.getSession();
    // the API's session ends in 3 days (SESSION_MAX_AGE_DAYS), so its refresh token does too
    const lastPair = offlineSession(1);
    lastPair.tokens.refreshExpiresAt = new Date(now + 3 * 86_400_000).toISOString();
    storeSignIn(nearEnd, lastPair, true, now);
    const cookie = await commitSession(nearEnd, now);
    expect(cookie).toMatch(/Max-Age=259200(;|$)/);
    expect(Date.parse(/Expires=([^;]+)/i.exec(cookie)![1])).toBeLessThanOrEqual(now + 3 * 86_400_000);
  });

  it('a browser-session cookie past the refresh token end is no session, and is cleared', async () => {
    const gone = offlineSession(1);
    gone.tokens.refreshExpiresAt = new Date(Date.now() - 1000).toISOString();
    const auth = await getAuth(await signedInRequest(gone));
    expect(auth.user).toBeNull();
    const left = await sessionFrom(await auth.headers());
    expect(left?.get('refreshToken')).toBeUndefined();
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(0);
  });

  it('never exposes the tokens through `user`', async () => {
    const auth = await getAuth(await signedInRequest(offlineSession(1)));
    expect(auth.user).toEqual({ id: 'u1', email: 'asel@example.kz', role: 'user', firstName: 'Асель' });
    expect(JSON.stringify(auth.user)).not.toContain('access-1');
  });

  it('a cookie signed with another secret is no session', async () => {
    const auth = await getAuth(new Request('http://web.test/', { headers: { Cookie: `${SESSION_COOKIE}=eyJ1c2VyIjp7fX0%3D.forged` } }));
    expect(auth.user).toBeNull();
  });
});

describe('transparent refresh', () => {
  it('refreshes an access token about to expire, rotates the pair and saves it (CSRF pair kept in the session)', async () => {
    const { session: s, favoriteId } = await signIn();
    const auth = await getAuth(await signedInRequest(expiringIn(s, 10)));
    expect(auth.user?.firstName).toBe('Асель');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/csrf-token', 'POST /api/auth/refresh']);
    expect(JSON.parse(calls[1].body)).toEqual({ refreshToken: s.tokens.refreshToken });
    expect(calls[1].csrf).toEqual(expect.any(String));

    await expect(auth.api.favorites.ids()).resolves.toEqual([favoriteId]);
    const saved = await sessionFrom(await auth.headers());
    // The refreshed pair's access token (a JWT of the same session may read the same within a second).
    expect(calls[2].auth).toBe(`Bearer ${saved?.get('accessToken')}`);
    expect(saved?.get('refreshToken')).not.toBe(s.tokens.refreshToken);
    expect(saved?.get('refreshToken')).toEqual(expect.any(String));
    expect(saved?.get('apiCsrf')).toEqual({ token: calls[1].csrf, cookie: calls[1].cookie });
    expect(calls[1].cookie).toMatch(/^_csrf=.+/);
  });

  it('after a 401 refreshes once and repeats the call with the new token', async () => {
    const { session: s, favoriteId } = await signIn();
    // An access token the API refuses (a forged one) while the web believes it valid.
    const auth = await getAuth(await signedInRequest({ ...s, tokens: { ...s.tokens, accessToken: 'forged-access' } }));
    await expect(auth.api.favorites.ids()).resolves.toEqual([favoriteId]);
    const saved = await sessionFrom(await auth.headers());
    expect(calls.map((c) => `${c.url} ${c.auth ?? ''}`)).toEqual([
      '/api/user/favorites/ids Bearer forged-access',
      '/api/csrf-token ',
      '/api/auth/refresh ',
      `/api/user/favorites/ids Bearer ${saved?.get('accessToken')}`,
    ]);
    expect(saved?.get('refreshToken')).not.toBe(s.tokens.refreshToken);
    expect(saved?.get('refreshToken')).toEqual(expect.any(String));
  });

  it('a refused refresh signs out: no user, the session cookie loses its tokens, requireUser goes to /auth', async () => {
    const request = await signedInRequest(offlineSession(5, 0), true, '/dashboard/user/favorites?page=2');
    const auth = await getAuth(request);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/auth/refresh');
    expect(auth.user).toBeNull();
    expect(auth.expired).toBe(true);
    const saved = await sessionFrom(await auth.headers());
    expect(saved?.get('refreshToken')).toBeUndefined();
    expect(saved?.get('user')).toBeUndefined();

    const thrown = (await requireUser(request).catch((e: unknown) => e)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get('Location')).toBe('/auth?redirectTo=%2Fdashboard%2Fuser%2Ffavorites%3Fpage%3D2');
  });

  it('two requests with the same old cookie get the same new pair (no replay of the spent token)', async () => {
    const { session: s } = await signIn();
    const [a, b] = await Promise.all([getAuth(await signedInRequest(expiringIn(s, 5))), getAuth(await signedInRequest(expiringIn(s, 5)))]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    const [savedA, savedB] = [await sessionFrom(await a.headers()), await sessionFrom(await b.headers())];
    expect(savedA?.get('refreshToken')).not.toBe(s.tokens.refreshToken);
    expect(savedA?.get('refreshToken')).toEqual(expect.any(String));
    expect(savedB?.get('refreshToken')).toBe(savedA?.get('refreshToken'));
    expect(a.user).not.toBeNull();
    expect(b.user).not.toBeNull();
  });
});

describe('refreshOnce', () => {
  it('keeps a refusal as {ok:false} and does not keep network failures', async () => {
    const refused = jest.fn(async () => {
      throw new ApiError(401, 'UNAUTHORIZED', 'Необходима авторизация');
    });
    await expect(refreshOnce('t-refused', refused)).resolves.toEqual({ ok: false });
    await expect(refreshOnce('t-refused', refused)).resolves.toEqual({ ok: false });
    expect(refused).toHaveBeenCalledTimes(1);

    const down = jest.fn(async (): Promise<AuthSessionDto> => {
      throw new ApiNetworkError('network');
    });
    await expect(refreshOnce('t-down', down)).rejects.toBeInstanceOf(ApiNetworkError);
    await expect(refreshOnce('t-down', down)).rejects.toBeInstanceOf(ApiNetworkError);
    expect(down).toHaveBeenCalledTimes(2);
  });
});

describe('access control', () => {
  it('anonymous: requireUser redirects to /auth with the page to come back to', async () => {
    const thrown = (await requireUser(new Request('http://web.test/dashboard/user')).catch((e: unknown) => e)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get('Location')).toBe('/auth?redirectTo=%2Fdashboard%2Fuser');
  });

  it('the wrong role is a 403', async () => {
    const thrown = (await requireUser(await signedInRequest(offlineSession(8)), ['admin', 'super_admin']).catch((e: unknown) => e)) as {
      init?: ResponseInit;
    };
    expect(thrown.init?.status).toBe(403);
  });

  it('sends staff to /dashboard/employee and everyone else to /dashboard/user', () => {
    expect(['super_admin', 'admin', 'employee', 'manager'].map((r) => dashboardPathFor(r as 'admin'))).toEqual(
      Array(4).fill('/dashboard/employee'),
    );
    expect(dashboardPathFor('user')).toBe('/dashboard/user');
    expect(loginPath(new Request('http://web.test/'))).toBe('/auth');
  });
});
