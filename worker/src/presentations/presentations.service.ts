import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { LocalFileStorage, dataDir, type FileStorage } from '@realty/db';
import { JobName, JobProducer, PRESENTATION_ROOT, presentationFileKey, presentationRetentionDays, type JobPayloads } from '@realty/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { JobHandler } from '../jobs/job-handler.decorator';
import { FILE_STORAGE, WORKER_OPTIONS, type WorkerOptions } from '../worker-options';
import { buildDeck } from './deck-builder';
import { PresentationJobRepository } from './presentation.repository';
import { renderPresentation, warmRenderFonts } from './render';

/** The failure of a presentation whose listings were all deleted (a message id of @realty/contracts). */
export const LISTINGS_GONE = 'presentations.listingsGone';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A 'generating' presentation untouched this long has lost its job (Redis was down at the API's enqueue): queued again. */
const STALE_GENERATING_MS = 10 * 60_000;
/** A temporary file older than this belongs to a run that died: removed by the maintenance job. */
const STALE_TEMP_MS = 60 * 60_000;

export type GeneratePresentationResult =
  { presentationId: string; status: 'completed'; size: number } | { presentationId: string; status: 'skipped'; reason: string };

/** Where presentation files live: DATA_DIR/private (the key adds presentations/<id>.<ext>). */
export function presentationsRoot(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(dataDir(env), PRESENTATION_ROOT);
}

/** Folder (beside the files, same file system) of files being written: only runs in flight leave names there. */
export const INCOMING = '.incoming';

/**
 * Writes `data` to `file` atomically: a temporary file in the `.incoming` folder beside it (same
 * file system, so the rename is atomic), flushed to disk, then renamed over the final name. A
 * reader never sees a half-written file; a process killed mid-write leaves only a temporary
 * file, which the next run of the same presentation (or the maintenance job) removes. The
 * temporary name starts with the final one's, unique per run (pid and a random part).
 */
export async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const incoming = path.join(path.dirname(file), INCOMING);
  await fs.mkdir(incoming, { recursive: true });
  const tmp = path.join(incoming, `${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  const handle = await fs.open(tmp, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** Removes the temporary files earlier runs left for `file` (a killed worker's): the `.incoming` folder holds only runs in flight. */
async function removeLeftovers(file: string): Promise<void> {
  const incoming = path.join(path.dirname(file), INCOMING);
  const prefix = `${path.basename(file)}.`;
  const names = await fs.readdir(incoming).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith(prefix) && n.endsWith('.tmp')).map((n) => fs.rm(path.join(incoming, n), { force: true })),
  );
}

/**
 * Presentation jobs (issue 23 "Presentations", "Reliability"): GeneratePresentation renders one
 * presentation and stores its file; ExpirePresentations removes expired files and re-queues
 * lost jobs. Idempotent per presentation: a presentation no longer 'generating' (completed,
 * failed, expired, deleted) is left alone, so a repeated job makes no second file; the file's
 * name is fixed by the id and written atomically, so a run killed at any point leaves either no
 * file or the whole one. Progress: 40 (read, deck built), 80 (rendered); the job's completion is
 * 100 (a job takes ~10-100 ms: each report is a Redis round trip).
 */
@Injectable()
export class PresentationsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PresentationsService.name);
  private readonly repo: PresentationJobRepository;
  private producer: JobProducer | null = null;

  constructor(
    db: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(WORKER_OPTIONS) private readonly options: WorkerOptions,
  ) {
    this.repo = new PresentationJobRepository(db);
  }

  /**
   * Parses the presentation fonts at start (~0.35 s), so the first job does not pay for it. A
   * missing font is logged, not thrown: the other queues keep working, and each presentation
   * fails with the same message (naming the Debian package) until the font is installed.
   */
  onModuleInit(): void {
    try {
      warmRenderFonts();
    } catch (error) {
      this.logger.error(`presentation fonts: ${(error as Error).message}`);
    }
  }

  /** The storage's folder of listing photos. */
  private get uploadsRoot(): string {
    return this.storage instanceof LocalFileStorage ? this.storage.root : path.join(dataDir(), 'uploads');
  }

  /**
   * JobName.GeneratePresentation {presentationId}: reads the presentation and its listings (in
   * its language, ru fallback), builds the deck, renders it (render/index.ts) and stores
   * DATA_DIR/private/presentations/<id>.<pdf|pptx>; then completed (expires after
   * PRESENTATION_RETENTION_DAYS). A failure is retried with exponential backoff (the job's
   * attempts); the last one (or one that cannot succeed: every listing deleted) marks the
   * presentation failed with the reason.
   */
  @JobHandler(JobName.GeneratePresentation)
  async generate(job: Job<JobPayloads[JobName.GeneratePresentation]>): Promise<GeneratePresentationResult> {
    const { presentationId } = job.data;
    const row = UUID.test(presentationId) ? await this.repo.start(presentationId) : null;
    if (!row) {
      const other = UUID.test(presentationId) ? await this.repo.byId(presentationId) : null;
      return { presentationId, status: 'skipped', reason: other?.status ?? 'missing' };
    }
    const key = presentationFileKey(row.id, row.format);
    const file = path.resolve(presentationsRoot(), key);
    try {
      const properties = await this.repo.properties(row.property_ids);
      if (!properties.length) throw new UnrecoverableError(LISTINGS_GONE);
      const agentId = properties[0].agent_id ?? row.created_by;
      const agent = agentId ? await this.repo.user(agentId) : null;
      const deck = buildDeck(row, properties, agent, this.uploadsRoot);
      await job.updateProgress(40);
      const data = await renderPresentation(deck, row.format);
      await job.updateProgress(80);
      // Only a run after another (killed mid-write) can have left a temporary file of this one.
      if (row.attempts > 1) await removeLeftovers(file);
      await writeAtomically(file, data);
      if (!(await this.repo.complete(row.id, key, data.length, presentationRetentionDays()))) {
        // Deleted (or retried elsewhere) while rendering: keep no file for a row that is not completed by us.
        const still = await this.repo.byId(row.id);
        if (!still) await fs.rm(file, { force: true });
        return { presentationId, status: 'skipped', reason: still?.status ?? 'deleted' };
      }
      return { presentationId, status: 'completed', size: data.length };
    } catch (err) {
      const last = err instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (last) {
        const message = (err as Error).message || String(err);
        this.logger.warn(`presentation ${row.id} failed: ${message}`);
        // A message id the API shows in the reader's language; the technical reason stays in the log.
        await this.repo.fail(row.id, message === LISTINGS_GONE ? LISTINGS_GONE : 'presentations.renderFailed');
      }
      throw err;
    }
  }

  /**
   * JobName.ExpirePresentations (every 5 minutes): completed presentations past expires_at lose their
   * file and become expired; temporary files of dead runs are removed; presentations left
   * 'generating' for 10 minutes without a run are queued again (same job id: no duplicate).
   */
  @JobHandler(JobName.ExpirePresentations)
  async expire(): Promise<{ expired: number; requeued: number; tempFiles: number }> {
    const root = presentationsRoot();
    let expired = 0;
    for (;;) {
      const rows = await this.repo.expiredFiles(200);
      for (const r of rows) {
        if (r.file_key) await fs.rm(path.resolve(root, r.file_key), { force: true });
        await this.repo.markExpired(r.id);
        expired += 1;
      }
      if (rows.length < 200) break;
    }
    let tempFiles = 0;
    const dir = path.join(root, 'presentations', INCOMING);
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      if (!name.endsWith('.tmp')) continue;
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > STALE_TEMP_MS) {
        await fs.rm(path.join(dir, name), { force: true });
        tempFiles += 1;
      }
    }
    const stale = await this.repo.stale(STALE_GENERATING_MS, 1000);
    if (stale.length) {
      this.producer ??= new JobProducer(this.options.connection, this.options.prefix);
      await this.producer.addBulk(
        JobName.GeneratePresentation,
        stale.map((presentationId) => ({ presentationId })),
      );
    }
    if (expired || stale.length || tempFiles)
      this.logger.log(`presentations: ${expired} expired, ${stale.length} re-queued, ${tempFiles} temporary files removed`);
    return { expired, requeued: stale.length, tempFiles };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.producer?.close().catch(() => undefined);
  }
}
