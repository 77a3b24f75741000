// @realty/contracts also holds DTO classes whose decorators need the metadata polyfill.
import 'reflect-metadata';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, ApiNetworkError } from '@realty/api-client';
import type { AuthSessionDto } from '@realty/contracts';

// The language (~/i18n.server: geoip database, i18next instances) is not under test here.
// The global `jest` (so its mock calls are hoisted above the imports); typed from @jest/globals.
declare const jest: typeof import('@jest/globals').jest;

jest.mock('~/i18n.server', () => ({ getLanguage: async () => 'ru', i18nServer: { getFixedT: async () => (key: string) => key } }));

import { dashboardPathFor, getAuth, loginPath, refreshOnce, requireUser } from './auth.server';
import { commitSession, getSession, sessionStorage, storeSignIn, SESSION_COOKIE } from './session.server';

/**
 * The web server's session towards the API: transparent refresh (ahead of expiry and after a
 * 401), rotation saved in the cookie, one refresh per spent token, sign-out when refused, and the
 * API CSRF pair kept in the session. A local server plays the API.
 */

let server: Server;
const calls: Array<{ method: string; url: string; auth?: string; csrf?: string; cookie?: string; body: string }> = [];
/** Refresh tokens the fake API accepts, and the pair each one turns into. */
let validRefresh = new Map<string, AuthSessionDto>();
/** Access tokens the fake API accepts. */
let validAccess = new Set<string>();

function session(n: number, expiresIn = 900, refreshMs = 86_400_000): AuthSessionDto {
  return {
    tokens: { accessToken: `access-${n}`, refreshToken: `refresh-${n}`, expiresIn, refreshExpiresAt: new Date(Date.now() + refreshMs).toISOString() },
    user: { id: 'u1', email: 'asel@example.kz', role: 'user', firstName: 'Асель', lastName: 'Каримова', phone: null, language: 'ru' },
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = req.url ?? '';
  if (url === '/api/csrf-token') return send(res, 200, { status: 'success', data: { csrfToken: 'tok-1' } }, { 'Set-Cookie': '_csrf=sec-1; Path=/api; HttpOnly' });
  if (req.method !== 'GET' && (req.headers['x-csrf-token'] !== 'tok-1' || !String(req.headers.cookie ?? '').includes('_csrf=sec-1'))) {
    return send(res, 403, { status: 'error', error: { code: 'CSRF_TOKEN_INVALID', message: 'csrf' } });
  }
  if (url === '/api/auth/refresh') {
    const { refreshToken } = JSON.parse(body) as { refreshToken: string };
    const next = validRefresh.get(refreshToken);
    if (!next) return send(res, 401, { status: 'error', error: { code: 'UNAUTHORIZED', message: 'Сессия истекла. Войдите снова' } });
    validRefresh.delete(refreshToken);
    validAccess.add(next.tokens.accessToken);
    return send(res, 200, { status: 'success', data: next });
  }
  if (url.startsWith('/api/user/favorites/ids')) {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!validAccess.has(token)) return send(res, 401, { status: 'error', error: { code: 'UNAUTHORIZED', message: 'no' } });
    return send(res, 200, { status: 'success', data: ['p1'] });
  }
  return send(res, 404, { status: 'error', error: { code: 'NOT_FOUND', message: 'nope' } });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        csrf: req.headers['x-csrf-token'] as string | undefined,
        cookie: req.headers.cookie,
        body,
      });
      handle(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections?.();
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(() => {
  calls.length = 0;
  validRefresh = new Map();
  validAccess = new Set();
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
    const remembered = await sessionStorage.getSession();
    storeSignIn(remembered, session(1, 900, 30 * 86_400_000), true);
    const persistent = await commitSession(remembered);
    expect(persistent).toMatch(/HttpOnly/i);
    expect(persistent).toMatch(/SameSite=Lax/i);
    expect(persistent).toMatch(/Expires=/i);
    expect(persistent).toMatch(/Max-Age=2592000/);

    const once = await sessionStorage.getSession();
    storeSignIn(once, session(1), false);
    const browserSession = await commitSession(once);
    expect(browserSession).not.toMatch(/Expires=|Max-Age=/i);
  });

  it('never outlives the API session: a remembered cookie expires with the refresh token (capped at the absolute end)', async () => {
    const now = Date.now();
    const nearEnd = await sessionStorage.getSession();
    // the API's session ends in 3 days (SESSION_MAX_AGE_DAYS), so its refresh token does too
    const lastPair = session(1);
    lastPair.tokens.refreshExpiresAt = new Date(now + 3 * 86_400_000).toISOString();
    storeSignIn(nearEnd, lastPair, true, now);
    const cookie = await commitSession(nearEnd, now);
    expect(cookie).toMatch(/Max-Age=259200(;|$)/);
    expect(Date.parse(/Expires=([^;]+)/i.exec(cookie)![1])).toBeLessThanOrEqual(now + 3 * 86_400_000);
  });

  it('a browser-session cookie past the refresh token end is no session, and is cleared', async () => {
    const gone = session(1);
    gone.tokens.refreshExpiresAt = new Date(Date.now() - 1000).toISOString();
    const auth = await getAuth(await signedInRequest(gone));
    expect(auth.user).toBeNull();
    const left = await sessionFrom(await auth.headers());
    expect(left?.get('refreshToken')).toBeUndefined();
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(0);
  });

  it('never exposes the tokens through `user`', async () => {
    const auth = await getAuth(await signedInRequest(session(1)));
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
    validRefresh.set('refresh-1', session(2));
    const auth = await getAuth(await signedInRequest(session(1, 10)));
    expect(auth.user?.firstName).toBe('Асель');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/csrf-token', 'POST /api/auth/refresh']);
    expect(JSON.parse(calls[1].body)).toEqual({ refreshToken: 'refresh-1' });
    expect(calls[1].csrf).toBe('tok-1');

    await expect(auth.api.get('/user/favorites/ids')).resolves.toEqual(['p1']);
    expect(calls[2].auth).toBe('Bearer access-2');

    const saved = await sessionFrom(await auth.headers());
    expect(saved?.get('accessToken')).toBe('access-2');
    expect(saved?.get('refreshToken')).toBe('refresh-2');
    expect(saved?.get('apiCsrf')).toEqual({ token: 'tok-1', cookie: '_csrf=sec-1' });
  });

  it('after a 401 refreshes once and repeats the call with the new token', async () => {
    validRefresh.set('refresh-3', session(4));
    const auth = await getAuth(await signedInRequest(session(3)));
    await expect(auth.api.get('/user/favorites/ids')).resolves.toEqual(['p1']);
    expect(calls.map((c) => `${c.url} ${c.auth ?? ''}`)).toEqual([
      '/api/user/favorites/ids Bearer access-3',
      '/api/csrf-token ',
      '/api/auth/refresh ',
      '/api/user/favorites/ids Bearer access-4',
    ]);
    expect((await sessionFrom(await auth.headers()))?.get('refreshToken')).toBe('refresh-4');
  });

  it('a refused refresh signs out: no user, the session cookie loses its tokens, requireUser goes to /auth', async () => {
    const request = await signedInRequest(session(5, 0), true, '/dashboard/user/favorites?page=2');
    const auth = await getAuth(request);
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
    validRefresh.set('refresh-6', session(7));
    const [a, b] = await Promise.all([getAuth(await signedInRequest(session(6, 5))), getAuth(await signedInRequest(session(6, 5)))]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    expect((await sessionFrom(await a.headers()))?.get('refreshToken')).toBe('refresh-7');
    expect((await sessionFrom(await b.headers()))?.get('refreshToken')).toBe('refresh-7');
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
    const thrown = (await requireUser(await signedInRequest(session(8)), ['admin', 'super_admin']).catch((e: unknown) => e)) as { init?: ResponseInit };
    expect(thrown.init?.status).toBe(403);
  });

  it('sends staff to /dashboard/employee and everyone else to /dashboard/user', () => {
    expect(['super_admin', 'admin', 'employee', 'manager'].map((r) => dashboardPathFor(r as 'admin'))).toEqual(Array(4).fill('/dashboard/employee'));
    expect(dashboardPathFor('user')).toBe('/dashboard/user');
    expect(loginPath(new Request('http://web.test/'))).toBe('/auth');
  });
});
