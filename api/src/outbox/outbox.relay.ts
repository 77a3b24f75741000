import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JOB_QUEUE, JobName, JobProducer, type JobPayloads } from '@realty/jobs';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { InjectRedis } from '../common/redis.module';
import { withTimeout } from '../common/with-timeout';

/**
 * Transactional outbox (docs/decisions/015-outbox-relay.md).
 *
 * A service writes `outbox` rows in the SAME transaction as its business rows (`OutboxRelay.write`),
 * so a committed lead always has its notification recorded, whether Redis is up or not. The relay
 * moves pending rows to BullMQ:
 * - triggered right after a commit (`kick()`), and by a poller every OUTBOX_POLL_MS (default 5 s);
 * - `SELECT ... FOR UPDATE SKIP LOCKED` in batches, so several API processes never relay the same row;
 * - the BullMQ job id is `outbox-<row id>`: a row enqueued twice (a crash between the add and the
 *   UPDATE) is still one job (BullMQ ignores an add with an existing id; the jobs are kept 7 days);
 * - while Redis is not ready nothing is tried (the row waits); a failed add counts an attempt, records
 *   the error and backs off (OUTBOX_POLL_MS x 2^attempts, at most 60 s). Rows are never dropped.
 */

/** Topics the relay knows: a JobName each. */
export type OutboxTopic = JobName;

/** Default poll interval, ms. */
const DEFAULT_POLL_MS = 5000;
/** Longest back-off after failures, ms. */
const MAX_BACKOFF_MS = 60_000;
/** Rows per relay round. */
const BATCH = 50;
/** How long one add may take before it counts as failed (the row is retried; the id keeps it single). */
const ENQUEUE_TIMEOUT_MS = 5000;
/** Completed and failed outbox jobs are kept this long, so a repeated add with the same id stays a no-op. */
const KEEP_JOBS_SECONDS = 7 * 24 * 3600;

export function outboxPollMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.OUTBOX_POLL_MS);
  return Number.isFinite(n) && n >= 50 ? n : DEFAULT_POLL_MS;
}

/** The BullMQ job id of an outbox row. */
export const outboxJobId = (rowId: string) => `outbox-${rowId}`;

@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private readonly producer = new JobProducer();
  private readonly queues = new Map<string, Queue>();
  private readonly pollMs = outboxPollMs();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /** Records a message to relay, inside the caller's transaction (`manager` of that transaction). */
  async write<N extends OutboxTopic>(manager: EntityManager, topic: N, payload: JobPayloads[N]): Promise<string> {
    const rows: Array<{ id: string }> = await manager.query(`INSERT INTO outbox (topic, payload) VALUES ($1, $2::jsonb) RETURNING id`, [
      topic,
      JSON.stringify(payload),
    ]);
    return rows[0].id;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
    // Redis came back: relay what waited without waiting for the next tick.
    this.redis.on('ready', this.onReady);
  }

  private readonly onReady = () => this.kick();

  /** Starts a relay round now (after a commit); never throws, never blocks the caller. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.relayPending()
      .then(() => undefined)
      .catch((err: Error) => this.logger.error(`outbox relay failed: ${err.message}`))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the round in progress (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Relays every pending row that is due; returns how many were dispatched. */
  async relayPending(): Promise<number> {
    let total = 0;
    for (;;) {
      if (this.redis.status !== 'ready' || this.stopped) return total;
      const { dispatched, seen } = await this.relayBatch();
      total += dispatched;
      if (seen < BATCH || dispatched === 0) return total;
    }
  }

  private async relayBatch(): Promise<{ dispatched: number; seen: number }> {
    return this.db.transaction(async (m) => {
      const rows: Array<{ id: string; topic: string; payload: unknown; attempts: number }> = await m.query(
        `SELECT id, topic, payload, attempts FROM outbox
          WHERE dispatched_at IS NULL AND available_at <= now()
          ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      let dispatched = 0;
      for (const row of rows) {
        try {
          await this.enqueue(row.topic, row.payload, outboxJobId(row.id));
          await m.query(`UPDATE outbox SET dispatched_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`, [row.id]);
          dispatched += 1;
        } catch (err) {
          const backoff = Math.min(this.pollMs * 2 ** row.attempts, MAX_BACKOFF_MS);
          await m.query(
            `UPDATE outbox SET attempts = attempts + 1, last_error = $2, available_at = now() + ($3::int * interval '1 millisecond') WHERE id = $1`,
            [row.id, String((err as Error).message).slice(0, 1000), backoff],
          );
          this.logger.warn(`outbox ${row.id} (${row.topic}) not relayed, retry in ${backoff} ms: ${(err as Error).message}`);
        }
      }
      return { dispatched, seen: rows.length };
    });
  }

  private async enqueue(topic: string, payload: unknown, jobId: string): Promise<void> {
    if (!(Object.values(JobName) as string[]).includes(topic)) throw new Error(`unknown outbox topic "${topic}"`);
    if (this.redis.status !== 'ready') throw new Error(`Redis is not available (${this.redis.status})`);
    const name = topic as JobName;
    let queue = this.queues.get(JOB_QUEUE[name]);
    if (!queue) {
      queue = this.producer.queue(JOB_QUEUE[name]);
      queue.on('error', (err) => this.logger.error(`${JOB_QUEUE[name]} queue: ${err.message}`));
      this.queues.set(JOB_QUEUE[name], queue);
    }
    await withTimeout(
      queue.add(name, payload, { jobId, removeOnComplete: { age: KEEP_JOBS_SECONDS }, removeOnFail: { age: KEEP_JOBS_SECONDS } }),
      ENQUEUE_TIMEOUT_MS,
      `enqueue of ${name}`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.redis.off('ready', this.onReady);
    await this.idle().catch(() => undefined);
    await withTimeout(this.producer.close(), 2000, 'close of the outbox queues').catch((err: Error) => this.logger.warn(err.message));
  }
}
