import { Body, Controller, Get, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { LandingEnquiryDto, type LeadCreatedDto, type PropertyListItem, type PublicLandingDto } from '@realty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Client, Public, RateLimit, type RequestClient } from '../common/decorators';
import { RequestAuthenticator } from '../common/guards.authenticator';
import { RATE_LIMITS } from '../common/rate-limit';
import { LandingsService } from './landings.service';

/**
 * The public side of landing pages (issue 23: "an active landing is a public, server-rendered,
 * indexable page ... with an enquiry form whose leads carry the landing as their source"): read by
 * the web's /l/{slug} page and its sitemap; the enquiry posts a lead (CSRF like every write; the
 * public-writes limit of POST /api/leads).
 */
@Controller('landings/public')
@Public()
export class LandingsPublicController {
  constructor(
    private readonly landings: LandingsService,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  /** GET /api/landings/public/sitemap -> 200 [{slug, updatedAt}] of the active landings. */
  @Get('sitemap')
  sitemap(): Promise<Array<{ slug: string; updatedAt: string }>> {
    return this.landings.sitemap();
  }

  /** GET /api/landings/public/{slug} -> 200 the active landing with its listings' cards; 404 otherwise (draft, inactive, unknown). */
  @Get(':slug')
  read(@Param('slug') slug: string): Promise<PublicLandingDto<PropertyListItem>> {
    return this.landings.publicBySlug(slug);
  }

  /**
   * POST /api/landings/public/{slug}/leads {name?, phone, email?, message?, website (honeypot)}
   * -> 201 {id, status: 'new'} (source 'landing', landing_id); 200 with duplicate: true for the
   * same phone and text within 10 minutes; 404 unless active; 400 fields; 429.
   */
  @Post(':slug/leads')
  @RateLimit(RATE_LIMITS.publicWrites)
  async enquiry(
    @Param('slug') slug: string,
    @Body() body: LandingEnquiryDto,
    @Client() client: RequestClient,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LeadCreatedDto> {
    if (body.website) {
      void reply.status(HttpStatus.CREATED);
      return { id: '00000000-0000-4000-8000-000000000000', status: 'new' };
    }
    const user = await this.authenticator.authenticate(req);
    const lead = await this.landings.enquiry(slug, body, { ip: client.ip, userAgent: client.userAgent, userId: user?.id ?? null });
    void reply.status(lead.duplicate ? HttpStatus.OK : HttpStatus.CREATED);
    return lead;
  }
}
