import { plainToInstance, Transform } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { Check } from './auth.dto';
import type { MessageKey } from './messages';

/**
 * Website analytics (spec 01 §3 "Analytics page view" / "Analytics event", §7 notes; spec 02 §7
 * "Website analytics"): POST /api/website-analytics/track-page-view and /track-event with the
 * header X-Session-Id. Only public pages are tracked: not /dashboard/ nor /auth.
 */

const text =
  (max: number) =>
  (v: unknown): MessageKey | null =>
    typeof v === 'string' && v.length <= max ? null : 'field.tooLong';
/** Strings are cut to `max` (tracking data is best effort); '' becomes null. */
const Cut = (max: number) =>
  Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim().slice(0, max)) : value));
/** An ISO time or epoch milliseconds; anything else becomes undefined (the server time is used). */
const ToDate = () =>
  Transform(({ value }) => {
    const d = typeof value === 'number' ? new Date(value) : typeof value === 'string' && value.trim() ? new Date(value) : null;
    return d && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
  });

/** The longest page path a page view or event may name, characters. */
export const TRACKED_PATH_MAX = 2000;
/** An IPv4 or IPv6 address as ServerPageViewDto.clientIp takes it (no zone, no port). */
export const CLIENT_IP_PATTERN = /^[0-9A-Fa-f.:]{2,45}$/;

/** Body of POST /api/website-analytics/track-page-view (spec 01 §3, §7). */
export class TrackPageViewDto {
  /** The page's path (query string dropped). Paths of private pages are answered 204 and not stored. */
  @Check('path', (v) => (typeof v === 'string' && v.startsWith('/') && v.length <= TRACKED_PATH_MAX ? null : 'field.invalid'))
  path: string;

  @IsOptional() @Cut(200) @Check('utm', text(200)) utm_source?: string | null;
  @IsOptional() @Cut(200) @Check('utm', text(200)) utm_medium?: string | null;
  @IsOptional() @Cut(200) @Check('utm', text(200)) utm_campaign?: string | null;
  @IsOptional() @Cut(200) @Check('utm', text(200)) utm_term?: string | null;
  @IsOptional() @Cut(200) @Check('utm', text(200)) utm_content?: string | null;

  /** Falls back to the User-Agent header. */
  @IsOptional() @Cut(300) @Check('userAgent', text(300)) userAgent?: string | null;
  @IsOptional() @Cut(16) @Check('language', text(16)) language?: string | null;
  @IsOptional() @Cut(32) @Check('screenResolution', text(32)) screenResolution?: string | null;
  @IsOptional() @Cut(1000) @Check('referrer', text(1000)) referrer?: string | null;
  @IsOptional() @ToDate() timestamp?: string;
  /** 'server' when the web server counted a document request (no JavaScript needed); default 'client'. */
  @IsOptional()
  @Check('origin', (v) => (v === 'server' || v === 'client' ? null : 'field.enum'))
  origin?: 'server' | 'client';
}

/** How many page views one POST /api/website-analytics/server-page-views may carry. */
export const SERVER_PAGE_VIEWS_MAX = 100;

/**
 * One page view the web server counted for a document it served (spec 01 §3 "Page views are
 * also counted when JavaScript is off"): a track-page-view body plus what a single beacon
 * carries in its headers.
 */
export class ServerPageViewDto extends TrackPageViewDto {
  /** The visitor's IP as the web server saw it (the X-Forwarded-For of a single beacon); absent: the caller's. */
  @IsOptional() @Check('clientIp', (v) => (typeof v === 'string' && CLIENT_IP_PATTERN.test(v) ? null : 'field.invalid')) clientIp?: string;
  /** The analytics session (the X-Session-Id of a single beacon); kept only when it looks like one. */
  @IsOptional() @Check('sessionId', text(64)) sessionId?: string | null;
}

/** Body of POST /api/website-analytics/server-page-views: 1..SERVER_PAGE_VIEWS_MAX views. */
export class ServerPageViewsDto {
  @Check('views', (v) =>
    Array.isArray(v) && v.length >= 1 && v.length <= SERVER_PAGE_VIEWS_MAX && v.every((view) => view instanceof ServerPageViewDto)
      ? null
      : 'field.invalid',
  )
  @ValidateNested({ each: true })
  // Not @Type(): it needs reflect-metadata, which the browser bundle (that imports contracts) lacks.
  @Transform(({ value }) =>
    Array.isArray(value)
      ? value.map((view) => (view !== null && typeof view === 'object' ? plainToInstance(ServerPageViewDto, view) : view))
      : value,
  )
  views: ServerPageViewDto[];
}

/** Body of POST /api/website-analytics/track-event (spec 01 §3: eventName, properties, timestamp). */
export class TrackEventDto {
  @Check('eventName', (v) => (typeof v === 'string' && /^[\w.:-]{1,100}$/.test(v) ? null : 'field.invalid'))
  eventName: string;

  /** Any JSON object up to 4 KB. */
  @IsOptional()
  @Check('properties', (v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && JSON.stringify(v).length <= 4096 ? null : 'field.invalid',
  )
  properties?: Record<string, unknown>;

  /** The page the event happened on; events of private pages are not stored. */
  @IsOptional() @Cut(TRACKED_PATH_MAX) @Check('path', text(TRACKED_PATH_MAX)) path?: string | null;
  @IsOptional() @ToDate() timestamp?: string;
}
