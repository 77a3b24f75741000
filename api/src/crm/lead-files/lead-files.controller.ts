import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, type StreamableFile } from '@nestjs/common';
import { LeadsExportQuery, RunLeadImportBody, type LeadImportDto } from '@realty/contracts';
import type { FastifyRequest } from 'fastify';
import { CacheControl } from '../../common/cache-control';
import { MultipartUpload } from '../../common/csrf';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import { CRM_ROLES } from '../shared/crm-access';
import { LeadExportService } from './lead-export.service';
import { LeadImportService } from './lead-import.service';

/**
 * Lead export and import (issue 22 "Leads"; spec 02 §2 "export, import from a file", §7 "GET
 * /crm/leads/export; POST /crm/leads/import (file)"). CRM roles only: 401 without a valid token,
 * 403 for other roles. Registered FIRST in CrmModule's controllers, so the static paths
 * `crm/leads/export` and `crm/leads/import/...` are declared before the leads controller's
 * `crm/leads/:id` (find-my-way also prefers a static segment to a parameter whatever the order).
 */
@Controller('crm/leads')
@Roles(...CRM_ROLES)
@CacheControl('no-store')
export class LeadFilesController {
  constructor(
    private readonly exports: LeadExportService,
    private readonly imports: LeadImportService,
  ) {}

  /**
   * GET /api/crm/leads/export?format=csv|xlsx&scope&status&quality&source&agentId&createdFrom&createdTo&q
   * -> 200 a file, streamed: Content-Disposition attachment; filename="leads-YYYY-MM-DD.<ext>".
   * The list's filters (LeadsQuery; scope 'my' by default), newest first. Columns
   * LEAD_EXPORT_COLUMNS: id, first name, last name, phone, email, telegram, source, topic,
   * message, status, quality, budget (₸), owner e-mail, created at (ISO). csv: UTF-8 with BOM,
   * header row; xlsx: one sheet "leads". 400 fields.format / fields.<filter>; 403 an employee
   * asking for scope=all or another agent's leads.
   */
  @Get('export')
  export(@CurrentUser() actor: AuthUser, @Query() query: LeadsExportQuery): StreamableFile {
    return this.exports.export(actor, query);
  }

  /**
   * POST /api/crm/leads/import, multipart: one file (any field name), CSV (UTF-8, `,` or `;`) or
   * XLSX by content, ≤ 20 MB. No CSRF token (spec 02 §7: uploads send none; @MultipartUpload, as
   * /api/upload/*: bearer token required). 201 data LeadImportDto (status uploaded; the worker
   * previews it next). 400 fields.file (no file), 413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE_TYPE.
   */
  @Post('import')
  @MultipartUpload()
  upload(@Req() req: FastifyRequest, @CurrentUser() actor: AuthUser, @Client() client: RequestClient): Promise<LeadImportDto> {
    return this.imports.upload(req, actor, client);
  }

  /**
   * GET /api/crm/leads/import/{id} -> 200 data LeadImportDto: status (uploaded | previewed |
   * running | completed | failed), progress (processedRows of totalRows), exact counts, the
   * dry run's counts, and the preview (columns, suggested and current mapping, the first 20 rows
   * mapped with their errors in the request's language). 404 unknown; 403 an employee asking
   * for someone else's import.
   */
  @Get('import/:id')
  get(@CurrentUser() actor: AuthUser, @Client() client: RequestClient, @Param('id') id: string): Promise<LeadImportDto> {
    return this.imports.get(actor, id, client.language);
  }

  /**
   * POST /api/crm/leads/import/{id}/run {mapping: (field | '')[] one per column, mergeDuplicates?:
   * boolean, dryRun?: boolean} -> 200 data LeadImportDto (status running). The worker imports every
   * row (or, with dryRun, only counts what it would do). 400 fields.mapping; 409 CONFLICT when the
   * import is not previewed (still uploading, running, or completed).
   */
  @Post('import/:id/run')
  @HttpCode(HttpStatus.OK)
  run(
    @CurrentUser() actor: AuthUser,
    @Client() client: RequestClient,
    @Param('id') id: string,
    @Body() body: RunLeadImportBody,
  ): Promise<LeadImportDto> {
    return this.imports.run(actor, client, id, body);
  }

  /**
   * GET /api/crm/leads/import/{id}/errors -> 200 text/csv (attachment lead-import-errors-<id8>.csv):
   * the last run's per-row errors: row (the header is row 1), field, message (request's
   * language), then the row's original cells. 404 / 403 as for the import.
   */
  @Get('import/:id/errors')
  errors(@CurrentUser() actor: AuthUser, @Client() client: RequestClient, @Param('id') id: string): Promise<StreamableFile> {
    return this.imports.errors(actor, id, client.language);
  }
}
