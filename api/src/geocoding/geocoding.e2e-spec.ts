import type { RoleName } from '@realty/contracts';
import { Caller, startAccountsApi, type AccountsApi, signInAs } from '../../test/accounts';

/**
 * Address search with the offline gazetteer (GEOCODER_URL unset; spec 02 §5, §7, §9): the
 * 3-character rule of suggestions, ranking, languages, the bounds of every parameter (400 with a
 * per-field map in the caller's language) and access (401 anonymous, 403 for a plain user).
 */
describe('GET /api/geocode* (offline gazetteer)', () => {
  let api: AccountsApi;
  let employee: Caller;

  const signIn = async (role: RoleName) => (await signInAs(api, role)).caller;

  beforeAll(async () => {
    api = await startAccountsApi({ env: { GEOCODER_URL: '' } });
    employee = await signIn('employee');
  });
  afterAll(() => api?.close());

  const get = (caller: Caller, url: string) => caller.call('get', url);

  describe('suggest', () => {
    it('answers [] below 3 characters (after trimming), suggestions from 3', async () => {
      for (const q of ['а', 'аб', '  аб  ', 'ab']) {
        const res = await get(employee, `/api/geocode/suggest?q=${encodeURIComponent(q)}`).expect(200);
        expect([q, res.body]).toEqual([q, { status: 'success', data: [] }]);
      }
      const res = await get(employee, `/api/geocode/suggest?q=${encodeURIComponent('Абая')}`).expect(200);
      expect(res.body.data[0]).toEqual({
        displayName: 'проспект Абая, Алматы',
        lat: 43.2405,
        lng: 76.905,
        kind: 'street',
        district: 'almaly',
        districtName: 'Алмалинский район',
      });
    });

    it('ranks exact before prefix, districts after streets and landmarks', async () => {
      const suggest = await get(employee, '/api/geocode/suggest?q=medeu&lang=en').expect(200);
      expect(suggest.body.data.map((r: { displayName: string }) => r.displayName)).toEqual([
        'Medeu Skating Rink, Almaty',
        'Medeu District, Almaty',
      ]);
      const dostyk = await get(employee, '/api/geocode/suggest?q=dostyk&lang=en').expect(200);
      expect(dostyk.body.data.map((r: { kind: string }) => r.kind)).toEqual(['street', 'landmark']);
      expect(dostyk.body.data[0].displayName).toBe('Dostyk Avenue, Almaty');
    });

    it('keeps to `results` (default 5)', async () => {
      const five = await get(employee, '/api/geocode/suggest?q=улица').expect(200);
      expect(five.body.data).toHaveLength(5);
      const two = await get(employee, '/api/geocode/suggest?q=улица&results=2').expect(200);
      expect(two.body.data).toHaveLength(2);
      const ten = await get(employee, '/api/geocode/suggest?q=улица&results=10').expect(200);
      expect(ten.body.data).toHaveLength(10);
    });
  });

  describe('search', () => {
    it('finds an address in the asked language, best first; [] for nothing known', async () => {
      const kk = await get(employee, `/api/geocode?address=${encodeURIComponent('Сатпаева 90')}&lang=kk`).expect(200);
      expect(kk.body.data[0]).toMatchObject({ displayName: 'Сәтбаев көшесі, Алматы', kind: 'street', districtName: 'Бостандық ауданы' });
      // exact district name before anything that merely contains it
      const district = await get(employee, `/api/geocode?address=${encodeURIComponent('Медеуский район')}&lang=ru`).expect(200);
      expect(district.body.data[0]).toMatchObject({ displayName: 'Медеуский район, Алматы', kind: 'district', district: 'medeu' });
      const zh = await get(employee, '/api/geocode?address=Kok-Tobe&lang=zh').expect(200);
      expect(zh.body.data[0]).toMatchObject({ displayName: 'Kok-Tobe, 阿拉木图', kind: 'landmark' });
      const none = await get(employee, '/api/geocode?address=Qwertyuiop').expect(200);
      expect(none.body.data).toEqual([]);
    });
  });

  describe('reverse', () => {
    it('answers the nearest place, or the district, or null', async () => {
      const rink = await get(employee, '/api/geocode/reverse?lat=43.1575&lng=77.0585&lang=en').expect(200);
      expect(rink.body.data).toMatchObject({ displayName: 'Medeu Skating Rink, Almaty', kind: 'landmark', district: 'medeu' });
      const far = await get(employee, '/api/geocode/reverse?lat=43.3&lng=76.79').expect(200);
      expect(far.body.data).toMatchObject({ kind: 'district', district: 'alatau', displayName: 'Алатауский район, Алматы' });
      const astana = await get(employee, '/api/geocode/reverse?lat=51.128&lng=71.43').expect(200);
      expect(astana.body).toEqual({ status: 'success', data: null });
    });
  });

  describe('bounds', () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/api/geocode/suggest', { q: 'Введите адрес' }],
      ['/api/geocode/suggest?q=', { q: 'Введите адрес' }],
      [`/api/geocode/suggest?q=${'а'.repeat(201)}`, { q: 'Адрес должен быть от 1 до 200 символов' }],
      ['/api/geocode/suggest?q=abay&results=0', { results: 'Количество результатов должно быть от 1 до 10' }],
      ['/api/geocode/suggest?q=abay&results=11', { results: 'Количество результатов должно быть от 1 до 10' }],
      ['/api/geocode/suggest?q=abay&results=2.5', { results: 'Должно быть целым числом' }],
      ['/api/geocode/suggest?q=abay&lang=de', { lang: 'Выберите значение из списка' }],
      ['/api/geocode/suggest?q=abay&foo=1', { foo: 'Неизвестный параметр' }],
      ['/api/geocode?results=3', { address: 'Введите адрес' }],
      [
        '/api/geocode/reverse?lat=90.5&lng=181',
        { lat: 'Широта должна быть числом от -90 до 90', lng: 'Долгота должна быть числом от -180 до 180' },
      ],
      [
        '/api/geocode/reverse?lat=-91&lng=-180.01',
        { lat: 'Широта должна быть числом от -90 до 90', lng: 'Долгота должна быть числом от -180 до 180' },
      ],
      ['/api/geocode/reverse?lat=abc', { lat: 'Широта должна быть числом от -90 до 90', lng: 'Долгота должна быть числом от -180 до 180' }],
    ];
    it.each(cases)('%s -> 400 with fields', async (url, fields) => {
      const res = await get(employee, url).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.fields).toEqual(fields);
    });

    it('answers the edges, and the messages in the caller language', async () => {
      await get(employee, '/api/geocode/reverse?lat=-90&lng=180').expect(200);
      await get(employee, `/api/geocode/suggest?q=${'а'.repeat(200)}&results=1`).expect(200);
      const en = await get(employee, '/api/geocode/reverse?lat=91&lng=0&lang=en').expect(400);
      expect(en.body.error.fields).toEqual({ lat: 'Latitude must be a number from -90 to 90' });
      const kk = await employee.call('get', '/api/geocode/suggest?q=abay&results=99').set('Accept-Language', 'kk').expect(400);
      expect(kk.body.error.fields).toEqual({ results: 'Нәтижелер саны 1-ден 10-ға дейін болуы керек' });
    });
  });

  describe('access', () => {
    const urls = ['/api/geocode?address=abay', '/api/geocode/suggest?q=abay', '/api/geocode/reverse?lat=43.24&lng=76.9'];

    it('refuses anonymous callers (401) and plain users (403)', async () => {
      const anonymous = await Caller.create(api.server);
      const user = await signIn('user');
      for (const url of urls) {
        expect((await get(anonymous, url).expect(401)).body.error.code).toBe('UNAUTHORIZED');
        expect((await get(user, url).expect(403)).body.error.code).toBe('FORBIDDEN');
      }
    });

    it('serves every staff role', async () => {
      for (const role of ['employee', 'manager', 'admin', 'super_admin'] as const) {
        const caller = await signIn(role);
        for (const url of urls) expect([role, url, (await get(caller, url)).status]).toEqual([role, url, 200]);
      }
    });

    it('limits each IP to 120 calls a minute over the three routes (429 with Retry-After)', async () => {
      const caller = await signIn('manager');
      for (let i = 0; i < 120; i += 1) await get(caller, urls[i % 3]).expect(200);
      const refused = await get(caller, '/api/geocode/suggest?q=abay').expect(429);
      expect(refused.body.error.code).toBe('RATE_LIMIT');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // another address is not affected
      await get(new Caller(api.server, caller.csrf, '10.250.1.1', caller.accessToken), urls[0]).expect(200);
    });
  });
});
