import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { createDataSource, LocalFileStorage, PropertyImage } from '@realty/db';
import { seedDemoData } from '@realty/seed';
import { createTestDatabase } from '@realty/testkit';
import { jobId, JobName, JobProducer, JOB_QUEUE, redisConnection, type JobPayloads } from '@realty/jobs';
import { Queue, QueueEvents, type Job } from 'bullmq';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { pngBomb } from '../test/png-bomb';
import { createWorkerApp, startWorker } from './bootstrap';
import { JobHandler } from './jobs/job-handler.decorator';
import { MediaService } from './media/media.service';

/**
 * The worker against real PostgreSQL and Redis: its own database (createTestDatabase),
 * its own REDIS_PREFIX per test, a temporary DATA_DIR.
 */
const name = JobName.PropertyImageVariants;
const queueName = JOB_QUEUE[name];
const connection = redisConnection();
const newPrefix = () => `realty_test_worker_${process.pid}_${randomUUID().slice(0, 8)}`;

let tmp: string;
let storage: LocalFileStorage;
let db: { url: string; drop: () => Promise<void> };
let ds: DataSource;
let imageIds: string[];
const cleanups: Array<() => Promise<unknown>> = [];

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A producer, a queue handle and queue events on a prefix of their own; removed after the tests. */
async function queueKit(prefix: string) {
  const producer = new JobProducer(connection, prefix);
  const queue = new Queue(queueName, { connection, prefix });
  const events = new QueueEvents(queueName, { connection, prefix });
  await events.waitUntilReady();
  cleanups.push(async () => {
    await Promise.all([producer.close(), events.close()]);
    await queue.obliterate({ force: true });
    await queue.close();
  });
  return { producer, queue, events };
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-worker-'));
  storage = new LocalFileStorage(path.join(tmp, 'uploads'));
  db = await createTestDatabase('realty_worker');
  ds = createDataSource(db.url);
  await ds.initialize();
  // A few listings whose images share a small pool, as the demo data does.
  ({ imageIds } = await seedDemoData(ds, { storage, listings: 3, imagePoolSize: 5 }));
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  if (ds?.isInitialized) await ds.destroy();
  await db?.drop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('worker start-up', () => {
  it('has exactly one handler for every JobName among its own providers', async () => {
    // The production handler set (no `jobs`/`handlers` override): a new JobName without a
    // @JobHandler makes the real worker refuse to start, and this test says which.
    const app = await createWorkerApp({ databaseUrl: db.url, storage, connection, prefix: newPrefix(), logger: false });
    await app.close();
  });
});

describe('PropertyImageVariants end to end', () => {
  let app: INestApplicationContext | undefined;
  /** The queue the worker of this block listens on (its own prefix). */
  let kit: Awaited<ReturnType<typeof queueKit>>;
  afterAll(async () => app?.close());

  it('makes the four variants of every queued image and records them on the rows', async () => {
    const prefix = newPrefix();
    kit = await queueKit(prefix);
    const { producer, queue, events } = kit;
    const missingRow = randomUUID();
    expect(imageIds.length).toBeGreaterThanOrEqual(9);
    await producer.addBulk(name, imageIds.map((imageId) => ({ imageId })));
    await producer.add(name, { imageId: missingRow });

    // A media-only worker: this job's handler alone.
    app = await startWorker({ databaseUrl: db.url, storage, connection, prefix, logger: false, jobs: [name], handlers: [MediaService] });

    const finish = async (imageId: string) => {
      const job = (await queue.getJob(jobId(name, { imageId }))) as Job<JobPayloads[typeof name]>;
      return { job, result: await job.waitUntilFinished(events, 30_000) };
    };
    const done = [];
    for (const imageId of imageIds) done.push(await finish(imageId));
    for (const { job, result } of done) {
      expect(result).toMatchObject({ imageId: job.data.imageId, status: 'done', width: 1600, height: 1067 });
    }
    // Rows sharing a file share its variants: only the first job of a file writes them.
    const distinctFiles = new Set((await ds.getRepository(PropertyImage).find()).map((i) => i.storageKey)).size;
    expect(done.reduce((n, d) => n + (d.result as { written: number }).written, 0)).toBe(4 * distinctFiles);
    const last = await queue.getJob(jobId(name, { imageId: imageIds[0] }));
    expect(last?.progress).toBe(100);

    const rows = await ds.getRepository(PropertyImage).find();
    expect(rows).toHaveLength(imageIds.length);
    for (const row of rows) {
      expect([row.width, row.height]).toEqual([1600, 1067]);
      expect(row.variants).toEqual({
        thumb: row.storageKey.replace(/\.jpg$/, '.thumb.jpg'),
        gallery: row.storageKey.replace(/\.jpg$/, '.gallery.jpg'),
        thumbWebp: row.storageKey.replace(/\.jpg$/, '.thumb.webp'),
        galleryWebp: row.storageKey.replace(/\.jpg$/, '.gallery.webp'),
      });
    }
    const variants = rows[0].variants!;
    const meta = async (key: string) => {
      const m = await sharp(await storage.get(key)).metadata();
      return [m.format, m.width, m.height];
    };
    expect(await meta(variants.thumb)).toEqual(['jpeg', 480, 320]);
    expect(await meta(variants.gallery)).toEqual(['jpeg', 1280, 854]);
    expect(await meta(variants.thumbWebp)).toEqual(['webp', 480, 320]);
    expect(await meta(variants.galleryWebp)).toEqual(['webp', 1280, 854]);

    // A row that no longer exists: nothing to do, the job completes.
    const gone = await queue.getJob(jobId(name, { imageId: missingRow }));
    await expect(gone!.waitUntilFinished(events, 30_000)).resolves.toEqual({ imageId: missingRow, status: 'missing-row' });
  }, 60_000);

  it('fails (to be retried) when the original file is missing, leaving the row untouched', async () => {
    expect(app).toBeDefined();
    const images = ds.getRepository(PropertyImage);
    const some = await images.findOneByOrFail({ id: imageIds[0] });
    const lost = await images.save(images.create({ propertyId: some.propertyId, storageKey: 'properties/demo/lost.jpg', sortOrder: 9 }));

    await kit.producer.add(name, { imageId: lost.id });
    const job = await until('the first failed attempt', async () => {
      const j = await kit.queue.getJob(jobId(name, { imageId: lost.id }));
      return j && j.attemptsMade >= 1 ? j : null;
    });
    expect(job.failedReason).toMatch(/ENOENT/);
    expect(['delayed', 'waiting', 'active']).toContain(await job.getState()); // retried with backoff
    expect((await images.findOneByOrFail({ id: lost.id })).variants).toBeNull();
  }, 40_000);

  it('fails at once, without retries, for an image over 40 MP (a decompression bomb is never decoded)', async () => {
    expect(app).toBeDefined();
    const images = ds.getRepository(PropertyImage);
    const some = await images.findOneByOrFail({ id: imageIds[0] });
    await storage.put('properties/uploads/bomb.png', pngBomb(10_000, 10_000));
    const bomb = await images.save(images.create({ propertyId: some.propertyId, storageKey: 'properties/uploads/bomb.png', sortOrder: 10 }));

    await kit.producer.add(name, { imageId: bomb.id });
    const job = await until('the failed job', async () => {
      const j = await kit.queue.getJob(jobId(name, { imageId: bomb.id }));
      return j && (await j.getState()) === 'failed' ? j : null;
    });
    expect(job.failedReason).toBe(`image ${bomb.id}: image of 10000x10000 pixels (100.0 MP) is over the 40 MP limit; not decoded`);
    expect(job.attemptsMade).toBe(1);
    expect((await images.findOneByOrFail({ id: bomb.id })).variants).toBeNull();
  }, 40_000);
});

describe('graceful shutdown', () => {
  /** Stands in for the media handler: slow enough to still be running when close() is called. */
  @Injectable()
  class SlowImageHandler {
    static started: () => void;
    static readonly startedP = new Promise<void>((resolve) => (SlowImageHandler.started = resolve));
    static finished = false;

    @JobHandler(JobName.PropertyImageVariants)
    async handle(job: Job<JobPayloads[typeof name]>): Promise<string> {
      SlowImageHandler.started();
      await new Promise((r) => setTimeout(r, 1500));
      SlowImageHandler.finished = true;
      return `slow ${job.data.imageId}`;
    }
  }

  it('lets the active job finish before close() resolves', async () => {
    const prefix = newPrefix();
    const { producer, queue } = await queueKit(prefix);
    const imageId = randomUUID();
    await producer.add(name, { imageId });
    const app = await startWorker({ databaseUrl: db.url, storage, connection, prefix, logger: false, jobs: [name], handlers: [SlowImageHandler] });
    await SlowImageHandler.startedP;
    expect(SlowImageHandler.finished).toBe(false);

    await app.close();

    expect(SlowImageHandler.finished).toBe(true);
    const job = await queue.getJob(jobId(name, { imageId }));
    expect(await job!.getState()).toBe('completed');
    expect(job!.returnvalue).toBe(`slow ${imageId}`);
  }, 30_000);
});
