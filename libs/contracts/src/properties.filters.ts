import { DEAL_TYPES, DISTRICTS, PROPERTY_TYPES, type DealType, type DistrictSlug, type PropertySort, type PropertyTypeSlug } from './enums';

/**
 * The catalogue filters, defined once (issue 20 "one definition per concept"): the table
 * PROPERTY_FILTER_FIELDS below is read by
 * - the API's query DTO (properties.query.ts: one validated property per name and alias),
 * - the api-client (propertyFilterParams: the query string of GET /properties and /properties/map),
 * - the web's listing URLs and filter form (web/app/lib/catalog/listing-params.ts).
 *
 * Names: a filter's query parameter is the spec's (spec 01 §7 note: "q, deal_type, category,
 * price_min, price_max, area_min, area_max, sort, lang, limit" — snake_case); the camelCase
 * spellings the API accepted before stay accepted as aliases (giving both with different values
 * is 'field.conflict'). The listing pages' own URLs write `dealType`, the spelling of spec 01 §2
 * "/catalog (query dealType=rent or sale, type, q accepted)" (`urlParam`).
 *
 * Money in ₸ (KZT), areas in m².
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

/**
 * One filter: its key in PropertyFilters, its query-parameter names and its values.
 * - text: free text, trimmed, at most `maxLength` characters, no control characters;
 * - slug: latin letters, digits, '-' and '_' (SLUG_PATTERN); an unknown slug gives an empty list;
 * - enum: one of `values` (case-insensitive);
 * - number: a plain decimal in [min, max] (`integer`: whole numbers only);
 * - boolean: true / false.
 */
export interface PropertyFilterField {
  key: keyof PropertyFilters;
  /** The spec's query-parameter name (spec 01 §7). */
  param: string;
  /** Other names accepted for it (older spellings). */
  aliases: readonly string[];
  /** The name the listing pages' URLs write when it is not `param` (spec 01 §2); one of `aliases`. */
  urlParam?: string;
  kind: 'text' | 'slug' | 'enum' | 'number' | 'boolean';
  values?: readonly string[];
  min?: number;
  max?: number;
  integer?: boolean;
  maxLength?: number;
  /** A lower bound: the key of its upper bound, which it must not exceed ('field.range', spec 01 §5). */
  upTo?: keyof PropertyFilters;
  /** A value that filters nothing and is never sent: false for a checkbox, 0 for a minimum. */
  inactive?: false | 0;
}

const money = { kind: 'number', min: 0, max: PROPERTY_QUERY_LIMITS.priceMax } as const;
const area = { kind: 'number', min: 0, max: PROPERTY_QUERY_LIMITS.areaMax } as const;

/** The catalogue filters of GET /api/properties and /api/properties/map (spec 01 §2, §5, §7), in query order. */
const FILTER_TABLE = [
  /** spec 01 §2 "search by title, address": a case-insensitive substring of a title (any language) or the address. */
  { key: 'q', param: 'q', aliases: [], kind: 'text', maxLength: PROPERTY_QUERY_LIMITS.qMaxLength },
  /** rent | sale (spec 01 §3 dealType). */
  { key: 'dealType', param: 'deal_type', aliases: ['dealType'], urlParam: 'dealType', kind: 'enum', values: DEAL_TYPES },
  /** spec 01 §2 object type: office | retail | warehouse | coworking. */
  { key: 'type', param: 'type', aliases: [], kind: 'enum', values: PROPERTY_TYPES },
  /** spec 01 §7 "GET /properties?category={slug}", e.g. offices, retail, warehouses. */
  { key: 'category', param: 'category', aliases: [], kind: 'slug' },
  /** spec 01 §7 "GET /properties?subcategory={subcategorySlug}". */
  { key: 'subcategory', param: 'subcategory', aliases: [], kind: 'slug' },
  /** spec 01 §3 districts, §5 district filter. */
  { key: 'district', param: 'district', aliases: [], kind: 'enum', values: DISTRICTS },
  { key: 'priceMin', param: 'price_min', aliases: ['priceMin'], ...money, upTo: 'priceMax' },
  { key: 'priceMax', param: 'price_max', aliases: ['priceMax'], ...money },
  { key: 'areaMin', param: 'area_min', aliases: ['areaMin'], ...area, upTo: 'areaMax' },
  { key: 'areaMax', param: 'area_max', aliases: ['areaMax'], ...area },
  /** characteristics.furniture truthy or 'furniture' among the features (spec 01 §2, §5). */
  { key: 'furniture', param: 'furniture', aliases: [], kind: 'boolean', inactive: false },
  { key: 'parking', param: 'parking', aliases: [], kind: 'boolean', inactive: false },
  { key: 'airConditioning', param: 'air_conditioning', aliases: [], kind: 'boolean', inactive: false },
  /** Minimum rooms (spec 01 §5: a listing's rooms default to 0). */
  {
    key: 'roomsMin',
    param: 'rooms_min',
    aliases: [],
    kind: 'number',
    min: 0,
    max: PROPERTY_QUERY_LIMITS.roomsMax,
    integer: true,
    inactive: 0,
  },
  /** true: featured listings only (home page, spec 01 §7 "featured=true&limit=6"); false: not featured ones. */
  { key: 'featured', param: 'featured', aliases: [], kind: 'boolean' },
] as const satisfies readonly PropertyFilterField[];

/** The table above: one row per filter (see PropertyFilterField). */
export const PROPERTY_FILTER_FIELDS: readonly PropertyFilterField[] = FILTER_TABLE;

type FilterRow<K extends keyof PropertyFilters> = Extract<(typeof FILTER_TABLE)[number], { key: K }>;
/** The name the listing pages' URLs write for filter K, as a type (its urlParam, else its param). */
export type PropertyFilterUrlName<K extends keyof PropertyFilters> = K extends unknown
  ? FilterRow<K> extends { urlParam: infer U extends string }
    ? U
    : FilterRow<K>['param']
  : never;

/** The field of a filter key. */
export function propertyFilterField(key: keyof PropertyFilters): PropertyFilterField {
  const field = PROPERTY_FILTER_FIELDS.find((f) => f.key === key);
  if (!field) throw new Error(`unknown property filter ${key}`);
  return field;
}

/** The name the listing pages' URLs write for a filter (spec 01 §2 `dealType`; otherwise the spec's §7 name). */
export function propertyFilterUrlName<K extends keyof PropertyFilters>(key: K): PropertyFilterUrlName<K> {
  const field = propertyFilterField(key);
  return (field.urlParam ?? field.param) as PropertyFilterUrlName<K>;
}

/** Every name a query may give a filter under: the spec's first, then the aliases. */
export function propertyFilterNames(field: PropertyFilterField): string[] {
  return [field.param, ...field.aliases];
}

/** True when `value` filters nothing for `field`: absent, or its inactive value (false, 0). */
function isInactive(field: PropertyFilterField, value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (field.inactive !== undefined && value === field.inactive) ||
    (field.key === 'q' && value === '')
  );
}

/**
 * The query parameters of some filters under the spec's names (spec 01 §7 "only non-default
 * filter values are sent"): absent values, false checkboxes and a zero rooms minimum are left
 * out, q is trimmed. 'all' and '' are passed on (the query-string builder skips them).
 */
export function propertyFilterParams(filters: { [K in keyof PropertyFilters]?: PropertyFilters[K] | 'all' }): Record<
  string,
  string | number | boolean | undefined
> {
  const params: Record<string, string | number | boolean | undefined> = {};
  for (const field of PROPERTY_FILTER_FIELDS) {
    let value = filters[field.key];
    if (typeof value === 'string') value = value.trim();
    if (field.kind === 'number' && field.inactive === 0 && typeof value === 'number' && value <= 0) value = undefined;
    params[field.param] = isInactive(field, value) ? undefined : value;
  }
  return params;
}

/**
 * The filters of a validated query (properties.query.ts's PropertyFiltersQuery): the first name
 * that has a value wins (the spec's, then the aliases; the DTO refused different values), and
 * values that filter nothing are dropped.
 */
export function toPropertyFilters(query: object): PropertyFilters {
  const q = query as Record<string, unknown>;
  const filters: Record<string, unknown> = {};
  for (const field of PROPERTY_FILTER_FIELDS) {
    let value = propertyFilterNames(field)
      .map((name) => q[name])
      .find((v) => v !== undefined);
    if (field.kind === 'number' && field.inactive === 0 && typeof value === 'number' && value <= 0) value = undefined;
    if (!isInactive(field, value)) filters[field.key] = value;
  }
  return filters as PropertyFilters;
}
