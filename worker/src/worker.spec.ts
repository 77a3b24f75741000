import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { createDataSource, LocalFileStorage, PropertyImage } from '@realty/db';
import { seedDemoData } from '@realty/seed';
import { createTestDatabase } from '@realty/testkit';
import { jobId, JobName, JobProducer, JOB_QUEUE, redisConnection, type JobPayloads } from '@realty/jobs';
import { eventually } from '@realty/testkit';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import sharp from 'sharp';
import { In, type DataSource } from 'typeorm';
import { pngBomb } from '../test/png-bomb';
import { createWorkerApp, startWorker } from './bootstrap';
import { JobHandler } from './jobs/job-handler.decorator';
import { JobRunner } from './jobs/job-runner.service';
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
  return { prefix, producer, queue, events };
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
    try {
      const served = [...app.get(JobRunner).queues()].flatMap(([queue, names]) => names.map((n) => [n, queue]));
      expect(served.sort()).toEqual(
        Object.values(JobName)
          .map((n) => [n, JOB_QUEUE[n]])
          .sort(),
      );
    } finally {
      await app.close();
    }
  });
});

describe('PropertyImageVariants end to end', () => {
  let app: INestApplicationContext | undefined;
  /** Each test's own queue (its own prefix), for the media-only worker it starts. */
  let kit: Awaited<ReturnType<typeof queueKit>>;
  /** A media-only worker on this test's queue: this job's handler alone. */
  const startMediaWorker = async () => {
    app = await startWorker({
      databaseUrl: db.url,
      storage,
      connection,
      prefix: kit.prefix,
      logger: false,
      jobs: [name],
      handlers: [MediaService],
    });
  };
  beforeEach(async () => {
    kit = await queueKit(newPrefix());
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('makes the four variants of every queued image and records them on the rows', async () => {
    const { producer, queue, events } = kit;
    const missingRow = randomUUID();
    expect(imageIds.length).toBeGreaterThanOrEqual(9);
    await producer.addBulk(
      name,
      imageIds.map((imageId) => ({ imageId })),
    );
    await producer.add(name, { imageId: missingRow });

    await startMediaWorker();

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
    // (The seeded rows only: the other tests add rows of their own.)
    const rows = await ds.getRepository(PropertyImage).findBy({ id: In(imageIds) });
    const distinctFiles = new Set(rows.map((i) => i.storageKey)).size;
    expect(done.reduce((n, d) => n + (d.result as { written: number }).written, 0)).toBe(4 * distinctFiles);
    const last = await queue.getJob(jobId(name, { imageId: imageIds[0] }));
    expect(last?.progress).toBe(100);

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
    await startMediaWorker();
    const images = ds.getRepository(PropertyImage);
    const some = await images.findOneByOrFail({ id: imageIds[0] });
    const lost = await images.save(images.create({ propertyId: some.propertyId, storageKey: 'properties/demo/lost.jpg', sortOrder: 9 }));

    await kit.producer.add(name, { imageId: lost.id });
    const job = await eventually(
      'the first failed attempt',
      async () => {
        const j = await kit.queue.getJob(jobId(name, { imageId: lost.id }));
        return j && j.attemptsMade >= 1 ? j : null;
      },
      { timeoutMs: 30_000 },
    );
    expect(job.failedReason).toMatch(/ENOENT/);
    expect(['delayed', 'waiting', 'active']).toContain(await job.getState()); // retried with backoff
    expect((await images.findOneByOrFail({ id: lost.id })).variants).toBeNull();
  }, 40_000);

  it('fails at once, without retries, for an image over 40 MP (a decompression bomb is never decoded)', async () => {
    await startMediaWorker();
    const images = ds.getRepository(PropertyImage);
    const some = await images.findOneByOrFail({ id: imageIds[0] });
    await storage.put('properties/uploads/bomb.png', pngBomb(10_000, 10_000));
    const bomb = await images.save(
      images.create({ propertyId: some.propertyId, storageKey: 'properties/uploads/bomb.png', sortOrder: 10 }),
    );

    await kit.producer.add(name, { imageId: bomb.id });
    // the state first, then the job: a job read before it failed would not carry its reason yet
    const id = jobId(name, { imageId: bomb.id });
    const job = await eventually('the failed job', async () => (await kit.queue.getJobState(id)) === 'failed' && kit.queue.getJob(id), {
      timeoutMs: 30_000,
    });
    expect(job.failedReason).toBe(`image ${bomb.id}: image of 10000x10000 pixels (100.0 MP) is over the 40 MP limit; not decoded`);
    expect(job.attemptsMade).toBe(1);
    expect((await images.findOneByOrFail({ id: bomb.id })).variants).toBeNull();
  }, 40_000);
});

describe('graceful shutdown', () => {
  /** Stands in for the media handler: holds its job until the test lets it go (after close() has begun). */
  @Injectable()
  class HeldImageHandler {
    static started: () => void;
    static readonly startedP = new Promise<void>((resolve) => (HeldImageHandler.started = resolve));
    static release: () => void;
    static readonly releaseP = new Promise<void>((resolve) => (HeldImageHandler.release = resolve));
    static finished = false;

    @JobHandler(JobName.PropertyImageVariants)
    async handle(job: Job<JobPayloads[typeof name]>): Promise<string> {
      HeldImageHandler.started();
      await HeldImageHandler.releaseP;
      HeldImageHandler.finished = true;
      return `slow ${job.data.imageId}`;
    }
  }
  afterEach(() => jest.restoreAllMocks());

  it('lets the active job finish before close() resolves', async () => {
    const { prefix, producer, queue } = await queueKit(newPrefix());
    const imageId = randomUUID();
    await producer.add(name, { imageId });
    const app = await startWorker({
      databaseUrl: db.url,
      storage,
      connection,
      prefix,
      logger: false,
      jobs: [name],
      handlers: [HeldImageHandler],
    });
    await HeldImageHandler.startedP;
    expect(HeldImageHandler.finished).toBe(false);

    // close() reaches the BullMQ worker while the job is held: it must wait for it, not return
    const workerClose = jest.spyOn(Worker.prototype, 'close');
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await eventually('close() to reach the BullMQ worker', () => workerClose.mock.calls.length > 0);
    expect(closed).toBe(false);
    HeldImageHandler.release();
    await closing;

    expect(HeldImageHandler.finished).toBe(true);
    const job = await queue.getJob(jobId(name, { imageId }));
    expect(await job!.getState()).toBe('completed');
    expect(job!.returnvalue).toBe(`slow ${imageId}`);
  }, 30_000);
});
