import { ALMATY_DISTRICTS, type AlmatyDistrict, type GeocodeKind, type GeocodeResultDto, type Language } from '@realty/contracts';
import { districtName, fold } from './gazetteer/gazetteer';
import { GeocoderError, type GeocodingProvider } from './geocoding.provider';

/**
 * A Nominatim-compatible HTTP geocoder (https://nominatim.org/release-docs/latest/api/):
 * GET {base}search?q&format=jsonv2&addressdetails=1&limit&accept-language&countrycodes=kz&viewbox&bounded=1
 * and GET {base}reverse?lat&lon&format=jsonv2&addressdetails=1&zoom=18&accept-language, each with
 * the configured User-Agent, an Accept-Language from `lang` and a timeout (AbortSignal.timeout)
 * that covers the whole answer, body included.
 *
 * Failures (GeocoderError): no answer within the timeout -> 'timeout'; connection refused or
 * reset, or any non-2xx status -> 'unavailable'; a body that is not JSON, over 1 MiB, or
 * not of Nominatim's shape (array of {lat, lon, display_name} for search, such an object or
 * {error} for reverse) -> 'malformed'. Uses Node's global fetch (undici); no library.
 */

/** Almaty and its edge, as Nominatim's viewbox (left, top, right, bottom: lon,lat,lon,lat); search is bounded to it. */
export const ALMATY_VIEWBOX = '76.60,43.45,77.25,43.05';

const MAX_BODY_CHARS = 1 << 20;

/** Accept-Language per answer language (zh: English next, the OSM names rarely have Chinese). */
const ACCEPT_LANGUAGE: Record<Language, string> = { ru: 'ru', en: 'en', kk: 'kk,ru', zh: 'zh,en' };

export interface NominatimOptions {
  /** Base URL ending in '/'. */
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
  /** Answers suggest() (when the service must not be asked for autocomplete); default: the service itself. */
  suggestFallback?: GeocodingProvider;
}

/** One Nominatim jsonv2 place (the fields read). */
interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
  category?: unknown;
  type?: unknown;
  addresstype?: unknown;
  name?: unknown;
  address?: Record<string, unknown>;
}

export class NominatimProvider implements GeocodingProvider {
  readonly name = 'nominatim';

  constructor(private readonly options: NominatimOptions) {}

  /** Search for a prefix (or the fallback's suggestions, see NominatimOptions). */
  suggest(q: string, lang: Language, limit: number): Promise<GeocodeResultDto[]> {
    if (this.options.suggestFallback) return this.options.suggestFallback.suggest(q, lang, limit);
    return this.search(q, lang, limit);
  }

  /** GET search: at most `limit` places in Kazakhstan, inside ALMATY_VIEWBOX. */
  async search(address: string, lang: Language, limit: number): Promise<GeocodeResultDto[]> {
    const body = await this.get(
      'search',
      {
        q: address,
        format: 'jsonv2',
        addressdetails: '1',
        limit: String(limit),
        'accept-language': ACCEPT_LANGUAGE[lang],
        countrycodes: 'kz',
        viewbox: ALMATY_VIEWBOX,
        bounded: '1',
      },
      lang,
    );
    if (!Array.isArray(body)) throw new GeocoderError('malformed', 'search answered something other than an array');
    return body.slice(0, limit).map((p) => toPlace(p as NominatimPlace, lang));
  }

  /** GET reverse at zoom 18 (buildings); Nominatim's {error: 'Unable to geocode'} is null. */
  async reverse(lat: number, lng: number, lang: Language): Promise<GeocodeResultDto | null> {
    const body = await this.get(
      'reverse',
      { lat: String(lat), lon: String(lng), format: 'jsonv2', addressdetails: '1', zoom: '18', 'accept-language': ACCEPT_LANGUAGE[lang] },
      lang,
    );
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new GeocoderError('malformed', 'reverse answered something other than an object');
    if (typeof (body as { error?: unknown }).error === 'string') return null;
    return toPlace(body as NominatimPlace, lang);
  }

  private async get(path: 'search' | 'reverse', params: Record<string, string>, lang: Language): Promise<unknown> {
    const url = new URL(path, this.options.baseUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let text: string;
    try {
      const res = await fetch(url, {
        signal,
        redirect: 'error',
        headers: { 'User-Agent': this.options.userAgent, Accept: 'application/json', 'Accept-Language': ACCEPT_LANGUAGE[lang] },
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new GeocoderError('unavailable', `${path} answered HTTP ${res.status}`);
      }
      text = await res.text();
    } catch (e) {
      if (e instanceof GeocoderError) throw e;
      if (signal.aborted) throw new GeocoderError('timeout', `${path} gave no answer within ${this.options.timeoutMs} ms`, { cause: e });
      throw new GeocoderError('unavailable', `${path} failed: ${(e as Error)?.message ?? e}`, { cause: e });
    }
    if (text.length > MAX_BODY_CHARS) throw new GeocoderError('malformed', `${path} answered more than 1 MiB`);
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      throw new GeocoderError('malformed', `${path} answered something other than JSON`, { cause: e });
    }
  }
}

/** A Nominatim coordinate (a decimal string, or a number) within ±max. */
function coordinate(value: unknown, max: number): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,3}(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
}

const DISTRICT_TYPES = new Set(['city_district', 'district', 'suburb', 'borough', 'quarter', 'neighbourhood']);

/**
 * What a Nominatim place is: a road -> street; a building or house -> address; a city district,
 * suburb or administrative boundary -> district; a named point of interest (shop, amenity,
 * tourism...) -> landmark, or address when it has no name but a house number.
 */
function kindOf(p: NominatimPlace): GeocodeKind {
  const addresstype = typeof p.addresstype === 'string' ? p.addresstype : '';
  if (p.category === 'highway' || addresstype === 'road') return 'street';
  if (
    addresstype === 'building' ||
    addresstype === 'house' ||
    p.category === 'building' ||
    (p.category === 'place' && p.type === 'house')
  ) {
    return 'address';
  }
  if (DISTRICT_TYPES.has(addresstype) || (p.category === 'boundary' && p.type === 'administrative')) return 'district';
  const named = typeof p.name === 'string' && p.name.trim() !== '';
  if (!named && p.address?.house_number !== undefined) return 'address';
  return 'landmark';
}

/** Folded stems of each district's names in ru, kk and Latin spellings. */
const DISTRICT_STEMS: Record<AlmatyDistrict, string[]> = {
  alatau: ['alatau', 'алатау'],
  almaly: ['almal', 'алмал'],
  auezov: ['auez', 'ауэз', 'ауез'],
  bostandyk: ['bostand', 'бостанд'],
  zhetysu: ['zhetys', 'zhetis', 'jetis', 'жетыс', 'жетис'],
  medeu: ['medeu', 'medeo', 'медеу'],
  nauryzbay: ['nauryzba', 'наурызба'],
  turksib: ['turksib', 'турксиб'],
};

/** The Almaty district a Nominatim address names (city_district, suburb or borough), if any. */
export function districtOf(address: Record<string, unknown> | undefined): AlmatyDistrict | undefined {
  for (const key of ['city_district', 'suburb', 'borough', 'district']) {
    const value = address?.[key];
    if (typeof value !== 'string') continue;
    const name = fold(value);
    const found = ALMATY_DISTRICTS.find((d) => DISTRICT_STEMS[d].some((stem) => name.startsWith(stem)));
    if (found) return found;
  }
  return undefined;
}

/** One Nominatim place as a result; 'malformed' without usable lat, lon and display_name. */
function toPlace(p: NominatimPlace, lang: Language): GeocodeResultDto {
  if (!p || typeof p !== 'object') throw new GeocoderError('malformed', 'a place is not an object');
  const lat = coordinate(p.lat, 90);
  const lng = coordinate(p.lon, 180);
  const displayName = typeof p.display_name === 'string' ? p.display_name.trim() : '';
  if (lat === null || lng === null || !displayName) throw new GeocoderError('malformed', 'a place lacks lat, lon or display_name');
  const district = districtOf(p.address && typeof p.address === 'object' ? p.address : undefined);
  return {
    displayName: displayName.slice(0, 500),
    lat,
    lng,
    kind: kindOf(p),
    ...(district ? { district, districtName: districtName(district, lang) } : {}),
  };
}
