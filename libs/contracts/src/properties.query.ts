import 'reflect-metadata';
import { IsOptional } from 'class-validator';
import {
  LANGUAGES,
  PROPERTY_SORTS,
  type DealType,
  type DistrictSlug,
  type Language,
  type PropertySort,
  type PropertyTypeSlug,
} from './enums';
import {
  PROPERTY_FILTER_FIELDS,
  PROPERTY_QUERY_LIMITS,
  propertyFilterField,
  propertyFilterNames,
  toPropertyFilters,
  type PropertyFilterField,
  type PropertyListParams,
} from './properties.filters';
import { QueryRules } from './query-rules';

const {
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
  IsQueryUuid,
  SameAsWhenBoth,
  NotAboveMax,
} = QueryRules;

/**
 * Query parameters of the public properties read API (spec 01 §7 "The calls it makes").
 *
 * Shared by the API (Nest's global ValidationPipe: transform + whitelist +
 * forbidNonWhitelisted) and the web app, so a catalogue link and the API can never disagree.
 * The filters come from the one table of properties.filters.ts (PROPERTY_FILTER_FIELDS).
 *
 * Rules common to every class below:
 * - spec 01 §7: "filters as query (empty and 'all' values are skipped)": an empty (or blank)
 *   value and 'all' mean "no filter" for every filter parameter (q included);
 * - spec 01 §7 note: "the catalogue search sends q, deal_type, category, price_min, price_max,
 *   area_min, area_max, sort (date_new, price_asc, price_desc, area_asc, area_desc), lang,
 *   limit"; spec 01 §2 "/catalog (query dealType=rent or sale, type, q accepted)": both the
 *   snake_case and the camelCase spellings are accepted where the table lists an alias; giving
 *   both with different values is an error ('field.conflict');
 * - spec 01 §8 "400 with a fields map": any malformed value answers 400 VALIDATION_ERROR with
 *   `fields: {parameter: message}`; the decorators carry message ids of MESSAGES, which
 *   the API translates into the request language. An unknown parameter gives 'field.unknown'.
 * - values are trimmed; enum values (deal type, type, district, sort, lang) and true/false are
 *   case-insensitive; numbers are plain decimals ('12', '12.5'), never '1e5' or '0x10';
 * - Money in ₸ (KZT), areas in m².
 */

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
 * One property per name of PROPERTY_FILTER_FIELDS (the spec's and its aliases); their
 * validation is applied from that table below the class.
 */
export class PropertyFiltersQuery extends PropertyDetailQuery {
  /** Free text (title in any language, or address), at most 100 characters. */
  declare q?: string;
  /** rent | sale; spec 01 §7 spelling. */
  declare deal_type?: DealType;
  /** rent | sale; spec 01 §2 /catalog spelling. Must agree with deal_type when both are given. */
  declare dealType?: DealType;
  /** Property type: office | retail | warehouse | coworking. */
  declare type?: PropertyTypeSlug;
  /** Category slug (offices, retail, warehouses); unknown slug: empty list. */
  declare category?: string;
  /** Subcategory slug; unknown slug: empty list. */
  declare subcategory?: string;
  /** almaly | auezov | bostandyk | medeu. */
  declare district?: DistrictSlug;
  /** Lowest price, ₸ (inclusive); not above price_max. priceMin: the older spelling. */
  declare price_min?: number;
  declare priceMin?: number;
  /** Highest price, ₸ (inclusive). priceMax: the older spelling. */
  declare price_max?: number;
  declare priceMax?: number;
  /** Lowest area, m² (inclusive); not above area_max. areaMin: the older spelling. */
  declare area_min?: number;
  declare areaMin?: number;
  /** Highest area, m² (inclusive). areaMax: the older spelling. */
  declare area_max?: number;
  declare areaMax?: number;
  /** true: only listings with furniture / parking / air conditioning; false: no filter. */
  declare furniture?: boolean;
  declare parking?: boolean;
  declare air_conditioning?: boolean;
  /** Minimum rooms, whole number >= 0; 0: no filter. */
  declare rooms_min?: number;
  /** true: featured listings only (home page); false: not featured ones. */
  declare featured?: boolean;
}

/** The validators of one name of a filter, in the order they are written (and checked) on a property. */
function filterDecorators(field: PropertyFilterField, name: string): PropertyDecorator[] {
  const parse = { text: filterText, slug: filterText, enum: filterEnum, number: filterNumber, boolean: filterBoolean }[field.kind]();
  const check = {
    text: () => IsQueryText(field.maxLength ?? PROPERTY_QUERY_LIMITS.qMaxLength),
    slug: () => IsQuerySlug(),
    enum: () => IsQueryEnum(field.values ?? []),
    number: () =>
      IsQueryNumber({ min: field.min ?? 0, max: field.max ?? Number.MAX_SAFE_INTEGER, ...(field.integer ? { integer: true } : {}) }),
    boolean: () => IsQueryBoolean(),
  }[field.kind]();
  const decorators = [IsOptional(), parse, check];
  if (name !== field.param) decorators.push(SameAsWhenBoth(field.param));
  if (field.upTo) decorators.push(NotAboveMax(...propertyFilterNames(propertyFilterField(field.upTo))));
  return decorators;
}

const DESIGN_TYPES = { text: String, slug: String, enum: String, number: Number, boolean: Boolean } as const;

// Applied as TypeScript applies a property's decorators (the last written first), so the checks
// run, and `stopAtFirstError` reports, in the same order as hand-written decorators would.
for (const field of PROPERTY_FILTER_FIELDS) {
  for (const name of propertyFilterNames(field)) {
    Reflect.defineMetadata('design:type', DESIGN_TYPES[field.kind], PropertyFiltersQuery.prototype, name);
    for (const decorate of filterDecorators(field, name).reverse()) decorate(PropertyFiltersQuery.prototype, name);
  }
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
