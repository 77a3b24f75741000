import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { ApiError, ApiValidationError, createApiClient, memoryCsrfStore } from './index';

/**
 * client.geocoding against the real API (offline gazetteer; @realty/test-api): the typed
 * answers, the 3-character rule applied in the client (no request at all), and the API's errors.
 */
let api: ListeningApi;
let baseUrl: string;
let token: string;
const seen: URL[] = [];

/** fetch that records each request the client makes, then sends it to the API. */
const recording: typeof fetch = (input, init) => {
  seen.push(new URL(String(input)));
  return fetch(input, init);
};

beforeAll(async () => {
  api = await startListeningApi();
  baseUrl = api.url;
  const email = `geo.${Date.now().toString(36)}@example.kz`;
  await api.addUser({ email, role: 'employee' });
  token = (await createApiClient({ baseUrl, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password })).tokens.accessToken;
});
afterAll(() => api?.close());
beforeEach(() => {
  seen.length = 0;
});

describe('client.geocoding', () => {
  it('suggest: [] without a request below 3 characters, the API answer from 3', async () => {
    const client = createApiClient({ baseUrl, token, lang: 'en', fetch: recording });
    for (const q of ['', 'a', 'аб', '  ab  ']) await expect(client.geocoding.suggest(q)).resolves.toEqual([]);
    expect(seen).toEqual([]);
    const found = await client.geocoding.suggest(' dostyk ', { results: 1 });
    expect(found).toEqual([expect.objectContaining({ displayName: 'Dostyk Avenue, Almaty', kind: 'street', district: 'medeu' })]);
    expect(seen.map((u) => [u.pathname, Object.fromEntries(u.searchParams)])).toEqual([
      ['/api/geocode/suggest', { lang: 'en', results: '1', q: 'dostyk' }],
    ]);
  });

  it('search and reverse', async () => {
    const client = createApiClient({ baseUrl, token, fetch: recording });
    const [first] = await client.geocoding.search('Зелёный базар', { lang: 'kk' });
    expect(first).toMatchObject({ displayName: 'Көк базар, Алматы', kind: 'landmark' });
    const place = await client.geocoding.reverse(first.lat, first.lng, { lang: 'en' });
    expect(place).toMatchObject({ displayName: 'Green Bazaar, Almaty' });
    await expect(client.geocoding.reverse(51.128, 71.43)).resolves.toBeNull();
  });

  it('errors: 400 per field, 401 without a token', async () => {
    const client = createApiClient({ baseUrl, token, lang: 'en' });
    const bad = await client.geocoding.reverse(95, 0).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiValidationError);
    expect((bad as ApiValidationError).fields).toEqual({ lat: 'Latitude must be a number from -90 to 90' });
    const anonymous = await client
      .with({ token: null })
      .geocoding.search('abay')
      .catch((e: unknown) => e);
    expect(anonymous).toBeInstanceOf(ApiError);
    expect((anonymous as ApiError).status).toBe(401);
  });
});
