import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { JOB_QUEUE, JobName, JobProducer, type SendEmailPayload } from '@realty/jobs';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { InjectRedis } from '../common/redis.module';
import { withTimeout } from '../common/with-timeout';

/** How long an enqueue may take before it is reported as failed (the job may still land later). */
const ENQUEUE_TIMEOUT_MS = 5000;

/**
 * Enqueues JobName.SendEmail on the notifications queue (the worker renders and sends it).
 * While Redis is down (the shared client is not ready) nothing is enqueued and an error is
 * thrown at once, so a caller never hangs on BullMQ's reconnect loop.
 */
@Injectable()
export class EmailQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('EmailQueue');
  private readonly producer = new JobProducer();
  private queue: Queue | undefined;

  constructor(@InjectRedis() private readonly redis: Redis) {}

  /**
   * Adds one e-mail job with the id `jobId` (letters, digits and '-': BullMQ rejects most ids
   * with ':'). Completed jobs are removed at once (the payload may hold a reset link); failed
   * ones are kept one day. Rejects when Redis is unavailable or the add takes over 5 s.
   */
  async send(payload: SendEmailPayload, jobId: string): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error(`Redis is not available (${this.redis.status})`);
    await withTimeout(
      this.notifications().add(JobName.SendEmail, payload, { jobId, removeOnComplete: true, removeOnFail: { age: 24 * 3600 } }),
      ENQUEUE_TIMEOUT_MS,
      'enqueue of send-email',
    );
  }

  private notifications(): Queue {
    if (!this.queue) {
      this.queue = this.producer.queue(JOB_QUEUE[JobName.SendEmail]);
      this.queue.on('error', (err) => this.logger.error(`notifications queue: ${err.message}`));
    }
    return this.queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await withTimeout(this.producer.close(), 2000, 'close of the notifications queue').catch((err: Error) => this.logger.warn(err.message));
  }
}
