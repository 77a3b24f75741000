import type { GeocodeResultDto, Language } from '@realty/contracts';
import { reverseGazetteer, searchGazetteer } from './gazetteer/gazetteer';
import type { GeocodingProvider } from './geocoding.provider';

/**
 * The default provider: the Almaty gazetteer shipped with the project (gazetteer/almaty.data.ts),
 * no network, never fails. Suggestions put districts after streets and landmarks.
 */
export class GazetteerProvider implements GeocodingProvider {
  readonly name = 'gazetteer';

  /** See searchGazetteer: districts after streets and landmarks. */
  suggest(q: string, lang: Language, limit: number): Promise<GeocodeResultDto[]> {
    return Promise.resolve(searchGazetteer(q, { lang, limit, districtsLast: true }));
  }

  /** See searchGazetteer: by rank only. */
  search(address: string, lang: Language, limit: number): Promise<GeocodeResultDto[]> {
    return Promise.resolve(searchGazetteer(address, { lang, limit }));
  }

  /** See reverseGazetteer (750 m to a place, else the nearest district within 12 km, else null). */
  reverse(lat: number, lng: number, lang: Language): Promise<GeocodeResultDto | null> {
    return Promise.resolve(reverseGazetteer(lat, lng, lang));
  }
}
