import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import {
  GEOCODE_LIMITS,
  wantsSuggestions,
  type GeocodeResultDto,
  type GeocodeReverseQuery,
  type GeocodeSearchQuery,
  type GeocodeSuggestQuery,
} from '@realty/contracts';
import { ApiException } from '../common/api.exception';
import { GEOCODING_PROVIDER, GeocoderError, type GeocodingProvider } from './geocoding.provider';

/**
 * Address search (spec 02 §5, §7, §9) over the configured provider: defaults (lang ru, 5
 * results), the 3-character rule of suggestions, and the provider's failures as API errors:
 * timeout -> 504 GEOCODER_TIMEOUT, anything else -> 502 GEOCODER_UNAVAILABLE (never a 500).
 */
@Injectable()
export class GeocodingService {
  private readonly logger = new Logger('Geocoding');

  constructor(@Inject(GEOCODING_PROVIDER) private readonly provider: GeocodingProvider) {}

  /** Suggestions for what was typed; [] without asking the provider below 3 characters (spec 02 §5). */
  suggest(query: GeocodeSuggestQuery): Promise<GeocodeResultDto[]> {
    if (!wantsSuggestions(query.q)) return Promise.resolve([]);
    return this.call('suggest', () => this.provider.suggest(query.q, query.lang ?? 'ru', query.results ?? GEOCODE_LIMITS.resultsDefault));
  }

  /** Places for an address, best first. */
  search(query: GeocodeSearchQuery): Promise<GeocodeResultDto[]> {
    return this.call('search', () =>
      this.provider.search(query.address, query.lang ?? 'ru', query.results ?? GEOCODE_LIMITS.resultsDefault),
    );
  }

  /** The place at a point, or null. */
  reverse(query: GeocodeReverseQuery): Promise<GeocodeResultDto | null> {
    return this.call('reverse', () => this.provider.reverse(query.lat, query.lng, query.lang ?? 'ru'));
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      const failure = e instanceof GeocoderError ? e.failure : 'unavailable';
      this.logger.warn(`${this.provider.name} ${what}: ${failure}: ${(e as Error)?.message ?? e}`);
      if (failure === 'timeout') throw new ApiException(HttpStatus.GATEWAY_TIMEOUT, 'GEOCODER_TIMEOUT', 'GEOCODER_TIMEOUT');
      throw new ApiException(HttpStatus.BAD_GATEWAY, 'GEOCODER_UNAVAILABLE', 'GEOCODER_UNAVAILABLE');
    }
  }
}
