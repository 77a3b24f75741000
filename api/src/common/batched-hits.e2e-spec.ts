import { redisUrl } from '@realty/jobs';
import { eventually } from '@realty/testkit';
import Redis from 'ioredis';
import { BatchedHits, RateLimiter, type FlushTimer } from './rate-limit';

/**
 * BatchedHits (issue 6): the global per-IP limit counted in batches, against the real Redis
 * under a prefix of its own.
 */
describe('BatchedHits', () => {
  const prefix = `realty_test_batch_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let redis: Redis;
  let limiter: RateLimiter;
  const saved = process.env.REDIS_PREFIX;

  beforeAll(async () => {
    process.env.REDIS_PREFIX = prefix;
    redis = new Redis(redisUrl(), { enableAutoPipelining: true, maxRetriesPerRequest: 1 });
    limiter = new RateLimiter(redis);
    await limiter.onApplicationBootstrap();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    process.env.REDIS_PREFIX = saved;
  });

  const shared = async (key: string) => Number((await redis.get(`${prefix}:rl:${key}`)) ?? 0);

  it('counts every hit in Redis for a small quota (exact)', async () => {
    const hits = new BatchedHits(limiter);
    const counts = [];
    for (let i = 0; i < 5; i++) counts.push((await hits.hit('small', 60_000, 4))?.count);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect(await shared('small')).toBe(5);
    expect(hits.size).toBe(0);
  });

  it('counts a large quota here after the first hit and adds the hits to Redis when it flushes', async () => {
    const hits = new BatchedHits(limiter, Date.now, 60_000);
    const first = await hits.hit('large', 60_000, 600);
    expect(first).toEqual({ count: 1, ttlMs: expect.any(Number) });
    expect(first!.ttlMs).toBeGreaterThan(59_000);
    const counts = [];
    for (let i = 0; i < 10; i++) counts.push((await hits.hit('large', 60_000, 600))?.count);
    expect(counts).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(await shared('large')).toBe(1);
    await hits.flush();
    expect(await shared('large')).toBe(11);
  });

  it('sees the other processes at its next flush, and decides the limit on the shared count from half the quota on', async () => {
    const a = new BatchedHits(limiter, Date.now, 60_000);
    const b = new BatchedHits(limiter, Date.now, 60_000);
    for (let i = 0; i < 30; i++) await a.hit('shared', 60_000, 100);
    await a.flush();
    expect(await shared('shared')).toBe(30);
    // b learns 30 on its first hit, counts here up to half of 100, then hit by hit
    let last = 0;
    for (let i = 0; i < 30; i++) last = (await b.hit('shared', 60_000, 100))!.count;
    expect(last).toBe(60);
    expect(await shared('shared')).toBe(60);
    // a has not talked to Redis since: its estimate lags until its next flush
    expect((await a.hit('shared', 60_000, 100))!.count).toBe(31);
    await a.flush();
    expect(await shared('shared')).toBe(61);
    // now both are past half the quota: every hit is counted in Redis and sees the other's
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) seen.push((await (i % 2 ? a : b).hit('shared', 60_000, 100))!.count);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => 62 + i));
    expect(await shared('shared')).toBe(101);
  });

  it('starts a new window when the old one ended', async () => {
    let now = Date.now();
    const hits = new BatchedHits(limiter, () => now, 60_000);
    await hits.hit('window', 200, 1000);
    await hits.hit('window', 200, 1000);
    await hits.flush();
    expect(await shared('window')).toBe(2);
    // The window ends for this process (its clock) and for Redis (the key's own expiry).
    now += 250;
    await eventually('the Redis window to end', async () => (await redis.exists(`${prefix}:rl:window`)) === 0);
    const next = await hits.hit('window', 200, 1000);
    expect(next?.count).toBe(1);
    expect(await shared('window')).toBe(1);
  });

  it('starts the count afresh when Redis has started a new window before this process noticed', async () => {
    const hits = new BatchedHits(limiter, Date.now, 60_000);
    for (let i = 0; i < 40; i++) await hits.hit('rollover', 5000, 100);
    await hits.flush();
    expect(await shared('rollover')).toBe(40);
    // the Redis key expires and a hit from elsewhere opens a window that ends later than the known one
    await redis.del(`${prefix}:rl:rollover`);
    await limiter.hit('rollover', 60_000);
    // this process still counts in its old window until it talks to Redis...
    expect((await hits.hit('rollover', 5000, 100))?.count).toBe(41);
    await hits.flush();
    expect(await shared('rollover')).toBe(2);
    // ...then counts from the new window's 2, not from the old window's 41
    expect((await hits.hit('rollover', 5000, 100))?.count).toBe(3);
  });

  it('forgets the keys of ended windows when it flushes', async () => {
    let now = Date.now();
    const hits = new BatchedHits(limiter, () => now, 60_000);
    await hits.hit('forget-1', 60_000, 1000);
    await hits.hit('forget-2', 60_000, 1000);
    expect(hits.size).toBe(2);
    now += 61_000;
    await hits.flush();
    expect(hits.size).toBe(0);
  });

  it('flushes on its timer, once per batch of hits', async () => {
    const due: Array<() => void> = [];
    const timer: FlushTimer = (flush, ms) => {
      expect(ms).toBe(60_000);
      due.push(flush);
    };
    const hits = new BatchedHits(limiter, Date.now, 60_000, timer);
    for (let i = 0; i < 5; i++) await hits.hit('timed', 60_000, 600);
    expect(due).toHaveLength(1);
    expect(await shared('timed')).toBe(1);
    due.shift()!();
    await eventually('the flushed hits in Redis', async () => (await shared('timed')) === 5);
    await hits.hit('timed', 60_000, 600);
    expect(due).toHaveLength(1);
  });

  it('fails open (null) when Redis cannot be reached', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    const hits = new BatchedHits(new RateLimiter(down));
    expect(await hits.hit('down', 60_000, 600)).toBeNull();
    expect(await hits.hit('down', 60_000, 600)).toBeNull();
    down.disconnect();
  });
});
