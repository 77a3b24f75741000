import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, ApiNetworkError, ApiValidationError, createApiClient, toQueryString } from './index';

/** A real local HTTP server: each test sets `handler`; every request is recorded. */
let server: Server;
let baseUrl: string;
let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void;
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];

function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json') {
  res.writeHead(status, { 'Content-Type': contentType });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const item = (id: string) => ({ id, slug: `office-${id}`, title: { ru: `Офис ${id}`, en: `Office ${id}`, kk: '', zh: '' } });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
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
  handler = (_req, res) => send(res, 200, { status: 'success', data: null });
});

describe('success envelopes', () => {
  it('unwraps a list with its paging and sends only the given filters in the API spelling', async () => {
    handler = (_req, res) => send(res, 200, { status: 'success', data: [item('1'), item('2')], meta: { total: 62, page: 2, limit: 50, totalPages: 2 } });
    const api = createApiClient({ baseUrl, lang: 'en' });
    const page = await api.properties.list({
      q: '  Абай ',
      dealType: 'rent',
      type: 'all',
      district: 'medeu',
      priceMin: 100000,
      priceMax: undefined,
      areaMin: 40,
      furniture: true,
      parking: false,
      airConditioning: true,
      roomsMin: 0,
      sort: 'price_asc',
      page: 2,
    });
    expect(page.items.map((p) => p.id)).toEqual(['1', '2']);
    expect(page.meta).toEqual({ total: 62, page: 2, limit: 50, totalPages: 2 });
    const url = new URL(seen[0].url, 'http://x');
    expect(url.pathname).toBe('/api/properties');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'Абай',
      deal_type: 'rent',
      district: 'medeu',
      price_min: '100000',
      area_min: '40',
      furniture: 'true',
      air_conditioning: 'true',
      sort: 'price_asc',
      page: '2',
      lang: 'en',
    });
    expect(seen[0].headers['accept-language']).toBe('en');
    expect(seen[0].headers.accept).toBe('application/json');
  });

  it('synthesises paging when the answer has no meta', async () => {
    handler = (_req, res) => send(res, 200, { status: 'success', data: [item('1')] });
    const page = await createApiClient({ baseUrl }).properties.list();
    expect(page.meta).toEqual({ total: 1, page: 1, limit: 50, totalPages: 1 });
    expect(new URL(seen[0].url, 'http://x').search).toBe('');
  });

  it('reads the map, a property, similar listings, categories, subcategories and the catalogue version', async () => {
    handler = (req, res) => {
      const path = new URL(req.url ?? '', 'http://x').pathname;
      if (path === '/api/properties/version') return send(res, 200, { status: 'success', data: { version: 42 } });
      if (path === '/api/properties/map') return send(res, 200, { status: 'success', data: [{ id: '1', latitude: 43.2, longitude: 76.9 }] });
      if (path === '/api/properties/%D0%BE%D1%84%D0%B8%D1%81%201') return send(res, 200, { status: 'success', data: item('1') });
      if (path === '/api/properties/office-1/similar') return send(res, 200, { status: 'success', data: [item('2')] });
      if (path === '/api/properties/categories') return send(res, 200, { status: 'success', data: [{ id: 1, slug: 'offices' }] });
      if (path === '/api/properties/categories/offices/subcategories') return send(res, 200, { status: 'success', data: [{ id: 2, slug: 'coworking' }] });
      return send(res, 404, { status: 'error', error: { code: 'NOT_FOUND', message: 'nope' } });
    };
    const api = createApiClient({ baseUrl, lang: 'ru' });
    expect(await api.properties.map({ dealType: 'sale', category: 'offices' })).toHaveLength(1);
    expect(Object.fromEntries(new URL(seen[0].url, 'http://x').searchParams)).toEqual({ deal_type: 'sale', category: 'offices', lang: 'ru' });
    expect((await api.properties.get('офис 1')).id).toBe('1');
    expect(await api.properties.similar('office-1', 4)).toHaveLength(1);
    expect(new URL(seen[2].url, 'http://x').searchParams.get('limit')).toBe('4');
    expect((await api.properties.categories())[0].slug).toBe('offices');
    expect((await api.properties.subcategories('offices'))[0].slug).toBe('coworking');
    expect(await api.properties.version()).toBe(42);
  });

  it('treats 204 as success with null data and posts JSON bodies', async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const api = createApiClient({ baseUrl });
    await expect(api.post('/inquiries', { name: 'Иван' })).resolves.toBeNull();
    expect(seen[0].method).toBe('POST');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ name: 'Иван' });
  });

  it('sends the bearer token and the headers hook (e.g. a CSRF header on writes)', async () => {
    const api = createApiClient({
      baseUrl,
      token: 'abc',
      headers: ({ method }) => (method === 'GET' ? undefined : { 'X-CSRF-Token': 'csrf-1' }),
    });
    await api.get('/user/favorites');
    await api.delete('/properties/1/favorites');
    expect(seen[0].headers.authorization).toBe('Bearer abc');
    expect(seen[0].headers['x-csrf-token']).toBeUndefined();
    expect(seen[1].headers['x-csrf-token']).toBe('csrf-1');
    await api.with({ token: null }).get('/x');
    expect(seen[2].headers.authorization).toBeUndefined();
  });
});

describe('errors (spec 01 §8)', () => {
  it('400 with fields is an ApiValidationError with the message and the field map', async () => {
    handler = (_req, res) =>
      send(res, 400, { status: 'error', error: { code: 'VALIDATION_ERROR', message: 'Произошла ошибка валидации', fields: { price_min: 'Должно быть числом' } } });
    const err = await createApiClient({ baseUrl }).properties.list({ priceMin: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiValidationError);
    expect(err).toBeInstanceOf(ApiError);
    const v = err as ApiValidationError;
    expect(v.status).toBe(400);
    expect(v.code).toBe('VALIDATION_ERROR');
    expect(v.message).toBe('Произошла ошибка валидации');
    expect(v.fields).toEqual({ price_min: 'Должно быть числом' });
  });

  it('400 without fields is an ApiError with the body code', async () => {
    handler = (_req, res) => send(res, 400, { status: 'error', error: { code: 'BAD_REQUEST', message: 'Некорректный запрос' } });
    const err = (await createApiClient({ baseUrl }).get('/x').catch((e: unknown) => e)) as ApiError;
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
  ])('%i gives code %s and the fixed message', async (status, code, message) => {
    handler = (_req, res) => send(res, status, { status: 'error', error: { code: status === 403 ? 'CSRF_TOKEN_INVALID' : code, message: 'server text' } });
    const err = (await createApiClient({ baseUrl }).get('/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(status);
    expect(err.code).toBe(code);
    expect(err.message).toBe(message);
    expect(err.serverMessage).toBe('server text');
    if (status === 403) expect(err.serverCode).toBe('CSRF_TOKEN_INVALID');
  });

  it('other statuses: message from error.message, then error, then raw text, then status text', async () => {
    const api = createApiClient({ baseUrl });
    handler = (_req, res) => send(res, 409, { status: 'error', error: { code: 'CONFLICT', message: 'Конфликт данных' } });
    let err = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code, err.message]).toEqual([409, 'CONFLICT', 'Конфликт данных']);

    handler = (_req, res) => send(res, 418, { error: 'teapot error', code: 'TEAPOT' });
    err = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code, err.message]).toEqual([418, 'TEAPOT', 'teapot error']);

    handler = (_req, res) => send(res, 502, 'upstream exploded', 'text/plain');
    err = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.message]).toEqual([502, 'upstream exploded']);

    handler = (_req, res) => {
      res.writeHead(503, 'Service Unavailable');
      res.end();
    };
    err = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.message]).toEqual([503, 'Service Unavailable']);
  });

  it('a refused connection is an ApiNetworkError "Ошибка сети"', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = (await createApiClient({ baseUrl: `http://127.0.0.1:${port}/api` }).get('/x').catch((e: unknown) => e)) as ApiNetworkError;
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(err.message).toBe('Ошибка сети');
    expect(err.reason).toBe('network');
  });

  it('a slow answer times out as an ApiNetworkError with reason timeout', async () => {
    handler = (_req, res) => setTimeout(() => send(res, 200, { status: 'success', data: [] }), 500);
    const err = (await createApiClient({ baseUrl, timeoutMs: 50 }).get('/slow').catch((e: unknown) => e)) as ApiNetworkError;
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(err.reason).toBe('timeout');
    expect(err.message).toBe('Ошибка сети');
  });

  it("the caller's signal aborts the request", async () => {
    handler = (_req, res) => setTimeout(() => send(res, 200, { status: 'success', data: [] }), 500);
    const controller = new AbortController();
    const pending = createApiClient({ baseUrl, signal: controller.signal }).get('/slow').catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    const err = (await pending) as ApiNetworkError;
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(err.reason).toBe('aborted');
  });

  it('a 200 answer that is not JSON is an ApiError', async () => {
    handler = (_req, res) => send(res, 200, '<html>proxy</html>', 'text/html');
    const err = (await createApiClient({ baseUrl }).get('/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
  });
});

describe('toQueryString', () => {
  it('skips empty values, "all" and non-finite numbers, and repeats arrays', () => {
    expect(toQueryString({ a: '', b: 'all', c: undefined, d: null, e: NaN, f: 0, g: false, h: ['x', 'y'] })).toBe('?f=0&g=false&h=x&h=y');
    expect(toQueryString({})).toBe('');
  });
});
