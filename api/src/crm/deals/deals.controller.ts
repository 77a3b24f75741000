import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  DealCloseDto,
  DealCreateDto,
  DealMoveDto,
  DealsKanbanQuery,
  DealsQuery,
  DealUpdateDto,
  type DealCardDto,
  type DealDto,
  type KanbanColumnDto,
} from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import type { Paged } from '../../common/envelope.interceptor';
import { CRM_ROLES } from '../shared/crm-access';
import { DealsService } from './deals.service';

/**
 * CRM deals (issue 22 "Deals"; spec 02 §7 "Deals": GET /crm/deals/kanban; POST /crm/deals;
 * GET, PATCH, DELETE /crm/deals/{id}; PATCH /crm/deals/{id}/move; POST /crm/deals/{id}/close).
 * CRM roles only (401 anonymous, 403 other roles); writes need X-CSRF-Token, are on the audit
 * log, and an employee changes only their own deals (403). Amounts in ₸.
 */
@Controller('crm/deals')
@Roles(...CRM_ROLES)
export class DealsController {
  constructor(private readonly deals: DealsService) {}

  /**
   * GET /api/crm/deals/kanban?scope=my|all&q&type=sale|rent -> 200 KanbanColumnDto[]: every stage
   * of DEAL_STAGES in order, {stage, count, sum (₸), deals: the first 50 cards by position}.
   */
  @Get('kanban')
  kanban(@CurrentUser() actor: AuthUser, @Query() q: DealsKanbanQuery): Promise<KanbanColumnDto[]> {
    return this.deals.kanban(actor, q);
  }

  /**
   * GET /api/crm/deals?scope&q&type&stage&sort=updated|created|amount|expectedClose|title&dir&page&limit
   * -> 200 DealCardDto[], meta {total, page, limit, totalPages}.
   */
  @Get()
  list(@CurrentUser() actor: AuthUser, @Query() q: DealsQuery): Promise<Paged<DealCardDto>> {
    return this.deals.list(actor, q);
  }

  /** POST /api/crm/deals DealCreateDto -> 201 DealDto; 400 fields. */
  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: DealCreateDto, @Client() client: RequestClient): Promise<DealDto> {
    return this.deals.create(actor, dto, client);
  }

  /** GET /api/crm/deals/{id} -> 200 DealDto (with stage history and timeline); 404. */
  @Get(':id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<DealDto> {
    return this.deals.get(actor, id);
  }

  /** PATCH /api/crm/deals/{id} DealUpdateDto -> 200 DealDto; 400; 403 not theirs; 404. */
  @Patch(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: DealUpdateDto,
    @Client() client: RequestClient,
  ): Promise<DealDto> {
    return this.deals.update(actor, id, dto, client);
  }

  /** DELETE /api/crm/deals/{id} -> 204 (soft delete); 403; 404. */
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.deals.remove(actor, id, client);
  }

  /**
   * PATCH /api/crm/deals/{id}/move {stage, position, scope?} -> 200 DealDto. 400 fields.stage
   * 'crm.useClose' for won / lost; 409 DEAL_CLOSED for a closed deal; 403; 404.
   */
  @Patch(':id/move')
  move(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: DealMoveDto,
    @Client() client: RequestClient,
  ): Promise<DealDto> {
    return this.deals.move(actor, id, dto, client);
  }

  /**
   * POST /api/crm/deals/{id}/close {result: won|lost, reason} -> 200 DealDto. 400 fields.reason
   * for lost without a reason; 409 DEAL_CLOSED; 403; 404. A won deal's listing leaves the site.
   */
  @Post(':id/close')
  @HttpCode(200)
  close(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: DealCloseDto,
    @Client() client: RequestClient,
  ): Promise<DealDto> {
    return this.deals.close(actor, id, dto, client);
  }
}
