import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { getLanguage } from '~/i18n.server';
import { countDocumentView, isDocumentRequest, PAGE_CACHE_REFRESH_HEADER } from '../analytics/analytics.server';
import { commitCsrfToken } from '../auth/csrf.server';
import { CSP_NONCE_HEADER, newCspNonce } from './security-headers.server';
import { languageCookieUpdate, readTheme } from './visitor.server';
import type { RequestView } from './request-view';
import { eligible, headerPairs, nonceOf, remixUrl, requestView, withCookie } from './cache-request.server';
import { gzipBody, gzipParts } from './gzip-frames.server';
import {
  joinParts,
  keptPage,
  PAGE_CACHE_STATUS,
  RECOMPUTED_COOKIES,
  renderedParts,
  setCookieName,
  type KeptPage,
  type RenderedPage,
} from './kept-page.server';
import { RefreshPolicy } from './refresh-policy.server';
import { captureBody, interceptHead, setCookies } from './response-capture.server';

export { PAGE_CACHE_STATUS, type RenderedPage } from './kept-page.server';

/**
 * Anonymous page cache (issue 6: `/catalog` p99 ≤ 150 ms at 100 req/s; decision 019, which
 * has the reasoning and the figures). A render is too dear to make per request, and for an
 * anonymous visitor a page depends only on its URL, language and theme, plus three
 * per-visitor parts the cache puts back itself: the forms' CSRF token and the CSP nonce (the
 * kept HTML is split at both; decision 024), the cookies the page sets, and the page-view
 * count. A page that opted in (lib/serving/page-cache.ts) is kept for `ttlMs` (PAGE_CACHE_MS,
 * 15 s by default, 9-15 s with jitter), and counts as expired when made under an older
 * catalogue version than the API's. An expired page is served for up to `staleMs` more while
 * it is rendered anew: by the render thread in the background when there is one (so no
 * visitor waits for it), else by the request that found it stale.
 *
 * Never cached: signed-in visitors (session cookie) and pages with a pending toast (their HTML
 * is personal), requests other than GET, client-navigation data requests, responses other than
 * 200, responses that set any cookie other than the ones recomputed per visitor, pages that did
 * not opt in. Concurrent misses of one key render once; the others wait for that render.
 */

export interface PageCacheOptions {
  /** How long a page is fresh, ms; 0 turns the cache off (pages still lose the opt-in header). */
  ttlMs: number;
  /**
   * How long after that a page may still be served while one request renders its successor,
   * ms (stale-while-revalidate: an expiry never makes every visitor wait for one render).
   * Default 10 s.
   */
  staleMs?: number;
  /** Bound of the kept HTML, bytes (least recently used pages go first). Default 64 MB. */
  maxBytes?: number;
  /**
   * Renders a page elsewhere (web/render-thread.mjs: a worker thread), so a render never holds
   * up the kept pages this thread serves meanwhile; resolves null when it cannot (the page is
   * then rendered here, by the next handler). Without it, pages are rendered here.
   */
  render?: (url: string, headers: [string, string][]) => Promise<RenderedPage | null>;
  /**
   * The catalogue version now (catalogVersionSource: GET /api/properties/version, polled),
   * or null when unknown. A kept page made under an older version is treated as expired (served
   * stale while it renders anew), so a change of a listing reaches the kept pages within a poll
   * and a render rather than their TTL. Without it, pages live out their TTL.
   */
  version?: () => number | null;
  /**
   * How long a page rendered just after the version moved is kept, ms (default 2 s): the API
   * answers the first requests after a change from its previous answer while it recomputes it
   * (decision 017, stale-while-revalidate), so such a render may hold the old data under the
   * new version. Kept this briefly, it is rendered once more when the API has caught up.
   */
  versionSettleMs?: number;
  /**
   * The clock every freshness decision reads, ms since the epoch (default Date.now): tests move
   * it instead of waiting out a TTL, as TtlCache's `now` (api/src/common/ttl-cache.ts).
   */
  now?: () => number;
}

type Middleware = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => void;

function logRenderFailure(error: unknown): null {
  console.error('page cache: render thread failed, rendering here', error);
  return null;
}

/**
 * The page cache as an Express middleware, placed after compression and before the Remix
 * request handler (web/server.mjs). Options: see PageCacheOptions. Errors inside the cache are
 * passed to `next(error)` only before the app ran; a page the cache cannot keep is just served.
 */
export function createPageCache({
  ttlMs,
  staleMs = 10_000,
  maxBytes = 64 * 1024 * 1024,
  render,
  version,
  versionSettleMs = 2000,
  now,
}: PageCacheOptions): Middleware {
  const policy = new RefreshPolicy({ ttlMs, staleMs, version, versionSettleMs, now: now ?? Date.now });
  const pages = new LRUCache<string, KeptPage>({
    max: 10_000,
    maxSize: maxBytes,
    sizeCalculation: (p) => p.bytes + 512,
    ttl: policy.keepMs,
    // A test's clock, read at every look-up (lru-cache otherwise reads performance.now()).
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
  const rendering = new Map<string, Promise<KeptPage | null>>();

  /** Sends a kept page to this visitor: their CSRF token in the body, their cookies, their view counted. */
  const serve = async (
    page: KeptPage,
    request: RequestView,
    lang: Awaited<ReturnType<typeof getLanguage>>,
    req: ExpressRequest,
    res: ExpressResponse,
    state: 'hit' | 'stale',
  ) => {
    const csrf = await commitCsrfToken(request);
    const cookies: string[] = [];
    if (csrf.setCookie) cookies.push(csrf.setCookie);
    const language = await languageCookieUpdate(request, lang);
    if (language) cookies.push(language);
    const view = countDocumentView(request, lang);
    if (view.setCookie) cookies.push(view.setCookie);
    res.status(page.status);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (cookies.length) res.setHeader('Set-Cookie', cookies);
    res.setHeader(PAGE_CACHE_STATUS, state);
    // Between the parts: the visitor's CSRF token and this answer's CSP nonce (the one its header names).
    const values = [Buffer.from(csrf.token), Buffer.from(nonceOf(req) ?? '')];
    // gzip from the kept deflated parts when the client takes it (the compression middleware
    // leaves an encoded answer alone); otherwise the plain page, compressed as any other.
    if (page.deflated && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      const vary = res.getHeader('vary');
      res.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      res.setHeader('Content-Encoding', 'gzip');
      const body = gzipBody(page.parts, page.slots, page.deflated, values);
      res.setHeader('Content-Length', body.length);
      res.end(body);
      return;
    }
    res.end(joinParts(page.parts, page.slots, values));
  };

  const handle = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const request = requestView(req);
    const [lang, theme] = await Promise.all([getLanguage(request), readTheme(request)]);
    const bot = isbot(request.headers.get('user-agent') ?? '');
    // The URL as the page sees it (with X-Forwarded-Host/-Proto, trusted by the app): a page's
    // absolute links come from it, so a request naming another host gets a page of its own.
    const key = [lang, theme, isDocumentRequest(request) ? 'doc' : 'data', bot ? 'bot' : 'visitor', request.url].join('\n');

    const kept = pages.get(key);
    if (kept && policy.isFresh(kept)) return serve(kept, request, lang, req, res, 'hit');
    const inFlight = rendering.get(key);
    // Stale: served while the next one renders.
    if (kept && inFlight) return serve(kept, request, lang, req, res, 'stale');
    if (kept && render) {
      // With a render thread, nobody waits for it: the render is the cache's own.
      void refresh(req, request, key);
      return serve(kept, request, lang, req, res, 'stale');
    }
    if (inFlight) {
      const page = await inFlight;
      if (page) return serve(page, request, lang, req, res, 'hit');
      return next();
    }

    // A miss: this visitor's render becomes the kept page. Their CSRF token is fixed here (and
    // handed to the app as if their browser had sent the cookie), so the cache knows which bytes
    // of the HTML are the token.
    let resolveRender: (page: KeptPage | null) => void = () => undefined;
    rendering.set(key, new Promise((resolve) => (resolveRender = resolve)));
    let settled = false;
    // Ends this render for the visitors waiting on it (once; whatever happens below).
    const settle = (page: KeptPage | null) => {
      if (settled) return;
      settled = true;
      rendering.delete(key);
      resolveRender(page);
    };
    try {
      await renderMiss(req, res, next, request, key, settle);
    } catch (error) {
      settle(null);
      throw error;
    }
  };

  /**
   * A page made now goes in the cache, fresh for as long as the refresh policy says
   * (RefreshPolicy.freshUntil); its gzip parts follow (deflated off the request path).
   */
  const store = (key: string, page: KeptPage) => {
    page.freshUntil = policy.freshUntil();
    pages.set(key, page);
    gzipParts(page.parts).then(
      (deflated) => (page.deflated = deflated),
      (error: unknown) => console.error('page cache: deflate failed', error),
    );
  };

  /**
   * Renders the stale page of `key` anew on the render thread, for no visitor
   * (stale-while-revalidate): the visitor who found it stale, and those after, are served the
   * stale page until the new one is kept. The render gets this visitor's headers (language,
   * theme, bot or not: the key's own), their CSRF token (or a new one, which is never sent),
   * and PAGE_CACHE_REFRESH_HEADER, so it counts no page view. A failed render keeps the stale
   * page until it expires; the next visitor then tries again.
   */
  const refresh = async (req: ExpressRequest, request: RequestView, key: string) => {
    let page: KeptPage | null = null;
    let resolveRender: (page: KeptPage | null) => void = () => undefined;
    rendering.set(key, new Promise((resolve) => (resolveRender = resolve)));
    const versionAtStart = policy.versionNow();
    try {
      const csrf = await commitCsrfToken(request);
      // A nonce of its own: the page is never sent as rendered, each answer gets its own.
      const nonce = newCspNonce();
      const headers = headerPairs(req).filter(([name]) => name !== 'cookie' && name !== CSP_NONCE_HEADER);
      headers.push([CSP_NONCE_HEADER, nonce]);
      const cookie = withCookie(req.headers.cookie, csrf.setCookie);
      if (cookie) headers.push(['cookie', cookie]);
      headers.push([PAGE_CACHE_REFRESH_HEADER, '1']);
      const rendered = await render?.(remixUrl(req), headers);
      if (rendered) {
        const { kept, optedIn, cookiesOk } = renderedParts(rendered);
        page = keptPage(rendered.body, rendered.status, optedIn, cookiesOk, kept, csrf.token, nonce, versionAtStart);
        if (page) store(key, page);
      }
    } catch (error) {
      console.error('page cache: refresh failed', error);
    } finally {
      rendering.delete(key);
      resolveRender(page);
    }
  };

  /** A miss: renders the page for this visitor (on the render thread when there is one) and keeps it when it may. */
  const renderMiss = async (
    req: ExpressRequest,
    res: ExpressResponse,
    next: NextFunction,
    request: RequestView,
    key: string,
    settle: (page: KeptPage | null) => void,
  ) => {
    const versionAtStart = policy.versionNow();
    const csrf = await commitCsrfToken(request);
    if (csrf.setCookie) {
      req.headers.cookie = withCookie(req.headers.cookie, csrf.setCookie);
      res.append('Set-Cookie', csrf.setCookie);
    }
    const keep = (body: Buffer | null, status: number, optedIn: boolean, cookiesOk: boolean, headers: [string, string | string[]][]) => {
      const page = keptPage(body, status, optedIn, cookiesOk, headers, csrf.token, nonceOf(req), versionAtStart);
      if (page) store(key, page);
      settle(page);
    };

    const rendered = render ? await render(remixUrl(req), headerPairs(req)).catch(logRenderFailure) : null;
    if (rendered) {
      const { cookies, kept, optedIn, cookiesOk } = renderedParts(rendered);
      res.status(rendered.status);
      res.setHeader(PAGE_CACHE_STATUS, 'miss, render thread');
      for (const [name, value] of kept) res.setHeader(name, value);
      for (const cookie of cookies) res.append('Set-Cookie', cookie);
      res.end(rendered.body);
      keep(rendered.body, rendered.status, optedIn, cookiesOk, kept);
      return;
    }

    // Rendered here, by the Remix handler: its headers and body are taken on the way out.
    let optedIn = false;
    let headers: [string, string | string[]][] = [];
    let cookiesOk = true;
    interceptHead(res, (opted, kept) => {
      optedIn = opted;
      headers = kept;
      cookiesOk = setCookies(res).every((c) => c === csrf.setCookie || RECOMPUTED_COOKIES.has(setCookieName(c)));
    });
    captureBody(res, (body) => keep(body, res.statusCode, optedIn, cookiesOk, headers));
    next();
  };

  return function pageCache(req, res, next) {
    // Only the cache's own renders say they are one (a visitor's would go uncounted).
    delete req.headers[PAGE_CACHE_REFRESH_HEADER];
    if (ttlMs <= 0 || !eligible(req)) {
      interceptHead(res, () => undefined);
      return next();
    }
    handle(req, res, next).catch((error: unknown) => {
      if (res.headersSent) console.error('page cache:', error);
      else next(error);
    });
  };
}
