import { wantsSuggestions, type GeocodeResultDto, type Language } from '@realty/contracts';
import type { CallOptions, Transport } from './transport';

/**
 * Address search for the back office (spec 02 §5, §7 "Geocoding", §9): GET /geocode,
 * /geocode/suggest, /geocode/reverse. Staff only: ApiError 401 without a token, 403 for other
 * roles; ApiValidationError (400, per field) for an out-of-range parameter; ApiError 504
 * GEOCODER_TIMEOUT or 502 GEOCODER_UNAVAILABLE when the configured geocoding service fails;
 * 429 RATE_LIMIT past 120 calls a minute. A result: {displayName, lat, lng, kind (street |
 * district | landmark | address), district?, districtName?}.
 */

/** `lang` (default: the client's language, else the API's ru) and `results` (1..10, default 5). */
export interface GeocodeOptions {
  lang?: Language;
  results?: number;
}

const list = (data: GeocodeResultDto[] | null | undefined): GeocodeResultDto[] => (Array.isArray(data) ? data : []);

/** The geocoding calls on a client's transport. */
export function geocodingCalls({ getData }: Transport, langQuery: { lang?: string }) {
  return {
    /**
     * GET /geocode/suggest?q&lang&results -> suggestions while typing, streets and landmarks
     * before districts. Resolves [] at once, WITHOUT a request, when `q` has fewer than 3
     * characters after trimming (spec 02 §5), so a form may call it on every keystroke (debounce it).
     */
    async suggest(q: string, options: GeocodeOptions = {}, opts?: CallOptions): Promise<GeocodeResultDto[]> {
      if (!wantsSuggestions(q)) return [];
      return list(await getData<GeocodeResultDto[] | null>('/geocode/suggest', { ...langQuery, ...options, q: q.trim() }, opts));
    },

    /** GET /geocode?address&lang&results -> places for an address (1..200 characters), best first; [] when none. */
    async search(address: string, options: GeocodeOptions = {}, opts?: CallOptions): Promise<GeocodeResultDto[]> {
      return list(await getData<GeocodeResultDto[] | null>('/geocode', { ...langQuery, ...options, address }, opts));
    },

    /** GET /geocode/reverse?lat&lng&lang -> the place at a point (WGS 84 degrees), or null when none is known there. */
    async reverse(
      lat: number,
      lng: number,
      options: Pick<GeocodeOptions, 'lang'> = {},
      opts?: CallOptions,
    ): Promise<GeocodeResultDto | null> {
      return (await getData<GeocodeResultDto | null>('/geocode/reverse', { ...langQuery, ...options, lat, lng }, opts)) ?? null;
    },
  };
}
