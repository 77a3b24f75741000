import { LRUCache } from 'lru-cache';

/** Options of a TtlCache. */
export interface TtlCacheOptions<V = unknown> {
  /**
   * After the TTL, an answer may still be served for this long while one refresh runs in the
   * background (stale-while-revalidate); later than that, callers wait for a fresh one. 0: off.
   */
  staleMs?: number;
  /**
   * Each entry's TTL is drawn from [ttl × (1 − jitter), ttl] (0..1; default 0) so entries
   * filled together (a burst of first visits) do not all expire, and recompute, together.
   */
  jitter?: number;
  /**
   * Bound of the kept values' total size (in the unit of `sizeOf`, e.g. bytes), on top of
   * `maxEntries`: least recently used values go first. Needs `sizeOf`.
   */
  maxSize?: number;
  /** The size of a value for `maxSize` (at least 1). */
  sizeOf?: (value: V) => number;
  /**
   * Whether a kept value still holds, beyond its TTL (e.g. it was computed under the catalogue
   * version that is still current). One that does not is treated as expired: answered while
   * one refresh runs (within the stale window), never by `peek()`.
   */
  isCurrent?: (value: V) => boolean;
  /**
   * At most this many refreshes of values still being answered (stale, or no longer current)
   * run at once; the others wait their turn while their stale values go on being answered.
   * Computations that callers wait for (no value to answer) are never held. Default: no bound.
   */
  refreshConcurrency?: number;
  /** The clock (ms), for tests. */
  now?: () => number;
  /** A number in [0, 1), for tests. */
  random?: () => number;
}

/** Computes a value to keep; `previous`: the value being refreshed, if any (see TtlCache.get). */
export type Compute<V> = (previous?: V) => Promise<V>;

/**
 * A small in-process cache of computed values with a time to live, built on lru-cache (LRU
 * eviction beyond `maxEntries`, or beyond `maxSize` when given). Issue 6, performance budget. Concurrent callers of a key
 * share one pending computation; a failed computation is forgotten at once (the next caller
 * retries; a stale value is dropped too). With `staleMs`, an expired entry is answered at
 * once while a single refresh runs, so keys that expire together never make their callers
 * queue behind a burst of recomputations. A TTL of 0 disables it (every call computes).
 */
export class TtlCache<V extends NonNullable<unknown>> {
  private readonly lru: LRUCache<string, V, Compute<V>> | null;
  private readonly staleMs: number;
  private readonly ttlMs: number;
  private readonly jitter: number;
  private readonly random: () => number;
  private readonly isCurrent: ((value: V) => boolean) | undefined;
  private readonly refreshes: RefreshQueue | null;
  /** Keys whose value is being refreshed while it is answered stale. */
  private readonly refreshing = new Set<string>();

  constructor(ttlMs: number, maxEntries = 500, options: TtlCacheOptions<V> = {}) {
    const { maxSize, sizeOf } = options;
    if (maxSize !== undefined && !sizeOf) throw new Error('TtlCache: maxSize needs sizeOf');
    this.ttlMs = ttlMs;
    this.staleMs = options.staleMs ?? 0;
    this.jitter = Math.min(Math.max(options.jitter ?? 0, 0), 1);
    this.random = options.random ?? Math.random;
    this.isCurrent = options.isCurrent;
    const limit = options.refreshConcurrency;
    this.refreshes = limit !== undefined && Number.isFinite(limit) ? new RefreshQueue(Math.max(1, Math.floor(limit))) : null;
    this.lru =
      ttlMs > 0
        ? new LRUCache<string, V, Compute<V>>({
            max: maxEntries,
            ttl: ttlMs,
            allowStale: this.staleMs > 0,
            // a stale entry stays until it is refreshed (or outlives staleMs, see get())
            noDeleteOnStaleGet: true,
            ttlResolution: 0,
            ...(maxSize !== undefined && sizeOf ? { maxSize, sizeCalculation: (value: V) => Math.max(1, Math.ceil(sizeOf(value))) } : {}),
            fetchMethod: (key, stale, { context }) => {
              if (stale === undefined) return context();
              // A value answered meanwhile (stale, or no longer current) is refreshed in its turn.
              this.refreshing.add(key);
              const refresh = this.refreshes ? this.refreshes.run(() => context(stale)) : context(stale);
              return refresh.finally(() => this.refreshing.delete(key));
            },
            ...(options.now ? { perf: { now: options.now } } : {}),
          })
        : null;
  }

  /**
   * The cached value of `key`, or `compute()` (kept for the TTL). A refresh of a kept value
   * (expired, or no longer current) is passed that value as `previous`: it may answer it again
   * when it still holds, which keeps it for another TTL without computing it anew.
   */
  async get(key: string, compute: Compute<V>): Promise<V> {
    if (!this.lru) return compute();
    // getRemainingTTL is negative for an expired entry: beyond the stale window it is not served.
    if (this.lru.has(key, { updateAgeOnHas: false }) === false && this.lru.getRemainingTTL(key) < -this.staleMs) this.lru.delete(key);
    const ttl = this.jitter ? Math.max(1, Math.round(this.ttlMs * (1 - this.jitter * this.random()))) : undefined;
    // A kept value that no longer holds is refreshed as if expired (a refresh under way is reused).
    const kept = this.isCurrent ? this.lru.peek(key, { allowStale: true }) : undefined;
    const forceRefresh = kept !== undefined && !this.isCurrent!(kept);
    const value = await this.lru.fetch(key, {
      context: compute,
      ...(ttl ? { ttl } : {}),
      ...(forceRefresh ? { forceRefresh, allowStale: this.staleMs > 0 } : {}),
    });
    // fetch() resolves undefined only when a fetch is aborted, which nothing here does.
    if (value === undefined) return compute();
    return value;
  }

  /**
   * The value of `key` while it is fresh (within its TTL, and current by `isCurrent`), else
   * undefined: stale, expired, no longer current, being computed or absent. Never computes,
   * never refreshes.
   */
  peek(key: string): V | undefined {
    const value = this.lru?.get(key, { allowStale: false, updateAgeOnGet: false });
    return value !== undefined && this.isCurrent && !this.isCurrent(value) ? undefined : value;
  }

  /**
   * What `get()` would answer at once for `key` without computing anything: the fresh value (as
   * `peek()`), or, while a refresh of it runs and within the stale window, the value being
   * refreshed. Undefined when `get()` would compute (or start a refresh) first.
   */
  answerNow(key: string): V | undefined {
    const fresh = this.peek(key);
    if (fresh !== undefined || !this.lru || !this.refreshing.has(key)) return fresh;
    if (this.lru.getRemainingTTL(key) < -this.staleMs) return undefined;
    return this.lru.peek(key, { allowStale: true });
  }

  /** Whether values are kept at all (a TTL above 0). */
  get enabled(): boolean {
    return this.lru !== null;
  }

  /** Forgets everything (e.g. after a write that changes what is cached). */
  clear(): void {
    this.lru?.clear();
  }

  get size(): number {
    return this.lru?.size ?? 0;
  }

  /** How many kept values are being refreshed while they are answered (stale or no longer current). */
  get refreshesUnderWay(): number {
    return this.refreshing.size;
  }
}

/**
 * Runs at most `limit` tasks at once, the others in the order they came (TtlCache
 * `refreshConcurrency`). Pages kept together expire together; refreshed all at once, their
 * results came back together and were turned into pages in one block that held the event loop
 * while every other request waited (decision 017, amendment of 2026-11-23). A few at a time,
 * each refresh's work goes between the requests.
 */
class RefreshQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finished task hands its slot straight to the next waiting one, so a task arriving in
    // between cannot take it as well.
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** A non-negative whole number of milliseconds from the environment, else `fallback`. */
export function envMs(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds >= 0, got "${raw}"`);
  return n;
}

/**
 * envMs of a renamed setting: `name` when it is set (non-empty), else its former name
 * `formerName` (still honoured so existing deployments keep their values), else `fallback`.
 * Issue 20 renamed CATALOGUE_* to CATALOG_* (docs/configuration.md). Throws as envMs does,
 * naming the variable that was read.
 */
export function envMsRenamed(name: string, formerName: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  return envMs(env[name] === undefined || env[name] === '' ? formerName : name, fallback, env);
}
