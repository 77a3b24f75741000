import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import helmet from 'helmet';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mapTiles } from '../api/api.server';

/**
 * The web server's security headers (issue 19 item 4, decision 024), by helmet, on every answer
 * (pages, data requests, /assets, /media): a Content-Security-Policy whose scripts and <style>
 * elements need the response's nonce (no 'unsafe-inline' for scripts), frame-ancestors 'none'
 * (and X-Frame-Options DENY for older browsers), HSTS in production only, nosniff,
 * Referrer-Policy strict-origin-when-cross-origin, and helmet's other defaults (COOP, CORP
 * same-origin, Origin-Agent-Cluster, ...).
 *
 * The nonce: 16 random bytes per response, made by `securityHeaders` and handed to the app in
 * the request header CSP_NONCE_HEADER (a value the visitor sent is replaced): entry.server.tsx
 * gives it to Remix's scripts and to our inline <style> and <script> elements (lib/serving/nonce.ts),
 * the render thread gets it with the other headers, and the page cache puts each response's own
 * nonce into a kept page (serving/page-cache.server.ts).
 */

/** Request header carrying this response's CSP nonce from the middleware to the app (never the visitor's). */
export const CSP_NONCE_HEADER = 'x-csp-nonce';

/** A new nonce: 16 random bytes, base64url (22 characters, valid in CSP and in an HTML attribute). */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The CSP source of the map tiles of `tileUrl` (MAP_TILE_URL, a Leaflet URL template such as
 * `https://{s}.tile.example.org/{z}/{x}/{y}.png`): its origin, a first label with a placeholder
 * (`{s}`, `tiles-{s}`) as `*`; 'self' for a relative URL; the bare scheme when a later label has
 * one (CSP cannot say more). Null when there is no tile layer.
 */
export function tileSource(tileUrl: string): string | null {
  const url = tileUrl.trim();
  if (!url) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url);
  if (!match) return "'self'";
  const [, scheme, host] = match;
  const labels = host.split('.');
  if (labels.slice(1).some((label) => label.includes('{'))) return `${scheme.toLowerCase()}:`;
  if (labels[0].includes('{')) labels[0] = '*';
  return `${scheme.toLowerCase()}://${labels.join('.').toLowerCase()}`;
}

/** The nonce of the response `req` belongs to (set by securityHeaders). */
function nonceOf(req: IncomingMessage): string {
  return String(req.headers[CSP_NONCE_HEADER]);
}

/**
 * The policy's directives. `img-src` adds data: (Leaflet's stylesheet has its control icons as
 * data: URLs) and the tile host; style attributes (React `style` props: colour swatches, the map
 * height, range sliders) are allowed by `style-src-attr`, <style> elements need the nonce.
 */
export function cspDirectives(tileUrl: string): Record<string, Iterable<string | ((req: IncomingMessage) => string)>> {
  const nonce = (req: IncomingMessage) => `'nonce-${nonceOf(req)}'`;
  const tiles = tileSource(tileUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", nonce],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", nonce],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(tiles && tiles !== "'self'" ? [tiles] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The middlewares to put in front of everything (web/server.mjs): a fresh nonce per request
 * (and a same-origin post's `Origin: null` dropped), then helmet. A header helmet set that the app sets too (the reset-password page's
 * Referrer-Policy: no-referrer) takes the app's value: Remix's Express adapter appends the
 * app's headers, which would otherwise leave both.
 */
export function securityHeaders(env: NodeJS.ProcessEnv = process.env) {
  const production = env.NODE_ENV === 'production';
  const secured = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(mapTiles().url) },
    strictTransportSecurity: production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const nonce = (req: ExpressRequest, _res: ExpressResponse, next: NextFunction) => {
    req.headers[CSP_NONCE_HEADER] = newCspNonce();
    // A page with Referrer-Policy: no-referrer (the reset-password page) makes the browser send
    // its form posts with `Origin: null`, which Remix's own origin check refuses (a 500). The
    // browser also says the post comes from this site (Sec-Fetch-Site, which no page can set):
    // then the null says nothing, and is dropped. Every action still checks its CSRF token.
    if (req.headers.origin === 'null' && req.headers['sec-fetch-site'] === 'same-origin') delete req.headers.origin;
    next();
  };
  const appWins = (_req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const helmets = new Set(res.getHeaderNames());
    const append = res.append;
    res.append = function appendOrReplace(this: ExpressResponse, field: string, value?: string[] | string) {
      if (helmets.has(field.toLowerCase())) {
        helmets.delete(field.toLowerCase());
        return this.set(field, value);
      }
      return append.call(this, field, value);
    } as typeof res.append;
    next();
  };
  return [nonce, secured, appWins];
}
