import {
  ANALYTICS_SESSION_HEADER,
  CLIENT_IP_PATTERN,
  SERVER_PAGE_VIEWS_MAX,
  SESSION_ID_PATTERN,
  TRACKED_PATH_MAX,
  UTM_KEYS,
  isTrackedPath,
  type Language,
} from '@realty/contracts';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { apiHeaders, apiUrl } from '../api/api.server';
import { CLIENT_IP_HEADER } from '../api/client-address.server';
import type { RequestView } from '../serving/request-view';

/**
 * Page views counted by the server render (issue 4: "Page views are also counted when
 * JavaScript is off"). The root loader (and the page cache) call `countDocumentView` for every
 * document request of a public page: it queues the view (origin 'server') and tells the page,
 * so the browser tracker skips that first view (no double count). Queued views go to the API
 * in batches (POST /api/website-analytics/server-page-views, at most every FLUSH_MS or
 * SERVER_PAGE_VIEWS_MAX views), never holding up a page. The analytics session id lives in a
 * session cookie the browser tracker reuses.
 */

/** Session cookie with the analytics session id (readable by the tracker: it is no secret). */
export const ANALYTICS_SESSION_COOKIE = 'asid';

const TIMEOUT_MS = 2000;
let lastFailureLog = 0;

/**
 * Request header of the page cache's own renders (a kept page rendered anew in the background,
 * lib/serving/page-cache.server.ts): such a render is for no visitor, so it counts no view; each visitor
 * served the page from the cache is counted there. The cache removes it from visitors' requests.
 */
export const PAGE_CACHE_REFRESH_HEADER = 'x-page-cache-refresh';

/** True for a top-level page load (not a data request of client navigation, not a fetch). */
export function isDocumentRequest(request: RequestView): boolean {
  if (request.method !== 'GET') return false;
  const dest = request.headers.get('sec-fetch-dest');
  if (dest) return dest === 'document';
  return (request.headers.get('accept') ?? '').includes('text/html');
}

function readSessionCookie(request: RequestView): string | null {
  const match = /(?:^|;\s*)asid=([^;]+)/.exec(request.headers.get('Cookie') ?? '');
  const value = match ? decodeURIComponent(match[1]) : null;
  return value && SESSION_ID_PATTERN.test(value) ? value : null;
}

/**
 * Counts the view of a public page's document request (fire and forget: the page never waits
 * and a failure is only logged): queued on `queue`, the web's own unless a test passes one.
 * Returns whether it counted and the Set-Cookie of a new session.
 */
export function countDocumentView(
  request: RequestView,
  lang: Language,
  queue: ServerPageViewQueue = serverPageViews,
): { counted: boolean; setCookie: string | null } {
  if (!isDocumentRequest(request)) return { counted: false, setCookie: null };
  const url = new URL(request.url);
  if (!isTrackedPath(url.pathname)) return { counted: false, setCookie: null };
  // A render of the page cache's own: the page is as for a counted visitor, nothing is queued.
  if (request.headers.get(PAGE_CACHE_REFRESH_HEADER) === '1') return { counted: true, setCookie: null };
  const existing = readSessionCookie(request);
  const sessionId = existing ?? randomUUID();
  const body: Record<string, unknown> = {
    path: url.pathname,
    userAgent: request.headers.get('user-agent') ?? undefined,
    language: lang,
    referrer: request.headers.get('referer') ?? undefined,
    timestamp: new Date(queue.now()).toISOString(),
    origin: 'server',
  };
  for (const key of UTM_KEYS) {
    const v = url.searchParams.get(key);
    if (v) body[key] = v;
  }
  // What the API's batch validation accepts (ServerPageViewDto): one view it would refuse would
  // cost the whole batch, so a long path is cut and an odd address left out (the API then uses its peer's).
  body.path = url.pathname.slice(0, TRACKED_PATH_MAX);
  const clientIp = request.headers.get(CLIENT_IP_HEADER);
  if (clientIp && CLIENT_IP_PATTERN.test(clientIp)) body.clientIp = clientIp;
  body.sessionId = sessionId;
  queue.add(body);
  return {
    counted: true,
    setCookie: existing
      ? null
      : `${ANALYTICS_SESSION_COOKIE}=${sessionId}; Path=/; SameSite=Lax${process.env.NODE_ENV === 'production' && process.env.COOKIE_SECURE !== 'false' ? '; Secure' : ''}`,
  };
}

/** Forwards a browser beacon to the API (routes/api.website-analytics.$kind.ts); never throws. */
export async function forwardBeacon(request: Request, kind: 'track-page-view' | 'track-event'): Promise<void> {
  try {
    const text = await request.text();
    if (text.length > 16_384) return;
    await postBeacon(
      `${apiUrl()}/website-analytics/${kind}`,
      beaconHeaders(request, request.headers.get(ANALYTICS_SESSION_HEADER)),
      text,
      [429, 400],
    );
  } catch (error) {
    logFailure(error as Error);
  }
}

/** How long a counted view may wait for its batch, ms. */
const FLUSH_MS = 250;

/** Runs `run` after `ms` and returns its cancel (ServerPageViewQueue's `schedule`). */
export type ScheduleTimer = (run: () => void, ms: number) => () => void;

/** A real timer that never keeps the process up for a pending batch. */
const unrefTimer: ScheduleTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * The server-counted page views waiting for their batch: sent when SERVER_PAGE_VIEWS_MAX are
 * queued, else FLUSH_MS (250 ms) after the first one. The clock (`now`, ms: the views'
 * timestamps) and the timer (`schedule`) are injected, as TtlCache's `now`: the web uses one
 * instance with Date.now and setTimeout, a test its own with a timer it fires.
 */
export class ServerPageViewQueue {
  private views: Record<string, unknown>[] = [];
  private cancelFlush: (() => void) | null = null;
  readonly now: () => number;
  private readonly schedule: ScheduleTimer;

  constructor({ now = Date.now, schedule = unrefTimer }: { now?: () => number; schedule?: ScheduleTimer } = {}) {
    this.now = now;
    this.schedule = schedule;
  }

  /** Queues one view (a ServerPageViewDto's fields); a full batch goes out at once. */
  add(view: Record<string, unknown>): void {
    this.views.push(view);
    if (this.views.length >= SERVER_PAGE_VIEWS_MAX) void this.flush();
    else if (!this.cancelFlush) this.cancelFlush = this.schedule(() => void this.flush(), FLUSH_MS);
  }

  /**
   * Sends the queued views to the API now (one request per SERVER_PAGE_VIEWS_MAX); resolves
   * when answered or failed, never rejects. A failed batch is logged and dropped, as a failed
   * beacon was: analytics never hold up a page.
   */
  async flush(): Promise<void> {
    this.cancelFlush?.();
    this.cancelFlush = null;
    const views = this.views;
    this.views = [];
    const sends: Promise<void>[] = [];
    for (let i = 0; i < views.length; i += SERVER_PAGE_VIEWS_MAX) {
      const body = JSON.stringify({ views: views.slice(i, i + SERVER_PAGE_VIEWS_MAX) });
      sends.push(postBeacon(`${apiUrl()}/website-analytics/server-page-views`, { 'content-type': 'application/json' }, body));
    }
    await Promise.all(sends);
  }
}

/** The web's queue of server-counted views (real clock and timer). */
const serverPageViews = new ServerPageViewQueue();

/**
 * Sends the queued server-counted page views to the API now; resolves when answered or failed,
 * never rejects. Called by the web server before it stops (server.mjs) and by the render
 * thread, so no counted view is left behind.
 */
export function flushServerPageViews(): Promise<void> {
  return serverPageViews.flush();
}

/** Keep-alive connections to the API for the beacons and the batches of server-counted views. */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

/**
 * The headers of a beacon to the API: JSON, the analytics session, and who the visitor is the
 * way every web -> API call says it (apiHeaders: their address and user agent).
 */
function beaconHeaders(request: Request, sessionId: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...apiHeaders(request) };
  if (sessionId) headers[ANALYTICS_SESSION_HEADER] = sessionId;
  return headers;
}

/**
 * Posts a beacon to the API; resolves when it is answered or failed, never rejects (a failure
 * is only logged; the statuses in `expected`, 429 by default, are not failures). With node:http
 * and a keep-alive agent rather than fetch: the server counts a view for every page a visitor
 * opens, and fetch cost the web noticeably more CPU per call (issue 6; decision 019).
 */
function postBeacon(url: string, headers: Record<string, string>, body: string, expected: number[] = [429]): Promise<void> {
  return new Promise((resolve) => {
    const fail = (error: Error) => {
      logFailure(error);
      resolve();
    };
    try {
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const req = client.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: agents[target.protocol as 'http:' | 'https:'],
          timeout: TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
          res.on('error', fail);
          const status = res.statusCode ?? 0;
          if (status >= 300 && !expected.includes(status)) logFailure(new Error(`HTTP ${status}`));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
      req.on('error', fail);
      req.end(body);
    } catch (error) {
      fail(error as Error);
    }
  });
}

function logFailure(error: Error): void {
  const now = Date.now();
  if (now - lastFailureLog < 60_000) return;
  lastFailureLog = now;
  console.warn(`website analytics: a page view could not be recorded (${error.message})`);
}
