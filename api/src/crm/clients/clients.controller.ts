import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ClientsQuery, ClientWriteDto, type ClientDetailDto, type ClientListItemDto } from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import type { Paged } from '../../common/envelope.interceptor';
import { CRM_ROLES } from '../shared/crm-access';
import { ClientsService } from './clients.service';

/**
 * CRM clients (issue 22 "Clients"; spec 02 §7 "CRM clients": GET, POST /crm/clients; GET, PUT,
 * DELETE /crm/clients/{id}). CRM roles only (401 anonymous, 403 other roles); writes need
 * X-CSRF-Token, are on the audit log, and an employee changes only their own clients (403).
 */
@Controller('crm/clients')
@Roles(...CRM_ROLES)
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  /**
   * GET /api/crm/clients?scope=my|all&q&type=individual|corporate&isVip=true|false
   * &sort=updated|created|name&dir=asc|desc&page&limit -> 200 ClientListItemDto[], meta {total,
   * page, limit, totalPages}. 400 fields for a bad filter.
   */
  @Get()
  list(@CurrentUser() actor: AuthUser, @Query() q: ClientsQuery): Promise<Paged<ClientListItemDto>> {
    return this.clients.list(actor, q);
  }

  /** POST /api/crm/clients ClientWriteDto -> 201 ClientDetailDto (owner: the caller unless a supervisor sets ownerId). */
  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: ClientWriteDto, @Client() client: RequestClient): Promise<ClientDetailDto> {
    return this.clients.create(actor, dto, client);
  }

  /** GET /api/crm/clients/{id} -> 200 the client with contacts, leads, deals, viewings and timeline; 404. */
  @Get(':id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<ClientDetailDto> {
    return this.clients.get(actor, id);
  }

  /** PUT /api/crm/clients/{id} ClientWriteDto (contacts replaced) -> 200 ClientDetailDto; 403 not theirs; 404. */
  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: ClientWriteDto,
    @Client() client: RequestClient,
  ): Promise<ClientDetailDto> {
    return this.clients.update(actor, id, dto, client);
  }

  /** DELETE /api/crm/clients/{id} -> 204 (soft delete); 403; 404; 409 CLIENT_HAS_OPEN_DEALS. */
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.clients.remove(actor, id, client);
  }
}
