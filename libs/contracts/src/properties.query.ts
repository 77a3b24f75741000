import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, ValidateBy, type ValidationArguments } from 'class-validator';
import {
  DEAL_TYPES,
  DISTRICTS,
  LANGUAGES,
  PROPERTY_SORTS,
  PROPERTY_TYPES,
  type DealType,
  type DistrictSlug,
  type Language,
  type PropertySort,
  type PropertyTypeSlug,
} from './enums';
import type { MessageKey } from './messages';

/**
 * Query parameters of the public properties read API (spec 01 §7 "The calls it makes").
 *
 * Shared by the API (Nest's global ValidationPipe: transform + whitelist +
 * forbidNonWhitelisted) and the web app, so a catalogue link and the API can never disagree.
 * No framework import here: only class-validator and class-transformer.
 *
 * Rules common to every class below:
 * - spec 01 §7: "filters as query (empty and 'all' values are skipped)": an empty (or blank)
 *   value and 'all' mean "no filter" for every filter parameter (q included);
 * - spec 01 §7 note: "the catalogue search sends q, deal_type, category, price_min, price_max,
 *   area_min, area_max, sort (date_new, price_asc, price_desc, area_asc, area_desc), lang,
 *   limit"; spec 01 §2 "/catalog (query dealType=rent or sale, type, q accepted)": both the
 *   snake_case and the camelCase spellings are accepted; giving both with different
 *   values is an error ('field.conflict');
 * - spec 01 §8 "400 with a fields map": any malformed value answers 400 VALIDATION_ERROR with
 *   `fields: {parameter: message}`; the decorators carry message ids of MESSAGES, which
 *   the API translates into the request language. An unknown parameter gives 'field.unknown'.
 * - values are trimmed; enum values (deal type, type, district, sort, lang) and true/false are
 *   case-insensitive; numbers are plain decimals ('12', '12.5'), never '1e5' or '0x10';
 * - Money in ₸ (KZT), areas in m².
 */

/** Upper bounds that keep every value inside PostgreSQL's column types (bigint ₸, numeric(10,2) m²). */
export const PROPERTY_QUERY_LIMITS = {
  /** ₸. */
  priceMax: 1_000_000_000_000_000,
  /** m². */
  areaMax: 100_000_000,
  roomsMax: 10_000,
  qMaxLength: 100,
  pageMax: 10_000,
  limitMax: 100,
  limitDefault: 50,
  mapMarkersMax: 5000,
  similarLimitDefault: 4,
  similarLimitMax: 12,
} as const;

/** Values of a filter parameter that mean "no filter" (spec 01 §7). */
export function isSkippedFilterValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && (value.trim() === '' || value.trim().toLowerCase() === 'all'));
}

// ---------------------------------------------------------------------------------------
// Transforms: they run before validation; a value they cannot convert is passed on
// unchanged so the validator reports it (never a silent default, never a 500).

/** Filter text: trimmed; '' and 'all' become undefined. Non-strings pass through (then rejected). */
const filterText = () =>
  Transform(({ value }) => (isSkippedFilterValue(value) ? undefined : typeof value === 'string' ? value.trim() : value));

/** Enum filter (deal type, type, district): like filterText, and lower-cased ('RENT' is 'rent'). */
const filterEnum = () =>
  Transform(({ value }) => (isSkippedFilterValue(value) ? undefined : typeof value === 'string' ? value.trim().toLowerCase() : value));

/** Non-filter enum (sort, lang): trimmed and lower-cased; '' becomes undefined (the default applies). */
const optionEnum = () =>
  Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value));

const DECIMAL = /^-?\d{1,30}(\.\d{1,10})?$/;

/** Number: a plain decimal ('12', '12.5', '-3') becomes a number; anything else stays as is. */
const toNumber = (skip: (v: unknown) => boolean) =>
  Transform(({ value }) => {
    if (skip(value)) return undefined;
    if (typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value.trim());
    return value;
  });

const filterNumber = () => toNumber(isSkippedFilterValue);
const optionNumber = () => toNumber((v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === ''));

/** Boolean filter: 'true' / 'false' (any case); '' and 'all' mean no filter. */
const filterBoolean = () =>
  Transform(({ value }) => {
    if (isSkippedFilterValue(value)) return undefined;
    if (value === true || value === false) return value;
    if (typeof value === 'string') {
      const v = value.trim().toLowerCase();
      if (v === 'true') return true;
      if (v === 'false') return false;
    }
    return value;
  });

// ---------------------------------------------------------------------------------------
// Validators. Each returns one message id chosen from the value, so the field message is
// deterministic whatever the decorator order.

interface NumberRule {
  min: number;
  max: number;
  integer?: boolean;
  /** Message when the value is a number outside [min, max]; default 'field.min0' below, 'field.max' above. */
  rangeMessage?: MessageKey;
}

function numberProblem(value: unknown, rule: NumberRule): MessageKey | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return rule.integer ? 'field.integer' : 'field.number';
  if (rule.integer && !Number.isInteger(value)) return 'field.integer';
  if (value < rule.min) return rule.rangeMessage ?? (rule.min === 0 ? 'field.min0' : 'field.invalid');
  if (value > rule.max) return rule.rangeMessage ?? 'field.max';
  return null;
}

/** A number (already converted by a transform) within a rule. */
function IsQueryNumber(rule: NumberRule): PropertyDecorator {
  return ValidateBy({
    name: 'isQueryNumber',
    constraints: [rule],
    validator: {
      validate: (value: unknown) => numberProblem(value, rule) === null,
      defaultMessage: (args?: ValidationArguments) => numberProblem(args?.value, rule) ?? 'field.invalid',
    },
  });
}

/** One of `values` (strings only). */
function IsQueryEnum(values: readonly string[]): PropertyDecorator {
  return IsIn(values as string[], { message: 'field.enum' satisfies MessageKey });
}

/** true or false. */
function IsQueryBoolean(): PropertyDecorator {
  return ValidateBy({
    name: 'isQueryBoolean',
    validator: { validate: (value: unknown) => typeof value === 'boolean', defaultMessage: () => 'field.boolean' satisfies MessageKey },
  });
}

/** Free text without control characters, at most `max` characters. */
function IsQueryText(max: number): PropertyDecorator {
  const problem = (value: unknown): MessageKey | null => {
    if (typeof value !== 'string') return 'field.invalid';
    if (value.length > max) return 'field.tooLong';
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value)) return 'field.invalid';
    return null;
  };
  return ValidateBy({
    name: 'isQueryText',
    validator: { validate: (v: unknown) => problem(v) === null, defaultMessage: (args?: ValidationArguments) => problem(args?.value) ?? 'field.invalid' },
  });
}

/** A slug: latin letters, digits, '-' and '_', at most 64 characters. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

function IsQuerySlug(): PropertyDecorator {
  return ValidateBy({
    name: 'isQuerySlug',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && SLUG_PATTERN.test(value),
      defaultMessage: () => 'field.invalid' satisfies MessageKey,
    },
  });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A listing id (uuid), any case. */
function IsQueryUuid(): PropertyDecorator {
  return ValidateBy({
    name: 'isQueryUuid',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && UUID_PATTERN.test(value),
      defaultMessage: () => 'field.invalid' satisfies MessageKey,
    },
  });
}

/** The value must equal `other` when both spellings (snake_case and camelCase) are given. */
function SameAsWhenBoth(other: string): PropertyDecorator {
  return ValidateBy({
    name: 'sameAsWhenBoth',
    constraints: [other],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const o = (args?.object as Record<string, unknown> | undefined)?.[other];
        return o === undefined || o === value;
      },
      defaultMessage: () => 'field.conflict' satisfies MessageKey,
    },
  });
}

/** A minimum must not be above the maximum given under either spelling (spec 01 §5 "price is outside the range"). */
function NotAboveMax(...maxKeys: string[]): PropertyDecorator {
  return ValidateBy({
    name: 'notAboveMax',
    constraints: maxKeys,
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const obj = (args?.object ?? {}) as Record<string, unknown>;
        const max = maxKeys.map((k) => obj[k]).find((v) => v !== undefined);
        if (typeof value !== 'number' || typeof max !== 'number' || !Number.isFinite(max)) return true;
        return value <= max;
      },
      defaultMessage: () => 'field.range' satisfies MessageKey,
    },
  });
}

// ---------------------------------------------------------------------------------------

/** `?lang=`: interface language (spec 01 §1: ru, en, kk, zh). Used for error texts; data keeps every language. */
export class PropertyDetailQuery {
  /** ru | en | kk | zh (spec 01 §1). Texts in the answer stay per language; the error messages use it. */
  @IsOptional()
  @optionEnum()
  @IsQueryEnum(LANGUAGES)
  lang?: Language;
}

/**
 * Filters of GET /api/properties and GET /api/properties/map (spec 01 §7, §5 "Client-side
 * listing filters", §2 Catalogue filter panel). Every filter is optional; '' and 'all' skip it.
 */
export class PropertyFiltersQuery extends PropertyDetailQuery {
  /**
   * Free text (spec 01 §2 "search by title, address"): case-insensitive substring of the
   * title in any language or of the address. At most 100 characters.
   */
  @IsOptional()
  @filterText()
  @IsQueryText(PROPERTY_QUERY_LIMITS.qMaxLength)
  q?: string;

  /** rent | sale (spec 01 §3 dealType); spec 01 §7 spelling. */
  @IsOptional()
  @filterEnum()
  @IsQueryEnum(DEAL_TYPES)
  deal_type?: DealType;

  /** rent | sale; spec 01 §2 /catalog spelling. Must agree with deal_type when both are given. */
  @IsOptional()
  @filterEnum()
  @IsQueryEnum(DEAL_TYPES)
  @SameAsWhenBoth('deal_type')
  dealType?: DealType;

  /** Category slug (spec 01 §7 "GET /properties?category={slug}"), e.g. offices, retail, warehouses. Unknown slug: empty list. */
  @IsOptional()
  @filterText()
  @IsQuerySlug()
  category?: string;

  /** Property type (spec 01 §2 object type): office | retail | warehouse | coworking. */
  @IsOptional()
  @filterEnum()
  @IsQueryEnum(PROPERTY_TYPES)
  type?: PropertyTypeSlug;

  /** Subcategory slug (spec 01 §7 "GET /properties?subcategory={subcategorySlug}"; empty list if missing). */
  @IsOptional()
  @filterText()
  @IsQuerySlug()
  subcategory?: string;

  /** almaly | auezov | bostandyk | medeu (spec 01 §3 districts, §5 district filter). */
  @IsOptional()
  @filterEnum()
  @IsQueryEnum(DISTRICTS)
  district?: DistrictSlug;

  /** Lowest price, ₸ (inclusive). Not above price_max. */
  @IsOptional()
  @filterNumber()
  @IsQueryNumber({ min: 0, max: PROPERTY_QUERY_LIMITS.priceMax })
  @NotAboveMax('price_max', 'priceMax')
  price_min?: number;

  /** Highest price, ₸ (inclusive). */
  @IsOptional()
  @filterNumber()
  @IsQueryNumber({ min: 0, max: PROPERTY_QUERY_LIMITS.priceMax })
  price_max?: number;

  /** Lowest area, m² (inclusive). Not above area_max. */
  @IsOptional()
  @filterNumber()
  @IsQueryNumber({ min: 0, max: PROPERTY_QUERY_LIMITS.areaMax })
  @NotAboveMax('area_max', 'areaMax')
  area_min?: number;

  /** Highest area, m² (inclusive). */
  @IsOptional()
  @filterNumber()
  @IsQueryNumber({ min: 0, max: PROPERTY_QUERY_LIMITS.areaMax })
  area_max?: number;

  /** camelCase spelling of price_min. */
  @IsOptional()
  @filterNumber()
  @IsQueryNumber({ min: 0, max: PROPERTY_QUERY_LIMITS.priceMax })
  @SameAsWhenBoth('price_min')
  @NotAboveMax('price_max', 'priceMax')
  priceMin?: number;

  /** camelCase spelling of price_max. */
  @IsOptional()
  @filterNumber()
  @IsQueryNumber({ min: 0, max: PROPERTY_QUERY_LIMITS.priceMax })
  @SameAsWhenBoth('price_max')
  priceMax?: number;

  /** camelCase spelling of area_min. */
  @IsOptional()
  @filterNumber()
  @IsQueryNumber({ min: 0, max: PROPERTY_QUERY_LIMITS.areaMax })
  @SameAsWhenBoth('area_min')
  @NotAboveMax('area_max', 'areaMax')
  areaMin?: number;

  /** camelCase spelling of area_max. */
  @IsOptional()
  @filterNumber()
  @IsQueryNumber({ min: 0, max: PROPERTY_QUERY_LIMITS.areaMax })
  @SameAsWhenBoth('area_max')
  areaMax?: number;

  /** true: featured listings only (home page, spec 01 §7 "featured=true&limit=6"); false: not featured ones. */
  @IsOptional()
  @filterBoolean()
  @IsQueryBoolean()
  featured?: boolean;

  /** true: characteristics.furniture is truthy or features has 'furniture' (spec 01 §2 'with furniture', §5). false: no filter. */
  @IsOptional()
  @filterBoolean()
  @IsQueryBoolean()
  furniture?: boolean;

  /** true: characteristics.parking is truthy or features has 'parking' (spec 01 §2 'with parking'). false: no filter. */
  @IsOptional()
  @filterBoolean()
  @IsQueryBoolean()
  parking?: boolean;

  /** true: characteristics.air_conditioning is truthy or features has it (spec 01 §5). false: no filter. */
  @IsOptional()
  @filterBoolean()
  @IsQueryBoolean()
  air_conditioning?: boolean;

  /** Minimum rooms, whole number >= 0 (spec 01 §5: a listing's rooms default to 0; 0 means no filter). */
  @IsOptional()
  @filterNumber()
  @IsQueryNumber({ min: 0, max: PROPERTY_QUERY_LIMITS.roomsMax, integer: true })
  rooms_min?: number;
}

/** GET /api/properties: the filters plus order and paging (spec 01 §2 Catalogue sort options, §7). */
export class PropertiesQuery extends PropertyFiltersQuery {
  /** date_new (default, newest first) | price_asc | price_desc | area_asc | area_desc (spec 01 §2, §7). */
  @IsOptional()
  @optionEnum()
  @IsQueryEnum(PROPERTY_SORTS)
  sort?: PropertySort;

  /** Page number, 1..10000, default 1. */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: PROPERTY_QUERY_LIMITS.pageMax, integer: true, rangeMessage: 'field.page' })
  page?: number;

  /** Page size, 1..100, default 50 (the home page asks limit=6, spec 01 §7). */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: PROPERTY_QUERY_LIMITS.limitMax, integer: true, rangeMessage: 'field.limit' })
  limit?: number;

  /**
   * Keyset paging: the `meta.nextCursor` of the previous page (the id of its last listing).
   * The page then starts right after that listing in the same sort, whatever `page` says
   * (`page` only numbers the answer's meta), and costs the same as page 1 at any depth
   * (issue 6). A listing that no longer exists gives an empty page.
   */
  @IsOptional()
  @optionEnum()
  @IsQueryUuid()
  after?: string;
}

/** GET /api/properties/{id or slug}/similar (spec 01 §7 "Similar properties ... limit 4"). */
export class SimilarPropertiesQuery extends PropertyDetailQuery {
  /** How many, 1..12, default 4. */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: PROPERTY_QUERY_LIMITS.similarLimitMax, integer: true, rangeMessage: 'field.similarLimit' })
  limit?: number;
}

// ---------------------------------------------------------------------------------------

/** The filters once spellings are merged and skipped values dropped; what the API queries with. */
export interface PropertyFilters {
  q?: string;
  dealType?: DealType;
  category?: string;
  type?: PropertyTypeSlug;
  subcategory?: string;
  district?: DistrictSlug;
  /** ₸. */
  priceMin?: number;
  priceMax?: number;
  /** m². */
  areaMin?: number;
  areaMax?: number;
  featured?: boolean;
  /** Only `true` filters; false means "no filter" (a checkbox, spec 01 §5). */
  furniture?: boolean;
  parking?: boolean;
  airConditioning?: boolean;
  /** Only above 0 filters. */
  roomsMin?: number;
}

export interface PropertyListParams extends PropertyFilters {
  sort: PropertySort;
  page: number;
  limit: number;
  /** Keyset paging: the id of the last listing of the previous page (lower case). */
  after?: string;
}

/** Merges the two spellings of a validated filter query and drops "no filter" values. */
export function toPropertyFilters(query: PropertyFiltersQuery): PropertyFilters {
  const f: PropertyFilters = {
    q: query.q,
    dealType: query.deal_type ?? query.dealType,
    category: query.category,
    type: query.type,
    subcategory: query.subcategory,
    district: query.district,
    priceMin: query.price_min ?? query.priceMin,
    priceMax: query.price_max ?? query.priceMax,
    areaMin: query.area_min ?? query.areaMin,
    areaMax: query.area_max ?? query.areaMax,
    featured: query.featured,
    furniture: query.furniture === true ? true : undefined,
    parking: query.parking === true ? true : undefined,
    airConditioning: query.air_conditioning === true ? true : undefined,
    roomsMin: query.rooms_min !== undefined && query.rooms_min > 0 ? query.rooms_min : undefined,
  };
  for (const k of Object.keys(f) as Array<keyof PropertyFilters>) if (f[k] === undefined) delete f[k];
  return f;
}

/** Filters plus order and paging with their defaults (date_new, page 1, limit 50). */
export function toPropertyListParams(query: PropertiesQuery): PropertyListParams {
  return {
    ...toPropertyFilters(query),
    sort: query.sort ?? 'date_new',
    page: query.page ?? 1,
    limit: query.limit ?? PROPERTY_QUERY_LIMITS.limitDefault,
    ...(query.after ? { after: query.after } : {}),
  };
}

/** The query-parameter building blocks, for the other public read APIs (partners, blog). */
export const QueryRules = {
  filterText,
  filterEnum,
  optionEnum,
  filterNumber,
  optionNumber,
  filterBoolean,
  IsQueryNumber,
  IsQueryEnum,
  IsQueryBoolean,
  IsQueryText,
  IsQuerySlug,
};
