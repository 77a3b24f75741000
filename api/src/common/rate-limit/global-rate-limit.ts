import rateLimit from '@fastify/rate-limit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { clientIp } from '../decorators';
import { BatchedHits } from './batched-hits';
import { globalRateLimitMax, SERVER_PAGE_VIEWS_ROUTE, tooManyRequests, trustedPeer } from './limits';
import { RateLimiter } from './rate-limiter';

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
      void hits
        .hit(this.ns + key, timeWindow, max)
        .then((hit) => (hit ? cb(null, { current: hit.count, ttl: hit.ttlMs }) : cb(new Error('rate limit store unavailable'))));
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
    allowList: (req) =>
      req.routeOptions.url === '/api/health' || (req.routeOptions.url === SERVER_PAGE_VIEWS_ROUTE && fromTrustedPeer(req)),
    // the plugin sets Retry-After itself
    errorResponseBuilder: () => tooManyRequests(),
  });
}
