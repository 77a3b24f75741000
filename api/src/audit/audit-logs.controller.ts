import { Controller, Get, Param, Query, type StreamableFile } from '@nestjs/common';
import { AuditExportQuery, AuditLogsQuery, type AuditLogDto } from '@realty/contracts';
import { CacheControl } from '../common/cache-control';
import { Roles } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { AuditLogsService } from './audit-logs.service';

/**
 * The audit log (spec 02 §2 "Audit logs: list, open one, export by format and filters"; §7
 * Audit). admin and super_admin only: 401 without a valid token, 403 for other roles. Read
 * only: rows are written with each staff write (AuditService.record) and never change.
 * A row: AuditLogDto {id, occurredAt, actor {id, email, role}, action, entity, entityId,
 * before, after, ip, userAgent}. Filters (all optional): actor (user id or e-mail substring),
 * entity, action (exact or `<entity>.*`), from, to (YYYY-MM-DD = an Almaty day, or an ISO
 * date-time; inclusive; 400 fields.to when from > to).
 */
@Controller()
@Roles('admin', 'super_admin')
@CacheControl('no-store')
export class AuditLogsController {
  constructor(private readonly audit: AuditLogsService) {}

  /**
   * GET /api/admin/audit-logs?actor&entity&action&from&to&page&limit -> 200 data AuditLogDto[]
   * newest first (occurred_at DESC, id DESC), meta {total, page, limit, totalPages}; limit
   * 1..100 (default 50). 400 VALIDATION_ERROR with fields for a bad parameter.
   */
  @Get('admin/audit-logs')
  list(@Query() query: AuditLogsQuery): Promise<Paged<AuditLogDto>> {
    return this.audit.list(query);
  }

  /**
   * GET /api/admin/audit-logs/export?format=csv|xlsx|json&<filters> -> 200 a file, streamed:
   * Content-Disposition attachment; filename="audit-logs-YYYY-MM-DD.<ext>", Cache-Control
   * no-store. csv: a header row then one row per entry (before/after as JSON text); xlsx: one
   * sheet, the same columns; json: an array of AuditLogDto. Every matching row, newest first.
   * 400 fields.format for a missing or unknown format, fields.<filter> as for the list.
   */
  @Get('admin/audit-logs/export')
  export(@Query() query: AuditExportQuery): StreamableFile {
    return this.audit.export(query);
  }

  /** GET /api/audit-logs/:id -> 200 data AuditLogDto; 404 NOT_FOUND for an unknown or malformed id. */
  @Get('audit-logs/:id')
  get(@Param('id') id: string): Promise<AuditLogDto> {
    return this.audit.get(id);
  }
}
