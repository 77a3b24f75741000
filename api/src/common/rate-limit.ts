import { compile as compileTrust } from '@fastify/proxy-addr';
import rateLimit from '@fastify/rate-limit';
import { HttpStatus, Injectable, Logger, type CanActivate, type ExecutionContext, type OnApplicationBootstrap } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parseTrustProxy } from '@realty/contracts';
import { queuePrefix } from '@realty/jobs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { ApiException } from './api.exception';
import { ROUTE_RATE_LIMIT, clientIp, type RouteRateLimit } from './decorators';
import { InjectRedis } from './redis.module';

/**
 * Rate limits (spec 01 §8: 429 RATE_LIMIT 'Слишком много запросов. Попробуйте позже').
 *
 * All counters live in the shared Redis under `${REDIS_PREFIX}:rl:`, so several API processes
 * share them. Fixed windows: the first hit sets the expiry (INCR + PEXPIRE in one Lua script).
 * When Redis is unreachable every limit fails open (the request goes through) and the error
 * is logged at most once per 10 s; a limit never turns into a 500.
 */

/** Defaults; RATE_LIMIT_MAX overrides the global one. */
export const RATE_LIMITS = {
  /** Every route but /api/health: requests per IP per minute (RATE_LIMIT_MAX). */
  globalPerMinute: 600,
  /** POST /api/auth/login: failed attempts per (account, IP) per 15 minutes; the next one answers 429. */
  loginFailures: { max: 5, windowSeconds: 15 * 60 },
  /** POST /api/auth/login: failed attempts per IP across all accounts per 15 minutes (decision 025). */
  loginFailuresPerAddress: { max: 20, windowSeconds: 15 * 60 },
  /**
   * POST /api/auth/login, per account across all IPs (decision 025): failures are counted per
   * day; from the `free`-th on, each one locks the account for `baseLockSeconds` doubling per
   * further failure, at most `maxLockSeconds`, except for IPs it signed in from in `knownDays`.
   */
  loginAccountBackoff: { free: 10, windowSeconds: 24 * 3600, baseLockSeconds: 30, maxLockSeconds: 15 * 60, knownDays: 30 },
  /** POST /api/auth/change-password: wrong current passwords per account per 15 minutes; the next call answers 429. */
  changePasswordFailures: { max: 5, windowSeconds: 15 * 60 },
  /** POST /api/auth/register: requests per IP per 15 minutes. */
  register: { name: 'register', max: 10, windowSeconds: 15 * 60 },
  /** POST /api/auth/forgot-password: requests per IP per 15 minutes. */
  forgotPassword: { name: 'forgot-password', max: 10, windowSeconds: 15 * 60 },
  /** Reset e-mails per account per hour; more requests still answer the generic 200 but send nothing. */
  resetMailsPerAccount: { max: 3, windowSeconds: 60 * 60 },
  /** POST /api/leads and POST /api/inquiries together: public writes per IP per 10 minutes. */
  publicWrites: { name: 'public-write', max: 10, windowSeconds: 10 * 60 },
  /** POST /api/website-analytics/track-page-view and /track-event together: beacons per IP per minute. */
  analytics: { name: 'analytics', max: 120, windowSeconds: 60 },
} as const;

/**
 * TRUST_PROXY: which peers may tell the client IP with X-Forwarded-For (Fastify trustProxy),
 * i.e. whose word every per-IP limit relies on. Default 'loopback' (the web server on the same
 * host; .env.example); 'true' trusts anyone (only behind a proxy that overwrites the header),
 * 'false' nobody; otherwise a comma list of IPs, CIDRs or presets ('uniquelocal' for a private
 * container network).
 */
export function trustProxySetting(env: NodeJS.ProcessEnv = process.env): boolean | string[] {
  return parseTrustProxy(env.TRUST_PROXY, ['loopback']);
}

/**
 * Whether a request comes straight from a peer TRUST_PROXY trusts (the web server), i.e. one
 * whose word on a visitor's IP the API takes: the socket's address against the same rule
 * Fastify applies to X-Forwarded-For.
 */
export function trustedPeer(setting: boolean | string[] = trustProxySetting()): (req: FastifyRequest) => boolean {
  if (typeof setting === 'boolean') return () => setting;
  const trust = compileTrust(setting);
  return (req) => {
    const address = req.socket?.remoteAddress;
    return address !== undefined && trust(address, 0);
  };
}

/** The route by which the web server sends the page views it counted (exempt from the global limit when it comes from a trusted peer). */
export const SERVER_PAGE_VIEWS_ROUTE = '/api/website-analytics/server-page-views';

/** RATE_LIMIT_MAX (requests per IP per minute), default 600. */
export function globalRateLimitMax(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RATE_LIMIT_MAX;
  if (raw === undefined || raw === '') return RATE_LIMITS.globalPerMinute;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`RATE_LIMIT_MAX must be a positive integer, got "${raw}"`);
  return n;
}

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
      const [[, count], [, ttlMs]] = (await this.redis.multi().get(this.prefix + key).pttl(this.prefix + key).exec()) as [[null, string | null], [null, number]];
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

/** Limits with a quota below this are always counted in Redis, hit by hit. */
const BATCH_MIN_QUOTA = 100;
/** How often the hits counted here are added to Redis, ms. */
const BATCH_FLUSH_MS = 100;
/** How much later than the known window end Redis's may end before it counts as a new window, ms (clock and round-trip jitter). */
const WINDOW_SLACK_MS = 1000;

/**
 * Counts the hits of a limit with a large quota (the global per-IP limit, 600 per minute)
 * mostly in this process, adding them to the shared Redis counter in batches, so an ordinary
 * request costs no Redis round trip (issue 6 profile: one hit per request was ~35% of the API's
 * CPU serving kept catalogue pages at 500 req/s, even pipelined).
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
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly now: () => number = Date.now,
    private readonly flushMs = BATCH_FLUSH_MS,
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
    this.timer = null;
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
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }
}

/** The Redis key of a named per-IP limit (RATE_LIMITS) for one address. */
export function ipLimitKey(limit: { name: string }, ip: string): string {
  return `${limit.name}:${ip}`;
}

/** The 429 of every limit (spec 01 §8 RATE_LIMIT); the caller sets Retry-After. */
export function tooManyRequests(): ApiException {
  return new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'RATE_LIMIT', 'RATE_LIMIT');
}

/**
 * The global per-IP limit with @fastify/rate-limit on the shared Redis (a store over
 * BatchedHits: counted in batches until half the quota, then hit by hit): RATE_LIMIT_MAX
 * requests per minute (default 600) on every route except /api/health and the web server's
 * page-view batches (from a trusted peer), checked in onRequest before the body is read.
 * Register before app.init().
 */
export async function registerGlobalRateLimit(app: NestFastifyApplication): Promise<void> {
  const hits = new BatchedHits(app.get(RateLimiter));
  const fromTrustedPeer = trustedPeer();
  /** The plugin's store interface over BatchedHits (the plugin constructs it with its options). */
  class SharedRedisStore {
    private readonly ns: string;
    constructor(options?: unknown) {
      this.ns = typeof options === 'string' ? options : 'global:';
    }
    /** One hit for `key` in a window of `timeWindow` ms; an error (Redis down) lets the request through (skipOnError). */
    incr(key: string, cb: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      void hits.hit(this.ns + key, timeWindow, max).then((hit) =>
        hit ? cb(null, { current: hit.count, ttl: hit.ttlMs }) : cb(new Error('rate limit store unavailable')),
      );
    }
    /** A store for a route with its own limit (the plugin passes the merged options, route in `routeInfo`). */
    child(options: unknown): SharedRedisStore {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new SharedRedisStore(`${this.ns}${String(route.method)}${String(route.url)}:`);
    }
  }
  await app.register(rateLimit, {
    global: true,
    max: globalRateLimitMax(),
    timeWindow: 60_000,
    hook: 'onRequest',
    store: SharedRedisStore,
    skipOnError: true,
    keyGenerator: (req) => clientIp(req),
    // The web server's page-view batches count against each visitor's analytics limit instead.
    allowList: (req) => req.routeOptions.url === '/api/health' || (req.routeOptions.url === SERVER_PAGE_VIEWS_ROUTE && fromTrustedPeer(req)),
    // the plugin sets Retry-After itself
    errorResponseBuilder: () => tooManyRequests(),
  });
}

/**
 * Per-route per-IP limits declared with @RateLimit({name, max, windowSeconds}) (register,
 * forgot-password). Runs after the CSRF and access guards, so only well-formed attempts count.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const limit = this.reflector.get<RouteRateLimit | undefined>(ROUTE_RATE_LIMIT, context.getHandler());
    if (!limit) return true;
    const http = context.switchToHttp();
    const hit = await this.limiter.hit(ipLimitKey(limit, clientIp(http.getRequest<FastifyRequest>())), limit.windowSeconds * 1000);
    if (hit && hit.count > limit.max) {
      void http.getResponse<FastifyReply>().header('retry-after', Math.max(1, Math.ceil(hit.ttlMs / 1000)));
      throw tooManyRequests();
    }
    return true;
  }
}
