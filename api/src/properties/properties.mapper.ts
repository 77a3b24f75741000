import type {
  AgentDto,
  LocalizedText,
  CategoryDto,
  MapMarkerDto,
  NamedRefDto,
  PropertyDetail,
  PropertyImageDto,
  PropertyListItem,
  SubcategoryDto,
} from '@realty/contracts';
import type { FileStorage, Property, PropertyCategory, PropertyImage, PropertySubcategory, User } from '@realty/db';

/**
 * Entity -> response shapes of @realty/contracts property.types (spec 01 §3 "Property (as
 * read from the server)"). Money in ₸, areas in m²; numbers stay numbers.
 */

/** ₸ per m², rounded (spec 01 §3 "pricePerSqm = rounded price divided by area"). 0 when the area is 0. */
export function pricePerSqm(price: number, area: number): number {
  return area > 0 ? Math.round(price / area) : 0;
}

/** The columns of a property_images row that an image DTO needs (an entity or a raw row). */
export type ImageSource = Pick<PropertyImage, 'id' | 'storageKey' | 'variants' | 'width' | 'height'>;

/** Original URL plus the worker's variants (null until the media job has run). */
export function toImageDto(image: ImageSource, storage: FileStorage): PropertyImageDto {
  const v = image.variants;
  return {
    id: image.id,
    url: storage.publicUrl(image.storageKey),
    thumbUrl: v?.thumb ? storage.publicUrl(v.thumb) : null,
    galleryUrl: v?.gallery ? storage.publicUrl(v.gallery) : null,
    thumbWebpUrl: v?.thumbWebp ? storage.publicUrl(v.thumbWebp) : null,
    galleryWebpUrl: v?.galleryWebp ? storage.publicUrl(v.galleryWebp) : null,
    width: image.width,
    height: image.height,
  };
}

function ref(x: { id: number; slug: string; name: NamedRefDto['name'] }): NamedRefDto {
  return { id: x.id, slug: x.slug, name: x.name };
}

function characteristicsOf(raw: Property['characteristics'] | null): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** A catalogue reference (category, subcategory, type, district, building complex) by id. */
export interface RefRow {
  id: number;
  slug: string;
  name: LocalizedText;
}

/**
 * The catalogue's reference tables by id, as CatalogCache keeps them in memory: they
 * change only in administration, so the card query reads ids and these supply slugs and names.
 */
export interface CatalogRefs {
  categories: Map<number, RefRow>;
  subcategories: Map<number, RefRow>;
  types: Map<number, RefRow>;
  districts: Map<number, RefRow>;
  buildingComplexes: Map<number, RefRow>;
}

/** The tables behind CatalogRefs (each with columns id, slug, name). */
export const REF_TABLES = {
  categories: 'property_categories',
  subcategories: 'property_subcategories',
  types: 'property_types',
  districts: 'districts',
  buildingComplexes: 'building_complexes',
} as const satisfies Record<keyof CatalogRefs, string>;

/** The statement reading one of REF_TABLES (a name from that constant, never from a request). */
export function refRowsSql(table: (typeof REF_TABLES)[keyof CatalogRefs]): string {
  return `SELECT id, slug, name FROM ${table} ORDER BY id`;
}

/**
 * CatalogRefs from the rows of each of REF_TABLES (refRowsSql; ids may come as strings).
 * Used by CatalogCache and by the bench's baseline server, so both make the same cards.
 */
export function catalogRefsOf(tables: ReadonlyArray<readonly [keyof CatalogRefs, RefRow[]]>): CatalogRefs {
  return Object.fromEntries(
    tables.map(([key, list]) => [key, new Map(list.map((r) => [Number(r.id), { id: Number(r.id), slug: r.slug, name: r.name }]))]),
  ) as unknown as CatalogRefs;
}

/**
 * One row of PropertiesRepository's card query (CARDS_OF_PAGE): the card columns of `properties`
 * plus its main image, flat, as node-postgres returns them (bigint and numeric as strings,
 * timestamptz as Date, jsonb parsed). References are ids (see CatalogRefs).
 */
export interface CardRow {
  id: string;
  slug: string;
  title: LocalizedText;
  category_id: number;
  subcategory_id: number | null;
  property_type_id: number;
  district_id: number | null;
  building_complex_id: number | null;
  deal_type: PropertyListItem['dealType'];
  status: PropertyListItem['status'];
  price: string | number;
  area: string | number;
  floor: number | null;
  total_floors: number | null;
  address: string;
  latitude: number | string | null;
  longitude: number | string | null;
  features: unknown;
  characteristics: Property['characteristics'] | null;
  featured: boolean;
  views_count: number;
  favorites_count: number;
  created_at: Date;
  image_id: string | null;
  image_storage_key: string | null;
  image_variants: PropertyImage['variants'];
  image_width: number | null;
  image_height: number | null;
}

/** The reference ids of a card row that `refs` does not know (then the refs are reloaded). */
export function unknownRefs(r: CardRow, refs: CatalogRefs): boolean {
  return (
    !refs.categories.has(r.category_id) ||
    !refs.types.has(r.property_type_id) ||
    (r.subcategory_id !== null && !refs.subcategories.has(r.subcategory_id)) ||
    (r.district_id !== null && !refs.districts.has(r.district_id)) ||
    (r.building_complex_id !== null && !refs.buildingComplexes.has(r.building_complex_id))
  );
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * A card (PropertyListItem) from a card-query row and the references (spec 01 §3; "Further
 * card-level fields: views, favorites, pricePerSqm, image"). `images` holds the main image
 * only (the card shows one; the property page has them all), or is empty. A reference that
 * `refs` lacks even after a reload (deleted meanwhile) reads as absent; the category and type
 * fall back to an empty name so a card is never lost.
 */
export function cardFromRow(r: CardRow, refs: CatalogRefs, storage: FileStorage): PropertyListItem {
  const price = Number(r.price);
  const area = Number(r.area);
  const category = refs.categories.get(r.category_id);
  const subcategory = r.subcategory_id === null ? undefined : refs.subcategories.get(r.subcategory_id);
  const district = r.district_id === null ? undefined : refs.districts.get(r.district_id);
  const complex = r.building_complex_id === null ? undefined : refs.buildingComplexes.get(r.building_complex_id);
  const images =
    r.image_id && r.image_storage_key
      ? [
          toImageDto(
            { id: r.image_id, storageKey: r.image_storage_key, variants: r.image_variants, width: r.image_width, height: r.image_height },
            storage,
          ),
        ]
      : [];
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    type: (refs.types.get(r.property_type_id)?.slug ?? '') as PropertyListItem['type'],
    category: category ? ref(category) : { id: r.category_id, slug: '', name: { ru: '', en: '', kk: '', zh: '' } },
    categoryId: r.category_id,
    subcategory: subcategory ? ref(subcategory) : null,
    dealType: r.deal_type,
    status: r.status,
    price,
    priceCurrency: 'KZT',
    pricePerSqm: pricePerSqm(price, area),
    area,
    floor: r.floor,
    totalFloors: r.total_floors,
    address: r.address,
    district: (district?.slug ?? null) as PropertyListItem['district'],
    districtName: district?.name ?? null,
    buildingComplexName: complex?.name ?? null,
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    features: Array.isArray(r.features) ? (r.features as PropertyListItem['features']) : [],
    characteristics: characteristicsOf(r.characteristics),
    featured: r.featured,
    viewsCount: r.views_count,
    favoritesCount: r.favorites_count,
    images,
    createdAt: r.created_at.toISOString(),
  };
}

/** The public card of the listing's agent; never the password hash, the role or the status. */
export function toAgentDto(u: User | null): AgentDto | null {
  if (!u) return null;
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, avatarUrl: u.avatarUrl, phone: u.phone, email: u.email };
}

/**
 * The property page (PropertyDetail): `card` (cardFromRow, with every image) plus the long
 * texts, SEO texts and agent of `p` (loaded with its agent relation).
 */
export function toDetail(card: PropertyListItem, p: Property): PropertyDetail {
  return {
    ...card,
    description: p.description,
    h1: p.h1,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    seoKeywords: p.seoKeywords,
    agent: toAgentDto(p.agent),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toSubcategoryDto(s: PropertySubcategory, count: number): SubcategoryDto {
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    categoryId: s.categoryId,
    description: s.description,
    filters: Array.isArray(s.filters) ? s.filters : [],
    count,
  };
}

export function toCategoryDto(c: PropertyCategory, count: number, subcategories: SubcategoryDto[]): CategoryDto {
  return { id: c.id, slug: c.slug, name: c.name, description: c.description, icon: c.icon, count, subcategories };
}

/** Public listings per category (or subcategory) id; an id missing counts 0. */
export type CountsById = ReadonlyMap<number, number>;

/** The catalogue tree: every category (in the order given) with its count and its subcategories (in the order given) with theirs. */
export function toCategoryTree(
  categories: PropertyCategory[],
  subcategories: PropertySubcategory[],
  categoryCounts: CountsById,
  subcategoryCounts: CountsById,
): CategoryDto[] {
  return categories.map((c) =>
    toCategoryDto(
      c,
      categoryCounts.get(c.id) ?? 0,
      subcategories.filter((s) => s.categoryId === c.id).map((s) => toSubcategoryDto(s, subcategoryCounts.get(s.id) ?? 0)),
    ),
  );
}

/** One row of the map query (PropertiesRepository.mapMarkerRows): price (bigint) and coordinates (numeric) may come as strings. */
export interface MapMarkerRow {
  id: string;
  slug: string;
  latitude: number | string;
  longitude: number | string;
  price: string | number;
  dealType: MapMarkerDto['dealType'];
  type: MapMarkerDto['type'];
  title: MapMarkerDto['title'];
}

/** A map marker (spec 01 §2 catalogue map view); numbers as numbers. */
export function toMapMarker(r: MapMarkerRow): MapMarkerDto {
  return {
    id: r.id,
    slug: r.slug,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    price: Number(r.price),
    dealType: r.dealType,
    type: r.type,
    title: r.title,
  };
}

/** A card's `viewsCount.favoritesCount`, in page order, comma-separated: what may change on a kept page while the catalogue version holds. */
export function countersOf(cards: Array<Pick<PropertyListItem, 'viewsCount' | 'favoritesCount'>>): string {
  return cards.map((c) => `${c.viewsCount}.${c.favoritesCount}`).join(',');
}
