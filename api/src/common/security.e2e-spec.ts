import request from 'supertest';
import { Caller, csrfPair, freshEmail, freshIp, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';

/** CSRF (spec 02 §7), security headers and the global per-IP rate limit (spec 01 §8 RATE_LIMIT). */

describe('CSRF protection', () => {
  let api: AccountsApi;
  let userEmail: string;

  beforeAll(async () => {
    api = await startAccountsApi();
    userEmail = freshEmail('csrf');
    await insertUser(api, { email: userEmail, role: 'user' });
  });
  afterAll(() => api?.close());

  const loginBody = () => ({ email: 'nobody@example.kz', password: 'Wrong1234' });

  it('GET /api/csrf-token answers a token and sets the httpOnly, SameSite=Lax secret cookie on /api', async () => {
    const res = await request(api.server).get('/api/csrf-token').expect(200);
    expect(res.body).toEqual({ status: 'success', data: { csrfToken: expect.any(String) } });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('_csrf='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Path=\/api(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
  });

  it('keeps the secret when the client already has one (no new cookie; both tokens valid)', async () => {
    const first = await csrfPair(api.server);
    const again = await request(api.server).get('/api/csrf-token').set('Cookie', first.cookie).expect(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    for (const token of [first.token, again.body.data.csrfToken]) {
      await request(api.server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', freshIp())
        .set('Cookie', first.cookie)
        .set('X-CSRF-Token', token)
        .send(loginBody())
        .expect(401);
    }
  });

  it('refuses a write without the header: 403 CSRF_TOKEN_MISSING (translated)', async () => {
    const { cookie } = await csrfPair(api.server);
    const res = await request(api.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', freshIp())
      .set('Cookie', cookie)
      .send(loginBody())
      .expect(403);
    expect(res.body).toEqual({
      status: 'error',
      error: { code: 'CSRF_TOKEN_MISSING', message: 'Отсутствует CSRF-токен. Обновите страницу и повторите попытку' },
    });
    const en = await request(api.server).post('/api/auth/login').set('Accept-Language', 'en').send(loginBody()).expect(403);
    expect(en.body.error).toEqual({ code: 'CSRF_TOKEN_MISSING', message: 'The CSRF token is missing. Reload the page and try again' });
  });

  it('refuses a wrong token, a token without its cookie, and a token of another secret: 403 CSRF_TOKEN_INVALID', async () => {
    const mine = await csrfPair(api.server);
    const theirs = await csrfPair(api.server);
    const cases: Array<[string | undefined, string]> = [
      [mine.cookie, 'not-a-token'],
      [undefined, mine.token],
      [mine.cookie, theirs.token],
    ];
    for (const [cookie, token] of cases) {
      let t = request(api.server).post('/api/auth/login').set('X-Forwarded-For', freshIp()).set('X-CSRF-Token', token);
      if (cookie) t = t.set('Cookie', cookie);
      const res = await t.send(loginBody()).expect(403);
      expect(res.body.error).toEqual({
        code: 'CSRF_TOKEN_INVALID',
        message: 'Недействительный CSRF-токен. Обновите страницу и повторите попытку',
      });
    }
  });

  it('checks PUT, PATCH and DELETE as well, before authentication', async () => {
    const caller = await Caller.create(api.server);
    await caller.login(userEmail);
    for (const [method, url] of [
      ['patch', '/api/auth/me'],
      ['delete', '/api/properties/any/favorites'],
      ['put', '/api/auth/me'],
      ['post', '/api/auth/change-password'],
    ] as const) {
      const res = await request(api.server)
        [method](url)
        .set('Authorization', `Bearer ${caller.accessToken}`)
        .set('Cookie', caller.csrf.cookie)
        .send({});
      // PUT /api/auth/me has no route: 404 comes first, and is no CSRF answer
      if (method === 'put') expect(res.status).toBe(404);
      else expect([res.status, res.body.error.code]).toEqual([403, 'CSRF_TOKEN_MISSING']);
    }
  });

  it('lets a valid pair through (the route then answers on its own terms)', async () => {
    const caller = await Caller.create(api.server);
    const res = await caller.call('post', '/api/auth/login', loginBody()).expect(401);
    expect(res.body.error.message).toBe('Неверный email или пароль');
  });

  it('never checks GET, HEAD or OPTIONS', async () => {
    await request(api.server).get('/api/properties').expect(200);
    await request(api.server).head('/api/properties').expect(200);
    const options = await request(api.server).options('/api/properties');
    expect(options.status).not.toBe(403);
  });

  it('exempts only the upload routes from the token for multipart (decision 035); anonymous multipart gets 401 before the body is read', async () => {
    const anonymous = await request(api.server)
      .post('/api/auth/change-password')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x--\r\n')
      .expect(401);
    expect(anonymous.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Необходима авторизация' });
    const caller = await Caller.create(api.server);
    await caller.login(userEmail);
    // Multipart is no way around the token on any other route (before decision 035 it was).
    const signedIn = await request(api.server)
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${caller.accessToken}`)
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x--\r\n');
    expect(signedIn.status).toBe(403);
    expect(signedIn.body.error.code).toBe('CSRF_TOKEN_MISSING');
  });

  it('sends security headers on every answer (JSON only: CSP default-src none, no framing, nosniff)', async () => {
    for (const res of [await request(api.server).get('/api/health'), await request(api.server).post('/api/auth/login').send({})]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
  });
});

describe('global per-IP rate limit (RATE_LIMIT_MAX, shared Redis)', () => {
  let a: AccountsApi;
  let b: AccountsApi;

  beforeAll(async () => {
    a = await startAccountsApi({ env: { RATE_LIMIT_MAX: '4' } });
    b = await startAccountsApi({ env: { RATE_LIMIT_MAX: '4' }, redisPrefix: a.redisPrefix });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('answers 429 RATE_LIMIT in the envelope once an IP used its quota, across API processes', async () => {
    const ip = freshIp();
    const get = (api: AccountsApi) => request(api.server).get('/api/properties/categories').set('X-Forwarded-For', ip);
    // two processes sharing one Redis: 2 + 2 requests use the quota of 4
    const answers = [];
    for (const api of [a, b, a, b]) answers.push(await get(api).expect(200));
    // a's second answer came from its kept answer (KeptAnswerFastPath), and still counted
    expect(answers[2].headers['x-kept-answer']).toBe('1');
    const res = await get(a).expect(429);
    expect(res.body).toEqual({ status: 'error', error: { code: 'RATE_LIMIT', message: 'Слишком много запросов. Попробуйте позже' } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['x-ratelimit-limit']).toBe('4');
    await get(b).expect(429);
    const en = await get(b).set('Accept-Language', 'en').expect(429);
    expect(en.body.error.message).toBe('Too many requests. Please try again later');
    // another IP is not affected
    await request(a.server).get('/api/properties/categories').set('X-Forwarded-For', freshIp()).expect(200);
  });

  it('never limits /api/health', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) await request(a.server).get('/api/health').set('X-Forwarded-For', ip).expect(200);
  });
});

/**
 * Whose word on the client address the API takes (TRUST_PROXY; spec 01 §8): requests come in
 * through app.inject from a chosen peer address with X-Forwarded-For naming another client each
 * time, and the global limit (RATE_LIMIT_MAX 3 a minute) shows which address the API keyed them
 * on: a peer it does not trust is one client whatever it claims (its 4th request is refused),
 * a trusted proxy speaks for many (none is refused), and the client it names is the one limited.
 */
describe('client address behind a proxy (TRUST_PROXY, X-Forwarded-For)', () => {
  const MAX = 3;
  let api: AccountsApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  let counter = 0;
  /** A TEST-NET address (RFC 5737) no test used before: no setting below trusts 203.0.113.0/24. */
  const untrusted = () => `203.0.113.${(counter += 1) % 250}`;
  const someone = () => `198.51.100.${(counter += 1) % 250}`;
  const get = (from: string, forwardedFor?: string) =>
    api!.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'GET',
        url: '/api/properties/categories',
        remoteAddress: from,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
      .then((res) => res.statusCode);
  /** MAX + 1 requests from the peer `from`, naming in X-Forwarded-For the client `name()` says (another each time by default); their statuses. */
  const spoofing = async (from: string, name: () => string = someone) => {
    const statuses: number[] = [];
    for (let i = 0; i <= MAX; i++) statuses.push(await get(from, name()));
    return statuses;
  };
  const oneClient = [200, 200, 200, 429];
  const manyClients = [200, 200, 200, 200];

  it('by default trusts only loopback (the web server on the host): another peer is keyed on its own address', async () => {
    api = await startAccountsApi({ env: { RATE_LIMIT_MAX: String(MAX) } });
    const peer = untrusted();
    expect(await spoofing(peer)).toEqual(oneClient);
    // the bucket is the peer's: the web server naming that address meets the same limit
    expect(await get('127.0.0.1', peer)).toBe(429);
    expect(await spoofing('127.0.0.1')).toEqual(manyClients);
    // and each client it names has a bucket of its own
    const visitor = someone();
    expect(await spoofing('127.0.0.1', () => visitor)).toEqual(oneClient);
  });

  it('trusts the configured proxies (IPs and CIDRs) instead, loopback no longer', async () => {
    api = await startAccountsApi({ env: { RATE_LIMIT_MAX: String(MAX), TRUST_PROXY: '10.0.0.5, 192.168.0.0/16' } });
    expect(await spoofing('10.0.0.5')).toEqual(manyClients);
    expect(await spoofing('192.168.7.9')).toEqual(manyClients);
    expect(await spoofing('127.0.0.1')).toEqual(oneClient);
    expect(await spoofing(untrusted())).toEqual(oneClient);
    expect(await spoofing('10.0.0.6')).toEqual(oneClient);
  });

  it('trusts nobody with TRUST_PROXY=false, and anyone with TRUST_PROXY=true', async () => {
    api = await startAccountsApi({ env: { RATE_LIMIT_MAX: String(MAX), TRUST_PROXY: 'false' } });
    expect(await spoofing('127.0.0.1')).toEqual(oneClient);
    await api.close();
    api = await startAccountsApi({ env: { RATE_LIMIT_MAX: String(MAX), TRUST_PROXY: 'true' } });
    expect(await spoofing(untrusted())).toEqual(manyClients);
  });
});
