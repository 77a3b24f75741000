import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { ApiError, createApiClient, isCsrfPair, memoryCsrfStore, pickSetCookie, type CsrfPair } from './index';

/**
 * The CSRF handshake of spec 02 §7 against the real API in-process (@realty/test-api,
 * api/test/listening-api.ts): GET /csrf-token hands out a token bound to the `_csrf` secret cookie (issued when the client sends
 * none); writes need both, else 403 CSRF_TOKEN_MISSING / CSRF_TOKEN_INVALID. The writes used are
 * POST /auth/logout (public, 204, idempotent) and the signed-in user's PATCH /auth/me and
 * DELETE /properties/{id}/favorites. A recording fetch shows what the client sent.
 */
let api: ListeningApi;
let baseUrl: string;
let accessToken: string;
const seen: Array<{ method: string; url: string; cookie?: string; token?: string }> = [];

const recording: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  seen.push({
    method: init?.method ?? 'GET',
    url: new URL(String(input)).pathname,
    cookie: headers.get('cookie') ?? undefined,
    token: headers.get('x-csrf-token') ?? undefined,
  });
  return fetch(input, init);
};

/** A CSRF pair straight from the API (not through the client under test). */
async function freshPair(): Promise<CsrfPair> {
  const res = await fetch(`${baseUrl}/csrf-token`);
  const body = (await res.json()) as { data: { csrfToken: string } };
  return { token: body.data.csrfToken, cookie: pickSetCookie(res.headers.getSetCookie()) };
}

beforeAll(async () => {
  api = await startListeningApi();
  baseUrl = api.url;
  const email = 'csrf.user@example.kz';
  await api.addUser({ email, role: 'user' });
  accessToken = (await createApiClient({ baseUrl, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password })).tokens
    .accessToken;
});

afterAll(async () => {
  await api?.close();
});

beforeEach(() => {
  seen.length = 0;
});

describe('CSRF handshake (spec 02 §7)', () => {
  it('fetches a token once, keeps the secret cookie, and sends both on every write but not on reads', async () => {
    const store = memoryCsrfStore();
    const client = createApiClient({ baseUrl, csrf: store, token: accessToken, fetch: recording });
    const listing = api.listings.find((l) => l.slug === 'office-1')!;
    await expect(client.get('/properties/categories')).resolves.toEqual(expect.any(Array));
    await expect(client.post('/auth/logout', { refreshToken: 'none' })).resolves.toBeNull();
    await expect(client.delete(`/properties/${listing.id}/favorites`)).resolves.toMatchObject({ favorited: false });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/properties/categories',
      'GET /api/csrf-token',
      'POST /api/auth/logout',
      `DELETE /api/properties/${listing.id}/favorites`,
    ]);
    expect(seen[0].token).toBeUndefined();
    const pair = (await store.get()) as CsrfPair;
    expect(pair.cookie).toMatch(/^_csrf=.+$/);
    expect(seen[2].token).toBe(pair.token);
    expect(seen[2].cookie).toBe(pair.cookie);
    expect(seen[3].token).toBe(pair.token);
  });

  it('uses a stored pair without asking for a new one', async () => {
    const client = createApiClient({ baseUrl, token: accessToken, csrf: memoryCsrfStore(await freshPair()), fetch: recording });
    await expect(client.patch('/auth/me', { firstName: 'Асель' })).resolves.toMatchObject({ firstName: 'Асель' });
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/me']);
  });

  it('on CSRF_TOKEN_INVALID drops the pair, fetches a new one (without the old secret) and retries once', async () => {
    const old = await freshPair();
    // A secret the API never signed: its token is refused as invalid.
    const store = memoryCsrfStore({ token: old.token, cookie: '_csrf=forged.secret' });
    const client = createApiClient({ baseUrl, csrf: store, fetch: recording });
    await expect(client.post('/auth/logout', { refreshToken: 'none' })).resolves.toBeNull();
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/auth/logout', 'GET /api/csrf-token', 'POST /api/auth/logout']);
    expect(seen[1].cookie).toBeUndefined();
    const renewed = (await store.get()) as CsrfPair;
    expect(renewed.token).not.toBe(old.token);
    expect(seen[2].token).toBe(renewed.token);
  });

  it('on CSRF_TOKEN_MISSING retries once as well (a store that loses the token)', async () => {
    const store = { get: () => ({ token: '' }) as CsrfPair, set: jest.fn() };
    // An empty token is no pair: the client fetches one first.
    const client = createApiClient({ baseUrl, csrf: store });
    await expect(client.post('/auth/logout', { refreshToken: 'none' })).resolves.toBeNull();
    expect(store.set).toHaveBeenCalledWith(
      expect.objectContaining({ token: expect.stringMatching(/.+/), cookie: expect.stringMatching(/^_csrf=/) }),
    );
  });

  it('gives up after one retry and surfaces the 403', async () => {
    let calls = 0;
    const client = createApiClient({
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
    const err = (await client.post('/auth/logout', { refreshToken: 'none' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.serverCode]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    expect(calls).toBe(4); // token, write, token, write
  });

  it('sends no token (and fetches none) with multipart uploads', async () => {
    // A staff member's upload: the API's upload routes take multipart without a CSRF token
    // (spec 02 §7, decision 035), so a text file gets the 415 of its type, not the 403 of a
    // tokenless write.
    const email = `csrf.staff.${Date.now().toString(36)}@example.kz`;
    await api.addUser({ email, role: 'employee' });
    const staffToken = (await createApiClient({ baseUrl, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password })).tokens
      .accessToken;
    seen.length = 0;
    const client = createApiClient({ baseUrl, csrf: memoryCsrfStore(), token: staffToken, fetch: recording });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    const err = (await client.uploads.documents(form).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(415);
    expect(seen).toHaveLength(1);
    expect(seen[0].token).toBeUndefined();
  });

  it('shares one token request between concurrent writes', async () => {
    const client = createApiClient({ baseUrl, csrf: memoryCsrfStore(), fetch: recording });
    await Promise.all([1, 2, 3].map((n) => client.post('/auth/logout', { refreshToken: `none-${n}` })));
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
