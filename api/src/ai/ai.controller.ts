import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  AiHourlyQuery,
  AiPropertyGenerateDto,
  AiQueueQuery,
  AiRouterDto,
  AiTranslateDto,
  type AiHourlyDto,
  type AiRequestDto,
  type AiStatusDto,
} from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { AiService } from './ai.service';

/**
 * AI content (issue 23 "AI content"; spec 02 §7 AI). Staff (employee, manager, admin,
 * super_admin); status and hourly statistics: manager, admin, super_admin. Writes need
 * X-CSRF-Token and are audited. Each generation answers at once 202 {id, status 'queued', ...}
 * (AiRequestDto); poll GET /api/ai/requests/{id}. Errors: 400 VALIDATION_ERROR {fields} in the
 * request's language, 401, 403 (role; another's listing or request), 404 unknown listing, post or
 * request, 409 (a draft not ready or already decided).
 */
@Controller('ai')
@Roles('employee', 'manager', 'admin', 'super_admin')
export class AiController {
  constructor(private readonly ai: AiService) {}

  /** POST /api/ai/generate-description {propertyId, language} -> 202 AiRequestDto (queued); the draft {language, text} lands in output. */
  @Post('generate-description')
  @HttpCode(202)
  description(@CurrentUser() actor: AuthUser, @Body() dto: AiPropertyGenerateDto, @Client() client: RequestClient): Promise<AiRequestDto> {
    return this.ai.generateForProperty(actor, 'description', dto, client);
  }

  /** POST /api/ai/generate-questions {propertyId, language} -> 202 AiRequestDto; output {language, questions: string[3..8]}. */
  @Post('generate-questions')
  @HttpCode(202)
  questions(@CurrentUser() actor: AuthUser, @Body() dto: AiPropertyGenerateDto, @Client() client: RequestClient): Promise<AiRequestDto> {
    return this.ai.generateForProperty(actor, 'questions', dto, client);
  }

  /**
   * POST /api/ai/translate {entity 'property'|'blog_post', id, from 'ru', to ['en','kk','zh'], fields[]}
   * -> 202 AiRequestDto; output {entity, id, from, fields, source, translations {lang: {field: text}}}.
   */
  @Post('translate')
  @HttpCode(202)
  translate(@CurrentUser() actor: AuthUser, @Body() dto: AiTranslateDto, @Client() client: RequestClient): Promise<AiRequestDto> {
    return this.ai.translate(actor, dto, client);
  }

  /** POST /api/ai/generate-via-router {prompt (≤ 4000 chars), task (slug), language} -> 202 AiRequestDto; output {language, text}. */
  @Post('generate-via-router')
  @HttpCode(202)
  router(@CurrentUser() actor: AuthUser, @Body() dto: AiRouterDto, @Client() client: RequestClient): Promise<AiRequestDto> {
    return this.ai.router(actor, dto, client);
  }

  /** GET /api/ai/requests/{id} -> 200 AiRequestDto. */
  @Get('requests/:id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<AiRequestDto> {
    return this.ai.get(actor, id);
  }

  /** POST /api/ai/requests/{id}/accept -> 200 AiRequestDto (acceptedAt); the draft written into the listing or post. */
  @Post('requests/:id/accept')
  @HttpCode(200)
  accept(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<AiRequestDto> {
    return this.ai.accept(actor, id, client);
  }

  /** POST /api/ai/requests/{id}/discard -> 200 AiRequestDto (discardedAt); nothing written. */
  @Post('requests/:id/discard')
  @HttpCode(200)
  discard(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<AiRequestDto> {
    return this.ai.discard(actor, id, client);
  }

  /** GET /api/ai/queue?status&page&limit -> 200 AiRequestDto[] newest first, meta {total, page, limit, totalPages}. */
  @Get('queue')
  queue(@CurrentUser() actor: AuthUser, @Query() q: AiQueueQuery): Promise<Paged<AiRequestDto>> {
    return this.ai.list(actor, q);
  }

  /** GET /api/ai/status -> 200 AiStatusDto. */
  @Get('status')
  @Roles('manager', 'admin', 'super_admin')
  status(): Promise<AiStatusDto> {
    return this.ai.status();
  }

  /** GET /api/ai/stats/hourly?from&to (ISO; default the last 24 h; ≤ 31 days) -> 200 AiHourlyDto[] per UTC hour. */
  @Get('stats/hourly')
  @Roles('manager', 'admin', 'super_admin')
  hourly(@Query() q: AiHourlyQuery): Promise<AiHourlyDto[]> {
    return this.ai.hourly(q);
  }
}
