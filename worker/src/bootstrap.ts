import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JobRunner } from './jobs/job-runner.service';
import { WorkerModule } from './worker.module';
import { workerOptionsFromEnv, type WorkerOptions } from './worker-options';

/**
 * Builds the worker's Nest application context (no HTTP server): checks the job
 * handlers and connects PostgreSQL. Call `app.get(JobRunner).start()` to take jobs and
 * `app.close()` to stop (active jobs finish first, then the database closes).
 */
export async function createWorkerApp(overrides: Partial<WorkerOptions> = {}): Promise<INestApplicationContext> {
  const options: WorkerOptions = { ...workerOptionsFromEnv(), ...overrides };
  return NestFactory.createApplicationContext(WorkerModule.register(options), {
    abortOnError: false,
    logger: options.logger ?? ['log', 'warn', 'error', 'fatal'],
  });
}

/** createWorkerApp + start: the worker taking jobs. */
export async function startWorker(overrides: Partial<WorkerOptions> = {}): Promise<INestApplicationContext> {
  const app = await createWorkerApp(overrides);
  try {
    await app.get(JobRunner).start();
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
