import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  SESSION_ID_PATTERN,
  TRACKED_PATH_MAX,
  isTrackedPath,
  type ServerPageViewDto,
  type TrackEventDto,
  type TrackPageViewDto,
} from '@realty/contracts';
import { isbot } from 'isbot';
import type { DataSource } from 'typeorm';
import { normalizeIP } from '@fastify/rate-limit';
import { ipLimitKey, RATE_LIMITS, RateLimiter } from '../common/rate-limit';

/** Who sent a beacon. */
export interface BeaconOrigin {
  /** X-Session-Id (kept only when it looks like an id). */
  sessionId: string | undefined;
  /** The User-Agent header. */
  userAgent: string | null;
}

/**
 * Website analytics (spec 01 §3, §7 notes; spec 02 §7): page views and events of PUBLIC pages
 * are stored in PostgreSQL; the others are dropped silently. Bots are kept but marked (isbot on
 * the user agent), so reports can leave them out and crawler traffic stays visible.
 */
@Injectable()
export class WebsiteAnalyticsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly limiter: RateLimiter,
  ) {}

  /** Stores a page view; false when it was dropped (a private page). */
  async pageView(dto: TrackPageViewDto, origin: BeaconOrigin): Promise<boolean> {
    return (await this.insertPageViews([{ dto, origin }])) === 1;
  }

  /**
   * Stores the page views the web server counted, in one INSERT; returns how many were stored.
   * Each counts against its visitor's analytics limit (RATE_LIMITS.analytics on `clientIp`, or
   * the caller's IP without one; the hits go out pipelined), and views past it are dropped, as
   * their beacons would have been answered 429. Views of private pages are dropped too.
   */
  async serverPageViews(views: ServerPageViewDto[], caller: { ip: string }): Promise<number> {
    const limit = RATE_LIMITS.analytics;
    const hits = await Promise.all(
      views.map((view) =>
        this.limiter.hit(ipLimitKey(limit, view.clientIp ? normalizeIP(view.clientIp) : caller.ip), limit.windowSeconds * 1000),
      ),
    );
    const allowed = views.filter((_view, i) => !hits[i] || hits[i].count <= limit.max);
    return this.insertPageViews(allowed.map((dto) => ({ dto, origin: { sessionId: dto.sessionId ?? undefined, userAgent: null } })));
  }

  /** One INSERT of the tracked ones among `views`; returns how many rows it wrote. */
  private async insertPageViews(views: { dto: TrackPageViewDto; origin: BeaconOrigin }[]): Promise<number> {
    const rows: unknown[][] = [];
    for (const { dto, origin } of views) {
      const path = dto.path.split(/[?#]/)[0];
      if (!isTrackedPath(path)) continue;
      const userAgent = (dto.userAgent ?? origin.userAgent ?? '').slice(0, 300) || null;
      rows.push([
        path.slice(0, TRACKED_PATH_MAX),
        dto.utm_source ?? null,
        dto.utm_medium ?? null,
        dto.utm_campaign ?? null,
        dto.utm_term ?? null,
        dto.utm_content ?? null,
        userAgent,
        dto.language ?? null,
        dto.screenResolution ?? null,
        storedReferrer(dto.referrer),
        dto.timestamp ?? null,
        sessionOf(origin),
        dto.origin ?? 'client',
        isBotAgent(userAgent),
      ]);
    }
    if (!rows.length) return 0;
    const width = rows[0].length;
    const tuples = rows.map((_row, r) => `(${Array.from({ length: width }, (_v, c) => `$${r * width + c + 1}`).join(', ')})`);
    await this.db.query(
      `INSERT INTO website_page_views (path, utm_source, utm_medium, utm_campaign, utm_term, utm_content, user_agent, language,
                                       screen_resolution, referrer, client_timestamp, session_id, origin, is_bot)
       VALUES ${tuples.join(', ')}`,
      rows.flat(),
    );
    return rows.length;
  }

  /** Stores an event; false when it was dropped (sent from a private page). */
  async event(dto: TrackEventDto, origin: BeaconOrigin): Promise<boolean> {
    const path = dto.path ? dto.path.split(/[?#]/)[0] : null;
    if (path !== null && !isTrackedPath(path)) return false;
    const userAgent = origin.userAgent?.slice(0, 300) || null;
    await this.db.query(
      `INSERT INTO website_events (event_name, properties, path, user_agent, client_timestamp, session_id, is_bot)
       VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7)`,
      [
        dto.eventName,
        dto.properties ? JSON.stringify(dto.properties) : null,
        path,
        userAgent,
        dto.timestamp ?? null,
        sessionOf(origin),
        isBotAgent(userAgent),
      ],
    );
    return true;
  }
}

/**
 * The referrer as stored (issue 19 item 4): without its query string, fragment and user
 * info, which carry search terms, tokens (a password-reset link) and mail or account ids that
 * reports do not need. Null when nothing is left.
 */
export function storedReferrer(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  const bare = referrer.split(/[?#]/)[0].replace(/^([a-z][a-z\d+.-]*:\/\/)[^/]*@/i, '$1');
  return bare || null;
}

function sessionOf(origin: BeaconOrigin): string | null {
  return origin.sessionId && SESSION_ID_PATTERN.test(origin.sessionId) ? origin.sessionId : null;
}

/** A crawler, monitor or script by its user agent (isbot); no user agent at all counts as a bot. */
export function isBotAgent(userAgent: string | null): boolean {
  return !userAgent || isbot(userAgent);
}
