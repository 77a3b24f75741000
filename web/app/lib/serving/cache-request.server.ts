import type { Request as ExpressRequest } from 'express';
import { CSP_NONCE_HEADER } from './security-headers.server';
import { SESSION_COOKIE } from '../auth/session.server';
import type { RequestView } from './request-view';

/**
 * What the page cache (page-cache.server.ts) reads of an Express request: whether it may be
 * answered from the cache at all, its URL as Remix sees it, its headers and CSP nonce, and the
 * light view the visitor helpers (language, theme, CSRF cookie, page views) take.
 */

/** Cookies that make the page personal: never served from or stored in the cache. */
const PERSONAL_COOKIES = new Set([SESSION_COOKIE, 'toast']);
const MAX_URL_LENGTH = 2048;

/** Cookie names of a Cookie request header. */
function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(';').map((pair) => pair.slice(0, pair.indexOf('=') >>> 0).trim());
}

/**
 * Whether this request may be answered from (or stored in) the cache at all: a GET of a URL
 * of at most 2048 characters, not a client-navigation data request, from a visitor with no
 * session and no pending toast.
 */
export function eligible(req: ExpressRequest): boolean {
  if (req.method !== 'GET' || req.originalUrl.length > MAX_URL_LENGTH) return false;
  // Remix's client-navigation data requests (single fetch: /path.data?...).
  if (req.path.endsWith('.data') || req.query._data !== undefined) return false;
  return !cookieNames(req.headers.cookie).some((name) => PERSONAL_COOKIES.has(name));
}

/** A light view of the Express request for the helpers the cache calls (language, theme, CSRF cookie, page views): no undici Request per hit. */
export function requestView(req: ExpressRequest): RequestView {
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
export function remixUrl(req: ExpressRequest): string {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10);
  const forwarded = portOf(req.get('X-Forwarded-Host'));
  const own = portOf(req.get('host'));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(own) ? own : '';
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`;
}

/** The request's headers as name/value pairs (repeated headers once per value). */
export function headerPairs(req: ExpressRequest): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) pairs.push([name, v]);
    else pairs.push([name, value]);
  }
  return pairs;
}

/** The CSP nonce of this request's answer (lib/serving/security-headers.server.ts), if any. */
export function nonceOf(req: ExpressRequest): string | undefined {
  const value = req.headers[CSP_NONCE_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * A Cookie header: `cookie` plus the name=value of `setCookie` (a Set-Cookie the app is to see
 * as if the browser had sent it back), or `cookie` as it is when there is none.
 */
export function withCookie(cookie: string | undefined, setCookie: string | null): string {
  const pair = setCookie ? setCookie.slice(0, setCookie.indexOf(';') >>> 0) : '';
  return [cookie, pair].filter(Boolean).join('; ');
}
