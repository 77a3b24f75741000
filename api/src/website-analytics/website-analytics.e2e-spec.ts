import request from 'supertest';
import { freshIp, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * Website analytics (spec 01 §3, §7; spec 02 §7): public beacons without CSRF, 204 always,
 * public paths only, bots marked, session id from X-Session-Id, 120 per IP per minute.
 */
describe('POST /api/website-analytics/track-page-view and /track-event', () => {
  let api: AccountsApi;
  beforeAll(async () => {
    api = await startAccountsApi();
  });
  afterAll(() => api?.close());

  const rows = (sql: string) => withClient(api.databaseUrl, async (c) => (await c.query(sql)).rows as Array<Record<string, unknown>>);
  const beacon = (path: string, body: object, ua = BROWSER, ip = freshIp()) =>
    request(api.server)
      .post(`/api/website-analytics/${path}`)
      .set('X-Forwarded-For', ip)
      .set('User-Agent', ua)
      .set('X-Session-Id', '6f1c2f1e-8a5b-4c0e-9a57-0c1c0b8c1d2e')
      .send(body);

  it('stores a page view with the fields of spec 01 §3 and the session header, without a CSRF token', async () => {
    await beacon('track-page-view', {
      path: '/catalog?type=office',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'autumn',
      utm_term: 'офис алматы',
      utm_content: 'ad-1',
      userAgent: BROWSER,
      language: 'ru',
      screenResolution: '1920x1080',
      referrer: 'https://www.google.com/',
      timestamp: '2026-11-23T10:00:00.000Z',
    }).expect(204);
    const [view] = await rows(`SELECT * FROM website_page_views WHERE path = '/catalog'`);
    expect(view).toMatchObject({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'autumn',
      utm_term: 'офис алматы',
      utm_content: 'ad-1',
      user_agent: BROWSER,
      language: 'ru',
      screen_resolution: '1920x1080',
      referrer: 'https://www.google.com/',
      session_id: '6f1c2f1e-8a5b-4c0e-9a57-0c1c0b8c1d2e',
      origin: 'client',
      is_bot: false,
    });
    expect(new Date(view.client_timestamp as string).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it("stores referrers without their query string, fragment or user info (beacons and the web server's batches)", async () => {
    await beacon('track-page-view', {
      path: '/referrer-beacon',
      referrer: 'https://www.google.com/search?q=office+almaty&client=x#top',
    }).expect(204);
    await request(api.server)
      .post('/api/website-analytics/server-page-views')
      .send({
        views: [
          { path: '/referrer-batch', origin: 'server', referrer: 'https://user:secret@mail.example.kz/reset-password?token=abc123' },
          { path: '/referrer-batch-2', origin: 'server', referrer: '?only=query' },
        ],
      })
      .expect(204);
    expect(await rows(`SELECT path, referrer FROM website_page_views WHERE path LIKE '/referrer-%' ORDER BY path`)).toEqual([
      { path: '/referrer-batch', referrer: 'https://mail.example.kz/reset-password' },
      { path: '/referrer-batch-2', referrer: null },
      { path: '/referrer-beacon', referrer: 'https://www.google.com/search' },
    ]);
  });

  it('marks bots by user agent (body or header) and keeps them apart', async () => {
    await beacon('track-page-view', { path: '/bot-page', userAgent: GOOGLEBOT }).expect(204);
    await beacon('track-page-view', { path: '/bot-page-2' }, 'curl/8.5.0').expect(204);
    await beacon('track-page-view', { path: '/bot-page-3', origin: 'server' }).expect(204);
    const found = await rows(`SELECT path, is_bot, origin FROM website_page_views WHERE path LIKE '/bot-page%' ORDER BY path`);
    expect(found).toEqual([
      { path: '/bot-page', is_bot: true, origin: 'client' },
      { path: '/bot-page-2', is_bot: true, origin: 'client' },
      { path: '/bot-page-3', is_bot: false, origin: 'server' },
    ]);
  });

  it('answers 204 and stores nothing for /dashboard and /auth pages', async () => {
    for (const path of ['/dashboard', '/dashboard/user', '/auth', '/auth/reset-password', '/AUTH?x=1']) {
      await beacon('track-page-view', { path }).expect(204);
    }
    await beacon('track-event', { eventName: 'click', path: '/dashboard/crm' }).expect(204);
    expect(await rows(`SELECT path FROM website_page_views WHERE lower(path) LIKE '/dashboard%' OR lower(path) LIKE '/auth%'`)).toEqual([]);
    expect(await rows(`SELECT 1 FROM website_events WHERE path LIKE '/dashboard%'`)).toEqual([]);
    // /authors is a public page
    await beacon('track-page-view', { path: '/authors' }).expect(204);
    expect(await rows(`SELECT path FROM website_page_views WHERE path = '/authors'`)).toHaveLength(1);
  });

  it('stores events with their properties', async () => {
    await beacon('track-event', {
      eventName: 'quiz_completed',
      properties: { step: 4, budget: '5m' },
      path: '/',
      timestamp: 1763892000000,
    }).expect(204);
    const [event] = await rows(`SELECT * FROM website_events WHERE event_name = 'quiz_completed'`);
    expect(event).toMatchObject({
      properties: { step: 4, budget: '5m' },
      path: '/',
      is_bot: false,
      session_id: '6f1c2f1e-8a5b-4c0e-9a57-0c1c0b8c1d2e',
    });
  });

  it('validates the body (400) and limits each IP to 120 beacons a minute', async () => {
    const bad = await beacon('track-page-view', { path: 'no-slash' }).expect(400);
    expect(bad.body.error.fields).toEqual({ path: 'Недопустимое значение' });
    await beacon('track-event', { eventName: 'has spaces' }).expect(400);
    const ip = freshIp();
    for (let i = 0; i < 120; i++) await beacon('track-event', { eventName: 'tick' }, BROWSER, ip).expect(204);
    await beacon('track-event', { eventName: 'tick' }, BROWSER, ip).expect(429);
  });

  describe("POST /api/website-analytics/server-page-views (the web server's batches)", () => {
    const batch = (views: object[], headers: Record<string, string> = {}) =>
      request(api.server).post('/api/website-analytics/server-page-views').set(headers).send({ views });
    const session = 'aa11bb22-cc33-4d44-8e55-ff6677889900';

    it('stores every view of a batch in one request, each with its own session and user agent', async () => {
      await batch([
        {
          path: '/catalog',
          origin: 'server',
          userAgent: BROWSER,
          language: 'en',
          sessionId: session,
          clientIp: freshIp(),
          utm_source: 'batch-test',
        },
        {
          path: '/property/a-1?x=1',
          origin: 'server',
          userAgent: GOOGLEBOT,
          sessionId: 'not an id!',
          clientIp: freshIp(),
          utm_source: 'batch-test',
        },
        { path: '/dashboard/crm', origin: 'server', userAgent: BROWSER, clientIp: freshIp(), utm_source: 'batch-test' },
      ]).expect(204);
      expect(
        await rows(
          `SELECT path, origin, language, session_id, is_bot FROM website_page_views WHERE utm_source = 'batch-test' ORDER BY path`,
        ),
      ).toEqual([
        { path: '/catalog', origin: 'server', language: 'en', session_id: session, is_bot: false },
        { path: '/property/a-1', origin: 'server', language: null, session_id: null, is_bot: true },
      ]);
    });

    it("counts each view against its visitor's analytics limit (120 a minute, shared with the beacons)", async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) await beacon('track-event', { eventName: 'tick' }, BROWSER, ip).expect(204);
      const views = Array.from({ length: 100 }, () => ({ path: '/limit-test', origin: 'server', userAgent: BROWSER, clientIp: ip }));
      await batch(views).expect(204);
      await batch(views.slice(0, 5)).expect(204);
      expect(await rows(`SELECT count(*)::int AS n FROM website_page_views WHERE path = '/limit-test'`)).toEqual([{ n: 100 }]);
      // another visitor in the same batch is not affected
      await batch([
        { path: '/limit-test', clientIp: ip },
        { path: '/limit-test', clientIp: freshIp() },
      ]).expect(204);
      expect(await rows(`SELECT count(*)::int AS n FROM website_page_views WHERE path = '/limit-test'`)).toEqual([{ n: 101 }]);
    });

    it('validates the batch with a field per view (400)', async () => {
      const empty = await batch([]).expect(400);
      expect(Object.keys(empty.body.error.fields)).toEqual(['views']);
      await batch(Array.from({ length: 101 }, () => ({ path: '/x' }))).expect(400);
      const bad = await batch([{ path: '/ok' }, { path: 'no-slash' }])
        .set('Accept-Language', 'en')
        .expect(400);
      expect(bad.body.error.fields).toEqual({ 'views.1.path': 'Invalid value' });
      await batch([{ path: '/ok', clientIp: 'not-an-ip' }]).expect(400);
      await batch([{ path: '/ok', unknown: 1 }]).expect(400);
      for (const odd of ['x', null, 7, [{ path: '/ok' }]]) await batch([odd as object]).expect(400);
      await request(api.server).post('/api/website-analytics/server-page-views').send({ views: 'x' }).expect(400);
    });
  });
});

describe('POST /api/website-analytics/server-page-views from a peer that is not trusted', () => {
  let api: AccountsApi;
  beforeAll(async () => {
    api = await startAccountsApi({ env: { TRUST_PROXY: 'false' } });
  });
  afterAll(() => api?.close());

  it('answers 403 FORBIDDEN and stores nothing', async () => {
    const res = await request(api.server)
      .post('/api/website-analytics/server-page-views')
      .send({ views: [{ path: '/forged', clientIp: '203.0.113.9' }] })
      .expect(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(
      await withClient(api.databaseUrl, async (c) => (await c.query(`SELECT 1 FROM website_page_views WHERE path = '/forged'`)).rows),
    ).toEqual([]);
  });
});
