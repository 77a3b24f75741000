import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { ApiError, ApiNetworkError, ApiValidationError, createApiClient, memoryCsrfStore, toQueryString } from './index';

/**
 * The client against the real API, started in-process on its own database and Redis prefix
 * (@realty/test-api, api/test/listening-api.ts) and listening on an ephemeral port; a recording
 * fetch shows what the client sent. Behaviour a real API does not produce (answers without paging, odd error bodies,
 * a proxy's HTML, a server that never answers) is played by the smallest local server below.
 */

let api: ListeningApi;
let baseUrl: string;
const seen: Array<{ method: string; url: URL; headers: Headers; body: unknown }> = [];

/** fetch that records each request the client makes, then sends it to the API. */
const recording: typeof fetch = (input, init) => {
  seen.push({ method: init?.method ?? 'GET', url: new URL(String(input)), headers: new Headers(init?.headers), body: init?.body });
  return fetch(input, init);
};

/** The API's own envelope for a path (what the client should unwrap). */
async function raw(path: string): Promise<{ data: unknown; meta?: unknown }> {
  return (await fetch(`${baseUrl}${path}`, { headers: { accept: 'application/json' } })).json() as Promise<{
    data: unknown;
    meta?: unknown;
  }>;
}

beforeAll(async () => {
  api = await startListeningApi();
  baseUrl = api.url;
});

afterAll(async () => {
  await api?.close();
});

beforeEach(() => {
  seen.length = 0;
});

const sentQuery = (i: number) => Object.fromEntries(seen[i].url.searchParams);

describe('success envelopes', () => {
  it('sends only the given filters in the API spelling, and unwraps the page with its paging', async () => {
    const client = createApiClient({ baseUrl, lang: 'en', fetch: recording });
    const page = await client.properties.list({
      q: '  офис ',
      dealType: 'rent',
      type: 'all',
      district: undefined,
      priceMin: 100000,
      priceMax: undefined,
      areaMin: 20,
      furniture: false,
      parking: false,
      airConditioning: true,
      roomsMin: 0,
      sort: 'price_asc',
      page: 2,
      limit: 1,
    });
    expect(seen[0].url.pathname).toBe('/api/properties');
    expect(sentQuery(0)).toEqual({
      q: 'офис',
      deal_type: 'rent',
      price_min: '100000',
      area_min: '20',
      air_conditioning: 'true',
      sort: 'price_asc',
      page: '2',
      limit: '1',
      lang: 'en',
    });
    expect(seen[0].headers.get('accept-language')).toBe('en');
    expect(seen[0].headers.get('accept')).toBe('application/json');
    const answer = await raw(`/properties${seen[0].url.search}`);
    expect(page.meta.total).toBeGreaterThan(1);
    expect(page).toEqual({ items: answer.data, meta: answer.meta });
    expect(page.meta).toMatchObject({ page: 2, limit: 1 });
    expect(page.items).toHaveLength(1);
  });

  it('reads the map, a property, similar listings, categories, subcategories and the catalogue version', async () => {
    const client = createApiClient({ baseUrl, lang: 'ru', fetch: recording });
    const markers = await client.properties.map({ dealType: 'sale', category: 'offices' });
    expect(sentQuery(0)).toEqual({ deal_type: 'sale', category: 'offices', lang: 'ru' });
    expect(markers.length).toBeGreaterThan(0);
    expect(markers).toEqual((await raw(`/properties/map${seen[0].url.search}`)).data);

    const listing = api.listings.find((l) => l.slug === 'office-1')!;
    expect((await client.properties.get('office-1')).id).toBe(listing.id);
    // A slug is one path segment, encoded.
    const missing = (await client.properties.get('офис 1').catch((e: unknown) => e)) as ApiError;
    expect(seen[2].url.pathname).toBe('/api/properties/%D0%BE%D1%84%D0%B8%D1%81%201');
    expect([missing.status, missing.code]).toEqual([404, 'NOT_FOUND']);

    const similar = await client.properties.similar('office-1', 4);
    expect(seen[3].url.searchParams.get('limit')).toBe('4');
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(4);
    expect((await client.properties.categories()).map((c) => c.slug)).toEqual(expect.arrayContaining(['offices', 'retail', 'warehouses']));
    expect((await client.properties.subcategories('offices')).map((s) => s.slug)).toEqual(
      expect.arrayContaining(['office-space', 'coworking']),
    );
    expect(await client.properties.version()).toEqual(((await raw('/properties/version')).data as { version: number }).version);
  });

  it('treats 204 as success with null data and posts JSON bodies', async () => {
    const client = createApiClient({ baseUrl, csrf: memoryCsrfStore(), fetch: recording });
    await expect(client.auth.logout('no-such-token')).resolves.toBeNull();
    const post = seen.find((s) => s.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/auth/logout');
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(post.body))).toEqual({ refreshToken: 'no-such-token' });
  });

  it('sends the bearer token and the headers hook (e.g. a CSRF header on writes)', async () => {
    const email = 'client.hook@example.kz';
    await api.addUser({ email, role: 'user' });
    const { tokens } = await createApiClient({ baseUrl, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password });
    const csrf = memoryCsrfStore();
    await createApiClient({ baseUrl, csrf }).auth.logout('warm-up'); // fills `csrf` with a real pair
    const pair = (await csrf.get())!;
    const client = createApiClient({
      baseUrl,
      token: tokens.accessToken,
      fetch: recording,
      headers: ({ method }) => (method === 'GET' ? undefined : { 'X-CSRF-Token': pair.token, Cookie: pair.cookie ?? '' }),
    });
    await expect(client.favorites.ids()).resolves.toEqual([]);
    const listing = api.listings.find((l) => l.slug === 'office-1')!;
    await expect(client.favorites.remove(listing.id)).resolves.toMatchObject({ propertyId: listing.id, favorited: false });
    expect(seen[0].headers.get('authorization')).toBe(`Bearer ${tokens.accessToken}`);
    expect(seen[0].headers.get('x-csrf-token')).toBeNull();
    expect(seen[1].headers.get('x-csrf-token')).toBe(pair.token);
    const anonymous = (await client
      .with({ token: null })
      .favorites.ids()
      .catch((e: unknown) => e)) as ApiError;
    expect(seen[2].headers.get('authorization')).toBeNull();
    expect(anonymous.status).toBe(401);
  });
});

describe('errors of the API (spec 01 §8)', () => {
  it('400 with fields is an ApiValidationError with the message and the field map', async () => {
    const err = await createApiClient({ baseUrl })
      .properties.list({ priceMin: 'дорого' as unknown as number })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiValidationError);
    expect(err).toBeInstanceOf(ApiError);
    const v = err as ApiValidationError;
    expect(v.status).toBe(400);
    expect(v.code).toBe('VALIDATION_ERROR');
    expect(v.message).toBe('Произошла ошибка валидации');
    expect(v.fields).toEqual({ price_min: 'Должно быть числом' });
  });

  it('401, 403 (CSRF) and 404 give their codes and the fixed messages', async () => {
    const client = createApiClient({ baseUrl });
    const unauthorized = (await client.favorites.ids().catch((e: unknown) => e)) as ApiError;
    expect([unauthorized.status, unauthorized.code, unauthorized.message]).toEqual([401, 'UNAUTHORIZED', 'Необходима авторизация']);
    const forbidden = (await client.auth.logout('x').catch((e: unknown) => e)) as ApiError;
    expect([forbidden.status, forbidden.code, forbidden.message, forbidden.serverCode]).toEqual([
      403,
      'FORBIDDEN',
      'Недостаточно прав доступа',
      'CSRF_TOKEN_MISSING',
    ]);
    const notFound = (await client.properties.get('no-such-listing').catch((e: unknown) => e)) as ApiError;
    expect([notFound.status, notFound.code, notFound.message]).toEqual([404, 'NOT_FOUND', 'Ресурс не найден']);
  });
});

/**
 * What only a stand-in can do: answers the API never gives (no paging, odd error bodies, a
 * proxy's page) and a server that never answers. `handler` is set per test.
 */
describe('answers the API does not give', () => {
  let stub: Server;
  let stubUrl: string;
  let handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** Answers the handler kept open; ended after each test. */
  const open = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown, contentType = 'application/json') => {
    res.writeHead(status, { 'Content-Type': contentType });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  beforeAll(async () => {
    stub = createServer((req, res) => {
      req.resume();
      req.on('end', () => handler(req, res));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/api`;
  });

  afterEach(() => {
    for (const res of open) res.destroy();
    open.clear();
  });

  afterAll(async () => {
    stub.closeAllConnections();
    await new Promise<void>((resolve) => stub.close(() => resolve()));
  });

  it('synthesises paging when the answer has no meta', async () => {
    handler = (req, res) => send(res, 200, { status: 'success', data: [{ id: '1' }] });
    const page = await createApiClient({ baseUrl: stubUrl, fetch: recording }).properties.list();
    expect(page.meta).toEqual({ total: 1, page: 1, limit: 50, totalPages: 1 });
    expect(seen[0].url.search).toBe('');
  });

  it('400 without fields is an ApiError with the body code', async () => {
    handler = (_req, res) => send(res, 400, { status: 'error', error: { code: 'BAD_REQUEST', message: 'Некорректный запрос' } });
    const err = (await createApiClient({ baseUrl: stubUrl })
      .get('/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(ApiValidationError);
    expect([err.status, err.code, err.message]).toEqual([400, 'BAD_REQUEST', 'Некорректный запрос']);
  });

  it.each([
    [401, 'UNAUTHORIZED', 'Необходима авторизация'],
    [403, 'FORBIDDEN', 'Недостаточно прав доступа'],
    [404, 'NOT_FOUND', 'Ресурс не найден'],
    [429, 'RATE_LIMIT', 'Слишком много запросов. Попробуйте позже'],
    [500, 'INTERNAL_ERROR', 'Внутренняя ошибка сервера'],
  ])('%i gives code %s and the fixed message whatever the server text', async (status, code, message) => {
    handler = (_req, res) =>
      send(res, status, { status: 'error', error: { code: status === 403 ? 'CSRF_TOKEN_INVALID' : code, message: 'server text' } });
    const err = (await createApiClient({ baseUrl: stubUrl })
      .get('/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(status);
    expect(err.code).toBe(code);
    expect(err.message).toBe(message);
    expect(err.serverMessage).toBe('server text');
    if (status === 403) expect(err.serverCode).toBe('CSRF_TOKEN_INVALID');
  });

  it('other statuses: message from error.message, then error, then raw text, then status text', async () => {
    const client = createApiClient({ baseUrl: stubUrl });
    handler = (_req, res) => send(res, 409, { status: 'error', error: { code: 'CONFLICT', message: 'Конфликт данных' } });
    let err = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code, err.message]).toEqual([409, 'CONFLICT', 'Конфликт данных']);

    handler = (_req, res) => send(res, 418, { error: 'teapot error', code: 'TEAPOT' });
    err = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code, err.message]).toEqual([418, 'TEAPOT', 'teapot error']);

    handler = (_req, res) => send(res, 502, 'upstream exploded', 'text/plain');
    err = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.message]).toEqual([502, 'upstream exploded']);

    handler = (_req, res) => {
      res.writeHead(503, 'Service Unavailable');
      res.end();
    };
    err = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.message]).toEqual([503, 'Service Unavailable']);
  });

  it('a refused connection is an ApiNetworkError "Ошибка сети"', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = (await createApiClient({ baseUrl: `http://127.0.0.1:${port}/api` })
      .get('/x')
      .catch((e: unknown) => e)) as ApiNetworkError;
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(err.message).toBe('Ошибка сети');
    expect(err.reason).toBe('network');
  });

  it('an answer that never comes times out as an ApiNetworkError with reason timeout', async () => {
    handler = (_req, res) => void open.add(res);
    const err = (await createApiClient({ baseUrl: stubUrl, timeoutMs: 50 })
      .get('/slow')
      .catch((e: unknown) => e)) as ApiNetworkError;
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(err.reason).toBe('timeout');
    expect(err.message).toBe('Ошибка сети');
  });

  it("the caller's signal aborts the request", async () => {
    let arrived!: () => void;
    const received = new Promise<void>((resolve) => (arrived = resolve));
    handler = (_req, res) => {
      open.add(res);
      arrived();
    };
    const controller = new AbortController();
    const pending = createApiClient({ baseUrl: stubUrl, signal: controller.signal, timeoutMs: 0 })
      .get('/slow')
      .catch((e: unknown) => e);
    await received;
    controller.abort();
    const err = (await pending) as ApiNetworkError;
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(err.reason).toBe('aborted');
  });

  it('a 200 answer that is not JSON is an ApiError', async () => {
    handler = (_req, res) => send(res, 200, '<html>proxy</html>', 'text/html');
    const err = (await createApiClient({ baseUrl: stubUrl })
      .get('/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
  });
});

describe('toQueryString', () => {
  it('skips empty values, "all" and non-finite numbers, and repeats arrays', () => {
    expect(toQueryString({ a: '', b: 'all', c: undefined, d: null, e: NaN, f: 0, g: false, h: ['x', 'y'] })).toBe('?f=0&g=false&h=x&h=y');
    expect(toQueryString({})).toBe('');
  });

  it("keeps scope=all: the staff lists' 'my / all' is a choice, where no value means 'my'", () => {
    expect(toQueryString({ scope: 'all', status: 'all', q: 'офис' })).toBe('?scope=all&q=%D0%BE%D1%84%D0%B8%D1%81');
  });
});
