import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { queuePrefix } from '@realty/jobs';
import type Redis from 'ioredis';
import { InjectRedis } from '../redis.module';

/**
 * INCRBY the key by ARGV[2] (1 when absent; negative gives hits back); when the key was new, set
 * the window (ARGV[1] ms). Returns [count, ttl ms].
 */
const HIT_SCRIPT = `
local increment = tonumber(ARGV[2] or '1')
local count = redis.call('INCRBY', KEYS[1], increment)
if count == increment then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

type RedisWithHit = Redis & { realtyRateHit(key: string, windowMs: number, increment: number): Promise<[number, number]> };

/** One counted hit. */
export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** How long start-up waits for the shared Redis connection before serving (limits fail open until then). */
const REDIS_READY_WAIT_MS = 2000;

/** Redis fixed-window counters shared by every limit of the API. */
@Injectable()
export class RateLimiter implements OnApplicationBootstrap {
  private readonly logger = new Logger('RateLimit');
  private readonly prefix = `${queuePrefix()}:rl:`;
  private lastErrorLog = 0;

  constructor(@InjectRedis() private readonly redis: Redis) {
    if (!('realtyRateHit' in redis)) redis.defineCommand('realtyRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  /**
   * Waits (at most 2 s) for the shared Redis client to be ready before the app serves, so the
   * first requests after a start are counted instead of let through. Returns at once when the
   * connection fails (Redis down: the API starts and the limits fail open).
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const event of ['ready', 'error', 'end'] as const) this.redis.off(event, done);
        resolve();
      };
      const timer = setTimeout(done, REDIS_READY_WAIT_MS);
      for (const event of ['ready', 'error', 'end'] as const) this.redis.once(event, done);
    });
  }

  /** Counts `increment` (default one) hits on `key` in a window of `windowMs`; null when Redis failed (fail open). */
  async hit(key: string, windowMs: number, increment = 1): Promise<Hit | null> {
    try {
      const [count, ttlMs] = await (this.redis as RedisWithHit).realtyRateHit(this.prefix + key, windowMs, increment);
      return { count: Number(count), ttlMs: Number(ttlMs) };
    } catch (err) {
      this.logFailure('hit', err);
      return null;
    }
  }

  /** The count of `key` and its window's remaining ms without counting ({count: 0, ttlMs: 0} when absent); null when Redis failed. */
  async peek(key: string): Promise<Hit | null> {
    try {
      const [[, count], [, ttlMs]] = (await this.redis
        .multi()
        .get(this.prefix + key)
        .pttl(this.prefix + key)
        .exec()) as [[null, string | null], [null, number]];
      return { count: Number(count ?? 0), ttlMs: Math.max(0, Number(ttlMs)) };
    } catch (err) {
      this.logFailure('peek', err);
      return null;
    }
  }

  /** Forgets the counter of `key` (e.g. a successful login). Never throws. */
  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.logFailure('reset', err);
    }
  }

  private logFailure(what: string, err: unknown): void {
    const now = Date.now();
    if (now - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = now;
    this.logger.error(`rate limit ${what} failed, letting requests through: ${(err as Error).message}`);
  }
}
