import type { LogLevel, Type } from '@nestjs/common';
import { LocalFileStorage, databaseUrl, type FileStorage } from '@realty/db';
import { QueueName, queuePrefix, redisConnection, redisUrl, type JobName, type JobSchedule } from '@realty/jobs';
import type { RedisOptions } from 'bullmq';
import type { ContentProvider } from './ai/content-provider';

export const WORKER_OPTIONS = Symbol('WORKER_OPTIONS');
export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Everything the worker process is configured with (from the environment by default). */
export interface WorkerOptions {
  /** DATABASE_URL. */
  databaseUrl: string;
  /** Files under DATA_DIR/uploads by default. */
  storage: FileStorage;
  /** REDIS_URL. */
  connection: RedisOptions;
  /** REDIS_PREFIX: key prefix of every BullMQ key. */
  prefix: string;
  /** WORKER_CONCURRENCY: jobs run at once per queue (default 4). */
  defaultConcurrency: number;
  /** WORKER_CONCURRENCY_<QUEUE>, e.g. WORKER_CONCURRENCY_MEDIA (default 2: sharp is CPU-bound). */
  concurrency: Partial<Record<QueueName, number>>;
  /** Pause between attempts while Redis or PostgreSQL is unreachable. */
  retryDelayMs: number;
  /**
   * WORKER_LOCK_DURATION_MS / WORKER_STALLED_INTERVAL_MS: BullMQ's job lock and stalled-job check
   * (defaults 30 s each): a killed worker's active jobs go to another worker once the lock expired
   * and a check ran. Tests (the SIGKILL test of issue 23) set them to a second or two.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** Providers whose @JobHandler methods handle the jobs (default: the worker's services). */
  handlers?: Type<unknown>[];
  /**
   * The job names that must each have exactly one handler among `handlers` (default:
   * every JobName). Tests narrow both to run one job's handler alone.
   */
  jobs?: readonly JobName[];
  /** Repeating jobs registered on start (default JOB_SCHEDULES); those without a handler here are skipped. */
  schedules?: readonly JobSchedule[];
  /** The AI / blog text generator (default: contentProviderFromEnv(process.env); tests pass a fake-server one). */
  contentProvider?: ContentProvider;
  /** Nest log levels, or false for none. */
  logger?: LogLevel[] | false;
}

const DEFAULT_QUEUE_CONCURRENCY: Partial<Record<QueueName, number>> = { [QueueName.Media]: 2 };

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/** `media` -> WORKER_CONCURRENCY_MEDIA, `imports-exports` -> WORKER_CONCURRENCY_IMPORTS_EXPORTS. */
export function concurrencyEnvName(queue: QueueName): string {
  return `WORKER_CONCURRENCY_${queue.toUpperCase().replace(/-/g, '_')}`;
}

export function workerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): WorkerOptions {
  const concurrency: Partial<Record<QueueName, number>> = { ...DEFAULT_QUEUE_CONCURRENCY };
  for (const queue of Object.values(QueueName)) {
    const n = positiveInt(env[concurrencyEnvName(queue)], concurrencyEnvName(queue));
    if (n) concurrency[queue] = n;
  }
  return {
    databaseUrl: databaseUrl(env),
    storage: new LocalFileStorage(),
    connection: redisConnection(redisUrl(env)) as RedisOptions,
    prefix: queuePrefix(env),
    defaultConcurrency: positiveInt(env.WORKER_CONCURRENCY, 'WORKER_CONCURRENCY') ?? 4,
    concurrency,
    retryDelayMs: 2000,
    lockDurationMs: positiveInt(env.WORKER_LOCK_DURATION_MS, 'WORKER_LOCK_DURATION_MS'),
    stalledIntervalMs: positiveInt(env.WORKER_STALLED_INTERVAL_MS, 'WORKER_STALLED_INTERVAL_MS'),
  };
}
