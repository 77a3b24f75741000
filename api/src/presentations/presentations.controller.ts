import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, type StreamableFile } from '@nestjs/common';
import {
  BulkGeneratePresentationsDto,
  GeneratePresentationDto,
  PresentationsQuery,
  type BulkGeneratedDto,
  type GeneratedPresentationDto,
  type PresentationBatchDto,
  type PresentationDto,
  type PresentationStatsDto,
  type PresentationTemplateDto,
} from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { PresentationsService } from './presentations.service';

/** Staff roles that may make presentations (spec 02 §2 "Other": /dashboard/presentations). */
export const PRESENTATION_ROLES = ['employee', 'manager', 'admin', 'super_admin'] as const;

/**
 * Presentations (issue 23; spec 02 §7 Presentations). employee, manager, admin, super_admin;
 * writes need X-CSRF-Token and are audited. Rules: PresentationsService.
 * Static paths (templates, stats, batches, generate) are declared before `:id`.
 */
@Controller('presentations')
@Roles(...PRESENTATION_ROLES)
export class PresentationsController {
  constructor(private readonly presentations: PresentationsService) {}

  /** GET /api/presentations/templates/list -> 200 PresentationTemplateDto[] (names and descriptions in ru/en/kk/zh). */
  @Get('templates/list')
  templates(): readonly PresentationTemplateDto[] {
    return this.presentations.templates();
  }

  /** GET /api/presentations/templates/{id} -> 200 PresentationTemplateDto; 404. */
  @Get('templates/:id')
  template(@Param('id') id: string): PresentationTemplateDto {
    return this.presentations.template(id);
  }

  /** GET /api/presentations/stats/overview -> 200 {total, byStatus, byFormat, downloads, lastWeek}. */
  @Get('stats/overview')
  stats(@CurrentUser() actor: AuthUser): Promise<PresentationStatsDto> {
    return this.presentations.stats(actor);
  }

  /**
   * POST /api/presentations/generate {propertyIds (1..20), templateId, format pdf|pptx, language,
   * options {showPrice, includeAgentContacts}} -> 201 {id, status: 'generating'} at once; the
   * worker makes the file. 400 fields.
   */
  @Post('generate')
  @HttpCode(201)
  generate(
    @CurrentUser() actor: AuthUser,
    @Body() dto: GeneratePresentationDto,
    @Client() client: RequestClient,
  ): Promise<GeneratedPresentationDto> {
    return this.presentations.generate(actor, dto, client);
  }

  /**
   * POST /api/presentations/bulk-generate {propertyIds | filter {category, dealType, status},
   * templateId, languages[], formats[], options} -> 201 {batchId, count}. 400 fields (at most
   * 1000 presentations per run).
   */
  @Post('bulk-generate')
  @HttpCode(201)
  bulkGenerate(
    @CurrentUser() actor: AuthUser,
    @Body() dto: BulkGeneratePresentationsDto,
    @Client() client: RequestClient,
  ): Promise<BulkGeneratedDto> {
    return this.presentations.bulkGenerate(actor, dto, client);
  }

  /** GET /api/presentations/batches/{id} -> 200 PresentationBatchDto (total, completed, failed, done, percent); 404; 403. */
  @Get('batches/:id')
  batch(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<PresentationBatchDto> {
    return this.presentations.batch(actor, id);
  }

  /** GET /api/presentations/batches/{id}/zip -> 200 application/zip (streamed) of the completed files; 404; 403; 409. */
  @Get('batches/:id/zip')
  batchZip(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<StreamableFile> {
    return this.presentations.batchZip(actor, id);
  }

  /** GET /api/presentations?scope=my|all&status&batchId&page&limit -> 200 PresentationDto[], meta {total, page, limit, totalPages}. */
  @Get()
  list(@CurrentUser() actor: AuthUser, @Query() q: PresentationsQuery, @Client() client: RequestClient): Promise<Paged<PresentationDto>> {
    return this.presentations.list(actor, q, client.language);
  }

  /** GET /api/presentations/{id} -> 200 PresentationDto; 404; 403. */
  @Get(':id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<PresentationDto> {
    return this.presentations.get(actor, id, client.language);
  }

  /** GET /api/presentations/{id}/download -> 200 the PDF / PPTX file (counts a download); 404; 403; 409 not ready or expired. */
  @Get(':id/download')
  download(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<StreamableFile> {
    return this.presentations.download(actor, id);
  }

  /** POST /api/presentations/{id}/retry -> 200 PresentationDto (generating again); 409 unless failed; 404; 403. */
  @Post(':id/retry')
  @HttpCode(200)
  retry(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<PresentationDto> {
    return this.presentations.retry(actor, id, client);
  }

  /** DELETE /api/presentations/{id} -> 204 (row and file removed); 404; 403. */
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.presentations.remove(actor, id, client);
  }
}
