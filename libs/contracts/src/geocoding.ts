import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy, type ValidationArguments } from 'class-validator';
import { LANGUAGES, type Language } from './enums';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';

const { optionEnum, optionNumber, IsQueryEnum, IsQueryNumber } = QueryRules;

/**
 * Address search (spec 02 §5, §7 "Geocoding", §9): the answers of GET /api/geocode,
 * /api/geocode/suggest and /api/geocode/reverse, and their query DTOs (class-validator; 400
 * VALIDATION_ERROR with a per-field map in the request's language).
 */

/** Limits of the geocoding calls. */
export const GEOCODE_LIMITS = {
  /** spec 02 §5, §9: suggestions are asked only from 3 characters (after trimming). */
  suggestMinChars: 3,
  /** Length of `q` / `address`, in characters after trimming. */
  queryMaxChars: 200,
  resultsMax: 10,
  resultsDefault: 5,
} as const;

/** What a result is: a street (one representative point), a district, a landmark, or a house address (HTTP provider only). */
export const GEOCODE_KINDS = ['street', 'district', 'landmark', 'address'] as const;
export type GeocodeKind = (typeof GEOCODE_KINDS)[number];

/** The eight districts of Almaty (slugs; the agency's own DISTRICTS are a subset). */
export const ALMATY_DISTRICTS = ['alatau', 'almaly', 'auezov', 'bostandyk', 'zhetysu', 'medeu', 'nauryzbay', 'turksib'] as const;
export type AlmatyDistrict = (typeof ALMATY_DISTRICTS)[number];

/** One place found. */
export interface GeocodeResultDto {
  /** The place's name in the asked language (zh: the English name where no Chinese one is known), with the city. */
  displayName: string;
  /** WGS 84 degrees. */
  lat: number;
  lng: number;
  kind: GeocodeKind;
  /** Almaty district the place lies in, when known. */
  district?: AlmatyDistrict;
  /** That district's name in the asked language. */
  districtName?: string;
}

/** True when `q` is long enough to ask for suggestions (spec 02 §5: at least 3 characters after trimming). */
export function wantsSuggestions(q: string | null | undefined): boolean {
  return typeof q === 'string' && [...q.trim()].length >= GEOCODE_LIMITS.suggestMinChars;
}

/**
 * Trimmed text ('' kept, then refused as required). Not filterText: that one reads 'all' as
 * "no value", and "all" may be a word of an address.
 */
const TrimText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Required free text of 1..200 characters without control characters. */
function IsAddressText(): PropertyDecorator {
  const problem = (value: unknown): MessageKey | null => {
    if (value === undefined || value === null || value === '') return 'geocode.queryRequired';
    if (typeof value !== 'string') return 'field.invalid';
    if ([...value].length > GEOCODE_LIMITS.queryMaxChars) return 'geocode.queryLength';
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value)) return 'field.invalid';
    return null;
  };
  return ValidateBy({
    name: 'isAddressText',
    validator: {
      validate: (v: unknown) => problem(v) === null,
      defaultMessage: (args?: ValidationArguments) => problem(args?.value) ?? 'field.invalid',
    },
  });
}

/** A required coordinate in [-max, max] degrees. */
function IsCoordinate(max: number, message: MessageKey): PropertyDecorator {
  return ValidateBy({
    name: 'isCoordinate',
    validator: {
      validate: (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= -max && v <= max,
      defaultMessage: () => message,
    },
  });
}

/** `lang` (ru | en | kk | zh, default ru) and `results` (1..10, default 5). */
class GeocodeLangQuery {
  /** Language of the names answered; also of the error messages. Default ru. */
  @IsOptional()
  @optionEnum()
  @IsQueryEnum(LANGUAGES)
  lang?: Language;
}

/** GET /api/geocode/suggest?q&lang&results (spec 02 §7). */
export class GeocodeSuggestQuery extends GeocodeLangQuery {
  /** What was typed: 1..200 characters; below 3 (trimmed) the answer is [] and no provider is asked. */
  @TrimText()
  @IsAddressText()
  q!: string;

  /** How many suggestions, 1..10, default 5. */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: GEOCODE_LIMITS.resultsMax, integer: true, rangeMessage: 'geocode.results' })
  results?: number;
}

/** GET /api/geocode?address&lang&results (spec 02 §7). */
export class GeocodeSearchQuery extends GeocodeLangQuery {
  /** The address to find: 1..200 characters. */
  @TrimText()
  @IsAddressText()
  address!: string;

  /** How many results, 1..10, default 5. */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: GEOCODE_LIMITS.resultsMax, integer: true, rangeMessage: 'geocode.results' })
  results?: number;
}

/** GET /api/geocode/reverse?lat&lng&lang (spec 02 §7). */
export class GeocodeReverseQuery extends GeocodeLangQuery {
  /** Latitude, degrees -90..90 (required). */
  @optionNumber()
  @IsCoordinate(90, 'geocode.lat')
  lat!: number;

  /** Longitude, degrees -180..180 (required). */
  @optionNumber()
  @IsCoordinate(180, 'geocode.lng')
  lng!: number;
}
