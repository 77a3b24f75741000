import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { JOB_QUEUE, JobName, JobProducer, jobId } from '@realty/jobs';
import { withTimeout } from '../common/with-timeout';

/** How long one enqueue may take before the presentations wait for the maintenance job's re-queue. */
const ENQUEUE_TIMEOUT_MS = 5000;

/**
 * Puts GeneratePresentation jobs on the presentations queue (issue 23 "Jobs are idempotent and
 * keyed by entity"): the job id is `generate-presentation__<presentation id>`, so a presentation
 * is never queued twice while its job is kept. Called after the rows are committed; when Redis
 * cannot take them, the rows stay 'generating' and the worker's ExpirePresentations job queues
 * them again (same ids) a few minutes later.
 */
@Injectable()
export class PresentationQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('PresentationQueue');
  private producer: JobProducer | null = null;

  private get jobs(): JobProducer {
    this.producer ??= new JobProducer();
    return this.producer;
  }

  /** Queues one job per id; never throws (logs instead). */
  async enqueue(ids: string[]): Promise<void> {
    if (!ids.length) return;
    try {
      for (let i = 0; i < ids.length; i += 500) {
        await withTimeout(
          this.jobs.addBulk(
            JobName.GeneratePresentation,
            ids.slice(i, i + 500).map((presentationId) => ({ presentationId })),
          ),
          ENQUEUE_TIMEOUT_MS,
          'enqueue of presentations',
        );
      }
    } catch (err) {
      this.logger.warn(`${ids.length} presentations not queued now (the maintenance job re-queues them): ${(err as Error).message}`);
    }
  }

  /** Queues a failed presentation again: its kept failed job is removed first (same id). */
  async requeue(presentationId: string): Promise<void> {
    const id = jobId(JobName.GeneratePresentation, { presentationId });
    try {
      const queue = this.jobs.queue(JOB_QUEUE[JobName.GeneratePresentation]);
      await withTimeout(queue.remove(id), ENQUEUE_TIMEOUT_MS, 'removal of the failed job');
    } catch (err) {
      this.logger.warn(`presentation ${presentationId}: old job not removed: ${(err as Error).message}`);
    }
    await this.enqueue([presentationId]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.producer?.close().catch(() => undefined);
  }
}
