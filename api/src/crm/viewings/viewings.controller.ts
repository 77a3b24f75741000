import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ViewingOptionsQuery,
  ViewingOutcomeDto,
  ViewingWriteDto,
  ViewingsQuery,
  type ViewingDto,
  type ViewingOptionsDto,
} from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import type { Paged } from '../../common/envelope.interceptor';
import { CRM_ROLES } from '../shared/crm-access';
import { ViewingsService } from './viewings.service';

/**
 * Viewings (issue 22 "Viewings"; spec 02 §3). employee, manager, admin, super_admin; writes
 * need X-CSRF-Token and are audited. Rules: ViewingsService.
 */
@Controller('crm/viewings')
@Roles(...CRM_ROLES)
export class ViewingsController {
  constructor(private readonly viewings: ViewingsService) {}

  /**
   * GET /api/crm/viewings?scope=my|all&status&from&to&agentId&propertyId&page&limit -> 200 ViewingDto[]
   * (upcoming first, soonest first; then past ones), meta {total, page, limit, totalPages}.
   */
  @Get()
  list(@CurrentUser() actor: AuthUser, @Query() q: ViewingsQuery): Promise<Paged<ViewingDto>> {
    return this.viewings.list(actor, q);
  }

  /** GET /api/crm/viewings/options?q -> {properties (200 latest active or by title), clients, agents}. */
  @Get('options')
  options(@Query() q: ViewingOptionsQuery): Promise<ViewingOptionsDto> {
    return this.viewings.options(q.q);
  }

  /**
   * POST /api/crm/viewings {propertyId, clientId?, leadId?, dealId?, agentId?, startsAt, durationMinutes (15..480, 60), notes}
   * -> 201 ViewingDto. 400 fields; 409 VIEWING_AGENT_BUSY | VIEWING_PROPERTY_BUSY.
   */
  @Post()
  @HttpCode(201)
  create(@CurrentUser() actor: AuthUser, @Body() dto: ViewingWriteDto, @Client() client: RequestClient): Promise<ViewingDto> {
    return this.viewings.create(actor, dto, client);
  }

  /** GET /api/crm/viewings/{id} -> 200 ViewingDto; 404. */
  @Get(':id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<ViewingDto> {
    return this.viewings.get(actor, id);
  }

  /** PUT /api/crm/viewings/{id} ViewingWriteDto -> 200; 403; 404; 409 double booking. */
  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: ViewingWriteDto,
    @Client() client: RequestClient,
  ): Promise<ViewingDto> {
    return this.viewings.update(actor, id, dto, client);
  }

  /** DELETE /api/crm/viewings/{id} -> 204: cancelled; 409 when already completed / no_show. */
  @Delete(':id')
  @HttpCode(204)
  cancel(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.viewings.cancel(actor, id, client);
  }

  /** POST /api/crm/viewings/{id}/outcome {status: completed | no_show, outcome} -> 200 ViewingDto; 409 unless scheduled. */
  @Post(':id/outcome')
  @HttpCode(200)
  outcome(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: ViewingOutcomeDto,
    @Client() client: RequestClient,
  ): Promise<ViewingDto> {
    return this.viewings.outcome(actor, id, dto, client);
  }
}
