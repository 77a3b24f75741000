import { Body, Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ANALYTICS_SESSION_HEADER, TrackEventDto, TrackPageViewDto } from '@realty/contracts';
import { Client, Public, RateLimit, type RequestClient } from '../common/decorators';
import { CsrfExempt } from '../common/csrf';
import { RATE_LIMITS } from '../common/rate-limit';
import { WebsiteAnalyticsService } from './website-analytics.service';

/**
 * Tracking beacons of the public site (spec 01 §7: POST /api/website-analytics/track-page-view
 * and /track-event with the header X-Session-Id; spec 02 §7). Public, exempt from CSRF (write-only
 * anonymous beacons: docs/decisions/016-analytics-csrf-exemption.md), 120 per IP per minute.
 * Always 204 with no body: stored, or dropped because the page is not public.
 */
@Controller('website-analytics')
@Public()
@CsrfExempt()
export class WebsiteAnalyticsController {
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
