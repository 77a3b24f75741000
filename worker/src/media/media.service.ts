import { Inject, Injectable, Logger } from '@nestjs/common';
import { ImageTooLargeError, PropertyImage, type FileStorage } from '@realty/db';
import { JobName, type JobPayloads } from '@realty/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { JobHandler } from '../jobs/job-handler.decorator';
import { FILE_STORAGE } from '../worker-options';
import { makeImageVariants, type VariantsResult } from './image-variants';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ImageVariantsJobResult =
  { imageId: string; status: 'done'; written: number; width: number; height: number } | { imageId: string; status: 'missing-row' };

/** Image jobs of the media queue (DESIGN "Storage": uploads are resized in the worker). */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);
  /** Variants being made in this process, by original key: many rows share one demo file. */
  private readonly inFlight = new Map<string, Promise<VariantsResult>>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /**
   * Makes thumb/gallery JPEG and WebP variants of one listing image and records them on
   * the row. Idempotent: existing variant files are kept. A missing row completes with a
   * log line; a missing original file throws, so the job is retried; an image over 40 MP fails
   * the job at once (UnrecoverableError: retrying cannot help), without decoding it.
   */
  @JobHandler(JobName.PropertyImageVariants)
  async propertyImageVariants(job: Job<JobPayloads[JobName.PropertyImageVariants]>): Promise<ImageVariantsJobResult> {
    const { imageId } = job.data;
    const images = this.dataSource.getRepository(PropertyImage);
    const image = UUID.test(imageId) ? await images.findOne({ where: { id: imageId } }) : null;
    if (!image) {
      this.logger.log(`Image ${imageId} does not exist (deleted?): nothing to do`);
      return { imageId, status: 'missing-row' };
    }
    await job.updateProgress(10);
    const { made, shared } = await this.variantsOnce(image.storageKey, (p) => job.updateProgress(p)).catch((err: unknown) => {
      throw err instanceof ImageTooLargeError ? new UnrecoverableError(`image ${imageId}: ${err.message}`) : err;
    });
    await images.update({ id: image.id }, { variants: made.variants, width: made.width, height: made.height });
    await job.updateProgress(100);
    return { imageId, status: 'done', written: shared ? 0 : made.written, width: made.width, height: made.height };
  }

  /**
   * Two jobs for the same file at once share one resize instead of racing on the same
   * files; `shared` tells the second one it wrote nothing itself.
   */
  private async variantsOnce(
    key: string,
    onProgress: (percent: number) => Promise<void>,
  ): Promise<{ made: VariantsResult; shared: boolean }> {
    const pending = this.inFlight.get(key);
    if (pending) return { made: await pending, shared: true };
    const work = makeImageVariants(this.storage, key, onProgress).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return { made: await work, shared: false };
  }
}
