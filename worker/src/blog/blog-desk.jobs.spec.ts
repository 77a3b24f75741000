import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { autoMonthSlots } from '@realty/contracts';
import { createDataSource } from '@realty/db';
import { JOB_QUEUE, JOB_SCHEDULES, JobName, redisConnection } from '@realty/jobs';
import { createTestDatabase, eventually } from '@realty/testkit';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { OfflineContentProvider } from '../ai/offline-provider';
import { startWorker } from '../bootstrap';
import { AUTO_MONTH_TOPICS, BlogDeskJobs, publishScheduledPosts, runAutoMonth } from './blog-desk.jobs';

/**
 * The blog desk's worker jobs (issue 23) against real PostgreSQL with an injected clock and the
 * offline ContentProvider: auto-month writes the right drafts at the right times in the
 * requested languages (idempotent on retry); scheduled publishing publishes approved drafts at
 * their time, once, even with two runs at the same moment (FOR UPDATE SKIP LOCKED).
 */
let db: { url: string; drop: () => Promise<void> };
let ds: DataSource;
let ds2: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('realty_blog_desk_jobs');
  ds = createDataSource(db.url);
  ds2 = createDataSource(db.url);
  await ds.initialize();
  await ds2.initialize();
  for (const [i, slug] of ['news', 'market', 'tips'].entries())
    await ds.query(`INSERT INTO blog_categories (slug, name, sort_order) VALUES ($1, $2, $3)`, [slug, JSON.stringify({ ru: slug }), i]);
}, 60_000);

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
  if (ds2?.isInitialized) await ds2.destroy();
  await db?.drop();
});

beforeEach(async () => {
  await ds.query(`DELETE FROM blog_posts`);
  await ds.query(`DELETE FROM blog_batches`);
});

describe('autoMonthSlots (the cadence)', () => {
  it('gives Tuesdays and Thursdays at 10:00 Almaty for one month, leaving out slots already past', () => {
    const slots = autoMonthSlots('2026-12-01', new Date('2026-11-24T00:00:00Z'));
    expect(slots).toEqual(['01', '03', '08', '10', '15', '17', '22', '24', '29', '31'].map((d) => `2026-12-${d}T05:00:00.000Z`));
    // on the start day itself after 10:00 Almaty the first Tuesday is gone
    expect(autoMonthSlots('2026-12-01', new Date('2026-12-01T05:00:00Z'))[0]).toBe('2026-12-03T05:00:00.000Z');
    // February: 2027-02-01 (Mon) .. 2027-03-01 exclusive: 8 slots
    expect(autoMonthSlots('2027-02-01', new Date('2027-01-01T00:00:00Z'))).toHaveLength(8);
    expect(autoMonthSlots('nope', new Date())).toEqual([]);
  });
});

describe('runAutoMonth', () => {
  const batch = async (languages: string[], kind = 'blog', createdAt = '2026-11-24T06:00:00Z') =>
    (
      (await ds.query(
        `INSERT INTO blog_batches (kind, start_date, languages, total, created_at) VALUES ($1, '2026-12-01', $2, 10, $3) RETURNING id`,
        [kind, JSON.stringify(languages), createdAt],
      )) as Array<{ id: string }>
    )[0].id;

  it('writes one pending, AI-made draft per slot in the requested languages, topics and categories rotating', async () => {
    const id = await batch(['ru', 'kk'], 'news');
    const progress: Array<[number, number]> = [];
    const result = await runAutoMonth(ds, new OfflineContentProvider(), id, async (d, t) => {
      progress.push([d, t]);
    });
    expect(result).toEqual({ written: 10, skipped: 0 });
    expect(progress.at(-1)).toEqual([10, 10]);
    const rows = (await ds.query(
      `SELECT p.slug, p.kind, p.status, p.moderation_status, p.generated_by_ai, p.scheduled_at, p.title, p.content, c.slug AS category
         FROM blog_posts p LEFT JOIN blog_categories c ON c.id = p.category_id WHERE p.batch_id = $1 ORDER BY p.scheduled_at`,
      [id],
    )) as Array<{
      slug: string;
      kind: string;
      status: string;
      moderation_status: string;
      generated_by_ai: boolean;
      scheduled_at: Date;
      title: Record<string, string>;
      content: Record<string, string>;
      category: string;
    }>;
    expect(rows.map((r) => r.scheduled_at.toISOString())).toEqual(autoMonthSlots('2026-12-01', new Date('2026-11-24T06:00:00Z')));
    for (const r of rows) {
      expect(r).toMatchObject({ kind: 'news', status: 'draft', moderation_status: 'pending', generated_by_ai: true });
      expect(Object.keys(r.title).sort()).toEqual(['kk', 'ru']);
      expect(Object.keys(r.content).sort()).toEqual(['kk', 'ru']);
      expect(r.title.ru).toMatch(/[а-яё]/i);
      expect(r.content.kk).toMatch(/<p>/);
      expect(r.content.ru).not.toMatch(/<script|on\w+=/i);
    }
    expect(rows.map((r) => r.category).slice(0, 4)).toEqual(['news', 'market', 'tips', 'news']);
    expect(new Set(rows.map((r) => r.slug.slice(11, -9))).size).toBe(Math.min(10, AUTO_MONTH_TOPICS.length));
    const [b] = await ds.query(`SELECT status, finished_at FROM blog_batches WHERE id = $1`, [id]);
    expect(b.status).toBe('completed');
    expect(b.finished_at).not.toBeNull();
  });

  it('resumes a retried batch without writing a slot twice', async () => {
    const id = await batch(['en']);
    let calls = 0;
    const offline = new OfflineContentProvider();
    const flaky = Object.assign(Object.create(offline) as OfflineContentProvider, {
      writeBlogPost: async (...args: Parameters<OfflineContentProvider['writeBlogPost']>) => {
        calls += 1;
        if (calls === 4) throw new Error('provider down');
        return offline.writeBlogPost(...args);
      },
    });
    await expect(runAutoMonth(ds, flaky, id)).rejects.toThrow('provider down');
    const [failed] = await ds.query(`SELECT status, failure FROM blog_batches WHERE id = $1`, [id]);
    expect(failed).toEqual({ status: 'failed', failure: 'provider down' });
    expect(await runAutoMonth(ds, flaky, id)).toEqual({ written: 7, skipped: 3 });
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM blog_posts WHERE batch_id = $1`, [id]);
    expect(n).toBe(10);
    // a completed batch is not run again
    expect(await runAutoMonth(ds, flaky, id)).toEqual({ written: 0, skipped: 0 });
  });
});

describe('publishScheduledPosts', () => {
  let n = 0;
  const post = async (o: { scheduledAt: string | null; moderation?: string; status?: string }) => {
    n += 1;
    const rows = (await ds.query(
      `INSERT INTO blog_posts (slug, title, excerpt, content, status, moderation_status, scheduled_at)
       VALUES ($1, '{"ru":"Запланированный пост"}', '{}', '{"ru":"<p>Текст</p>"}', $2, $3, $4) RETURNING id`,
      [`scheduled-${n}`, o.status ?? 'draft', o.moderation ?? 'approved', o.scheduledAt],
    )) as Array<{ id: string }>;
    return rows[0].id;
  };
  const state = async (id: string) =>
    (
      (await ds.query(`SELECT status, published_at, scheduled_at FROM blog_posts WHERE id = $1`, [id])) as Array<{
        status: string;
        published_at: Date | null;
        scheduled_at: Date | null;
      }>
    )[0];

  it('is a maintenance job every minute', () => {
    expect(JOB_QUEUE[JobName.PublishScheduledPosts]).toBe('maintenance');
    expect(JOB_SCHEDULES.find((s) => s.name === JobName.PublishScheduledPosts)?.every).toBe(60_000);
    expect(JOB_QUEUE[JobName.BlogAutoMonth]).toBe('ai');
  });

  it('publishes an approved draft at its time (not before), dated with its scheduled time, once', async () => {
    const id = await post({ scheduledAt: '2026-12-01T05:00:00Z' });
    expect(await publishScheduledPosts(ds, new Date('2026-12-01T04:59:59Z'))).toEqual([]);
    expect((await state(id)).status).toBe('draft');
    expect(await publishScheduledPosts(ds, new Date('2026-12-01T05:00:30Z'))).toEqual([id]);
    const s = await state(id);
    expect(s.status).toBe('published');
    expect(s.published_at?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(s.scheduled_at).toBeNull();
    expect(await publishScheduledPosts(ds, new Date('2026-12-01T06:00:00Z'))).toEqual([]);
    const audit = await ds.query(`SELECT action, actor_role FROM audit_logs WHERE entity_id = $1`, [id]);
    expect(audit).toEqual([{ action: 'blog_post.publish_scheduled', actor_role: 'system' }]);
  });

  it('leaves pending or rejected posts, unscheduled drafts and archived posts alone', async () => {
    const pending = await post({ scheduledAt: '2026-12-01T05:00:00Z', moderation: 'pending' });
    const rejected = await post({ scheduledAt: '2026-12-01T05:00:00Z', moderation: 'rejected' });
    const unscheduled = await post({ scheduledAt: null });
    const archived = await post({ scheduledAt: '2026-12-01T05:00:00Z', status: 'archived' });
    expect(await publishScheduledPosts(ds, new Date('2026-12-02T00:00:00Z'))).toEqual([]);
    for (const id of [pending, rejected, unscheduled]) expect((await state(id)).status).toBe('draft');
    expect((await state(archived)).status).toBe('archived');
  });

  it('publishes each post exactly once when two workers run at the same moment', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await post({ scheduledAt: `2026-12-01T05:${String(i).padStart(2, '0')}:00Z` }));
    const now = new Date('2026-12-01T06:00:00Z');
    const [a, b] = await Promise.all([publishScheduledPosts(ds, now), publishScheduledPosts(ds2, now)]);
    expect([...a, ...b].sort()).toEqual([...ids].sort());
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    const perPost = (await ds.query(
      `SELECT count(*)::int AS n FROM audit_logs WHERE action = 'blog_post.publish_scheduled' AND entity_id = ANY($1) GROUP BY entity_id`,
      [ids],
    )) as Array<{ n: number }>;
    expect(perPost).toHaveLength(30);
    expect(perPost.every((r) => r.n === 1)).toBe(true);
  });
});

describe('the worker runs both jobs from their queues', () => {
  const connection = redisConnection();
  const prefix = `realty_test_blog_desk_${process.pid}_${randomUUID().slice(0, 8)}`;
  const ai = new Queue(JOB_QUEUE[JobName.BlogAutoMonth], { connection, prefix });
  const maintenance = new Queue(JOB_QUEUE[JobName.PublishScheduledPosts], { connection, prefix });
  let app: INestApplicationContext | undefined;

  afterAll(async () => {
    await app?.close();
    for (const q of [ai, maintenance]) {
      await q.obliterate({ force: true });
      await q.close();
    }
  });

  it('writes an auto-month batch on the ai queue (progress reported) and publishes with the service clock', async () => {
    app = await startWorker({
      databaseUrl: db.url,
      connection,
      prefix,
      handlers: [BlogDeskJobs],
      jobs: [JobName.BlogAutoMonth, JobName.PublishScheduledPosts],
      schedules: [],
      contentProvider: new OfflineContentProvider(),
      logger: false,
    });
    const [{ id }] = (await ds.query(
      `INSERT INTO blog_batches (kind, start_date, languages, total, created_at) VALUES ('blog', '2026-12-01', '["zh"]', 10, '2026-11-24T06:00:00Z') RETURNING id`,
    )) as Array<{ id: string }>;
    const job = await ai.add(JobName.BlogAutoMonth, { batchId: id });
    await eventually(
      'the batch completed',
      async () =>
        ((await ds.query(`SELECT status FROM blog_batches WHERE id = $1`, [id])) as Array<{ status: string }>)[0].status === 'completed',
      { timeoutMs: 20_000 },
    );
    expect((await ai.getJob(job.id!))?.progress).toEqual({ done: 10, total: 10 });
    const titles = (await ds.query(`SELECT title FROM blog_posts WHERE batch_id = $1`, [id])) as Array<{ title: Record<string, string> }>;
    expect(titles).toHaveLength(10);
    expect(titles.every((t) => Object.keys(t.title).join() === 'zh' && /[\u4e00-\u9fff]/.test(t.title.zh))).toBe(true);

    // approve one and let the maintenance job publish it at the service clock's time
    const [post] = (await ds.query(
      `WITH approved AS (
         UPDATE blog_posts SET moderation_status = 'approved'
          WHERE id = (SELECT id FROM blog_posts WHERE batch_id = $1 ORDER BY scheduled_at LIMIT 1) RETURNING id)
       SELECT id FROM approved`,
      [id],
    )) as Array<{ id: string }>;
    app.get(BlogDeskJobs).now = () => new Date('2026-12-01T05:00:01Z');
    await maintenance.add(JobName.PublishScheduledPosts, {});
    await eventually(
      'the approved draft published',
      async () =>
        ((await ds.query(`SELECT status FROM blog_posts WHERE id = $1`, [post.id])) as Array<{ status: string }>)[0].status === 'published',
      { timeoutMs: 20_000 },
    );
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM blog_posts WHERE batch_id = $1 AND status = 'published'`, [id]);
    expect(n).toBe(1);
  }, 40_000);
});
