import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  CreateCrmLeadDto,
  CrmLeadDto,
  LeadAssignDto,
  LeadCallDto,
  LeadConvertDto,
  LeadMergeDto,
  LeadsQuery,
  LeadStatusDto,
  type CrmAgentDto,
  type CrmLeadDetailDto,
  type CrmLeadItemDto,
  type LeadConvertResultDto,
} from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import type { Paged } from '../../common/envelope.interceptor';
import { CRM_ROLES } from '../shared/crm-access';
import { LeadConvertService } from './lead-convert.service';
import { LeadMergeService } from './lead-merge.service';
import { LeadsQueryService } from './leads-query.service';
import { LeadsService } from './leads.service';

/**
 * The CRM's leads (issue 22 "Leads"; spec 02 §2 /dashboard/crm/leads, §3 Lead, §7 "CRM leads").
 * Staff only (employee, manager, admin, super_admin); writes need X-CSRF-Token and are on the
 * audit log. An employee changes only the leads assigned to them (403), supervisors any.
 * Errors: 400 per-field map, 403, 404 (unknown or deleted lead), 409 (convert twice).
 */
@Controller('crm/leads')
@Roles(...CRM_ROLES)
export class LeadsController {
  constructor(
    private readonly query: LeadsQueryService,
    private readonly leads: LeadsService,
    private readonly converter: LeadConvertService,
    private readonly merger: LeadMergeService,
  ) {}

  /**
   * GET /api/crm/leads?scope=my|all&status&quality&source&agentId&createdFrom&createdTo&q
   * &sort=created|updated|name&dir&cursor&limit -> 200 CrmLeadItemDto[], meta {total, page,
   * limit, totalPages, nextCursor[, totalEstimated]} (keyset: pass nextCursor as cursor).
   */
  @Get()
  list(@CurrentUser() actor: AuthUser, @Query() q: LeadsQuery): Promise<Paged<CrmLeadItemDto>> {
    return this.query.list(actor, q);
  }

  /** GET /api/crm/leads/agents -> 200 CrmAgentDto[]: active employees and managers (assign, agent filter). */
  @Get('agents')
  agents(): Promise<CrmAgentDto[]> {
    return this.query.agents();
  }

  /** POST /api/crm/leads CreateCrmLeadDto -> 201 CrmLeadDetailDto (duplicate flag, owner by round-robin when none given). */
  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateCrmLeadDto, @Client() client: RequestClient): Promise<CrmLeadDetailDto> {
    return this.leads.create(actor, dto, client);
  }

  /** GET /api/crm/leads/{id} -> 200 CrmLeadDetailDto (timeline, duplicates, client and deal links); 404. */
  @Get(':id')
  detail(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<CrmLeadDetailDto> {
    return this.query.detail(actor, id);
  }

  /** PUT /api/crm/leads/{id} CrmLeadDto -> 200 CrmLeadDetailDto. */
  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: CrmLeadDto,
    @Client() client: RequestClient,
  ): Promise<CrmLeadDetailDto> {
    return this.leads.update(actor, id, dto, client);
  }

  /** DELETE /api/crm/leads/{id} -> 204 (soft delete). */
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.leads.remove(actor, id, client);
  }

  /** POST /api/crm/leads/{id}/assign {agentId} -> 200 CrmLeadDetailDto; the new owner is notified (lead_assigned). */
  @Post(':id/assign')
  @HttpCode(200)
  assign(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: LeadAssignDto,
    @Client() client: RequestClient,
  ): Promise<CrmLeadDetailDto> {
    return this.leads.assign(actor, id, dto, client);
  }

  /** PATCH /api/crm/leads/{id}/status {status, notes} -> 200 CrmLeadDetailDto (status_change {from, to} on the timeline). */
  @Patch(':id/status')
  status(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: LeadStatusDto,
    @Client() client: RequestClient,
  ): Promise<CrmLeadDetailDto> {
    return this.leads.setStatus(actor, id, dto, client);
  }

  /** POST /api/crm/leads/{id}/call {outcome, durationSec, note} -> 200 CrmLeadDetailDto (a 'call' activity; first contact). */
  @Post(':id/call')
  @HttpCode(200)
  call(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: LeadCallDto,
    @Client() client: RequestClient,
  ): Promise<CrmLeadDetailDto> {
    return this.leads.logCall(actor, id, dto, client);
  }

  /** POST /api/crm/leads/{id}/convert {clientId?, companyName?, title?, type?} -> 201 {client {id, name}, deal {id, title, stage, amount}}; 409 LEAD_ALREADY_CONVERTED. */
  @Post(':id/convert')
  convert(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: LeadConvertDto,
    @Client() client: RequestClient,
  ): Promise<LeadConvertResultDto> {
    return this.converter.convert(actor, id, dto, client);
  }

  /** POST /api/crm/leads/{id}/merge {intoId} -> 200 the target's CrmLeadDetailDto (both histories on it). */
  @Post(':id/merge')
  @HttpCode(200)
  merge(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: LeadMergeDto,
    @Client() client: RequestClient,
  ): Promise<CrmLeadDetailDto> {
    return this.merger.merge(actor, id, dto, client);
  }
}
