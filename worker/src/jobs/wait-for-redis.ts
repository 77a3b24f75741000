import type { LoggerService } from '@nestjs/common';
import type { RedisOptions } from 'bullmq';
import { Redis, type RedisOptions as IORedisOptions } from 'ioredis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until Redis answers PING, logging one clear line per failed attempt instead of
 * crash-looping. Returns false when `shouldStop()` became true first (shutdown requested).
 */
export async function waitForRedis(
  connection: RedisOptions,
  options: { logger: LoggerService; retryDelayMs?: number; shouldStop?: () => boolean },
): Promise<boolean> {
  const delay = options.retryDelayMs ?? 2000;
  const where = `${connection.host ?? '127.0.0.1'}:${connection.port ?? 6379}`;
  for (let attempt = 1; ; attempt++) {
    if (options.shouldStop?.()) return false;
    const client = new Redis({
      ...(connection as IORedisOptions),
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 3000,
      retryStrategy: () => null,
    });
    let cause: Error | undefined;
    client.on('error', (err: Error) => (cause = err));
    try {
      await client.connect();
      await client.ping();
      if (attempt > 1) options.logger.log(`Redis at ${where} is reachable now (attempt ${attempt})`);
      return true;
    } catch (err) {
      options.logger.warn(
        `Redis at ${where} is not reachable (${(cause ?? (err as Error)).message}); retrying in ${delay / 1000} s (attempt ${attempt}). Start Redis or set REDIS_URL.`,
      );
    } finally {
      client.disconnect();
    }
    await sleep(delay);
  }
}
