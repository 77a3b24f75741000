import type { INestApplicationContext } from '@nestjs/common';
import { LocalFileStorage, createDataSource } from '@realty/db';
import { JobName, JobProducer, QueueName, redisConnection, type JobPayloads } from '@realty/jobs';
import { createTestDatabase, eventually } from '@realty/testkit';
import { Queue, UnrecoverableError, type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { startWorker } from '../bootstrap';
import type { DataSource } from 'typeorm';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai';
import { AiGenerateService } from './ai-generate.service';
import { OfflineContentProvider } from './offline-provider';
import { OpenAiContentProvider } from './openai-provider';

/**
 * The `ai` queue's job (issue 23) against real PostgreSQL: it writes the draft output with its
 * provider, model, tokens and duration; a failure that may pass goes back to queued while
 * attempts remain, and fails for good on the last one; a refusal fails at once; the listing
 * itself is never changed by the job.
 */
let db: { url: string; drop: () => Promise<void> };
let ds: DataSource;
let fake: FakeOpenAi;
let propertyId: string;

const job = (requestId: string, attemptsMade = 0, attempts = 5) =>
  ({ data: { requestId }, attemptsMade, opts: { attempts } }) as unknown as Job<JobPayloads[JobName.AiGenerate]>;

async function request(kind: string, input: Record<string, unknown>): Promise<string> {
  const rows: Array<{ id: string }> = await ds.query(`INSERT INTO ai_requests (kind, input) VALUES ($1, $2) RETURNING id`, [
    kind,
    JSON.stringify(input),
  ]);
  return rows[0].id;
}

async function row(id: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row read back for assertions
  const rows: Array<Record<string, any>> = await ds.query(`SELECT * FROM ai_requests WHERE id = $1`, [id]);
  return rows[0];
}

beforeAll(async () => {
  db = await createTestDatabase('realty_ai_generate');
  ds = createDataSource(db.url);
  await ds.initialize();
  fake = await startFakeOpenAi();
  const [cat] = await ds.query(
    `INSERT INTO property_categories (slug, name) VALUES ('offices', '{"ru":"Офисы"}') ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`,
  );
  const [type] = await ds.query(
    `INSERT INTO property_types (slug, name) VALUES ('office', '{"ru":"Офис"}') ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`,
  );
  const [p] = await ds.query(
    `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, price, area, address, floor, total_floors, characteristics, features)
     VALUES ('ai-test', '{"ru":"Офис на Абая","en":"","kk":"","zh":""}', '{"ru":"Светлый офис","en":"","kk":"","zh":""}', $1, $2, 'rent',
             750000, 84.5, 'пр. Абая 10', 4, 12, '{"year_built": 2014, "rooms": 3}', '["parking","security"]') RETURNING id`,
    [cat.id, type.id],
  );
  propertyId = p.id;
}, 60_000);

afterAll(async () => {
  await fake?.close();
  if (ds?.isInitialized) await ds.destroy();
  await db?.drop();
});

describe('AiGenerate job (issue 23, spec 02 §7)', () => {
  it('offline: writes a description draft in the language asked for, and leaves the listing alone', async () => {
    const svc = new AiGenerateService(ds, new OfflineContentProvider());
    const id = await request('description', { propertyId, language: 'en' });
    expect(await svc.generate(job(id))).toEqual({ status: 'completed' });
    const r = await row(id);
    expect(r.status).toBe('completed');
    expect(r.provider).toBe('offline');
    expect(r.model).toBe('offline-templates-v1');
    expect(r.output.language).toBe('en');
    expect(r.output.text).toMatch(/Office of 84\.5 m² to rent at пр\. Абая 10, Almaty/);
    expect(r.output.text).toMatch(/built|dates from 2014/);
    expect(r.finished_at).not.toBeNull();
    expect(r.duration_ms).toBeGreaterThanOrEqual(0);
    const [p] = await ds.query(`SELECT description FROM properties WHERE id = $1`, [propertyId]);
    expect(p.description.en).toBe('');
    // A second run of the same request (a redelivered job) does nothing.
    expect(await svc.generate(job(id))).toEqual({ status: 'skipped' });
  });

  it('translates a listing into each target language with the fields asked for', async () => {
    const svc = new AiGenerateService(ds, new OfflineContentProvider());
    const id = await request('translate', {
      entity: 'property',
      id: propertyId,
      from: 'ru',
      to: ['en', 'kk', 'zh'],
      fields: ['title', 'description', 'price'],
    });
    await svc.generate(job(id));
    const r = await row(id);
    expect(r.status).toBe('completed');
    expect(r.output.fields).toEqual(['title', 'description']);
    expect(Object.keys(r.output.translations)).toEqual(['en', 'kk', 'zh']);
    expect(r.output.translations.kk.title).toBe('[Аударма жобасы] Офис на Абая');
  });

  it('openai: records the model and tokens of the fake server', async () => {
    fake.reply = () => '{"questions": ["Is there parking?", "Can I view it on Monday?", "Is the rent negotiable?"]}';
    const svc = new AiGenerateService(ds, new OpenAiContentProvider({ baseURL: fake.url, apiKey: 'k', model: 'ok' }));
    const id = await request('questions', { propertyId, language: 'en' });
    await svc.generate(job(id));
    const r = await row(id);
    expect(r).toMatchObject({ status: 'completed', provider: 'openai', model: 'ok', tokens: 33 });
    expect(r.output.questions).toHaveLength(3);
  });

  it('a rate limit goes back to queued (BullMQ retries) and fails on the last attempt', async () => {
    const svc = new AiGenerateService(ds, new OpenAiContentProvider({ baseURL: fake.url, apiKey: 'k', model: 'rate' }));
    const id = await request('router', { prompt: 'hello', task: 'test', language: 'ru' });
    await expect(svc.generate(job(id, 0, 3))).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 7 });
    let r = await row(id);
    expect(r).toMatchObject({ status: 'queued', error_kind: 'rate_limited', attempts: 1 });
    expect(r.error).toMatch(/retry after 7 s/);
    await expect(svc.generate(job(id, 2, 3))).rejects.toBeInstanceOf(UnrecoverableError);
    r = await row(id);
    expect(r).toMatchObject({ status: 'failed', error_kind: 'rate_limited', attempts: 2 });
    expect(r.finished_at).not.toBeNull();
  });

  it('a refusal or a missing listing fails at once', async () => {
    const svc = new AiGenerateService(ds, new OpenAiContentProvider({ baseURL: fake.url, apiKey: 'k', model: 'refuse' }));
    const id = await request('router', { prompt: 'hello', task: 'test', language: 'ru' });
    await expect(svc.generate(job(id))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await row(id)).toMatchObject({ status: 'failed', error_kind: 'refused' });
    const offline = new AiGenerateService(ds, new OfflineContentProvider());
    const gone = await request('description', { propertyId: '00000000-0000-4000-8000-000000000000', language: 'ru' });
    await expect(offline.generate(job(gone))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await row(gone)).toMatchObject({ status: 'failed', error_kind: 'bad_answer' });
  });

  it('session suggestions fill the session and mark it suggested', async () => {
    const [s] = await ds.query(`INSERT INTO ai_property_sessions (fields, status) VALUES ($1, 'editing') RETURNING id`, [
      JSON.stringify({ dealType: 'sale', price: 90_000_000, area: 300, address: 'ул. Сатпаева 30', features: ['parking'] }),
    ]);
    const svc = new AiGenerateService(ds, new OfflineContentProvider());
    const id = await request('session-suggestions', { sessionId: s.id, language: 'ru' });
    await svc.generate(job(id));
    const [after] = await ds.query(`SELECT status, suggestions FROM ai_property_sessions WHERE id = $1`, [s.id]);
    expect(after.status).toBe('suggested');
    expect(after.suggestions.description.ru).toMatch(/Продаётся офис площадью 300 м²/);
    expect(Object.keys(after.suggestions.description).sort()).toEqual(['en', 'kk', 'ru', 'zh']);
  });
});

describe('AiGenerate on a real queue', () => {
  const connection = redisConnection();
  const prefix = `realty_test_ai_${process.pid}_${randomUUID().slice(0, 8)}`;
  let app: INestApplicationContext | undefined;
  let producer: JobProducer;
  let queue: Queue;
  afterAll(async () => {
    await app?.close();
    await producer?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
  });

  it('a 429 with Retry-After delays the job by that many seconds, not the exponential backoff', async () => {
    producer = new JobProducer(connection, prefix);
    queue = new Queue(QueueName.Ai, { connection, prefix });
    app = await startWorker({
      databaseUrl: db.url,
      storage: new LocalFileStorage(),
      connection,
      prefix,
      logger: false,
      handlers: [AiGenerateService],
      jobs: [JobName.AiGenerate],
      schedules: [],
      contentProvider: new OpenAiContentProvider({ baseURL: fake.url, apiKey: 'k', model: 'rate' }),
    });
    const id = await request('router', { prompt: 'hello', task: 'test', language: 'ru' });
    const before = Date.now();
    await producer.add(JobName.AiGenerate, { requestId: id });
    const delayed = await eventually('the job delayed', async () => (await queue.getDelayed()).find((j) => j.data.requestId === id), {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    // Retry-After: 7 (the fake's) -> due about 7 s after the 429, whatever the backoff (2 s) says.
    const due = delayed.timestamp + delayed.delay;
    expect(due - before).toBeGreaterThanOrEqual(6_500);
    expect(due - before).toBeLessThan(20_000);
    expect(delayed.attemptsMade).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'queued', error_kind: 'rate_limited', attempts: 1 });
  });
});
