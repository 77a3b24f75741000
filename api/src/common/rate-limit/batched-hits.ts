import type { Hit, RateLimiter } from './rate-limiter';

/** A key's hits as this process knows them (BatchedHits). */
interface LocalCount {
  /** The shared count Redis last answered for the key. */
  known: number;
  /** Hits sent to Redis whose answer has not come back. */
  inflight: number;
  /** Hits counted here only, sent with the next flush. */
  pending: number;
  /** When the key's window ends (ms since the epoch, from Redis's PTTL). */
  windowEnd: number;
  /** The window's length, ms. */
  windowMs: number;
  /** Whether Redis has answered for the key (before that, every hit goes to Redis). */
  synced: boolean;
}

/**
 * Runs `flush` once after `ms` without holding the process open (BatchedHits' flush timer;
 * tests pass their own to flush when they choose).
 */
export type FlushTimer = (flush: () => void, ms: number) => void;

/** The real timer: setTimeout, unref'd (a pending flush never keeps the process alive). */
const unrefTimeout: FlushTimer = (flush, ms) => void setTimeout(flush, ms).unref();

/** Limits with a quota below this are always counted in Redis, hit by hit. */
const BATCH_MIN_QUOTA = 100;
/** How often the hits counted here are added to Redis, ms. */
const BATCH_FLUSH_MS = 100;
/** How much later than the known window end Redis's may end before it counts as a new window, ms (clock and round-trip jitter). */
const WINDOW_SLACK_MS = 1000;

/**
 * Counts the hits of a limit with a large quota (the global per-IP limit, 600 per minute)
 * mostly in this process, adding them to the shared Redis counter in batches, so an ordinary
 * request costs no Redis round trip (issue 6: one hit per request was a large share of the
 * API's CPU serving kept catalogue pages, even pipelined; decision 017).
 *
 * The first hit of a key in a window goes to Redis (it learns the shared count and when the
 * window ends); later hits are counted here and flushed every BATCH_FLUSH_MS in one pipelined
 * write, while the estimate (shared count + this process's unsent hits) stays within half the
 * quota. From half the quota on, and always for quotas under BATCH_MIN_QUOTA, every hit goes
 * to Redis with the unsent ones, so the limit itself is decided on the shared count: other
 * processes' hits are seen at the latest one flush later, and no IP gets past the quota by
 * more than what the processes counted in one flush interval before it crossed half of it.
 * Redis unreachable: the limit fails open (null), as RateLimiter.hit; unsent hits are dropped.
 */
export class BatchedHits {
  private readonly counts = new Map<string, LocalCount>();
  /** Whether a flush is scheduled. */
  private scheduled = false;

  constructor(
    private readonly limiter: RateLimiter,
    /** The clock, ms since the epoch (windows end on it). */
    private readonly now: () => number = Date.now,
    /** How long hits wait here before they are flushed, ms. */
    private readonly flushMs = BATCH_FLUSH_MS,
    private readonly timer: FlushTimer = unrefTimeout,
  ) {}

  /** Counts one hit on `key` (window `windowMs`, quota `max`); the count as known here, or null (Redis failed). */
  async hit(key: string, windowMs: number, max: number): Promise<Hit | null> {
    // A small quota is always counted in Redis: nothing is kept here for it.
    if (max < BATCH_MIN_QUOTA) return this.limiter.hit(key, windowMs);
    const now = this.now();
    let count = this.counts.get(key);
    // A window that ended took its unsent hits with it (the Redis key expired too).
    if (count && now >= count.windowEnd) {
      this.counts.delete(key);
      count = undefined;
    }
    if (count?.synced && count.known + count.inflight + count.pending + 1 <= max / 2) {
      count.pending += 1;
      this.scheduleFlush();
      return { count: count.known + count.inflight + count.pending, ttlMs: count.windowEnd - now };
    }
    const entry = count ?? { known: 0, inflight: 0, pending: 0, windowEnd: now + windowMs, windowMs, synced: false };
    this.counts.set(key, entry);
    entry.pending += 1;
    // The next flush also forgets the keys whose window ended, so the map holds the keys of one window.
    this.scheduleFlush();
    return this.send(key, entry);
  }

  /** Adds the unsent hits of every key to Redis (one pipelined write) and forgets ended windows. */
  async flush(): Promise<void> {
    this.scheduled = false;
    const now = this.now();
    const sends: Promise<Hit | null>[] = [];
    for (const [key, count] of this.counts) {
      if (count.pending > 0) sends.push(this.send(key, count));
      else if (count.inflight === 0 && now >= count.windowEnd) this.counts.delete(key);
    }
    await Promise.all(sends);
  }

  /** How many keys are tracked (tests). */
  get size(): number {
    return this.counts.size;
  }

  private async send(key: string, count: LocalCount): Promise<Hit | null> {
    const increment = count.pending;
    count.pending = 0;
    count.inflight += increment;
    const hit = await this.limiter.hit(key, count.windowMs, increment);
    count.inflight -= increment;
    if (!hit) return null;
    const windowEnd = this.now() + hit.ttlMs;
    // Redis's count includes these hits and every process's flushed ones; a window that ends
    // later than the one known (the key expired and started again) starts the count afresh.
    const newWindow = count.synced && windowEnd > count.windowEnd + WINDOW_SLACK_MS;
    count.known = newWindow ? Math.max(0, hit.count - count.inflight) : Math.max(count.known, hit.count - count.inflight);
    count.windowEnd = windowEnd;
    count.synced = true;
    return { count: hit.count + count.pending, ttlMs: hit.ttlMs };
  }

  private scheduleFlush(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.timer(() => void this.flush(), this.flushMs);
  }
}
