import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AiQueueQuery,
  AiSessionCompleteDto,
  AiSessionCreateDto,
  AiSessionPatchDto,
  AiSessionSuggestDto,
  type AiRequestDto,
  type AiSessionDto,
} from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { AiSessionsService } from './ai-sessions.service';

/**
 * AI property sessions (issue 23; spec 02 §4, §7 "AI property sessions"). Staff; writes need
 * X-CSRF-Token and are audited. Rules: AiSessionsService.
 */
@Controller('ai-property-sessions')
@Roles('employee', 'manager', 'admin', 'super_admin')
export class AiSessionsController {
  constructor(private readonly sessions: AiSessionsService) {}

  /** POST /api/ai-property-sessions {propertyId?, fields?} -> 201 AiSessionDto. */
  @Post()
  @HttpCode(201)
  create(@CurrentUser() actor: AuthUser, @Body() dto: AiSessionCreateDto, @Client() client: RequestClient): Promise<AiSessionDto> {
    return this.sessions.create(actor, dto, client);
  }

  /** GET /api/ai-property-sessions?page&limit -> 200 AiSessionDto[], meta. */
  @Get()
  list(@CurrentUser() actor: AuthUser, @Query() q: AiQueueQuery): Promise<Paged<AiSessionDto>> {
    return this.sessions.list(actor, q.page, q.limit);
  }

  /** GET /api/ai-property-sessions/{id} -> 200 AiSessionDto. */
  @Get(':id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<AiSessionDto> {
    return this.sessions.get(actor, id);
  }

  /** PATCH /api/ai-property-sessions/{id} {fields} -> 200 AiSessionDto (editing). */
  @Patch(':id')
  patch(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: AiSessionPatchDto,
    @Client() client: RequestClient,
  ): Promise<AiSessionDto> {
    return this.sessions.patch(actor, id, dto, client);
  }

  /** POST /api/ai-property-sessions/{id}/generate-suggestions {language?} -> 202 AiRequestDto (queued). */
  @Post(':id/generate-suggestions')
  @HttpCode(202)
  suggest(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: AiSessionSuggestDto,
    @Client() client: RequestClient,
  ): Promise<AiRequestDto> {
    return this.sessions.suggest(actor, id, dto, client);
  }

  /** POST /api/ai-property-sessions/{id}/complete {publishToSite} -> 200 AiSessionDto (completed, propertyId). */
  @Post(':id/complete')
  @HttpCode(200)
  complete(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: AiSessionCompleteDto,
    @Client() client: RequestClient,
  ): Promise<AiSessionDto> {
    return this.sessions.complete(actor, id, dto, client);
  }
}
