import 'reflect-metadata';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { createWorkerApp } from './bootstrap';
import { JobRunner } from './jobs/job-runner.service';

/**
 * Worker process entry (node worker/dist/main.js). Environment: DATABASE_URL, REDIS_URL,
 * REDIS_PREFIX, DATA_DIR, WORKER_CONCURRENCY, WORKER_CONCURRENCY_<QUEUE> (e.g. _MEDIA),
 * DB_POOL_SIZE. SIGTERM/SIGINT: stop taking jobs, let active ones finish, close the
 * database, exit 0 (a second signal exits at once with 1).
 */
const logger = new Logger('worker');
let app: INestApplicationContext | undefined;
let stopping = false;

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    logger.warn(`${signal} again: exiting without waiting for active jobs`);
    process.exit(1);
  }
  stopping = true;
  logger.log(`${signal}: finishing active jobs, then exiting`);
  try {
    await app?.close();
    logger.log('stopped');
    process.exit(0);
  } catch (err) {
    logger.error(`shutdown failed: ${(err as Error).stack ?? err}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  process.on('SIGTERM', (s) => void shutdown(s));
  process.on('SIGINT', (s) => void shutdown(s));
  app = await createWorkerApp();
  if (stopping) return;
  await app.get(JobRunner).start();
  if (!stopping) logger.log('worker ready');
}

main().catch((err: Error) => {
  logger.error(err.message);
  if (!(err.name === 'JobRegistryError')) logger.error(err.stack);
  process.exit(1);
});
