import { createApiClient, DEFAULT_API_URL, type ApiClient } from '@realty/api-client';
import type { Language } from '@realty/contracts';
import { getLanguage } from '~/i18n.server';
import { apiFetch } from './api-rate-limit.server';
import { CLIENT_IP_HEADER } from './client-address.server';

/** Base URL of the API (env API_URL, default http://127.0.0.1:3001/api). */
export function apiUrl(): string {
  return process.env.API_URL || DEFAULT_API_URL;
}

/**
 * Headers of every server-side call to the API. The API sits next to the web server (loopback
 * or the private network): compressing its JSON there and inflating it here only burns CPU on
 * both sides (a 50-card catalogue page is ~180 KB of JSON), so ask for it uncompressed.
 */
export const INTERNAL_API_HEADERS: Readonly<Record<string, string>> = { 'accept-encoding': 'identity' };

/**
 * INTERNAL_API_HEADERS plus the visitor's address as X-Forwarded-For (web/server.mjs puts it in
 * x-client-ip under WEB_TRUST_PROXY, see client-address.server.ts; the API trusts the web's
 * X-Forwarded-For by its TRUST_PROXY).
 */
export function apiHeaders(request: Request): Record<string, string> {
  const clientIp = request.headers.get(CLIENT_IP_HEADER);
  return clientIp ? { ...INTERNAL_API_HEADERS, 'x-forwarded-for': clientIp } : { ...INTERNAL_API_HEADERS };
}

/**
 * The API client of one incoming request: the request's language, cancelled when the visitor
 * goes away (request.signal). Signed-in calls add `token` / `headers` (see ApiClientOptions).
 */
export async function apiFor(request: Request, lang?: Language): Promise<{ api: ApiClient; lang: Language }> {
  const language = lang ?? (await getLanguage(request));
  const timeoutMs = Number(process.env.API_TIMEOUT_MS) || undefined;
  return { api: createApiClient({ baseUrl: apiUrl(), lang: language, signal: request.signal, timeoutMs, headers: apiHeaders(request), fetch: apiFetch }), lang: language };
}

/** Map tiles (spec: configurable tile URL; '' means no tile layer, markers still work). */
export function mapTiles(): { url: string; attribution: string } {
  const url = process.env.MAP_TILE_URL ?? '';
  const attribution =
    process.env.MAP_TILE_ATTRIBUTION ??
    (/openstreetmap/i.test(url) ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' : '');
  return { url, attribution };
}
