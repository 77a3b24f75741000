import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient, isCsrfPair, memoryCsrfStore, pickSetCookie, type CsrfPair } from './index';

/**
 * The CSRF handshake of spec 02 §7 against a local server that behaves like the API: GET
 * /csrf-token hands out a token derived from a `_csrf` secret cookie (issued when the client
 * sends none); writes need both, else 403 CSRF_TOKEN_MISSING / CSRF_TOKEN_INVALID.
 */
let server: Server;
let baseUrl: string;
let secrets = 0;
/** Secrets the server accepts (the test can revoke them to simulate an expired secret). */
const valid = new Set<string>();
const seen: Array<{ method: string; url: string; cookie?: string; token?: string }> = [];

const tokenFor = (secret: string) => `tok-${secret}`;

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const token = req.headers['x-csrf-token'] as string | undefined;
      seen.push({ method: req.method ?? '', url: req.url ?? '', cookie: req.headers.cookie, token });
      const secret = cookieValue(req, '_csrf');
      if (req.method === 'GET' && req.url === '/api/csrf-token') {
        if (secret && valid.has(secret)) return send(res, 200, { status: 'success', data: { csrfToken: tokenFor(secret) } });
        const fresh = `s${++secrets}`;
        valid.add(fresh);
        return send(
          res,
          200,
          { status: 'success', data: { csrfToken: tokenFor(fresh) } },
          { 'Set-Cookie': `_csrf=${fresh}; Path=/api; HttpOnly; SameSite=Lax` },
        );
      }
      if (req.method === 'GET') return send(res, 200, { status: 'success', data: 'read' });
      if (/^multipart\/form-data/.test(req.headers['content-type'] ?? '')) return send(res, 201, { status: 'success', data: 'uploaded' });
      if (!token) return send(res, 403, { status: 'error', error: { code: 'CSRF_TOKEN_MISSING', message: 'missing' } });
      if (!secret || !valid.has(secret) || token !== tokenFor(secret)) {
        return send(res, 403, { status: 'error', error: { code: 'CSRF_TOKEN_INVALID', message: 'invalid' } });
      }
      return send(res, 200, { status: 'success', data: 'written' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

describe('CSRF handshake (spec 02 §7)', () => {
  it('fetches a token once, keeps the secret cookie, and sends both on every write but not on reads', async () => {
    const store = memoryCsrfStore();
    const api = createApiClient({ baseUrl, csrf: store });
    await expect(api.get('/anything')).resolves.toBe('read');
    await expect(api.post('/auth/login', { email: 'a@b.c' })).resolves.toBe('written');
    await expect(api.delete('/properties/1/favorites')).resolves.toBe('written');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/anything', 'GET /api/csrf-token', 'POST /api/auth/login', 'DELETE /api/properties/1/favorites']);
    expect(seen[0].token).toBeUndefined();
    const pair = (await store.get()) as CsrfPair;
    expect(pair.cookie).toMatch(/^_csrf=s\d+$/);
    expect(seen[2].token).toBe(pair.token);
    expect(seen[2].cookie).toBe(pair.cookie);
    expect(seen[3].token).toBe(pair.token);
  });

  it('uses a stored pair without asking for a new one', async () => {
    valid.add('kept');
    const api = createApiClient({ baseUrl, csrf: memoryCsrfStore({ token: tokenFor('kept'), cookie: '_csrf=kept' }) });
    await expect(api.patch('/auth/me', { firstName: 'Асель' })).resolves.toBe('written');
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/me']);
  });

  it('on CSRF_TOKEN_INVALID drops the pair, fetches a new one (without the old secret) and retries once', async () => {
    valid.add('old');
    const store = memoryCsrfStore({ token: tokenFor('old'), cookie: '_csrf=old' });
    valid.delete('old');
    const api = createApiClient({ baseUrl, csrf: store });
    await expect(api.put('/x', { a: 1 })).resolves.toBe('written');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['PUT /api/x', 'GET /api/csrf-token', 'PUT /api/x']);
    expect(seen[1].cookie).toBeUndefined();
    const renewed = (await store.get()) as CsrfPair;
    expect(renewed.token).not.toBe(tokenFor('old'));
    expect(seen[2].token).toBe(renewed.token);
  });

  it('on CSRF_TOKEN_MISSING retries once as well (a store that loses the token)', async () => {
    const store = { get: () => ({ token: '' }) as CsrfPair, set: jest.fn() };
    // An empty token is no pair: the client fetches one first.
    const api = createApiClient({ baseUrl, csrf: store });
    await expect(api.post('/y')).resolves.toBe('written');
    expect(store.set).toHaveBeenCalledWith(expect.objectContaining({ token: expect.stringMatching(/^tok-s/) }));
  });

  it('gives up after one retry and surfaces the 403', async () => {
    let calls = 0;
    const api = createApiClient({
      baseUrl,
      csrf: memoryCsrfStore(),
      // A cookie-stripping proxy: the secret never reaches the server.
      fetch: (input, init) => {
        calls++;
        const headers = new Headers(init?.headers);
        headers.delete('cookie');
        return fetch(input, { ...init, headers });
      },
    });
    const err = (await api.post('/z').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.serverCode]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    expect(calls).toBe(4); // token, write, token, write
  });

  it('sends no token (and fetches none) with multipart uploads', async () => {
    const api = createApiClient({ baseUrl, csrf: memoryCsrfStore() });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await expect(api.post('/upload/documents', form)).resolves.toBe('uploaded');
    expect(seen).toHaveLength(1);
    expect(seen[0].token).toBeUndefined();
  });

  it('shares one token request between concurrent writes', async () => {
    const api = createApiClient({ baseUrl, csrf: memoryCsrfStore() });
    await Promise.all([api.post('/a'), api.post('/b'), api.post('/c')]);
    expect(seen.filter((s) => s.url === '/api/csrf-token')).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('pickSetCookie finds the named cookie among Set-Cookie lines', () => {
    expect(pickSetCookie(['a=1; Path=/', '_csrf=xyz; Path=/api; HttpOnly'])).toBe('_csrf=xyz');
    expect(pickSetCookie(['_csrf=; Max-Age=0'])).toBeNull();
    expect(pickSetCookie([])).toBeNull();
  });

  it('isCsrfPair accepts {token, cookie?} only', () => {
    expect(isCsrfPair({ token: 't', cookie: '_csrf=1' })).toBe(true);
    expect(isCsrfPair({ token: 't' })).toBe(true);
    expect(isCsrfPair({ token: '' })).toBe(false);
    expect(isCsrfPair('t')).toBe(false);
    expect(isCsrfPair(null)).toBe(false);
  });
});
