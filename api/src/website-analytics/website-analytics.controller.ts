import { Body, Controller, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ANALYTICS_SESSION_HEADER, ServerPageViewsDto, TrackEventDto, TrackPageViewDto } from '@realty/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../common/api.exception';
import { Client, Public, RateLimit, type RequestClient } from '../common/decorators';
import { CsrfExempt } from '../common/csrf';
import { RATE_LIMITS, trustedPeer } from '../common/rate-limit';
import { WebsiteAnalyticsService } from './website-analytics.service';

/**
 * Tracking beacons of the public site (spec 01 §7: POST /api/website-analytics/track-page-view
 * and /track-event with the header X-Session-Id; spec 02 §7), and the batches of page views the
 * web server counted (server-page-views, from the web server only). Public, exempt from CSRF (write-only
 * anonymous beacons: docs/decisions/016-analytics-csrf-exemption.md), 120 per IP per minute.
 * Always 204 with no body: stored, or dropped because the page is not public.
 */
@Controller('website-analytics')
@Public()
@CsrfExempt()
export class WebsiteAnalyticsController {
  private readonly fromTrustedPeer = trustedPeer();

  constructor(private readonly analytics: WebsiteAnalyticsService) {}

  /** POST /api/website-analytics/track-page-view {path, utm_*, userAgent, language, screenResolution, referrer, timestamp} -> 204. */
  @Post('track-page-view')
  @CsrfExempt()
  @HttpCode(HttpStatus.NO_CONTENT)
  @RateLimit(RATE_LIMITS.analytics)
  async pageView(
    @Body() body: TrackPageViewDto,
    @Headers(ANALYTICS_SESSION_HEADER) sessionId: string | undefined,
    @Client() client: RequestClient,
  ): Promise<void> {
    await this.analytics.pageView(body, { sessionId, userAgent: client.userAgent });
  }

  /**
   * POST /api/website-analytics/server-page-views {views: ServerPageViewDto[1..100]} -> 204.
   * The page views the web server counted for the documents it served (spec 01 §3: counted
   * without JavaScript too), in batches rather than one request each (issue 6: a request and a
   * commit per view was dear; decision 019). Each view carries what a single beacon says in its
   * headers: the visitor's `clientIp` and `sessionId`. Only from a peer TRUST_PROXY trusts
   * (the web server; the same rule as X-Forwarded-For), which vouches for those IPs: 403
   * FORBIDDEN from anyone else. Each view counts against its visitor's analytics limit (120 per
   * IP per minute, shared with the beacons); views past it, and views of private pages, are
   * dropped. 400 VALIDATION_ERROR with fields such as `views.0.path` for a malformed batch.
   */
  @Post('server-page-views')
  @CsrfExempt()
  @HttpCode(HttpStatus.NO_CONTENT)
  async serverPageViews(@Body() body: ServerPageViewsDto, @Req() req: FastifyRequest, @Client() client: RequestClient): Promise<void> {
    if (!this.fromTrustedPeer(req)) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN');
    await this.analytics.serverPageViews(body.views, client);
  }

  /** POST /api/website-analytics/track-event {eventName, properties?, path?, timestamp?} -> 204. */
  @Post('track-event')
  @CsrfExempt()
  @HttpCode(HttpStatus.NO_CONTENT)
  @RateLimit(RATE_LIMITS.analytics)
  async event(
    @Body() body: TrackEventDto,
    @Headers(ANALYTICS_SESSION_HEADER) sessionId: string | undefined,
    @Client() client: RequestClient,
  ): Promise<void> {
    await this.analytics.event(body, { sessionId, userAgent: client.userAgent });
  }
}
