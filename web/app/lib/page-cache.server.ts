import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { constants as zlibConstants, crc32, deflateRaw } from 'node:zlib';
import { crc32CombineGen, crc32CombineOp } from './crc32-combine.server';
import { languageCookie } from '~/cookies.server';
import { getLanguage } from '~/i18n.server';
import { ANALYTICS_SESSION_COOKIE, countDocumentView, isDocumentRequest, PAGE_CACHE_REFRESH_HEADER } from './analytics.server';
import { commitCsrfToken } from './csrf.server';
import { CSP_NONCE_HEADER, newCspNonce } from './security-headers.server';
import { PAGE_CACHE_OPT_IN } from './page-cache';
import { SESSION_COOKIE } from './session.server';
import { languageCookieUpdate, readTheme } from './visitor.server';
import type { RequestView } from './request-view';

/**
 * Anonymous page cache (issue 6: `/catalog` p99 ≤ 150 ms at 100 req/s; decision 019).
 *
 * A server render of the catalogue (50 cards, ~250 KB of HTML) costs ~19 ms of CPU in the one
 * web process, so the process saturates near 50 pages/s. Most page views are anonymous, and
 * for an anonymous visitor a listing page depends only on its URL, language and theme, plus
 * three per-visitor parts that the cache handles itself: the CSRF token of the page's forms,
 * the cookies the page sets, and the page-view count (spec 01 analytics). So the whole HTML of
 * a page that opted in (lib/page-cache.ts) is kept for `ttlMs` (PAGE_CACHE_MS, 15 s by
 * default, 9-15 s with jitter: the API keeps the list answers a page is made of up to 20 s
 * anyway; with 5 s, 200 distinct pages at 100 req/s kept the render thread ~90% busy
 * re-rendering them), split at the token of the visitor it was
 * rendered for and at the CSP nonce of that response; a later visitor gets the kept bytes joined
 * with their own token and their answer's own nonce (the one its Content-Security-Policy header
 * names, decision 024), their own Set-Cookie headers, and their view is counted as the root
 * loader would have. A page made
 * under an older catalogue version than the API's (`version`, polled about once a second: any
 * change of a listing or an image moves it) counts as expired. An expired page
 * is served for up to `staleMs` more while it is rendered anew (stale-while-revalidate): with a
 * render thread, by the cache itself in the background, so no visitor waits for it (with 200
 * distinct catalogue pages at 100 req/s, visitors who each waited for the render of the page
 * they found stale made the web fall to 29 pages/s, p99 ~1 s); without one, by the request
 * that found it stale.
 *
 * Never cached: signed-in visitors (session cookie) and pages with a pending toast (their HTML
 * is personal), requests other than GET, client-navigation data requests, responses other than
 * 200, responses that set any cookie other than the ones recomputed per visitor, pages that did
 * not opt in. Concurrent misses of one key render once; the others wait for that render.
 */

/**
 * Response header on answers served from the cache (`hit`, or `stale` while a fresh render
 * runs) and on those rendered by the render thread (`miss, render thread`).
 */
export const PAGE_CACHE_STATUS = 'x-page-cache';

/**
 * Cookies a kept page's render may set, recomputed for every visitor (see `serve`). The CSRF
 * cookie is the cache's own (fixed before the render); a render that sets another one could
 * not read it, and its page is not kept.
 */
const RECOMPUTED_COOKIES = new Set([languageCookie.name, ANALYTICS_SESSION_COOKIE]);
/** Cookies that make the page personal: never served from or stored in the cache. */
const PERSONAL_COOKIES = new Set([SESSION_COOKIE, 'toast']);
/** Headers not kept with a page (per response, set by compression, or recomputed). */
const UNKEPT_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  // Names the nonce of the response it came with; each answer has its own (set by securityHeaders).
  'content-security-policy',
  PAGE_CACHE_OPT_IN,
  PAGE_CACHE_STATUS,
]);
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Share of the TTL a kept page may lose at random (see `store`). */
const TTL_JITTER = 0.4;
const MAX_URL_LENGTH = 2048;

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
   * The catalogue version now (catalogueVersionSource: GET /api/properties/version, polled),
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
}

/** A page rendered by `PageCacheOptions.render`: set-cookie headers one pair each. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** What goes between two parts of a kept page: the visitor's CSRF token, or the response's CSP nonce. */
const enum Slot {
  Token = 0,
  Nonce = 1,
}

/** A kept page: its status and headers, and its body split at the CSRF token and the CSP nonce it was rendered with. */
interface KeptPage {
  /** Date.now() until which the page is fresh; after it, served only while another request renders. */
  freshUntil: number;
  status: number;
  headers: [string, string | string[]][];
  parts: Buffer[];
  /** What goes between parts[i] and parts[i + 1]. */
  slots: Slot[];
  bytes: number;
  /** `parts` deflated once each, with their CRCs (see gzipParts), once that has finished; until then hits are compressed per request. */
  deflated?: DeflatedParts;
  /** The catalogue version known when its render started (null: unknown), see PageCacheOptions.version. */
  version: number | null;
}

/** The parts of a kept page ready for gzip answers: each deflated, its CRC-32 and its combine operator (crc32CombineGen of its length). */
interface DeflatedParts {
  blocks: Buffer[];
  crcs: number[];
  ops: number[];
}

type Middleware = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => void;

/** Cookie names of a Cookie request header. */
function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(';').map((pair) => pair.slice(0, pair.indexOf('=') >>> 0).trim());
}

/** The cookie name of a Set-Cookie value. */
function setCookieName(value: string): string {
  return value.slice(0, value.indexOf('=') >>> 0).trim();
}

function setCookies(res: ExpressResponse): string[] {
  const value = res.getHeader('set-cookie');
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/** A light view of the Express request for the helpers the cache calls (language, theme, CSRF cookie, page views): no undici Request per hit. */
function requestView(req: ExpressRequest): RequestView {
  const headers = req.headers;
  return {
    url: remixUrl(req),
    method: req.method,
    headers: {
      // As Headers.get: a repeated header's values joined with ', ' (Node already joins Cookie with '; ').
      get: (name: string) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
  };
}

/** The URL Remix's Express adapter gives the request (@remix-run/express createRemixRequest). */
function remixUrl(req: ExpressRequest): string {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10);
  const forwarded = portOf(req.get('X-Forwarded-Host'));
  const own = portOf(req.get('host'));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(own) ? own : '';
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`;
}

/** The request's headers as name/value pairs (repeated headers once per value). */
function headerPairs(req: ExpressRequest): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) pairs.push([name, v]);
    else pairs.push([name, value]);
  }
  return pairs;
}

/**
 * A page rendered elsewhere, split for the cache: the cookies it sets, the headers a kept copy
 * keeps, whether its route opted in, and whether every cookie it sets is one the cache
 * recomputes per visitor.
 */
function renderedParts(rendered: RenderedPage) {
  const cookies = rendered.headers.filter(([name]) => name === 'set-cookie').map(([, value]) => value);
  const kept = rendered.headers.filter(([name]) => !UNKEPT_HEADERS.has(name));
  const optedIn = rendered.headers.some(([name]) => name === PAGE_CACHE_OPT_IN);
  return { cookies, kept, optedIn, cookiesOk: cookies.every((c) => RECOMPUTED_COOKIES.has(setCookieName(c))) };
}

/**
 * The page to keep from a render, or null: only a complete 200 page whose route opted in, that
 * sets no cookie of its own, and that holds `token` (the CSRF token it was rendered with) — a
 * page whose render used another token would hand that token to everyone. It is split at the
 * token and at `nonce` (the CSP nonce of its render, when there was one), so every later
 * answer carries its own (decision 024). `version`: the catalogue version known when the render started.
 */
function keptPage(
  body: Buffer | null,
  status: number,
  optedIn: boolean,
  cookiesOk: boolean,
  headers: [string, string | string[]][],
  token: string,
  nonce: string | undefined,
  version: number | null,
): KeptPage | null {
  if (!body || !optedIn || !cookiesOk || status !== 200) return null;
  const { parts, slots } = splitAt(body, nonce ? [Buffer.from(token), Buffer.from(nonce)] : [Buffer.from(token)]);
  return slots.includes(Slot.Token) ? { freshUntil: 0, status: 200, headers, parts, slots, bytes: body.length, version } : null;
}

/** The CSP nonce of this request's answer (lib/security-headers.server.ts), if any. */
function nonceOf(req: ExpressRequest): string | undefined {
  const value = req.headers[CSP_NONCE_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * A Cookie header: `cookie` plus the name=value of `setCookie` (a Set-Cookie the app is to see
 * as if the browser had sent it back), or `cookie` as it is when there is none.
 */
function withCookie(cookie: string | undefined, setCookie: string | null): string {
  const pair = setCookie ? setCookie.slice(0, setCookie.indexOf(';') >>> 0) : '';
  return [cookie, pair].filter(Boolean).join('; ');
}

function logRenderFailure(error: unknown): null {
  console.error('page cache: render thread failed, rendering here', error);
  return null;
}

/** Whether this request may be answered from (or stored in) the cache at all. */
function eligible(req: ExpressRequest): boolean {
  if (req.method !== 'GET' || req.originalUrl.length > MAX_URL_LENGTH) return false;
  // Remix's client-navigation data requests (single fetch: /path.data?...).
  if (req.path.endsWith('.data') || req.query._data !== undefined) return false;
  return !cookieNames(req.headers.cookie).some((name) => PERSONAL_COOKIES.has(name));
}

/** `parts` joined with `values[slots[i]]` between parts[i] and parts[i + 1]. */
function joinParts(parts: Buffer[], slots: Slot[], values: Buffer[]): Buffer {
  const list: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) list.push(values[slots[i - 1]]);
    list.push(part);
  });
  return Buffer.concat(list);
}

/** `body` split at every occurrence of each of `markers` (random strings that never overlap); `slots` says which one was between two parts. */
function splitAt(body: Buffer, markers: Buffer[]): { parts: Buffer[]; slots: Slot[] } {
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  let from = 0;
  const next = (start: number) => markers.map((marker) => body.indexOf(marker, start));
  for (let found = next(0); found.some((at) => at !== -1); found = next(from)) {
    let slot = -1;
    for (let i = 0; i < found.length; i += 1) if (found[i] !== -1 && (slot === -1 || found[i] < found[slot])) slot = i;
    parts.push(body.subarray(from, found[slot]));
    slots.push(slot as Slot);
    from = found[slot] + markers[slot].length;
  }
  parts.push(body.subarray(from));
  return { parts, slots };
}

const deflateRawAsync = promisify(deflateRaw);
/** A gzip member header (RFC 1952): deflate, no flags, no mtime, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Each part deflated on its own, for gzip answers assembled per visitor (`gzipBody`): a full
 * flush after every part but the last resets the compressor's dictionary, so no part refers
 * back to the bytes before it and a visitor's token can be deflated alone and put between
 * them. Done once per kept page, on the thread pool, at the best level (9).
 */
async function gzipParts(parts: Buffer[]): Promise<DeflatedParts> {
  const blocks = await Promise.all(
    parts.map((part, i) => deflateRawAsync(part, { level: 9, finishFlush: i === parts.length - 1 ? zlibConstants.Z_FINISH : zlibConstants.Z_FULL_FLUSH })),
  );
  return { blocks, crcs: parts.map((part) => crc32(part)), ops: parts.map((part) => crc32CombineGen(part.length)) };
}

/**
 * `data` (at most 65,535 bytes) as a deflate stored block, not final (RFC 1951 §3.2.4): the
 * block header byte (BFINAL 0, BTYPE 00, padding: the stream is byte-aligned after a full
 * flush), LEN and NLEN, then the bytes as they are. A CSRF token does not compress anyway,
 * and this needs no zlib stream per request.
 */
export function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError('storedBlock: at most 65535 bytes');
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/**
 * The gzip body of a kept page for one visitor: header, the deflated parts with the visitor's
 * deflated token between them, and the trailer (CRC-32 and length of the whole page). The CRC
 * is combined from the parts' kept CRCs and the token's (crc32-combine.server.ts): a CRC over
 * the token only, instead of compressing the page (~3 ms at level 6) or a CRC over all of it
 * (~0.1 ms for 250 KB).
 */
function gzipBody(parts: Buffer[], slots: Slot[], deflated: DeflatedParts, values: Buffer[]): Buffer {
  const blocks = values.map((value) => storedBlock(value));
  const list: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      const slot = slots[i - 1];
      list.push(blocks[slot]);
      crc = crc32(values[slot], crc);
      size += values[slot].length;
    }
    list.push(deflated.blocks[i]);
    crc = i === 0 ? deflated.crcs[0] : crc32CombineOp(crc, deflated.crcs[i], deflated.ops[i]);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  list.push(trailer);
  return Buffer.concat(list);
}

/**
 * Removes the opt-in header just before the response head is written, so it never reaches the
 * visitor, and tells `onHead` whether it was there and which headers the app had set.
 */
function interceptHead(res: ExpressResponse, onHead: (optedIn: boolean, headers: [string, string | string[]][]) => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function patchedWriteHead(this: ExpressResponse, ...args: unknown[]) {
    const optedIn = this.getHeader(PAGE_CACHE_OPT_IN) !== undefined;
    this.removeHeader(PAGE_CACHE_OPT_IN);
    const kept: [string, string | string[]][] = [];
    for (const [name, value] of Object.entries(this.getHeaders())) {
      if (value === undefined || UNKEPT_HEADERS.has(name)) continue;
      kept.push([name, Array.isArray(value) ? value : String(value)]);
    }
    onHead(optedIn, kept);
    return (writeHead as (...a: unknown[]) => ExpressResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * Copies every body byte the app writes (uncompressed: this runs after the compression
 * middleware) and calls `onDone` once with the body, or null when the response was cut short.
 */
function captureBody(res: ExpressResponse, onDone: (body: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let done = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || bytes > MAX_PAGE_BYTES) return;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    chunks.push(buffer);
  };
  const finish = (body: Buffer | null) => {
    if (done) return;
    done = true;
    onDone(body);
  };
  const write = res.write;
  const end = res.end;
  res.write = function patchedWrite(this: ExpressResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function patchedEnd(this: ExpressResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    finish(bytes > MAX_PAGE_BYTES ? null : Buffer.concat(chunks));
    return (end as (...a: unknown[]) => ExpressResponse).call(this, chunk, ...rest);
  } as typeof res.end;
  res.on('close', () => finish(null));
}

/**
 * The page cache as an Express middleware, placed after compression and before the Remix
 * request handler (web/server.mjs). Options: see PageCacheOptions. Errors inside the cache are
 * passed to `next(error)` only before the app ran; a page the cache cannot keep is just served.
 */
export function createPageCache({ ttlMs, staleMs = 10_000, maxBytes = 64 * 1024 * 1024, render, version, versionSettleMs = 2000 }: PageCacheOptions): Middleware {
  const pages = new LRUCache<string, KeptPage>({ max: 10_000, maxSize: maxBytes, sizeCalculation: (p) => p.bytes + 512, ttl: Math.max(1, ttlMs + staleMs) });
  const rendering = new Map<string, Promise<KeptPage | null>>();
  /** The catalogue version this cache last saw, and when it first saw it (Date.now()). */
  let seen: { version: number | null; at: number } = { version: null, at: 0 };
  /** The catalogue version now, as far as it is known (null: unknown or not used). */
  const versionNow = (): number | null => {
    const now = version?.() ?? null;
    if (now !== seen.version) seen = { version: now, at: Date.now() };
    return now;
  };
  /** A kept page made under an older catalogue version than the one known now: due for a render, as an expired one. */
  const outdated = (page: KeptPage): boolean => {
    if (page.version === null) return false;
    const now = versionNow();
    return now !== null && now > page.version;
  };

  /** Sends a kept page to this visitor: their CSRF token in the body, their cookies, their view counted. */
  const serve = async (page: KeptPage, request: RequestView, lang: Awaited<ReturnType<typeof getLanguage>>, req: ExpressRequest, res: ExpressResponse, state: 'hit' | 'stale') => {
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
    if (kept && kept.freshUntil > Date.now() && !outdated(kept)) return serve(kept, request, lang, req, res, 'hit');
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
   * A page made now goes in the cache, fresh for 60-100% of `ttlMs` (pages first asked
   * together, after a restart say, then come due spread out rather than all in the same
   * second), or only `versionSettleMs` when the catalogue version moved less than that ago;
   * its gzip parts follow (deflated off the request path).
   */
  const store = (key: string, page: KeptPage) => {
    versionNow();
    const settling = seen.version !== null && Date.now() - seen.at < versionSettleMs;
    const ttl = Math.round(ttlMs * (1 - TTL_JITTER * Math.random()));
    page.freshUntil = Date.now() + (settling ? Math.min(ttl, versionSettleMs) : ttl);
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
    const versionAtStart = versionNow();
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
  const renderMiss = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction, request: RequestView, key: string, settle: (page: KeptPage | null) => void) => {
    const versionAtStart = versionNow();
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
