import { Injectable, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  PRESENTATION_BULK_MAX,
  PRESENTATION_TEMPLATES,
  PRESENTATIONS_PAGE_SIZE,
  presentationTemplate,
  supervisesCrm,
  translateMessage,
  type BulkGeneratePresentationsDto,
  type BulkGeneratedDto,
  type GeneratePresentationDto,
  type GeneratedPresentationDto,
  type Language,
  type PresentationBatchDto,
  type PresentationDto,
  type PresentationOptions,
  type PresentationStatsDto,
  type PresentationTemplateDto,
  type PresentationsQuery,
} from '@realty/contracts';
import { dataDir } from '@realty/db';
import { PRESENTATION_ROOT } from '@realty/jobs';
import { ZipArchive } from 'archiver';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../common/api.exception';
import { Clock } from '../common/clock';
import type { AuthUser, RequestClient } from '../common/decorators';
import { Paged } from '../common/envelope.interceptor';
import { PresentationQueue } from './presentation-queue';
import { PresentationsRepository, type BatchRow, type PresentationRow } from './presentations.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MIME = { pdf: 'application/pdf', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' } as const;

/** Options with their defaults (both shown unless switched off). */
function withDefaults(o: Partial<PresentationOptions> | undefined): PresentationOptions {
  return { showPrice: o?.showPrice ?? true, includeAgentContacts: o?.includeAgentContacts ?? true };
}

/** A file name safe in a zip and a header: letters of any script, digits, '-', at most 60 characters. */
export function fileStem(title: string): string {
  const s = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s || 'presentation';
}

/**
 * Presentations (issue 23 "Presentations"; spec 02 §2 /dashboard/presentations, §3 statuses
 * generating, completed, failed, expired, §7 Presentations). The API stores the request and
 * queues GeneratePresentation; the worker (worker/src/presentations/) renders and stores the
 * file. Rules: staff only (employee, manager, admin, super_admin); an employee sees, downloads,
 * retries and deletes only their own presentations and batches, the others everyone's (403
 * otherwise). Every write runs in one transaction with its audit row (presentation.generate,
 * presentation.bulk_generate, presentation.retry, presentation.delete); jobs are queued after
 * the commit (PresentationQueue).
 */
@Injectable()
export class PresentationsService {
  /** DATA_DIR/private: the worker writes presentations/<id>.<ext> there. */
  private readonly root = path.resolve(dataDir(), PRESENTATION_ROOT);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: PresentationsRepository,
    private readonly queue: PresentationQueue,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** GET /api/presentations/templates/list: the fixed templates. */
  templates(): readonly PresentationTemplateDto[] {
    return PRESENTATION_TEMPLATES;
  }

  /** GET /api/presentations/templates/{id}; 404 unknown. */
  template(id: string): PresentationTemplateDto {
    const t = presentationTemplate(id);
    if (!t) throw ApiException.notFound();
    return t;
  }

  /**
   * POST /api/presentations/generate: one presentation of the listings (in that order), titled
   * by the first listing's title in `language` (ru fallback; "+N" when several). 400
   * propertyIds 'presentations.propertyUnknown' when a listing does not exist or is deleted.
   */
  async generate(actor: AuthUser, dto: GeneratePresentationDto, client: RequestClient): Promise<GeneratedPresentationDto> {
    const ids = [...new Set(dto.propertyIds.map((i) => i.toLowerCase()))];
    const options = withDefaults(dto.options);
    const id = await this.db.transaction(async (m) => {
      const found = await this.repository.properties(m, ids);
      if (found.length !== ids.length) throw ApiException.validation({ propertyIds: 'presentations.propertyUnknown' });
      const first = found.find((p) => p.id === ids[0])!;
      const name = first.title[dto.language] || first.title.ru || '';
      const title = ids.length > 1 ? `${name} +${ids.length - 1}` : name;
      const newId = await this.repository.insert(m, {
        title,
        propertyIds: ids,
        templateId: dto.templateId,
        format: dto.format,
        language: dto.language,
        options,
        createdBy: actor.id,
      });
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'presentation.generate',
          entity: 'presentation',
          entityId: newId,
          after: { title, propertyIds: ids, templateId: dto.templateId, format: dto.format, language: dto.language, options },
        },
      );
      return newId;
    });
    await this.queue.enqueue([id]);
    return { id, status: 'generating' };
  }

  /**
   * POST /api/presentations/bulk-generate: a batch of one presentation per listing x language x
   * format, of `propertyIds` (unknown ones: 400) or of every listing matching `filter` (status
   * default active; none: 400 filter 'presentations.bulkEmpty'). Neither or both: 400
   * propertyIds 'presentations.selectionOrFilter'. More than PRESENTATION_BULK_MAX (1000)
   * presentations: 400 on propertyIds / filter, "Too many presentations: {count}, at most {max}".
   */
  async bulkGenerate(actor: AuthUser, dto: BulkGeneratePresentationsDto, client: RequestClient): Promise<BulkGeneratedDto> {
    const hasFilter = dto.filter !== undefined && dto.filter !== null;
    if (!!dto.propertyIds === hasFilter) throw ApiException.validation({ propertyIds: 'presentations.selectionOrFilter' });
    const languages = [...new Set(dto.languages)];
    const formats = [...new Set(dto.formats)];
    const per = languages.length * formats.length;
    const field = dto.propertyIds ? 'propertyIds' : 'filter';
    const tooMany = (count: number) =>
      ApiException.validation({
        [field]: translateMessage('presentations.bulkTooMany', client.language, { count, max: PRESENTATION_BULK_MAX }),
      });
    const options = withDefaults(dto.options);
    const result = await this.db.transaction(async (m) => {
      let ids: string[];
      if (dto.propertyIds) {
        ids = [...new Set(dto.propertyIds.map((i) => i.toLowerCase()))];
        if (ids.length * per > PRESENTATION_BULK_MAX) throw tooMany(ids.length * per);
        const found = await this.repository.properties(m, ids);
        if (found.length !== ids.length) throw ApiException.validation({ propertyIds: 'presentations.propertyUnknown' });
      } else {
        const cap = Math.floor(PRESENTATION_BULK_MAX / per);
        ids = await this.repository.propertyIdsByFilter(m, dto.filter ?? {}, cap + 1);
        if (!ids.length) throw ApiException.validation({ filter: 'presentations.bulkEmpty' });
        if (ids.length > cap) {
          const all = await this.repository.propertyIdsByFilter(m, dto.filter ?? {}, 1_000_000);
          throw tooMany(all.length * per);
        }
      }
      const selection = dto.propertyIds ? { propertyIds: ids } : { filter: { status: 'active', ...dto.filter } };
      const made = await this.repository.insertBatch(m, {
        propertyIds: ids,
        templateId: dto.templateId,
        languages,
        formats,
        options,
        selection,
        createdBy: actor.id,
      });
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'presentation.bulk_generate',
          entity: 'presentation_batch',
          entityId: made.batchId,
          after: { ...selection, templateId: dto.templateId, languages, formats, options, count: made.ids.length },
        },
      );
      return made;
    });
    await this.queue.enqueue(result.ids);
    return { batchId: result.batchId, count: result.ids.length };
  }

  /** GET /api/presentations: newest first; an employee always sees only their own, the others `scope` (default my). */
  async list(actor: AuthUser, q: PresentationsQuery, lang: Language = 'ru'): Promise<Paged<PresentationDto>> {
    const limit = q.limit ?? PRESENTATIONS_PAGE_SIZE;
    const page = q.page ?? 1;
    const mine = !supervisesCrm(actor.role) || (q.scope ?? 'my') === 'my';
    const { rows, total } = await this.repository.page(
      this.db.manager,
      { authorId: mine ? actor.id : null, status: q.status, batchId: q.batchId },
      (page - 1) * limit,
      limit,
    );
    return new Paged(
      rows.map((r) => this.dto(actor, r, lang)),
      { total, page, limit, totalPages: Math.ceil(total / limit) },
    );
  }

  /** GET /api/presentations/{id}; 404 unknown; 403 another's (employee). */
  async get(actor: AuthUser, id: string, lang: Language = 'ru'): Promise<PresentationDto> {
    return this.dto(actor, this.visible(actor, UUID.test(id) ? await this.repository.find(this.db.manager, id) : null), lang);
  }

  /** DELETE /api/presentations/{id} -> 204: the row, then its file. 404; 403. */
  async remove(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    const key = await this.db.transaction(async (m) => {
      const row = this.visible(actor, UUID.test(id) ? await this.repository.find(m, id, true) : null);
      await this.repository.remove(m, id);
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'presentation.delete',
          entity: 'presentation',
          entityId: id,
          before: { title: row.title, format: row.format, language: row.language, status: row.status, batchId: row.batch_id },
        },
      );
      return row.file_key;
    });
    if (key) await fs.rm(this.filePath(key), { force: true });
  }

  /**
   * POST /api/presentations/{id}/retry: a failed presentation back to generating and queued
   * again. 409 CONFLICT 'presentations.notFailed' unless failed; 404; 403.
   */
  async retry(actor: AuthUser, id: string, client: RequestClient): Promise<PresentationDto> {
    await this.db.transaction(async (m) => {
      const row = this.visible(actor, UUID.test(id) ? await this.repository.find(m, id, true) : null);
      if (row.status !== 'failed') throw ApiException.conflict('CONFLICT', 'presentations.notFailed');
      await this.repository.restart(m, id);
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'presentation.retry',
          entity: 'presentation',
          entityId: id,
          before: { status: 'failed', error: row.error },
          after: { status: 'generating' },
        },
      );
    });
    await this.queue.requeue(id);
    return this.get(actor, id, client.language);
  }

  /**
   * GET /api/presentations/{id}/download: the file streamed (application/pdf or the PPTX type),
   * Content-Disposition attachment with the title as its name; counts one download. 404 unknown
   * (or its file is gone); 403; 409 CONFLICT 'presentations.notReady' (generating, failed) or
   * 'presentations.expired'.
   */
  async download(actor: AuthUser, id: string): Promise<StreamableFile> {
    const row = this.visible(actor, UUID.test(id) ? await this.repository.find(this.db.manager, id) : null);
    if (row.status === 'expired') throw ApiException.conflict('CONFLICT', 'presentations.expired');
    if (row.status !== 'completed' || !row.file_key) throw ApiException.conflict('CONFLICT', 'presentations.notReady');
    const file = this.filePath(row.file_key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) throw ApiException.notFound();
    if (!(await this.repository.countDownload(this.db.manager, id))) throw ApiException.conflict('CONFLICT', 'presentations.notReady');
    return new StreamableFile(createReadStream(file), {
      type: MIME[row.format],
      length: stat.size,
      disposition: attachment(`${fileStem(row.title)}-${row.language}.${row.format}`, `presentation-${row.id.slice(0, 8)}.${row.format}`),
    });
  }

  /** GET /api/presentations/batches/{id}: the batch's progress counted from its presentations. 404; 403. */
  async batch(actor: AuthUser, id: string): Promise<PresentationBatchDto> {
    return this.batchDto(this.visibleBatch(actor, UUID.test(id) ? await this.repository.batch(this.db.manager, id) : null));
  }

  /**
   * GET /api/presentations/batches/{id}/zip: one zip of the batch's completed files, streamed as
   * it is made (no temporary file), entries "<nnn>-<title>-<lang>.<ext>". 404; 403; 409
   * 'presentations.batchEmpty' when none is completed yet.
   */
  async batchZip(actor: AuthUser, id: string): Promise<StreamableFile> {
    const batch = this.visibleBatch(actor, UUID.test(id) ? await this.repository.batch(this.db.manager, id) : null);
    const files = await this.repository.batchFiles(this.db.manager, batch.id);
    if (!files.length) throw ApiException.conflict('CONFLICT', 'presentations.batchEmpty');
    const zip = new ZipArchive({ zlib: { level: 1 } });
    const width = String(files.length).length;
    files.forEach((f, i) => {
      const name = `${String(i + 1).padStart(width, '0')}-${fileStem(f.title)}-${f.language}.${f.format}`;
      // A file removed meanwhile (expired, deleted) is skipped rather than failing the whole zip.
      const stream = createReadStream(this.filePath(f.file_key!));
      stream.on('error', () => undefined);
      zip.append(stream, { name });
    });
    void zip.finalize().catch(() => undefined);
    return new StreamableFile(zip, {
      type: 'application/zip',
      disposition: attachment(`presentations-${batch.id.slice(0, 8)}.zip`, `presentations-${batch.id.slice(0, 8)}.zip`),
    });
  }

  /** GET /api/presentations/stats/overview: counts by status and format, downloads, last 7 days (an employee's own). */
  async stats(actor: AuthUser): Promise<PresentationStatsDto> {
    const since = new Date(this.clock.now() - 7 * 24 * 3_600_000);
    const rows = await this.repository.stats(this.db.manager, supervisesCrm(actor.role) ? null : actor.id, since);
    const out: PresentationStatsDto = {
      total: 0,
      byStatus: { generating: 0, completed: 0, failed: 0, expired: 0 },
      byFormat: { pdf: 0, pptx: 0 },
      downloads: 0,
      lastWeek: 0,
    };
    for (const r of rows) {
      out.total += r.n;
      out.byStatus[r.status] += r.n;
      out.byFormat[r.format] += r.n;
      out.downloads += r.downloads;
      out.lastWeek += r.recent;
    }
    return out;
  }

  private filePath(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw ApiException.notFound();
    return full;
  }

  private visible(actor: AuthUser, row: PresentationRow | null): PresentationRow {
    if (!row) throw ApiException.notFound();
    if (!supervisesCrm(actor.role) && row.created_by !== actor.id) throw ApiException.forbidden();
    return row;
  }

  private visibleBatch(actor: AuthUser, row: BatchRow | null): BatchRow {
    if (!row) throw ApiException.notFound();
    if (!supervisesCrm(actor.role) && row.created_by !== actor.id) throw ApiException.forbidden();
    return row;
  }

  private batchDto(b: BatchRow): PresentationBatchDto {
    const done = b.completed + b.failed + b.expired;
    // The presentations it has now: one deleted meanwhile no longer counts (the bar still reaches 100%).
    const total = done + b.generating;
    return {
      id: b.id,
      templateId: b.template_id as PresentationBatchDto['templateId'],
      languages: b.languages,
      formats: b.formats,
      total,
      completed: b.completed,
      failed: b.failed,
      generating: b.generating,
      done,
      percent: total ? Math.floor((done * 100) / total) : 100,
      createdBy: b.created_by ? { id: b.created_by, name: b.author_name ?? '' } : null,
      createdAt: new Date(b.created_at).toISOString(),
    };
  }

  /** The answer; `error` (a message id of the worker) in `lang`. */
  private dto(actor: AuthUser, r: PresentationRow, lang: Language): PresentationDto {
    return {
      id: r.id,
      title: r.title,
      propertyIds: r.property_ids,
      templateId: r.template_id as PresentationDto['templateId'],
      format: r.format,
      language: r.language as Language,
      options: withDefaults(r.options),
      status: r.status,
      error: r.error === null ? null : translateMessage(r.error, lang),
      size: r.size_bytes === null ? null : Number(r.size_bytes),
      downloadCount: r.download_count,
      attempts: r.attempts,
      batchId: r.batch_id,
      createdBy: r.created_by ? { id: r.created_by, name: r.author_name ?? '' } : null,
      createdAt: new Date(r.created_at).toISOString(),
      completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
      expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      editable: supervisesCrm(actor.role) || r.created_by === actor.id,
    };
  }
}

/** Content-Disposition attachment: an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
function attachment(name: string, ascii: string): string {
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
