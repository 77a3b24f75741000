import type { GeocodeResultDto, Language } from '@realty/contracts';

/**
 * The source of address search answers (spec 02 §7 "Geocoding"): the offline gazetteer by
 * default, a Nominatim-compatible HTTP service when GEOCODER_URL is set (geocoding.config.ts).
 * Implementations throw GeocoderError for a failure of the source, nothing else.
 */
export interface GeocodingProvider {
  /** Short name for logs: 'gazetteer' | 'nominatim'. */
  readonly name: string;
  /** Places for a typed prefix (q already trimmed, at least 3 characters), best first, at most `limit`. */
  suggest(q: string, lang: Language, limit: number): Promise<GeocodeResultDto[]>;
  /** Places for a whole address, best first, at most `limit`. */
  search(address: string, lang: Language, limit: number): Promise<GeocodeResultDto[]>;
  /** The place at a point (WGS 84 degrees), or null when the source knows none there. */
  reverse(lat: number, lng: number, lang: Language): Promise<GeocodeResultDto | null>;
}

/** Nest injection token of the configured GeocodingProvider. */
export const GEOCODING_PROVIDER = Symbol('GEOCODING_PROVIDER');

/** Why a provider failed: it did not answer in time, could not be reached or answered 5xx, or answered something unreadable. */
export type GeocoderFailure = 'timeout' | 'unavailable' | 'malformed';

/** A failure of the geocoding source; the service turns it into 504 GEOCODER_TIMEOUT or 502 GEOCODER_UNAVAILABLE. */
export class GeocoderError extends Error {
  constructor(
    readonly failure: GeocoderFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}
