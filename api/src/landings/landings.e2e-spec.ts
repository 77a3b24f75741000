import type { INestApplicationContext } from '@nestjs/common';
import { eventually } from '@realty/testkit';
import { startWorker } from '../../../worker/src/bootstrap';
import { startFakeTelegram, type FakeTelegram } from '../../../worker/test/fake-telegram';
import { signInAs, startAccountsApi, type AccountsApi, type Caller } from '../../test/accounts';
import { catalogProperties, insertProperty, isPublicProperty, withClient, type InsertedProperty } from '../../test/fixtures';
import { Clock } from '../common/clock';

/**
 * Landing pages (issue 23 "Landing pages"; spec 02 §7 Landings): generate -> outbox -> landings
 * queue -> the worker's GenerateLanding job -> active -> the public read with its cards; the
 * enquiry as a lead with source 'landing'; analytics counted from real website_page_views rows
 * and leads; sharing to Telegram through the SendTelegram job to a local fake Bot API server;
 * roles, field errors, the taken slug, audit rows.
 */
describe('landing pages', () => {
  let api: AccountsApi;
  let worker: INestApplicationContext;
  let telegram: FakeTelegram;
  let manager: Caller;
  let employee: Caller;
  let admin: Caller;
  const listings: InsertedProperty[] = [];

  const db = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const publicOf = (type: string) => listings.filter((l) => isPublicProperty(l) && l.type === type);
  const hidden = () => listings.filter((l) => !isPublicProperty(l));
  let slugCounter = 0;
  const freshSlug = (tag = 'landing') => `${tag}-${process.pid}-${++slugCounter}`;

  /** Generates a landing and waits until the worker has written it. */
  const generated = async (body: Record<string, unknown>, by: Caller = manager) => {
    const res = await by.call('post', '/api/landings/generate', body).expect(201);
    const id: string = res.body.data.id;
    return eventually(`landing ${id} generated`, async () => {
      const r = await by.call('get', `/api/landings/${id}`).expect(200);
      return !r.body.data.generating && r.body.data;
    });
  };

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    api = await startAccountsApi({
      env: {
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        OUTBOX_POLL_MS: '100',
        PUBLIC_WEB_URL: 'http://web.test:3000',
        RATE_LIMIT_MAX: '100000',
      },
      seed: async (url, refs) => {
        await withClient(url, async (c) => {
          for (const l of catalogProperties()) listings.push({ ...l, id: await insertProperty(c, refs, l) });
        });
      },
    });
    worker = await startWorker({ logger: false, retryDelayMs: 200 });
    manager = (await signInAs(api, 'manager')).caller;
    employee = (await signInAs(api, 'employee')).caller;
    admin = (await signInAs(api, 'admin')).caller;
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await telegram?.close();
  });

  it('generate answers at once with the public url; the worker resolves the filter and activates; the public read has the cards', async () => {
    const slug = freshSlug('offices');
    const res = await manager
      .call('post', '/api/landings/generate', {
        templateId: 'offices-rent',
        filter: { type: 'office' },
        language: 'ru',
        title: 'Офисы в аренду у метро',
        slug,
      })
      .expect(201);
    expect(res.body.data).toMatchObject({ slug, status: 'draft', generating: true, url: `http://web.test:3000/l/${slug}` });
    await manager.call('get', `/api/landings/public/${slug}`).expect(404);

    const landing = await eventually('generated', async () => {
      const r = await manager.call('get', `/api/landings/${res.body.data.id}`).expect(200);
      return !r.body.data.generating && r.body.data;
    });
    const offices = publicOf('office');
    expect(offices.length).toBeGreaterThan(1);
    expect(landing.status).toBe('active');
    expect([...landing.listingIds].sort()).toEqual(offices.map((l) => l.id).sort());
    expect(landing.seoTitle).toBe('Офисы в аренду у метро — аренда офисов в Алматы');
    expect(landing.intro).toContain(`Объектов в подборке: ${offices.length}.`);

    const page = await employee.call('get', `/api/landings/public/${slug}`).expect(200);
    expect(page.body.data).toMatchObject({ title: 'Офисы в аренду у метро', category: 'offices', seoTitle: landing.seoTitle });
    expect(page.body.data.listings.map((c: { id: string }) => c.id)).toEqual(landing.listingIds);
    expect(page.body.data.listings[0]).toHaveProperty('price');

    const audit = await db(
      `SELECT action, actor_id IS NOT NULL AS by_someone FROM audit_logs WHERE entity = 'landing' AND entity_id = $1`,
      [landing.id],
    );
    expect(audit).toEqual([{ action: 'landing.create', by_someone: true }]);
  });

  it('chosen listings keep their order, hidden ones are refused; the job run again changes nothing', async () => {
    const [a, b] = publicOf('retail');
    const unknown = await manager
      .call('post', '/api/landings/generate', {
        templateId: 'retail-street',
        propertyIds: [a.id, hidden()[0].id],
        language: 'en',
        title: 'Retail on Dostyk',
        slug: freshSlug(),
      })
      .expect(400);
    expect(unknown.body.error.fields).toEqual({ propertyIds: 'Среди объектов есть неопубликованные или несуществующие' });

    const landing = await generated({
      templateId: 'retail-street',
      propertyIds: [b.id, a.id],
      language: 'en',
      title: 'Retail on Dostyk',
      slug: freshSlug(),
      activate: false,
    });
    expect(landing).toMatchObject({ listingIds: [b.id, a.id], status: 'draft', seoTitle: 'Retail on Dostyk — retail premises' });
    // a draft is not public
    await employee.call('get', `/api/landings/public/${landing.slug}`).expect(404);

    // the same job again (a retry): the same values, still a draft
    const { LandingsService } = await import('../../../worker/src/landings/landings.service');
    const again = await worker.get(LandingsService).generate({ id: 'again', data: { landingId: landing.id } } as never);
    expect(again).toMatchObject({ status: 'generated', listings: 2, landingStatus: 'draft' });
    const after = (await manager.call('get', `/api/landings/${landing.id}`).expect(200)).body.data;
    expect(after).toMatchObject({ listingIds: [b.id, a.id], status: 'draft', seoTitle: landing.seoTitle });
  });

  it('a run that fails for good records why, and the landing no longer shows as generating; an earlier failed attempt does not', async () => {
    const [a] = publicOf('office');
    const landing = await generated({
      templateId: 'offices-rent',
      propertyIds: [a.id],
      language: 'ru',
      title: 'Сломанный',
      slug: freshSlug(),
    });
    const { LandingsService } = await import('../../../worker/src/landings/landings.service');
    const service = worker.get(LandingsService);
    // Not yet generated, with a filter PostgreSQL refuses (a price that is not a number): a database error.
    await db(`UPDATE landings SET generated_at = NULL, property_ids = '{}', filter = '{"priceMin":"many"}' WHERE id = $1`, [landing.id]);
    const run = (attemptsMade: number) =>
      service.generate({ id: `fail-${attemptsMade}`, data: { landingId: landing.id }, attemptsMade, opts: { attempts: 5 } } as never);

    await expect(run(0)).rejects.toThrow(/invalid input syntax/);
    // Attempts are left: BullMQ retries it, so it still shows as generating.
    expect((await manager.call('get', `/api/landings/${landing.id}`).expect(200)).body.data).toMatchObject({
      generating: true,
      generationError: null,
    });
    await expect(run(4)).rejects.toThrow(/invalid input syntax/);
    const failed = (await manager.call('get', `/api/landings/${landing.id}`).expect(200)).body.data;
    expect(failed).toMatchObject({ generating: false, generationError: expect.stringMatching(/^the job failed: invalid input syntax/) });

    // An unknown template fails at once, and its reason is kept (it was written inside the rolled-back transaction).
    await db(`UPDATE landings SET template_id = 'gone', generation_error = NULL WHERE id = $1`, [landing.id]);
    await expect(run(0)).rejects.toThrow('unknown template gone');
    expect((await manager.call('get', `/api/landings/${landing.id}`).expect(200)).body.data).toMatchObject({
      generating: false,
      generationError: 'unknown template gone',
    });
    await db(`DELETE FROM landings WHERE id = $1`, [landing.id]);
  });

  it('field errors in the request language, a taken slug is 409 with fields.slug, no listings is 400', async () => {
    const bad = await manager
      .call('post', '/api/landings/generate?lang=en', { templateId: 'nope', language: 'xx', title: 'abc', slug: 'Bad Slug!' })
      .set('Accept-Language', 'en')
      .expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['language', 'slug', 'templateId', 'title']);
    expect(bad.body.error.fields.slug).toMatch(/Address: 3 to 100 characters/);

    const none = await manager
      .call('post', '/api/landings/generate', { templateId: 'general-selection', language: 'ru', title: 'Без объектов', slug: freshSlug() })
      .expect(400);
    expect(none.body.error.fields).toEqual({ propertyIds: 'Укажите объекты или фильтр каталога' });

    const slug = freshSlug('taken');
    const body = { templateId: 'general-selection', filter: {}, language: 'kk', title: 'Таңдаулы нысандар', slug };
    await manager.call('post', '/api/landings/generate', body).expect(201);
    const taken = await admin.call('post', '/api/landings/generate', { ...body, slug: slug.toUpperCase() }).expect(409);
    expect(taken.body.error).toMatchObject({ code: 'SLUG_TAKEN', fields: { slug: 'Этот адрес уже занят другой страницей' } });
    expect(await db(`SELECT count(*)::int AS n FROM landings WHERE slug = $1`, [slug])).toEqual([{ n: 1 }]);
  });

  it('an employee reads but may not generate, change, delete or share', async () => {
    const landing = await generated({
      templateId: 'warehouse-logistics',
      filter: { type: 'warehouse' },
      language: 'zh',
      title: '仓库精选 Almaty',
      slug: freshSlug(),
    });
    await employee.call('get', '/api/landings').expect(200);
    await employee.call('get', `/api/landings/${landing.id}/analytics`).expect(200);
    await employee
      .call('post', '/api/landings/generate', {
        templateId: 'warehouse-logistics',
        filter: {},
        language: 'ru',
        title: 'Склады',
        slug: freshSlug(),
      })
      .expect(403);
    await employee.call('patch', `/api/landings/${landing.id}`, { status: 'inactive' }).expect(403);
    await employee.call('delete', `/api/landings/${landing.id}`).expect(403);
    await employee.call('post', `/api/landings/${landing.id}/share/telegram`, { recipients: ['@someone_x'], message: 'x' }).expect(403);
  });

  it('PATCH changes status and SEO fields (audited); inactive is not public; DELETE removes it', async () => {
    const landing = await generated({
      templateId: 'coworking-flex',
      filter: { type: 'coworking' },
      language: 'ru',
      title: 'Коворкинги центра',
      slug: freshSlug(),
    });
    const patched = await manager
      .call('patch', `/api/landings/${landing.id}`, { status: 'inactive', seoTitle: 'Новый SEO-заголовок' })
      .expect(200);
    expect(patched.body.data).toMatchObject({ status: 'inactive', seoTitle: 'Новый SEO-заголовок', title: 'Коворкинги центра' });
    await employee.call('get', `/api/landings/public/${landing.slug}`).expect(404);
    const bad = await manager.call('patch', `/api/landings/${landing.id}`, { status: 'published' }).expect(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['status']);
    await manager.call('patch', `/api/landings/${landing.id}`, { status: 'active' }).expect(200);
    const pub = await employee.call('get', `/api/landings/public/${landing.slug}`).expect(200);
    expect(pub.body.data.seoTitle).toBe('Новый SEO-заголовок');

    await admin.call('delete', `/api/landings/${landing.id}`).expect(204);
    await manager.call('get', `/api/landings/${landing.id}`).expect(404);
    await admin.call('delete', `/api/landings/${landing.id}`).expect(404);
    const audit = await db<{ action: string }>(
      `SELECT action FROM audit_logs WHERE entity = 'landing' AND entity_id = $1 ORDER BY occurred_at, id`,
      [landing.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['landing.create', 'landing.update', 'landing.update', 'landing.delete']);
  });

  it('analytics: visits and unique visitors from page-view rows, enquiries from leads with source landing; the period', async () => {
    const landing = await generated({
      templateId: 'offices-sale',
      filter: { type: 'office', dealType: 'sale' },
      language: 'ru',
      title: 'Офисы в собственность',
      slug: freshSlug(),
    });
    const path = `/l/${landing.slug}`;
    const now = Date.now() + 60_000; // the lead below is stored by the database clock, before this
    api.app.get(Clock).now = () => now;
    try {
      // 3 visitors (s1 twice), a view without a session, a bot, another page, and a visit 10 days ago
      await db(
        `INSERT INTO website_page_views (path, session_id, is_bot, created_at) VALUES
           ($1, 's1', false, to_timestamp($2 / 1000.0) - interval '1 hour'),
           ($1, 's1', false, to_timestamp($2 / 1000.0) - interval '2 hours'),
           ($1, 's2', false, to_timestamp($2 / 1000.0) - interval '1 day'),
           ($1, NULL, false, to_timestamp($2 / 1000.0) - interval '3 days'),
           ($1, 's9', true, to_timestamp($2 / 1000.0) - interval '1 hour'),
           ('/catalog', 's1', false, to_timestamp($2 / 1000.0) - interval '1 hour'),
           ($1, 's3', false, to_timestamp($2 / 1000.0) - interval '10 days')`,
        [path, now],
      );
      const visitor = employee.as(undefined);
      const lead = await visitor
        .call('post', `/api/landings/public/${landing.slug}/leads`, {
          name: 'Айгерим Сейтова',
          phone: '+7 701 123 45 67',
          message: 'Интересует офис',
        })
        .expect(201);
      const [stored] = await db(`SELECT source, landing_id, first_name, last_name, topic FROM leads WHERE id = $1`, [lead.body.data.id]);
      expect(stored).toEqual({
        source: 'landing',
        landing_id: landing.id,
        first_name: 'Айгерим',
        last_name: 'Сейтова',
        topic: 'Лендинг: Офисы в собственность',
      });
      // the CRM's list filters by the new source
      const crm = await manager.call('get', '/api/crm/leads?scope=all&source=landing').expect(200);
      expect(crm.body.data.map((l: { id: string }) => l.id)).toContain(lead.body.data.id);

      const week = (await employee.call('get', `/api/landings/${landing.id}/analytics`).expect(200)).body.data;
      expect(week).toMatchObject({ period: '7d', visits: 4, uniqueVisitors: 3, enquiries: 1, conversion: 0.3333 });
      const month = (await employee.call('get', `/api/landings/${landing.id}/analytics?period=30d`).expect(200)).body.data;
      expect(month).toMatchObject({ period: '30d', visits: 5, uniqueVisitors: 4, enquiries: 1, conversion: 0.25 });
      expect(month.daily.reduce((n: number, d: { visits: number }) => n + d.visits, 0)).toBe(5);
      await employee.call('get', `/api/landings/${landing.id}/analytics?period=1y`).expect(400);

      const list = (await employee.call('get', `/api/landings?q=${landing.slug}`).expect(200)).body;
      expect(list.data).toHaveLength(1);
      expect(list.data[0].visits7d).toBe(4);
      const overview = (await employee.call('get', '/api/landings/stats/overview').expect(200)).body.data;
      expect(overview.byStatus.active).toBeGreaterThanOrEqual(1);
      expect(overview.enquiries7d).toBeGreaterThanOrEqual(1);
      expect(overview.top.find((t: { id: string }) => t.id === landing.id)).toMatchObject({ visits7d: 4, enquiries7d: 1 });
    } finally {
      api.app.get(Clock).now = () => Date.now();
    }
  });

  it('an enquiry to a draft or unknown landing is 404; field errors are per field', async () => {
    const draft = await generated({
      templateId: 'general-selection',
      filter: {},
      language: 'ru',
      title: 'Черновик',
      slug: freshSlug(),
      activate: false,
    });
    const visitor = employee.as(undefined);
    await visitor.call('post', `/api/landings/public/${draft.slug}/leads`, { phone: '+7 701 000 00 01' }).expect(404);
    await visitor.call('post', `/api/landings/public/no-such-page/leads`, { phone: '+7 701 000 00 01' }).expect(404);
    const bad = await visitor.call('post', `/api/landings/public/${draft.slug}/leads`, { phone: '12' }).expect(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['phone']);
  });

  it('templates by category and one by id', async () => {
    const all = (await employee.call('get', '/api/landings/templates/list').expect(200)).body.data;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const offices = (await employee.call('get', '/api/landings/templates/list?category=offices').expect(200)).body.data;
    expect(offices.map((t: { id: string }) => t.id)).toEqual(['offices-rent', 'offices-sale']);
    const one = (await employee.call('get', '/api/landings/templates/coworking-flex').expect(200)).body.data;
    expect(one.name).toEqual({ ru: 'Коворкинги', en: 'Coworking spaces', kk: 'Коворкингтер', zh: '联合办公空间' });
    await employee.call('get', '/api/landings/templates/nope').expect(404);
    await employee.call('get', '/api/landings/templates/list?category=castles').expect(400);
  });

  it('share to Telegram: one sendMessage per recipient with the message and the page address; the shares are marked sent', async () => {
    const landing = await generated({
      templateId: 'offices-rent',
      filter: { type: 'office' },
      language: 'ru',
      title: 'Офисы для рассылки',
      slug: freshSlug(),
    });
    const res = await manager
      .call('post', `/api/landings/${landing.id}/share/telegram`, {
        recipients: ['@aigerim_s', '100200300', '@aigerim_s'],
        message: 'Новая подборка офисов',
      })
      .expect(202);
    expect(res.body.data.queued.map((q: { chatId: string }) => q.chatId)).toEqual(['@aigerim_s', '100200300']);
    for (const chat of ['@aigerim_s', '100200300']) {
      const msg = await telegram.waitFor(chat);
      expect(msg.text).toBe(`Новая подборка офисов\n\nhttp://web.test:3000/l/${landing.slug}`);
    }
    const shares = await eventually('shares marked', async () => {
      const r = (await manager.call('get', `/api/landings/${landing.id}/shares`).expect(200)).body.data as Array<{ status: string }>;
      return r.every((s) => s.status !== 'queued') && r;
    });
    expect(shares.map((s) => s.status)).toEqual(['sent', 'sent']);
    const audit = await db(
      `SELECT action FROM audit_logs WHERE entity = 'landing' AND entity_id = $1 AND action = 'landing.share_telegram'`,
      [landing.id],
    );
    expect(audit).toHaveLength(1);

    const bad = await manager
      .call('post', `/api/landings/${landing.id}/share/telegram`, { recipients: ['not a chat'], message: '' })
      .expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['message', 'recipients']);
    await manager.call('patch', `/api/landings/${landing.id}`, { status: 'inactive' }).expect(200);
    const inactive = await manager
      .call('post', `/api/landings/${landing.id}/share/telegram`, { recipients: ['@aigerim_s'], message: 'x' })
      .expect(409);
    expect(inactive.body.error.code).toBe('LANDING_NOT_ACTIVE');
  });

  it('a Bot API 400 marks the share failed', async () => {
    const landing = await generated({
      templateId: 'offices-rent',
      filter: { type: 'office' },
      language: 'ru',
      title: 'Офисы, отказ',
      slug: freshSlug(),
    });
    telegram.failWith = { code: 400, description: 'Bad Request: chat not found' };
    try {
      await manager
        .call('post', `/api/landings/${landing.id}/share/telegram`, { recipients: ['@nobody_here'], message: 'Привет' })
        .expect(202);
      const [share] = await eventually('share marked failed', async () => {
        const r = (await manager.call('get', `/api/landings/${landing.id}/shares`).expect(200)).body.data as Array<{ status: string }>;
        return r[0]?.status !== 'queued' && r;
      });
      expect(share).toMatchObject({ status: 'failed', error: 'Bot API 400: Bad Request: chat not found' });
    } finally {
      telegram.failWith = null;
    }
  });
});
