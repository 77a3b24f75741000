import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { InjectRedis } from '../common/redis.module';

export interface DependencyHealth {
  up: boolean;
  /** Round trip, milliseconds. */
  latencyMs: number;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  postgres: DependencyHealth;
  redis: DependencyHealth;
}

/** Pings PostgreSQL (SELECT 1) and Redis (PING), each bounded by a 2 s timeout. */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async check(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([
      probe(() => this.db.query('SELECT 1')),
      probe(() => this.redis.ping()),
    ]);
    return { status: postgres.up && redis.up ? 'ok' : 'degraded', postgres, redis };
  }
}

async function probe(fn: () => Promise<unknown>, timeoutMs = 2000): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return { up: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch (e) {
    return { up: false, latencyMs: Math.round(performance.now() - started), error: (e as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
