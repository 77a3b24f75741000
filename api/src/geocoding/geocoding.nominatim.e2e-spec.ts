import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { SAMPLE_SEARCH, startFakeNominatim, type FakeNominatim } from '../../test/fake-nominatim';
import { ALMATY_VIEWBOX } from './nominatim.provider';

/**
 * Address search through the HTTP provider (GEOCODER_URL set; spec 02 §7 "Geocoding") against a
 * local fake Nominatim server (test/fake-nominatim.ts): what is sent (query parameters, User-Agent,
 * Accept-Language), how its answers map, and its failures: 500 and a dropped connection -> 502
 * GEOCODER_UNAVAILABLE, a malformed body -> 502, no answer within GEOCODER_TIMEOUT_MS -> 504
 * GEOCODER_TIMEOUT, each in the caller's language and never a 500.
 */
const TIMEOUT_MS = 300;
const USER_AGENT = 'RealtyGeocodingTest/1.0 (+http://localhost:3000; geocoding e2e)';

describe('GET /api/geocode* through a Nominatim-compatible service', () => {
  let fake: FakeNominatim;
  let api: AccountsApi;
  let agent: Caller;

  beforeAll(async () => {
    fake = await startFakeNominatim();
    api = await startAccountsApi({
      env: { GEOCODER_URL: fake.url, GEOCODER_TIMEOUT_MS: String(TIMEOUT_MS), GEOCODER_USER_AGENT: USER_AGENT },
    });
    const email = freshEmail('employee');
    await insertUser(api, { email, role: 'employee' });
    agent = await Caller.create(api.server);
    await agent.login(email);
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.answer = null;
  });

  const get = (url: string) => agent.call('get', url);

  it('searches with the query, language, limit, country, viewbox and User-Agent, and maps the places', async () => {
    const res = await get(`/api/geocode?address=${encodeURIComponent('Abay Avenue 150')}&lang=en&results=3`).expect(200);
    expect(fake.requests).toHaveLength(1);
    const [seen] = fake.requests;
    expect(seen.path).toBe('/search');
    expect(Object.fromEntries(seen.query)).toEqual({
      q: 'Abay Avenue 150',
      format: 'jsonv2',
      addressdetails: '1',
      limit: '3',
      'accept-language': 'en',
      countrycodes: 'kz',
      viewbox: ALMATY_VIEWBOX,
      bounded: '1',
    });
    expect(seen.headers['user-agent']).toBe(USER_AGENT);
    expect(seen.headers['accept-language']).toBe('en');
    expect(res.body.data).toEqual([
      {
        displayName: SAMPLE_SEARCH[0].display_name,
        lat: 43.2403418,
        lng: 76.9157012,
        kind: 'street',
        district: 'almaly',
        districtName: 'Almaly District',
      },
      {
        displayName: '150, Abay Avenue, Bostandyk District, Almaty, 050000, Kazakhstan',
        lat: 43.2396,
        lng: 76.8743,
        kind: 'address',
        district: 'bostandyk',
        districtName: 'Bostandyk District',
      },
      { displayName: 'Esentai Mall, 77/8, Al-Farabi Avenue, Almaty, Kazakhstan', lat: 43.2185, lng: 76.9279, kind: 'landmark' },
    ]);
  });

  it('asks for suggestions from 3 characters only, with the default language and count', async () => {
    for (const q of ['ab', '  аб ']) {
      const res = await get(`/api/geocode/suggest?q=${encodeURIComponent(q)}`).expect(200);
      expect(res.body.data).toEqual([]);
    }
    expect(fake.requests).toEqual([]); // nothing was asked below 3 characters
    const res = await get(`/api/geocode/suggest?q=${encodeURIComponent('Абая')}`).expect(200);
    expect(fake.requests.map((r) => [r.path, r.query.get('q'), r.query.get('accept-language'), r.query.get('limit')])).toEqual([
      ['/search', 'Абая', 'ru', '5'],
    ]);
    expect(res.body.data.map((r: { districtName?: string }) => r.districtName)).toEqual([
      'Алмалинский район',
      'Бостандыкский район',
      undefined,
    ]);
  });

  it('reverse-geocodes with lat, lon and zoom; "Unable to geocode" is null', async () => {
    const res = await get('/api/geocode/reverse?lat=43.2387&lng=76.9454&lang=kk').expect(200);
    const [seen] = fake.requests;
    expect(seen.path).toBe('/reverse');
    expect(Object.fromEntries(seen.query)).toEqual({
      lat: '43.2387',
      lon: '76.9454',
      format: 'jsonv2',
      addressdetails: '1',
      zoom: '18',
      'accept-language': 'kk,ru',
    });
    expect(seen.headers['user-agent']).toBe(USER_AGENT);
    expect(res.body.data).toEqual({
      displayName: 'Акимат города Алматы, 4, площадь Республики, Медеуский район, Алматы, 050001, Казахстан',
      lat: 43.2387,
      lng: 76.9454,
      kind: 'landmark',
      district: 'medeu',
      districtName: 'Медеу ауданы',
    });

    fake.answer = { status: 200, body: JSON.stringify({ error: 'Unable to geocode' }) };
    const none = await get('/api/geocode/reverse?lat=10&lng=10').expect(200);
    expect(none.body).toEqual({ status: 'success', data: null });
  });

  it('answers 502 GEOCODER_UNAVAILABLE when the service answers 500, 503 or drops the connection', async () => {
    const answers = [
      { status: 500, body: '<html>Internal Server Error</html>', contentType: 'text/html' },
      { status: 503, body: '' },
      'drop',
    ] as const;
    for (const answer of answers) {
      fake.answer = answer;
      const res = await get('/api/geocode?address=abay&lang=en').expect(502);
      expect([JSON.stringify(answer), res.body.error]).toEqual([
        JSON.stringify(answer),
        { code: 'GEOCODER_UNAVAILABLE', message: 'The address search service is temporarily unavailable' },
      ]);
    }
  });

  it('answers 502 for a malformed answer: not JSON, not an array, a place without coordinates', async () => {
    const bodies = [
      '{"lat": "43.2", "lon":',
      JSON.stringify({ places: SAMPLE_SEARCH }),
      JSON.stringify([{ ...SAMPLE_SEARCH[0], lat: 'north' }]),
      JSON.stringify([{ ...SAMPLE_SEARCH[0], lon: '999' }]),
      JSON.stringify([{ ...SAMPLE_SEARCH[0], display_name: undefined }]),
    ];
    for (const body of bodies) {
      fake.answer = { status: 200, body };
      const res = await get('/api/geocode?address=abay').expect(502);
      expect([body, res.body.error.code, res.body.error.message]).toEqual([
        body,
        'GEOCODER_UNAVAILABLE',
        'Сервис поиска адресов временно недоступен',
      ]);
    }
    fake.answer = { status: 200, body: '[1, 2]' };
    expect((await get('/api/geocode/reverse?lat=43.2&lng=76.9').expect(502)).body.error.code).toBe('GEOCODER_UNAVAILABLE');
  });

  it('answers 504 GEOCODER_TIMEOUT when the service holds the request past GEOCODER_TIMEOUT_MS', async () => {
    fake.answer = 'hold'; // the fake answers nothing until it is closed after the tests
    const started = Date.now();
    const res = await agent.call('get', '/api/geocode/suggest?q=abay').set('Accept-Language', 'en').expect(504);
    const took = Date.now() - started;
    expect(res.body.error).toEqual({
      code: 'GEOCODER_TIMEOUT',
      message: 'The address search service did not answer in time. Please try again',
    });
    expect(fake.requests).toHaveLength(1);
    // the setting (300 ms), not the 3000 ms default, bounded the wait
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(took).toBeLessThan(2500);
    // the API still answers once the service is back
    fake.answer = null;
    await get('/api/geocode?address=abay').expect(200);
  });
});
