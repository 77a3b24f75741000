import { createApiClient, DEFAULT_API_URL, type ApiClient, type CsrfStore } from '@realty/api-client';
import { httpUrlOrNull, type Language } from '@realty/contracts';
import type { MapAttribution } from '~/components/MapView';
import { getLanguage } from '~/i18n.server';
import { apiFetch } from './api-rate-limit.server';
import { CLIENT_IP_HEADER } from './client-address.server';
import type { RequestView } from '../serving/request-view';

/** Base URL of the API (env API_URL, default http://127.0.0.1:3001/api). */
export function apiUrl(): string {
  return process.env.API_URL || DEFAULT_API_URL;
}

/**
 * Headers of every server-side call to the API. The API sits next to the web server (loopback
 * or the private network): compressing its JSON there and inflating it here only burns CPU on
 * both sides (a catalogue page is a large JSON; decision 018), so ask for it uncompressed.
 */
export const INTERNAL_API_HEADERS: Readonly<Record<string, string>> = { 'accept-encoding': 'identity' };

/**
 * Who the visitor is, for the API: INTERNAL_API_HEADERS plus the visitor's address as
 * X-Forwarded-For (web/server.mjs puts it in x-client-ip under WEB_TRUST_PROXY, see
 * client-address.server.ts; the API trusts the web's X-Forwarded-For by its TRUST_PROXY and keys
 * its per-IP limits on it) and their User-Agent (the API records it with sessions and leads).
 */
export function apiHeaders(request: RequestView): Record<string, string> {
  const headers: Record<string, string> = { ...INTERNAL_API_HEADERS };
  const clientIp = request.headers.get(CLIENT_IP_HEADER);
  if (clientIp) headers['x-forwarded-for'] = clientIp;
  const userAgent = request.headers.get('user-agent');
  if (userAgent) headers['user-agent'] = userAgent;
  return headers;
}

export interface WebApiOptions {
  /** Interface language (Accept-Language and `?lang=`); default: none (the API's default texts). */
  lang?: Language;
  /** Milliseconds before a call fails with ApiNetworkError('timeout'); default API_TIMEOUT_MS, else the client's 10 s. */
  timeoutMs?: number;
  /** The bearer token of the signed-in visitor, read at each call (it may be refreshed meanwhile). */
  token?: () => string | null | undefined;
  /** Where the API's CSRF pair is kept (the visitor's session, spec 02 §7); needed for writes. */
  csrf?: CsrfStore;
  /** The fetch to call through; default apiFetch (notes the API's 429s for the page's answer). */
  fetch?: typeof fetch;
}

/**
 * The one way the web builds an API client (issue 20). For a visitor's `request`: their address
 * and user agent (apiHeaders), cancelled when they go away (request.signal), plus the options'
 * language, bearer token and CSRF store. `request` null: a call of the web server's own (e.g.
 * the catalogue-version poll), sent with INTERNAL_API_HEADERS only.
 */
export function createWebApiClient(request: Request | null, options: WebApiOptions = {}): ApiClient {
  const timeoutMs = options.timeoutMs ?? (Number(process.env.API_TIMEOUT_MS) || undefined);
  return createApiClient({
    baseUrl: apiUrl(),
    lang: options.lang,
    signal: request?.signal,
    timeoutMs,
    csrf: options.csrf,
    fetch: options.fetch ?? apiFetch,
    headers: () => {
      const token = options.token?.();
      return { ...(request ? apiHeaders(request) : INTERNAL_API_HEADERS), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    },
  });
}

/**
 * The API client of one incoming request, anonymous: the request's language (or `lang`),
 * cancelled when the visitor goes away. Signed-in calls use getAuth(request).api.
 */
export async function apiFor(request: Request, lang?: Language): Promise<{ api: ApiClient; lang: Language }> {
  const language = lang ?? (await getLanguage(request));
  return { api: createWebApiClient(request, { lang: language }), lang: language };
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
export function mapTiles(env: Readonly<Record<string, string | undefined>> = process.env): {
  url: string;
  attribution: MapAttribution | null;
} {
  const configured = env.MAP_TILE_URL?.trim();
  const url = configured === undefined ? OSM_TILE_URL : configured.toLowerCase() === 'none' ? '' : configured;
  if (!url) return { url: '', attribution: null };
  const text = env.MAP_TILE_ATTRIBUTION?.trim();
  if (text === undefined) return { url, attribution: /(^|[./])openstreetmap\.org\//i.test(url) ? OSM_ATTRIBUTION : null };
  return { url, attribution: text ? { text, href: httpUrlOrNull(env.MAP_TILE_ATTRIBUTION_URL) } : null };
}
