import request from 'supertest';
import sharp from 'sharp';
import type { BlogBatchDto, BlogDeskPostDto } from '@realty/contracts';
import { Clock } from '../common/clock';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/**
 * The blog desk (issue 23; spec 02 §2 Blog, §7 Blog) against a real PostgreSQL and API:
 * create / update with the public sanitiser applied before storing, moderation (admins only,
 * a note to reject), status (publish needs approval), schedule (in the future, drafts only),
 * auto-month (answers at once with a batch; the outbox job is written), hard delete, roles,
 * CSRF, audit rows in the same transaction, 400 per-field maps in the request's language, and
 * the public reads showing only published AND approved posts.
 */
describe('blog desk API', () => {
  let api: AccountsApi;
  let admin: Caller;
  let manager: Caller;
  let employee: Caller;
  let anon: Caller;
  let categoryId: number;
  const NOW = Date.UTC(2026, 10, 24, 6); // Tuesday 2026-11-24 11:00 Almaty
  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);

  beforeAll(async () => {
    api = await startAccountsApi();
    api.app.get(Clock).now = () => NOW;
    categoryId = (
      await db<{ id: number }>(
        `INSERT INTO blog_categories (slug, name, sort_order) VALUES ('market', '{"ru":"Рынок","en":"Market"}', 1) RETURNING id`,
      )
    )[0].id;
    admin = (await signInAs(api, 'admin')).caller;
    manager = (await signInAs(api, 'manager')).caller;
    employee = (await signInAs(api, 'employee')).caller;
    anon = await Caller.create(api.server);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  let n = 0;
  const body = (over: Record<string, unknown> = {}) => {
    n += 1;
    return {
      title: { ru: `Обзор рынка офисов ${n}`, en: `Office market review ${n}` },
      excerpt: { ru: 'Коротко о главном' },
      content: { ru: '<p>Текст <strong>жирный</strong> и <a href="https://example.kz">ссылка</a></p>', en: '<p>Text</p>' },
      categoryId,
      ...over,
    };
  };
  const create = async (who: Caller, over: Record<string, unknown> = {}): Promise<BlogDeskPostDto> => {
    const res = await who.call('post', '/api/blog/posts', body(over));
    expect(res.status).toBe(201);
    return res.body.data as BlogDeskPostDto;
  };
  const audit = (action: string, id: string) =>
    db<{ before: Record<string, unknown> | null; after: Record<string, unknown> | null; actor_role: string }>(
      `SELECT before, after, actor_role FROM audit_logs WHERE action = $1 AND entity_id = $2`,
      [action, id],
    );

  it('refuses anonymous callers, employees and a write without a CSRF token', async () => {
    await anon.call('get', '/api/blog/admin/posts').expect(401);
    await employee.call('get', '/api/blog/admin/posts').expect(403);
    await employee.call('post', '/api/blog/posts', body()).expect(403);
    const noCsrf = await request(api.server)
      .post('/api/blog/posts')
      .set('Authorization', `Bearer ${admin.accessToken}`)
      .set('X-Forwarded-For', admin.ip)
      .send(body())
      .expect(403);
    expect(noCsrf.body.error.code).toMatch(/^CSRF_TOKEN_/);
  });

  it('creates a draft with its body sanitised before storing, a slug from the title, and an audit row', async () => {
    const p = await create(manager, {
      content: {
        ru: '<p onclick="x()">Привет <b>мир</b><script>alert(1)</script><a href="javascript:alert(1)">плохая</a></p><img src=x onerror=alert(1)>',
        kk: '<script>alert(1)</script>',
      },
    });
    expect(p).toMatchObject({ status: 'draft', moderationStatus: 'pending', kind: 'blog', isPublic: false, generatedByAi: false });
    expect(p.slug).toMatch(/^obzor-rynka-ofisov-\d+$/);
    expect(p.category?.id).toBe(categoryId);
    expect(p.content.ru).toBe('<p>Привет <b>мир</b><a>плохая</a></p><img src="x" alt="" />');
    expect(p.content.kk).toBeUndefined(); // nothing left once sanitised: the language is dropped
    const [stored] = await db<{ content: Record<string, string> }>(`SELECT content FROM blog_posts WHERE id = $1`, [p.id]);
    expect(JSON.stringify(stored.content)).not.toMatch(/script|onclick|onerror|javascript/);
    const rows = await audit('blog_post.create', p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].actor_role).toBe('manager');
    expect(rows[0].after).toMatchObject({ slug: p.slug, moderationStatus: 'pending' });
  });

  it('answers 400 with a per-field map in the request language', async () => {
    const bad = await admin
      .call('post', '/api/blog/posts?lang=en', { title: { ru: 'ab' }, content: { ru: '' }, slug: 'Not A Slug!', categoryId: 'x' })
      .expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['categoryId', 'content', 'slug', 'title']);
    expect(bad.body.error.fields.title).toBe('Title: 3 to 200 characters (Russian required)');
    const empty = await admin.call('post', '/api/blog/posts', body({ content: { ru: '<script>alert(1)</script><p> </p>' } })).expect(400);
    expect(empty.body.error.fields).toEqual({ content: 'После очистки от недопустимой разметки текст пуст' });
    const first = await create(admin, { slug: 'unique-slug-one' });
    const taken = await admin.call('post', '/api/blog/posts?lang=en', body({ slug: 'unique-slug-one' })).expect(400);
    expect(taken.body.error.fields).toEqual({ slug: 'Another post already uses this slug' });
    // the same post may keep its slug
    await admin.call('put', `/api/blog/posts/${first.id}`, body({ slug: 'unique-slug-one' })).expect(200);
    const unknownCat = await admin.call('post', '/api/blog/posts', body({ categoryId: 999999 })).expect(400);
    expect(Object.keys(unknownCat.body.error.fields)).toEqual(['categoryId']);
  });

  it('moderation: only admins approve or reject (a note to reject); publishing needs approval; public reads show published and approved only', async () => {
    const p = await create(manager);
    const early = await manager.call('patch', `/api/blog/posts/${p.id}/status?lang=en`, { status: 'published' }).expect(400);
    expect(early.body.error.fields).toEqual({ status: 'Only an approved post can be published' });
    await manager.call('patch', `/api/blog/posts/${p.id}/moderation`, { status: 'approved' }).expect(403);
    const noNote = await admin.call('patch', `/api/blog/posts/${p.id}/moderation`, { status: 'rejected' }).expect(400);
    expect(Object.keys(noNote.body.error.fields)).toEqual(['note']);
    const rejected = await admin
      .call('patch', `/api/blog/posts/${p.id}/moderation`, { status: 'rejected', note: 'Нет источников' })
      .expect(200);
    expect(rejected.body.data).toMatchObject({ moderationStatus: 'rejected', moderationNote: 'Нет источников' });
    await admin.call('patch', `/api/blog/posts/${p.id}/moderation`, { status: 'approved' }).expect(200);
    const published = await manager.call('patch', `/api/blog/posts/${p.id}/status`, { status: 'published' }).expect(200);
    expect(published.body.data).toMatchObject({ status: 'published', isPublic: true, publishedAt: new Date(NOW).toISOString() });
    expect(await audit('blog_post.moderate', p.id)).toHaveLength(2);
    expect((await audit('blog_post.status', p.id))[0].after).toEqual({ status: 'published' });

    const pub = await request(api.server).get(`/api/blog/${p.slug}`).expect(200);
    expect(pub.body.data.content.ru).toContain('<strong>жирный</strong>');
    expect(pub.body.data.content.ru).toContain('<a href="https://example.kz">ссылка</a>');

    // a manager's change sends it back to moderation: it leaves the public site until approved again
    const edited = await manager.call('put', `/api/blog/posts/${p.id}`, body({ slug: p.slug })).expect(200);
    expect(edited.body.data).toMatchObject({ moderationStatus: 'pending', status: 'published', isPublic: false });
    await request(api.server).get(`/api/blog/${p.slug}`).expect(404);
    const list = await request(api.server).get('/api/blog/posts?limit=100').expect(200);
    expect((list.body.data as Array<{ id: string }>).map((x) => x.id)).not.toContain(p.id);
    await admin.call('patch', `/api/blog/posts/${p.id}/moderation`, { status: 'approved' }).expect(200);
    await request(api.server).get(`/api/blog/${p.slug}`).expect(200);
    await admin.call('patch', `/api/blog/posts/${p.id}/status`, { status: 'archived' }).expect(200);
    await request(api.server).get(`/api/blog/${p.slug}`).expect(404);
  });

  it('schedules a draft in the future only', async () => {
    const p = await create(admin);
    const past = await admin
      .call('post', '/api/blog/schedule?lang=en', { postId: p.id, publishAt: new Date(NOW - 60_000).toISOString() })
      .expect(400);
    expect(past.body.error.fields).toEqual({ publishAt: 'The publication time must be in the future' });
    const bad = await admin.call('post', '/api/blog/schedule', { postId: 'nope', publishAt: 'soon' }).expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['postId', 'publishAt']);
    const ok = await admin.call('post', '/api/blog/schedule', { postId: p.id, publishAt: '2026-11-26T10:00' }).expect(200);
    expect(ok.body.data.scheduledAt).toBe('2026-11-26T05:00:00.000Z'); // Almaty time without a zone
    expect((await audit('blog_post.schedule', p.id))[0].after).toEqual({ scheduledAt: '2026-11-26T05:00:00.000Z' });
    await admin
      .call('post', '/api/blog/schedule', { postId: '00000000-0000-4000-8000-000000000000', publishAt: '2026-12-01T10:00' })
      .expect(404);
    await admin.call('patch', `/api/blog/posts/${p.id}/status`, { status: 'published' }).expect(200);
    const notDraft = await admin.call('post', '/api/blog/schedule', { postId: p.id, publishAt: '2026-12-01T10:00' }).expect(400);
    expect(Object.keys(notDraft.body.error.fields)).toEqual(['postId']);
  });

  it('lists with filters, search, sort and paging; reads one', async () => {
    const news = await create(admin, { kind: 'news', title: { ru: 'Новость для фильтра зебра' } });
    const onlyNews = await admin.call('get', '/api/blog/admin/posts?kind=news&limit=100').expect(200);
    expect((onlyNews.body.data as BlogDeskPostDto[]).every((x) => x.kind === 'news')).toBe(true);
    expect((onlyNews.body.data as BlogDeskPostDto[]).map((x) => x.id)).toContain(news.id);
    const found = await manager.call('get', '/api/blog/admin/posts?q=ЗЕБРА').expect(200);
    expect((found.body.data as BlogDeskPostDto[]).map((x) => x.id)).toEqual([news.id]);
    const pending = await admin.call('get', '/api/blog/admin/posts?moderation=pending&limit=100').expect(200);
    expect((pending.body.data as BlogDeskPostDto[]).every((x) => x.moderationStatus === 'pending')).toBe(true);
    const paged = await admin.call('get', '/api/blog/admin/posts?limit=2&page=2&sort=title&dir=asc').expect(200);
    expect(paged.body.meta).toMatchObject({ page: 2, limit: 2 });
    expect(paged.body.data).toHaveLength(2);
    const bad = await admin.call('get', '/api/blog/admin/posts?status=nope&limit=0').expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['limit', 'status']);
    const one = await manager.call('get', `/api/blog/admin/posts/${news.id}`).expect(200);
    expect(one.body.data).toMatchObject({ id: news.id, kind: 'news', moderationStatus: 'approved' });
    await manager.call('get', '/api/blog/admin/posts/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('previews HTML through the public sanitiser', async () => {
    const res = await manager
      .call('post', '/api/blog/preview', { html: '<h2>Заголовок</h2><script>alert(1)</script><p style="x">Т</p>' })
      .expect(200);
    expect(res.body.data.html).toBe('<h2>Заголовок</h2><p>Т</p>');
  });

  it('auto-month answers at once with a queued batch, its outbox job and an audit row; refuses a past start', async () => {
    const past = await manager.call('post', '/api/blog/schedule/auto-month?lang=en', { startDate: '2026-11-23' }).expect(400);
    expect(past.body.error.fields).toEqual({ startDate: 'Start date: today or later (YYYY-MM-DD)' });
    const bad = await manager.call('post', '/api/blog/schedule/auto-month', { startDate: 'x', languages: ['de'] }).expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['languages', 'startDate']);
    const res = await manager
      .call('post', '/api/blog/schedule/auto-month', { startDate: '2026-12-01', languages: ['ru', 'kk'] })
      .expect(202);
    const b = res.body.data as BlogBatchDto;
    // Tue/Thu from 2026-12-01 to 2027-01-01 (exclusive): 1,3,8,10,15,17,22,24,29,31
    expect(b).toMatchObject({ status: 'queued', total: 10, done: 0, languages: ['ru', 'kk'], kind: 'blog', startDate: '2026-12-01' });
    const jobs = await db<{ payload: { batchId: string } }>(`SELECT payload FROM outbox WHERE topic = 'blog-auto-month'`);
    expect(jobs.map((j) => j.payload.batchId)).toContain(b.id);
    expect(await audit('blog_batch.create', b.id)).toHaveLength(1);
    const read = await manager.call('get', `/api/blog/schedule/batches/${b.id}`).expect(200);
    expect(read.body.data).toMatchObject({ id: b.id, total: 10 });
  });

  it('uploads a cover image checked by its bytes (no CSRF token, a bearer token) and a post takes its key', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const upload = (data: Buffer, name: string, token = manager.accessToken) => {
      let t = request(api.server).post('/api/blog/cover').set('X-Forwarded-For', manager.ip);
      if (token) t = t.set('Authorization', `Bearer ${token}`);
      return t.attach('file', data, { filename: name, contentType: 'image/png' });
    };
    const res = await upload(png, 'cover.png').expect(201);
    const { key, url } = res.body.data as { key: string; url: string };
    expect(key).toMatch(/^blog\/covers\/[0-9a-f-]{36}\.png$/);
    expect(url).toContain(key);
    await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png').expect(415);
    await upload(png, 'cover.png', employee.accessToken).expect(403);
    await upload(png, 'cover.png', '').expect(401);
    const p = await create(manager, { coverImageKey: key });
    expect(p.coverImageKey).toBe(key);
    expect(p.coverImageUrl).toContain(key);
    const bad = await manager.call('post', '/api/blog/posts', body({ coverImageKey: '../etc/passwd' })).expect(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['coverImageKey']);
  });

  it('deletes (hard) with an audit row keeping what it was; 404 after', async () => {
    const p = await create(manager);
    await manager.call('delete', `/api/blog/posts/${p.id}`).expect(204);
    await manager.call('get', `/api/blog/admin/posts/${p.id}`).expect(404);
    await manager.call('delete', `/api/blog/posts/${p.id}`).expect(404);
    const rows = await audit('blog_post.delete', p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].before).toMatchObject({ slug: p.slug, status: 'draft' });
  });
});
