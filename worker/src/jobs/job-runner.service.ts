import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { JOB_QUEUE, JOB_SCHEDULES, QueueName, type JobName } from '@realty/jobs';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { WORKER_OPTIONS, type WorkerOptions } from '../worker-options';
import { buildHandlerRegistry, discoverJobHandlers, type JobHandlerRef } from './job-registry';
import { waitForRedis } from './wait-for-redis';

/**
 * The job runtime: finds the @JobHandler methods when the module initialises (and refuses
 * to start unless every JobName has exactly one), then `start()` runs one BullMQ Worker
 * per queue that has handlers and registers the repeating jobs (JOB_SCHEDULES) as BullMQ job
 * schedulers. On shutdown `worker.close()` lets active jobs finish.
 */
@Injectable()
export class JobRunner implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('JobRunner');
  private handlers = new Map<JobName, JobHandlerRef>();
  private readonly workers: Worker[] = [];
  private stopping = false;
  private lastError = { message: '', at: 0 };

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(WORKER_OPTIONS) private readonly options: WorkerOptions,
  ) {}

  onModuleInit(): void {
    this.handlers = buildHandlerRegistry(discoverJobHandlers(this.discovery, this.scanner), this.options.jobs);
  }

  /** Queue -> the job names it carries that have handlers. */
  queues(): Map<QueueName, JobName[]> {
    const out = new Map<QueueName, JobName[]>();
    for (const name of this.handlers.keys()) {
      const queue = JOB_QUEUE[name];
      out.set(queue, [...(out.get(queue) ?? []), name]);
    }
    return out;
  }

  concurrencyOf(queue: QueueName): number {
    return this.options.concurrency[queue] ?? this.options.defaultConcurrency;
  }

  /** Waits for Redis (logging while it is down), then starts the workers and registers the schedules. */
  async start(): Promise<void> {
    if (this.workers.length) return;
    const reachable = await waitForRedis(this.options.connection, {
      logger: this.logger,
      retryDelayMs: this.options.retryDelayMs,
      shouldStop: () => this.stopping,
    });
    if (!reachable) return;
    for (const [queue, names] of this.queues()) {
      if (this.stopping) return;
      const worker = new Worker(queue, (job) => this.process(job), {
        connection: this.options.connection,
        prefix: this.options.prefix,
        concurrency: this.concurrencyOf(queue),
        ...(this.options.lockDurationMs ? { lockDuration: this.options.lockDurationMs } : {}),
        ...(this.options.stalledIntervalMs ? { stalledInterval: this.options.stalledIntervalMs } : {}),
      });
      worker.on('failed', (job, err) =>
        this.logger.warn(
          `${job?.name ?? '?'} ${job?.id ?? ''} failed (attempt ${job?.attemptsMade ?? '?'} of ${job?.opts.attempts ?? 1}): ${err.message}`,
        ),
      );
      worker.on('error', (err) => this.logRedisError(queue, err));
      this.workers.push(worker);
      await worker.waitUntilReady();
      this.logger.log(`queue "${queue}": ${names.join(', ')} (concurrency ${this.concurrencyOf(queue)}, prefix "${this.options.prefix}")`);
    }
    await this.schedule();
  }

  /**
   * Upserts a BullMQ job scheduler per repeating job this worker handles: every worker process
   * does it on start, and the scheduler id keeps it one (a changed interval replaces the old).
   * A scheduler that cannot be written is logged and left to the next start (or another
   * worker's): the queues' jobs still run.
   */
  private async schedule(): Promise<void> {
    for (const s of this.options.schedules ?? JOB_SCHEDULES) {
      if (this.stopping || !this.handlers.has(s.name)) continue;
      const queue = new Queue(JOB_QUEUE[s.name], { connection: this.options.connection, prefix: this.options.prefix });
      try {
        await queue.upsertJobScheduler(
          s.id,
          { every: s.every },
          { name: s.name, data: {}, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } },
        );
        this.logger.log(`scheduled ${s.name} every ${Math.round(s.every / 60_000)} min`);
      } catch (err) {
        this.logger.error(`could not schedule ${s.name}: ${(err as Error).message}`);
      } finally {
        await queue.close();
      }
    }
  }

  private async process(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name as JobName);
    if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${job.queueName}"`);
    const started = performance.now();
    const result = await handler.handle(job);
    this.logger.log(`${job.name} ${job.id} completed in ${Math.round(performance.now() - started)} ms`);
    return result;
  }

  /** Connection errors repeat while Redis is down: one line per message per 10 s. */
  private logRedisError(queue: QueueName, err: Error): void {
    const now = Date.now();
    if (err.message === this.lastError.message && now - this.lastError.at < 10_000) return;
    this.lastError = { message: err.message, at: now };
    this.logger.error(`queue "${queue}": ${err.message} (BullMQ keeps reconnecting)`);
  }

  /** Stops taking jobs and waits for the active ones to finish. */
  async close(): Promise<void> {
    this.stopping = true;
    if (!this.workers.length) return;
    this.logger.log('closing workers: waiting for active jobs to finish');
    await Promise.all(this.workers.map((w) => w.close()));
    this.workers.length = 0;
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }
}
