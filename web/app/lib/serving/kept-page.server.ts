import { languageCookie } from '~/cookies.server';
import { ANALYTICS_SESSION_COOKIE } from '../analytics/analytics.server';
import { PAGE_CACHE_OPT_IN } from './page-cache';
import type { DeflatedParts } from './gzip-frames.server';

/**
 * What the anonymous page cache keeps of a page (page-cache.server.ts): its status, the headers
 * every later answer repeats, and its body split at the two per-answer values, the visitor's
 * CSRF token and the response's CSP nonce (decision 024), so a later visitor's answer is the
 * kept bytes joined with their own.
 */

/**
 * Response header on answers served from the cache (`hit`, or `stale` while a fresh render
 * runs) and on those rendered by the render thread (`miss, render thread`).
 */
export const PAGE_CACHE_STATUS = 'x-page-cache';

/**
 * Cookies a kept page's render may set, recomputed for every visitor (see `serve` in
 * page-cache.server.ts). The CSRF cookie is the cache's own (fixed before the render); a render
 * that sets another one could not read it, and its page is not kept.
 */
export const RECOMPUTED_COOKIES = new Set([languageCookie.name, ANALYTICS_SESSION_COOKIE]);

/** Headers not kept with a page (per response, set by compression, or recomputed). */
export const UNKEPT_HEADERS = new Set([
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

/** A page rendered by `PageCacheOptions.render`: set-cookie headers one pair each. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** What goes between two parts of a kept page: the visitor's CSRF token, or the response's CSP nonce. */
export const enum Slot {
  Token = 0,
  Nonce = 1,
}

/** A kept page: its status and headers, and its body split at the CSRF token and the CSP nonce it was rendered with. */
export interface KeptPage {
  /** Time (the cache's clock, ms) until which the page is fresh; after it, served only while another request renders. */
  freshUntil: number;
  status: number;
  headers: [string, string | string[]][];
  parts: Buffer[];
  /** What goes between parts[i] and parts[i + 1]: an index into the values of `joinParts` (a Slot). */
  slots: Slot[];
  bytes: number;
  /** `parts` deflated once each, with their CRCs (see gzipParts), once that has finished; until then hits are compressed per request. */
  deflated?: DeflatedParts;
  /** The catalogue version known when its render started (null: unknown), see PageCacheOptions.version. */
  version: number | null;
}

/** The cookie name of a Set-Cookie value. */
export function setCookieName(value: string): string {
  return value.slice(0, value.indexOf('=') >>> 0).trim();
}

/**
 * A page rendered elsewhere, split for the cache: the cookies it sets, the headers a kept copy
 * keeps, whether its route opted in, and whether every cookie it sets is one the cache
 * recomputes per visitor.
 */
export function renderedParts(rendered: RenderedPage) {
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
 * answer carries its own (decision 024). `version`: the catalogue version known when the render
 * started. `freshUntil` is 0 until the cache stores it.
 */
export function keptPage(
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

/** `parts` joined with `values[slots[i]]` between parts[i] and parts[i + 1]. */
export function joinParts(parts: Buffer[], slots: readonly number[], values: Buffer[]): Buffer {
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
