import { createApiClient, DEFAULT_API_URL, type ApiClient } from '@realty/api-client';
import { httpUrlOrNull, type Language } from '@realty/contracts';
import type { MapAttribution } from '~/components/MapView';
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

/** OpenStreetMap's standard tile layer: the maps' default base layer (issue 19 item 14). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The attribution OpenStreetMap's tile usage policy asks for: the credit, linked to its copyright page. */
export const OSM_ATTRIBUTION: MapAttribution = { text: '© OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' };

/**
 * The maps' base layer (spec 01 §2 maps; issue 19 item 14), from the environment:
 * - MAP_TILE_URL: Leaflet tile URL template; unset means OSM_TILE_URL; '' or 'none' means no
 *   tile layer (the markers still work; the tests and the bench, being offline, use it);
 * - MAP_TILE_ATTRIBUTION: the credit shown on the map, plain text (never HTML); unset means
 *   OSM_ATTRIBUTION for an openstreetmap.org URL and none for another;
 * - MAP_TILE_ATTRIBUTION_URL: where that credit links to, only an http(s) URL (else no link).
 * The attribution is data ({text, href}); the map builds its link from it with textContent,
 * so nothing from the environment is parsed as HTML. `url` '' comes with attribution null.
 */
export function mapTiles(env: Readonly<Record<string, string | undefined>> = process.env): { url: string; attribution: MapAttribution | null } {
  const configured = env.MAP_TILE_URL?.trim();
  const url = configured === undefined ? OSM_TILE_URL : configured.toLowerCase() === 'none' ? '' : configured;
  if (!url) return { url: '', attribution: null };
  const text = env.MAP_TILE_ATTRIBUTION?.trim();
  if (text === undefined) return { url, attribution: /(^|[./])openstreetmap\.org\//i.test(url) ? OSM_ATTRIBUTION : null };
  return { url, attribution: text ? { text, href: httpUrlOrNull(env.MAP_TILE_ATTRIBUTION_URL) } : null };
}
