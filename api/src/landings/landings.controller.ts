import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  GenerateLandingDto,
  LandingAnalyticsQuery,
  LandingsQuery,
  LandingTemplatesQuery,
  ShareLandingTelegramDto,
  UpdateLandingDto,
  type LandingAnalyticsDto,
  type LandingDto,
  type LandingShareDto,
  type LandingShareResultDto,
  type LandingsOverviewDto,
  type LandingTemplateDto,
} from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { LANDING_EDITORS, LANDING_READERS } from './landings.roles';
import { LandingsService } from './landings.service';

/**
 * Landing pages, staff side (issue 23; spec 02 §2 /dashboard/landings, §7 Landings). Every staff
 * role reads (list, one, templates, analytics, overview); marketing work (generate, change,
 * delete, share) is for manager, admin and super_admin (docs/decisions/040-landing-pages.md).
 * Writes need X-CSRF-Token and are audited. Rules: LandingsService.
 */
@Controller('landings')
@Roles(...LANDING_READERS)
export class LandingsController {
  constructor(private readonly landings: LandingsService) {}

  /** GET /api/landings?status&q&sort=created|title|status&dir&page&limit -> 200 LandingDto[] (with visits7d), meta. */
  @Get()
  list(@Query() q: LandingsQuery): Promise<Paged<LandingDto>> {
    return this.landings.list(q);
  }

  /**
   * POST /api/landings/generate {templateId, propertyIds?, filter?, language, title, slug, activate?}
   * -> 201 LandingDto (draft, generating: true, url: the public page). 400 fields; 409 SLUG_TAKEN (fields.slug).
   */
  @Post('generate')
  @HttpCode(201)
  @Roles(...LANDING_EDITORS)
  generate(@CurrentUser() actor: AuthUser, @Body() dto: GenerateLandingDto, @Client() client: RequestClient): Promise<LandingDto> {
    return this.landings.generate(actor, dto, client);
  }

  /** GET /api/landings/templates/list?category=offices|retail|warehouse|coworking|general -> 200 templates. */
  @Get('templates/list')
  templates(@Query() q: LandingTemplatesQuery): LandingTemplateDto[] {
    return this.landings.templates(q.category);
  }

  /** GET /api/landings/templates/{id} -> 200 template; 404. */
  @Get('templates/:id')
  template(@Param('id') id: string): LandingTemplateDto {
    return this.landings.template(id);
  }

  /** GET /api/landings/stats/overview -> 200 {total, byStatus, visits7d, enquiries7d, top}. */
  @Get('stats/overview')
  overview(): Promise<LandingsOverviewDto> {
    return this.landings.overview();
  }

  /** GET /api/landings/{id} -> 200 LandingDto; 404. */
  @Get(':id')
  get(@Param('id') id: string): Promise<LandingDto> {
    return this.landings.get(id);
  }

  /** PATCH /api/landings/{id} {status?, title?, seoTitle?, seoDescription?, intro?} -> 200 LandingDto; 404; 400. */
  @Patch(':id')
  @Roles(...LANDING_EDITORS)
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateLandingDto,
    @Client() client: RequestClient,
  ): Promise<LandingDto> {
    return this.landings.update(actor, id, dto, client);
  }

  /** DELETE /api/landings/{id} -> 204; 404. */
  @Delete(':id')
  @HttpCode(204)
  @Roles(...LANDING_EDITORS)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.landings.remove(actor, id, client);
  }

  /** GET /api/landings/{id}/analytics?period=7d|30d|90d (default 7d) -> 200 {visits, uniqueVisitors, enquiries, conversion, daily}; 404. */
  @Get(':id/analytics')
  analytics(@Param('id') id: string, @Query() q: LandingAnalyticsQuery): Promise<LandingAnalyticsDto> {
    return this.landings.analytics(id, q.period ?? '7d');
  }

  /** GET /api/landings/{id}/shares -> 200 the last 50 Telegram messages (status queued | sent | failed); 404. */
  @Get(':id/shares')
  shares(@Param('id') id: string): Promise<LandingShareDto[]> {
    return this.landings.shares(id);
  }

  /**
   * POST /api/landings/{id}/share/telegram {recipients: chat ids or @usernames (1..20), message (1-3500)}
   * -> 202 {landingId, queued}. 404; 409 LANDING_NOT_ACTIVE; 503 TELEGRAM_NOT_CONFIGURED; 400 fields.
   */
  @Post(':id/share/telegram')
  @HttpCode(202)
  @Roles(...LANDING_EDITORS)
  share(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: ShareLandingTelegramDto,
    @Client() client: RequestClient,
  ): Promise<LandingShareResultDto> {
    return this.landings.share(actor, id, dto, client);
  }
}
