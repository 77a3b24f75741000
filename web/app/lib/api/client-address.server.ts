import { parseTrustProxy } from '@realty/contracts';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * The visitor's address (issue 19 item 1, decision 023). The web server tells the API, the
 * geo-language guess and the page-view counter who the visitor is in the `x-client-ip`
 * request header; the API keys every per-IP limit on it (it trusts the web's X-Forwarded-For).
 */

/** Request header carrying the visitor's address from web/server.mjs to the app (set there, never taken from the visitor). */
export const CLIENT_IP_HEADER = 'x-client-ip';

/**
 * WEB_TRUST_PROXY, the web server's Express 'trust proxy': which peers may name the visitor's
 * address with X-Forwarded-For. The syntax of the API's TRUST_PROXY (parseTrustProxy: 'true',
 * 'false', or a comma list of IPs, CIDRs and presets such as 'loopback'); default: nobody, so
 * the socket's address is the visitor's. Set it only when a reverse proxy in front of the web
 * server overwrites X-Forwarded-For (its address, e.g. 'loopback' for one on the same host).
 */
export function webTrustProxySetting(env: NodeJS.ProcessEnv = process.env): boolean | string[] {
  return parseTrustProxy(env.WEB_TRUST_PROXY, false);
}

/** An IPv4 address as the socket of a dual-stack server gives it (`::ffff:192.0.2.1`) in its plain form. */
function plainAddress(address: string): string {
  return /^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address) ? address.slice(7) : address;
}

/**
 * Express middleware (web/server.mjs, before everything else): replaces whatever `x-client-ip`
 * the visitor sent with the address Express derived under WEB_TRUST_PROXY (`req.ip`: the
 * socket's address unless a trusted proxy forwarded it), or removes it when there is none.
 */
export function forwardClientAddress(req: ExpressRequest, _res: ExpressResponse, next: NextFunction): void {
  delete req.headers[CLIENT_IP_HEADER];
  const ip = req.ip;
  if (ip) req.headers[CLIENT_IP_HEADER] = plainAddress(ip);
  next();
}
