import type { PropertyListQuery } from '@realty/api-client';
import type { DealType, DistrictSlug, PropertyFilters, PropertyFilterUrlName, PropertySort, PropertyTypeSlug } from '@realty/contracts';
import {
  DEAL_TYPES,
  DISTRICTS,
  PROPERTY_QUERY_LIMITS,
  PROPERTY_SORTS,
  PROPERTY_TYPES,
  propertyFilterField,
  propertyFilterNames,
  propertyFilterUrlName,
} from '@realty/contracts';

/**
 * URL state of the listing pages (/catalog, /category/{slug}, /category/{slug}/{subSlug}):
 * the URL holds the whole state so a filtered listing can be shared and reloaded (spec 01 §2),
 * and only non-default values go into the URL and the API call (spec 01 §7).
 *
 * The filters' URL names come from the one table of @realty/contracts (PROPERTY_FILTER_FIELDS):
 *   q, dealType (spec 01 §2; deal_type accepted), type, district, price_min, price_max,
 *   area_min, area_max, furniture=true, parking=true, air_conditioning=true, rooms_min (the
 *   spec's §7 names; the API's older camelCase spellings accepted), then sort, view, page.
 *
 * Shared by loaders (parsing, canonical redirect, API query) and the filter form (draft state).
 */

export type DealFilter = 'all' | DealType;

export interface ListingState {
  q: string;
  dealType: DealFilter;
  type: 'all' | PropertyTypeSlug;
  district: 'all' | DistrictSlug;
  /** null = no bound (the slider's end). */
  priceMin: number | null;
  priceMax: number | null;
  areaMin: number | null;
  areaMax: number | null;
  furniture: boolean;
  parking: boolean;
  airConditioning: boolean;
  /** 0 = no minimum. */
  roomsMin: number;
  sort: PropertySort;
  view: string;
  page: number;
}

export type ListingField =
  'q' | 'dealType' | 'type' | 'district' | 'price' | 'area' | 'furniture' | 'parking' | 'airConditioning' | 'roomsMin';

export interface RangeSpec {
  min: number;
  max: number;
  step: number;
}

export interface ListingConfig {
  /** Filters this page offers (sort, view and page always exist). */
  fields: readonly ListingField[];
  dealTypeDefault: DealFilter;
  /** Order of the deal type options. */
  dealTypeOptions: readonly DealFilter[];
  price: RangeSpec;
  area: RangeSpec;
  rooms: RangeSpec;
  /** First is the default. */
  views: readonly string[];
}

/** spec 01 §2 Catalogue: price 0-10 000 000 ₸ step 100 000, area 40-1000 m² step 10, grid/map. */
export const CATALOG_CONFIG: ListingConfig = {
  fields: ['q', 'dealType', 'type', 'price', 'area', 'furniture', 'parking'],
  dealTypeDefault: 'all',
  dealTypeOptions: ['all', 'rent', 'sale'],
  price: { min: 0, max: 10_000_000, step: 100_000 },
  area: { min: 40, max: 1000, step: 10 },
  rooms: { min: 0, max: 10, step: 1 },
  views: ['grid', 'map'],
};

/** spec 01 §2 Category listing: deal type default rent, price 0-5 000 000, area 0-500, district, grid/list. */
export const CATEGORY_CONFIG: ListingConfig = {
  fields: ['dealType', 'price', 'area', 'district'],
  dealTypeDefault: 'rent',
  dealTypeOptions: ['rent', 'sale', 'all'],
  price: { min: 0, max: 5_000_000, step: 100_000 },
  area: { min: 0, max: 500, step: 10 },
  rooms: { min: 0, max: 10, step: 1 },
  views: ['grid', 'list'],
};

/** Subcategory page: the category filters plus furniture, air conditioning and minimum rooms 0-10. */
export const SUBCATEGORY_CONFIG: ListingConfig = {
  ...CATEGORY_CONFIG,
  fields: ['dealType', 'price', 'area', 'district', 'furniture', 'airConditioning', 'roomsMin'],
};

/** The filters of the table the listing pages offer (state keys). */
const LISTING_FILTERS = [
  'q',
  'dealType',
  'type',
  'district',
  'priceMin',
  'priceMax',
  'areaMin',
  'areaMax',
  'furniture',
  'parking',
  'airConditioning',
  'roomsMin',
] as const;
type ListingFilterKey = (typeof LISTING_FILTERS)[number] & keyof PropertyFilters;

/** The URL name each filter is written under (spec 01 §2 dealType, else the spec's §7 name). */
const URL_NAME = Object.fromEntries(LISTING_FILTERS.map((k) => [k, propertyFilterUrlName(k)])) as unknown as {
  [K in ListingFilterKey]: PropertyFilterUrlName<K>;
};

/** The names a filter is read from: the one written first, then the table's other spellings. */
const readNames = (key: ListingFilterKey): string[] => [
  URL_NAME[key],
  ...propertyFilterNames(propertyFilterField(key)).filter((n) => n !== URL_NAME[key]),
];

/** Every URL parameter these pages own, every spelling included (others, e.g. lng or utm_*, are left alone). */
export const LISTING_PARAM_NAMES: readonly string[] = [...LISTING_FILTERS.flatMap(readNames), 'sort', 'view', 'page'];

/** Listings per page: the API's default. */
export const PAGE_SIZE = PROPERTY_QUERY_LIMITS.limitDefault;
export const Q_MAX_LENGTH = PROPERTY_QUERY_LIMITS.qMaxLength;
const PAGE_MAX = PROPERTY_QUERY_LIMITS.pageMax;

const has = (config: ListingConfig, field: ListingField) => config.fields.includes(field);

function oneOf<T extends string>(value: string | null, values: readonly T[]): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A number in [min, max] (clamped), or null when absent, malformed, or at the given default bound. */
function bound(raw: string | null, spec: RangeSpec, end: 'min' | 'max'): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  if (!Number.isFinite(n)) return null;
  const v = Math.min(spec.max, Math.max(spec.min, Math.round(n)));
  if (end === 'min' && v <= spec.min) return null;
  if (end === 'max' && v >= spec.max) return null;
  return v;
}

const isTrue = (raw: string | null) => raw !== null && ['true', '1', 'on'].includes(raw.trim().toLowerCase());

/** The last non-empty value of the first name that has one (a GET form may repeat names). */
function get(params: URLSearchParams, ...names: string[]): string | null {
  for (const name of names) {
    const values = params.getAll(name).filter((v) => v.trim() !== '');
    if (values.length) return values[values.length - 1].trim();
  }
  return null;
}

/** Reads the page's state from a query string; anything malformed falls back to its default. */
export function parseListing(params: URLSearchParams, config: ListingConfig): ListingState {
  const read = (key: ListingFilterKey) => get(params, ...readNames(key));
  let priceMin = has(config, 'price') ? bound(read('priceMin'), config.price, 'min') : null;
  let priceMax = has(config, 'price') ? bound(read('priceMax'), config.price, 'max') : null;
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  let areaMin = has(config, 'area') ? bound(read('areaMin'), config.area, 'min') : null;
  let areaMax = has(config, 'area') ? bound(read('areaMax'), config.area, 'max') : null;
  if (areaMin !== null && areaMax !== null && areaMin > areaMax) [areaMin, areaMax] = [areaMax, areaMin];
  const rooms = has(config, 'roomsMin') ? bound(read('roomsMin'), config.rooms, 'min') : null;
  const page = Number(get(params, 'page'));
  const dealType = oneOf(read('dealType'), ['all', ...DEAL_TYPES] as const);
  return {
    q: has(config, 'q') ? (read('q') ?? '').replace(/\s+/g, ' ').slice(0, Q_MAX_LENGTH).trim() : '',
    dealType: has(config, 'dealType') ? (dealType ?? config.dealTypeDefault) : config.dealTypeDefault,
    type: (has(config, 'type') && oneOf(read('type'), PROPERTY_TYPES)) || 'all',
    district: (has(config, 'district') && oneOf(read('district'), DISTRICTS)) || 'all',
    priceMin,
    priceMax,
    areaMin,
    areaMax,
    furniture: has(config, 'furniture') && isTrue(read('furniture')),
    parking: has(config, 'parking') && isTrue(read('parking')),
    airConditioning: has(config, 'airConditioning') && isTrue(read('airConditioning')),
    roomsMin: rooms ?? 0,
    sort: oneOf(get(params, 'sort'), PROPERTY_SORTS) ?? 'date_new',
    view: oneOf(get(params, 'view'), config.views) ?? config.views[0],
    page: Number.isInteger(page) && page > 1 ? Math.min(page, PAGE_MAX) : 1,
  };
}

/** The canonical query of a state: only non-default values, in a fixed order. */
export function serializeListing(state: ListingState, config: ListingConfig, overrides: Partial<ListingState> = {}): URLSearchParams {
  const s = { ...state, ...overrides };
  const out = new URLSearchParams();
  const set = (key: ListingFilterKey, value: string) => out.set(URL_NAME[key], value);
  if (has(config, 'q') && s.q) set('q', s.q);
  if (has(config, 'dealType') && s.dealType !== config.dealTypeDefault) set('dealType', s.dealType);
  if (has(config, 'type') && s.type !== 'all') set('type', s.type);
  if (has(config, 'district') && s.district !== 'all') set('district', s.district);
  if (has(config, 'price')) {
    if (s.priceMin !== null) set('priceMin', String(s.priceMin));
    if (s.priceMax !== null) set('priceMax', String(s.priceMax));
  }
  if (has(config, 'area')) {
    if (s.areaMin !== null) set('areaMin', String(s.areaMin));
    if (s.areaMax !== null) set('areaMax', String(s.areaMax));
  }
  if (has(config, 'furniture') && s.furniture) set('furniture', 'true');
  if (has(config, 'parking') && s.parking) set('parking', 'true');
  if (has(config, 'airConditioning') && s.airConditioning) set('airConditioning', 'true');
  if (has(config, 'roomsMin') && s.roomsMin > 0) set('roomsMin', String(s.roomsMin));
  if (s.sort !== 'date_new') out.set('sort', s.sort);
  if (s.view !== config.views[0]) out.set('view', s.view);
  if (s.page > 1) out.set('page', String(s.page));
  return out;
}

/** Parameters of `params` that these pages do not own (lng, utm_*...), kept as they are. */
export function foreignParams(params: URLSearchParams): Array<[string, string]> {
  const own = new Set(LISTING_PARAM_NAMES);
  return [...params.entries()].filter(([k]) => !own.has(k));
}

/** `pathname?query` of a state, keeping the foreign parameters of `current`. */
export function listingHref(
  pathname: string,
  state: ListingState,
  config: ListingConfig,
  overrides: Partial<ListingState> = {},
  current?: URLSearchParams,
): string {
  const params = serializeListing(state, config, overrides);
  if (current) for (const [k, v] of foreignParams(current)) params.append(k, v);
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/**
 * The canonical URL when `url`'s query is not canonical (defaults present, deal_type spelling,
 * malformed values, e.g. after a no-JavaScript form submission), else null. Order is ignored.
 */
export function canonicalRedirect(url: URL, config: ListingConfig): string | null {
  const state = parseListing(url.searchParams, config);
  const canonical = serializeListing(state, config);
  for (const [k, v] of foreignParams(url.searchParams)) canonical.append(k, v);
  const key = (p: URLSearchParams) =>
    [...p.entries()]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  if (key(canonical) === key(url.searchParams)) return null;
  const qs = canonical.toString();
  return qs ? `${url.pathname}?${qs}` : url.pathname;
}

/** Number of active filters (the catalogue's filter badge): q, sort, view and page do not count. */
export function countActiveFilters(state: ListingState, config: ListingConfig): number {
  let n = 0;
  if (has(config, 'dealType') && state.dealType !== config.dealTypeDefault) n++;
  if (has(config, 'type') && state.type !== 'all') n++;
  if (has(config, 'district') && state.district !== 'all') n++;
  if (has(config, 'price') && (state.priceMin !== null || state.priceMax !== null)) n++;
  if (has(config, 'area') && (state.areaMin !== null || state.areaMax !== null)) n++;
  if (has(config, 'furniture') && state.furniture) n++;
  if (has(config, 'parking') && state.parking) n++;
  if (has(config, 'airConditioning') && state.airConditioning) n++;
  if (has(config, 'roomsMin') && state.roomsMin > 0) n++;
  return n;
}

/** The state with every filter (and optionally the search text) back at its default. */
export function clearedState(state: ListingState, config: ListingConfig, keepQuery: boolean): ListingState {
  return {
    ...state,
    q: keepQuery ? state.q : '',
    dealType: config.dealTypeDefault,
    type: 'all',
    district: 'all',
    priceMin: null,
    priceMax: null,
    areaMin: null,
    areaMax: null,
    furniture: false,
    parking: false,
    airConditioning: false,
    roomsMin: 0,
    page: 1,
  };
}

/** The API query of a state (GET /properties and, without paging, /properties/map). */
export function toApiQuery(state: ListingState, config: ListingConfig): PropertyListQuery {
  return {
    q: state.q || undefined,
    dealType: state.dealType === 'all' ? undefined : state.dealType,
    type: has(config, 'type') && state.type !== 'all' ? state.type : undefined,
    district: has(config, 'district') && state.district !== 'all' ? state.district : undefined,
    priceMin: state.priceMin ?? undefined,
    priceMax: state.priceMax ?? undefined,
    areaMin: state.areaMin ?? undefined,
    areaMax: state.areaMax ?? undefined,
    furniture: state.furniture || undefined,
    parking: state.parking || undefined,
    airConditioning: state.airConditioning || undefined,
    roomsMin: state.roomsMin > 0 ? state.roomsMin : undefined,
    sort: state.sort === 'date_new' ? undefined : state.sort,
    page: state.page > 1 ? state.page : undefined,
    // The API's default page size is PAGE_SIZE (50), so the limit is not sent.
  };
}

/** Form field values (strings) of a state, by URL name: what the filter form shows (and submits without JavaScript). */
export type ListingDraft = Record<PropertyFilterUrlName<ListingFilterKey> | 'sort' | 'view' | 'page', string>;

export function toDraft(state: ListingState, config: ListingConfig): ListingDraft {
  return {
    [URL_NAME.q]: state.q,
    [URL_NAME.dealType]: state.dealType,
    [URL_NAME.type]: state.type,
    [URL_NAME.district]: state.district,
    [URL_NAME.priceMin]: String(state.priceMin ?? config.price.min),
    [URL_NAME.priceMax]: String(state.priceMax ?? config.price.max),
    [URL_NAME.areaMin]: String(state.areaMin ?? config.area.min),
    [URL_NAME.areaMax]: String(state.areaMax ?? config.area.max),
    [URL_NAME.furniture]: state.furniture ? 'true' : '',
    [URL_NAME.parking]: state.parking ? 'true' : '',
    [URL_NAME.airConditioning]: state.airConditioning ? 'true' : '',
    [URL_NAME.roomsMin]: String(state.roomsMin),
    sort: state.sort,
    view: state.view,
    page: String(state.page),
  } as ListingDraft;
}

/** The state a draft stands for (same normalisation as a URL). */
export function draftToState(draft: ListingDraft, config: ListingConfig): ListingState {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(draft)) if (v !== '') params.set(k, v);
  return parseListing(params, config);
}
