import { Injectable, StreamableFile } from '@nestjs/common';
import { AUDIT_LOGS_PAGE_SIZE, type AuditExportQuery, type AuditFilters, type AuditLogDto, type AuditLogsQuery } from '@realty/contracts';
import { ApiException } from '../common/api.exception';
import { Clock } from '../common/clock';
import { Paged } from '../common/envelope.interceptor';
import { AUDIT_EXPORT_TYPES, exportStream } from './audit-export';
import { toAuditLogDto } from './audit-logs.mapper';
import { AuditLogsRepository, type AuditCursor } from './audit-logs.repository';

/** Rows read per keyset query of an export. */
export const AUDIT_EXPORT_BATCH = 1000;

/** Asia/Almaty is UTC+5 all year (AUDIT_DAY_OFFSET). */
const ALMATY_OFFSET_MS = 5 * 3600_000;

/** Reading the audit log (spec 02 §2 "Audit logs: list, open one, export by format and filters"; §7 Audit). */
@Injectable()
export class AuditLogsService {
  constructor(
    private readonly repo: AuditLogsRepository,
    private readonly clock: Clock,
  ) {}

  /** GET /api/admin/audit-logs: the filtered rows, newest first, paged (default 50 per page). */
  async list(query: AuditLogsQuery): Promise<Paged<AuditLogDto>> {
    const page = query.page ?? 1;
    const limit = query.limit ?? AUDIT_LOGS_PAGE_SIZE;
    const { rows, total } = await this.repo.page(query, page, limit);
    return new Paged(rows.map(toAuditLogDto), { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** GET /api/audit-logs/:id: one row; 404 NOT_FOUND for an unknown or malformed id. */
  async get(id: string): Promise<AuditLogDto> {
    const row = await this.repo.byId(id);
    if (!row) throw ApiException.notFound();
    return toAuditLogDto(row);
  }

  /**
   * GET /api/admin/audit-logs/export: every filtered row, newest first, as a file streamed in
   * keyset batches of AUDIT_EXPORT_BATCH; named audit-logs-YYYY-MM-DD.<ext> after today's date in Almaty (UTC+5).
   */
  export(query: AuditExportQuery): StreamableFile {
    const { type, ext } = AUDIT_EXPORT_TYPES[query.format];
    const day = new Date(this.clock.now() + ALMATY_OFFSET_MS).toISOString().slice(0, 10);
    return new StreamableFile(exportStream(query.format, this.rows(query)), {
      type,
      disposition: `attachment; filename="audit-logs-${day}.${ext}"`,
    });
  }

  /** The filtered rows, newest first, read AUDIT_EXPORT_BATCH at a time. */
  private async *rows(filters: AuditFilters): AsyncGenerator<AuditLogDto> {
    let cursor: AuditCursor | null = null;
    for (;;) {
      const batch = await this.repo.batchAfter(filters, cursor, AUDIT_EXPORT_BATCH);
      for (const row of batch) yield toAuditLogDto(row);
      if (batch.length < AUDIT_EXPORT_BATCH) return;
      const last = batch[batch.length - 1];
      cursor = { atKey: last.at_key, id: last.id };
    }
  }
}
