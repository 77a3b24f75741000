import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { redisUrl } from '@realty/jobs';
import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');

/** Injects the shared ioredis client (REDIS_URL). */
export const InjectRedis = () => Inject(REDIS);

/**
 * One ioredis client for the API process. It never blocks a request for long: commands
 * fail fast while Redis is down (enableOfflineQueue false) so public reads keep working.
 * Commands issued in the same tick go out in one write (enableAutoPipelining): every request
 * counts a rate-limit hit, and one socket write per hit was a large share of the API's CPU
 * under load (issue 6; decision 017).
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      useFactory: () =>
        new Redis(redisUrl(), {
          lazyConnect: false,
          enableOfflineQueue: false,
          enableAutoPipelining: true,
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
          retryStrategy: (times) => Math.min(times * 200, 5000),
        }).on('error', () => undefined),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
