import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { InjectRedis } from '../common/redis.module';

/** One dependency as the admin report shows it. */
export interface DependencyHealth {
  up: boolean;
  /** Round trip, milliseconds. */
  latencyMs: number;
  /** The server's version when it answered (PostgreSQL server_version, Redis redis_version). */
  version?: string;
  error?: string;
}

/** GET /api/health: nothing but whether this API process can serve (issue 19 item 9). */
export interface PublicHealth {
  status: 'up' | 'down';
}

/** GET /api/admin/health: the details, for admins only. */
export interface HealthReport {
  /** 'ok' when every part is up, 'degraded' when Redis is down (the API serves, its limits fail open), 'down' without PostgreSQL. */
  status: 'ok' | 'degraded' | 'down';
  postgres: DependencyHealth;
  redis: DependencyHealth;
  /** This process: Node.js version, seconds since it started, resident memory (MiB). */
  process: { node: string; uptimeSeconds: number; rssMiB: number };
}

/**
 * Pings PostgreSQL (SELECT 1) and Redis (PING), each bounded by a 2 s timeout. The public check
 * says only up or down: a visitor learns nothing about versions, timings or which part failed
 * (issue 19 item 9); the report with those is for admins.
 */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /**
   * 'up' while PostgreSQL answers: without it the API cannot serve, so a load balancer should
   * take the process out. Redis is not part of it: without Redis every limit fails open and
   * the API still serves (decision 026), and a shared Redis outage must not take every process
   * out at once.
   */
  async up(): Promise<boolean> {
    return (await probe(() => this.db.query('SELECT 1'))).up;
  }

  /** The admin report: both dependencies with their round trip and version, and this process. */
  async report(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([
      probe(async () => String((await this.db.query(`SELECT current_setting('server_version') AS v`))[0]?.v ?? '')),
      probe(async () => /^redis_version:(\S+)/m.exec(await this.redis.info('server'))?.[1] ?? ''),
    ]);
    const status = !postgres.up ? 'down' : redis.up ? 'ok' : 'degraded';
    const memory = process.memoryUsage();
    return {
      status,
      postgres,
      redis,
      process: { node: process.version, uptimeSeconds: Math.round(process.uptime()), rssMiB: Math.round(memory.rss / 1048576) },
    };
  }
}

async function probe(fn: () => Promise<unknown>, timeoutMs = 2000): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    return typeof value === 'string' && value ? { up: true, latencyMs, version: value } : { up: true, latencyMs };
  } catch (e) {
    return { up: false, latencyMs: Math.round(performance.now() - started), error: (e as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
