import rateLimit from '@fastify/rate-limit';
import { HttpStatus, Injectable, Logger, type CanActivate, type ExecutionContext, type OnApplicationBootstrap } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
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
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '') return ['loopback'];
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw.split(',').map((part) => part.trim()).filter(Boolean);
}

/** RATE_LIMIT_MAX (requests per IP per minute), default 600. */
export function globalRateLimitMax(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RATE_LIMIT_MAX;
  if (raw === undefined || raw === '') return RATE_LIMITS.globalPerMinute;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`RATE_LIMIT_MAX must be a positive integer, got "${raw}"`);
  return n;
}

/** INCR the key; on its first hit set the window (ms). Returns [count, ttl ms]. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

type RedisWithHit = Redis & { realtyRateHit(key: string, windowMs: number): Promise<[number, number]> };

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

  /** Counts one hit on `key` in a window of `windowMs`; null when Redis failed (fail open). */
  async hit(key: string, windowMs: number): Promise<Hit | null> {
    try {
      const [count, ttlMs] = await (this.redis as RedisWithHit).realtyRateHit(this.prefix + key, windowMs);
      return { count: Number(count), ttlMs: Number(ttlMs) };
    } catch (err) {
      this.logFailure('hit', err);
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

/** The 429 of every limit (spec 01 §8 RATE_LIMIT); the caller sets Retry-After. */
export function tooManyRequests(): ApiException {
  return new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'RATE_LIMIT', 'RATE_LIMIT');
}

/**
 * The global per-IP limit with @fastify/rate-limit on the shared Redis (a store over
 * RateLimiter): RATE_LIMIT_MAX requests per minute (default 600) on every route except
 * /api/health, checked in onRequest before the body is read. Register before app.init().
 */
export async function registerGlobalRateLimit(app: NestFastifyApplication): Promise<void> {
  const limiter = app.get(RateLimiter);
  /** The plugin's store interface over RateLimiter (the plugin constructs it with its options). */
  class SharedRedisStore {
    private readonly ns: string;
    constructor(options?: unknown) {
      this.ns = typeof options === 'string' ? options : 'global:';
    }
    /** One hit for `key` in a window of `timeWindow` ms; an error (Redis down) lets the request through (skipOnError). */
    incr(key: string, cb: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      void limiter.hit(this.ns + key, timeWindow).then((hit) =>
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
    allowList: (req) => req.routeOptions.url === '/api/health',
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
    const hit = await this.limiter.hit(`${limit.name}:${clientIp(http.getRequest<FastifyRequest>())}`, limit.windowSeconds * 1000);
    if (hit && hit.count > limit.max) {
      void http.getResponse<FastifyReply>().header('retry-after', Math.max(1, Math.ceil(hit.ttlMs / 1000)));
      throw tooManyRequests();
    }
    return true;
  }
}
