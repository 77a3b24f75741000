import { Injectable, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  LeadImportRow,
  leadMappingProblem,
  mapLeadRow,
  suggestLeadMapping,
  translateMessage,
  validateInput,
  type Language,
  type LeadImportDto,
  type LeadImportMapping,
  type LeadImportPreviewRow,
  type RunLeadImportBody,
} from '@realty/contracts';
import { LocalFileStorage, dataDir, type FileStorage } from '@realty/db';
import { JobName, LEAD_IMPORT_ROOT } from '@realty/jobs';
import { stringify } from 'csv-stringify';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { ApiException } from '../../common/api.exception';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { AuditService } from '../../audit/audit.service';
import { OutboxRelay } from '../../outbox/outbox.relay';
import { supervises } from '../shared/crm-access';
import { LeadImportRepository, type LeadImportRowDb } from './lead-import.repository';
import { receiveLeadFile } from './lead-import.upload';

/** Errors read per query while the errors file streams. */
const ERRORS_BATCH = 1000;

/**
 * The lead import on the API side (issue 22 "POST /api/crm/leads/import (CSV or XLSX; processed
 * in the worker: column mapping, a dry-run preview, per-row errors downloadable, duplicates by
 * phone or e-mail flagged and merged on request, progress shown)"; spec 02 §2, §7): the upload,
 * the state with its preview, the run request, the errors file. The rows themselves are read
 * and written by the worker (worker/src/lead-import/).
 */
@Injectable()
export class LeadImportService {
  /** Files under DATA_DIR/private (not served by the web, unlike DATA_DIR/uploads). */
  readonly storage: FileStorage = new LocalFileStorage(path.join(dataDir(), LEAD_IMPORT_ROOT));

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: LeadImportRepository,
    private readonly audit: AuditService,
    private readonly outbox: OutboxRelay,
  ) {}

  /**
   * Stores the uploaded file as lead-imports/<uuid>.<csv|xlsx> and, in one transaction, its
   * lead_imports row (status uploaded), the outbox job LeadImportPreview and the audit row
   * lead_import.create. A failed transaction removes the file.
   */
  async upload(req: FastifyRequest, actor: AuthUser, client: RequestClient): Promise<LeadImportDto> {
    const received = await receiveLeadFile(req, this.storage);
    const key = `lead-imports/${randomUUID()}.${received.format}`;
    try {
      await received.file.commit(key);
    } finally {
      await received.file.discard();
    }
    const id = await this.db
      .transaction(async (m) => {
        const id = await this.repo.insert(m, {
          filePath: key,
          originalName: received.originalName,
          format: received.format,
          size: received.file.size,
          actorId: actor.id,
        });
        await this.outbox.write(m, JobName.LeadImportPreview, { importId: id });
        await this.audit.record(
          m,
          { user: actor, client },
          {
            action: 'lead_import.create',
            entity: 'lead_import',
            entityId: id,
            after: { originalName: received.originalName, format: received.format, size: received.file.size },
          },
        );
        return id;
      })
      .catch(async (err: unknown) => {
        await this.storage.remove(key).catch(() => undefined);
        throw err;
      });
    this.outbox.kick();
    return this.get(actor, id, client.language);
  }

  /** GET /api/crm/leads/import/{id}: the import as LeadImportDto; 404 unknown; 403 another user's import for an employee. */
  async get(actor: AuthUser, id: string, lang: Language): Promise<LeadImportDto> {
    const row = this.visible(actor, await this.repo.byId(id));
    return toDto(row, lang);
  }

  /**
   * POST /api/crm/leads/import/{id}/run: checks the mapping against the file's columns (400
   * fields.mapping), then, in one transaction with the row locked: 409 CONFLICT unless the
   * import is previewed (a completed import never runs twice), the run's options stored, status
   * running, the outbox job LeadImportRun, the audit row lead_import.run.
   */
  async run(actor: AuthUser, client: RequestClient, id: string, body: RunLeadImportBody): Promise<LeadImportDto> {
    const mergeDuplicates = body.mergeDuplicates ?? false;
    const dryRun = body.dryRun ?? false;
    await this.db.transaction(async (m) => {
      const row = this.visible(actor, await this.repo.byId(id, m, true));
      if (row.status !== 'previewed') throw ApiException.conflict('CONFLICT', 'leadImport.notReady');
      const problem = leadMappingProblem(body.mapping, row.columns.length);
      if (problem) throw ApiException.validation({ mapping: problem });
      await this.repo.startRun(m, row.id, { mapping: body.mapping, mergeDuplicates, dryRun });
      await this.outbox.write(m, JobName.LeadImportRun, { importId: row.id });
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'lead_import.run', entity: 'lead_import', entityId: row.id, after: { mapping: body.mapping, mergeDuplicates, dryRun } },
      );
    });
    this.outbox.kick();
    return this.get(actor, id, client.language);
  }

  /**
   * GET /api/crm/leads/import/{id}/errors: the last run's per-row errors as CSV (UTF-8 with BOM):
   * row, field, message (in `lang`), then the row's original cells under the file's own headers;
   * one line per wrong field, in file order; streamed. Named lead-import-errors-<id8>.csv.
   */
  async errors(actor: AuthUser, id: string, lang: Language): Promise<StreamableFile> {
    const row = this.visible(actor, await this.repo.byId(id));
    const repo = this.repo;
    const lines = Readable.from(
      (async function* () {
        let after: { row: number; field: string } | null = null;
        for (;;) {
          const batch = await repo.errorsAfter(row.id, row.dry_run, after, ERRORS_BATCH);
          for (const e of batch) yield [String(e.row_number), e.field, translateMessage(e.message, lang), ...e.original.map(csvSafe)];
          if (batch.length < ERRORS_BATCH) return;
          const last = batch[batch.length - 1];
          after = { row: last.row_number, field: last.field };
        }
      })(),
    );
    const out = stringify({ header: true, bom: true, columns: ['row', 'field', 'message', ...row.columns.map(csvSafe)] });
    lines.pipe(out);
    lines.on('error', (err) => out.destroy(err));
    return new StreamableFile(out, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="lead-import-errors-${row.id.slice(0, 8)}.csv"`,
    });
  }

  /** The row when `actor` may see it: its importer or a supervisor; 404 NOT_FOUND / 403 FORBIDDEN. */
  private visible(actor: AuthUser, row: LeadImportRowDb | null): LeadImportRowDb {
    if (!row) throw ApiException.notFound();
    if (row.actor_id !== actor.id && !supervises(actor)) throw ApiException.forbidden();
    return row;
  }
}

/** A CSV cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection"). */
function csvSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** The preview's rows: mapped by `mapping`, each checked with the import's row DTO, messages in `lang`. */
async function previewRows(rows: string[][], mapping: LeadImportMapping, lang: Language): Promise<LeadImportPreviewRow[]> {
  const out: LeadImportPreviewRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const values = mapLeadRow(mapping, rows[i]);
    const checked = await validateInput(LeadImportRow, values, lang);
    out.push({ row: i + 2, values, errors: checked.ok ? {} : checked.errors });
  }
  return out;
}

/** A lead_imports row as LeadImportDto (the preview mapped with the stored or the suggested mapping). */
export async function toDto(row: LeadImportRowDb, lang: Language): Promise<LeadImportDto> {
  const suggested = suggestLeadMapping(row.columns);
  const mapping = (row.mapping as LeadImportMapping | null) ?? suggested;
  const hasPreview = row.status !== 'uploaded' && row.columns.length > 0;
  const result = row.dry_run_result;
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    originalName: row.original_name,
    mergeDuplicates: row.merge_duplicates,
    dryRun: row.dry_run,
    dryRunResult: result
      ? {
          totalRows: result.totalRows ?? 0,
          createdCount: result.createdCount ?? 0,
          duplicateCount: result.duplicateCount ?? 0,
          mergedCount: result.mergedCount ?? 0,
          errorCount: result.errorCount ?? 0,
        }
      : null,
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    createdCount: row.created_count,
    duplicateCount: row.duplicate_count,
    mergedCount: row.merged_count,
    errorCount: row.error_count,
    failure: row.failure ? translateMessage(row.failure, lang) : null,
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: row.started_at ? new Date(row.started_at).toISOString() : null,
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    preview: hasPreview
      ? { columns: row.columns, suggestedMapping: suggested, mapping, rows: await previewRows(row.preview_rows, mapping, lang) }
      : null,
  };
}
