import { ANALYTICS_SESSION_HEADER, SESSION_ID_PATTERN, UTM_KEYS, isTrackedPath, type Language } from '@realty/contracts';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { apiUrl } from './api.server';

/**
 * Page views counted by the server render (issue 4: "Page views are also counted when
 * JavaScript is off"). The root loader calls `countDocumentView` for every document request of a
 * public page: it sends the view to the API without waiting for it (origin 'server') and tells
 * the page, so the browser tracker skips that first view (no double count). The analytics
 * session id lives in a session cookie the browser tracker reuses.
 */

/** Session cookie with the analytics session id (readable by the tracker: it is no secret). */
export const ANALYTICS_SESSION_COOKIE = 'asid';

const TIMEOUT_MS = 2000;
let lastFailureLog = 0;

/** True for a top-level page load (not a data request of client navigation, not a fetch). */
export function isDocumentRequest(request: Request): boolean {
  if (request.method !== 'GET') return false;
  const dest = request.headers.get('sec-fetch-dest');
  if (dest) return dest === 'document';
  return (request.headers.get('accept') ?? '').includes('text/html');
}

function readSessionCookie(request: Request): string | null {
  const match = /(?:^|;\s*)asid=([^;]+)/.exec(request.headers.get('Cookie') ?? '');
  const value = match ? decodeURIComponent(match[1]) : null;
  return value && SESSION_ID_PATTERN.test(value) ? value : null;
}

/**
 * Counts the view of a public page's document request (fire and forget: the page never waits
 * and a failure is only logged). Returns whether it counted and the Set-Cookie of a new session.
 */
export function countDocumentView(request: Request, lang: Language): { counted: boolean; setCookie: string | null } {
  if (!isDocumentRequest(request)) return { counted: false, setCookie: null };
  const url = new URL(request.url);
  if (!isTrackedPath(url.pathname)) return { counted: false, setCookie: null };
  const existing = readSessionCookie(request);
  const sessionId = existing ?? randomUUID();
  const body: Record<string, unknown> = {
    path: url.pathname,
    userAgent: request.headers.get('user-agent') ?? undefined,
    language: lang,
    referrer: request.headers.get('referer') ?? undefined,
    timestamp: new Date().toISOString(),
    origin: 'server',
  };
  for (const key of UTM_KEYS) {
    const v = url.searchParams.get(key);
    if (v) body[key] = v;
  }
  const headers: Record<string, string> = { 'content-type': 'application/json', [ANALYTICS_SESSION_HEADER]: sessionId };
  const ip = request.headers.get('x-client-ip');
  if (ip) headers['x-forwarded-for'] = ip;
  const ua = request.headers.get('user-agent');
  if (ua) headers['user-agent'] = ua;
  postBeacon(`${apiUrl()}/website-analytics/track-page-view`, headers, JSON.stringify(body));
  return {
    counted: true,
    setCookie: existing ? null : `${ANALYTICS_SESSION_COOKIE}=${sessionId}; Path=/; SameSite=Lax${process.env.NODE_ENV === 'production' && process.env.COOKIE_SECURE !== 'false' ? '; Secure' : ''}`,
  };
}

/** Forwards a browser beacon to the API (routes/api.website-analytics.$kind.ts); never throws. */
export async function forwardBeacon(request: Request, kind: 'track-page-view' | 'track-event'): Promise<void> {
  try {
    const text = await request.text();
    if (text.length > 16_384) return;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const session = request.headers.get(ANALYTICS_SESSION_HEADER);
    if (session) headers[ANALYTICS_SESSION_HEADER] = session;
    const ip = request.headers.get('x-client-ip');
    if (ip) headers['x-forwarded-for'] = ip;
    const ua = request.headers.get('user-agent');
    if (ua) headers['user-agent'] = ua;
    const res = await fetch(`${apiUrl()}/website-analytics/${kind}`, { method: 'POST', headers, body: text, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok && res.status !== 429 && res.status !== 400) throw new Error(`HTTP ${res.status}`);
  } catch (error) {
    logFailure(error as Error);
  }
}

/** Keep-alive connections to the API for the page views (one per document request). */
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }) };

/**
 * Sends a page view without waiting for it; a failure is only logged (429 is expected). With
 * node:http and a keep-alive agent rather than fetch: this runs for every page a visitor
 * opens, and fetch cost the web ~0.4 ms of CPU per call (profile of /catalog, issue 6).
 */
function postBeacon(url: string, headers: Record<string, string>, body: string): void {
  try {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent: agents[target.protocol as 'http:' | 'https:'], timeout: TIMEOUT_MS },
      (res) => {
        res.resume();
        if ((res.statusCode ?? 0) >= 300 && res.statusCode !== 429) logFailure(new Error(`HTTP ${res.statusCode}`));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
    req.on('error', logFailure);
    req.end(body);
  } catch (error) {
    logFailure(error as Error);
  }
}

function logFailure(error: Error): void {
  const now = Date.now();
  if (now - lastFailureLog < 60_000) return;
  lastFailureLog = now;
  console.warn(`website analytics: a page view could not be recorded (${error.message})`);
}
