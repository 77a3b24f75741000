import type {
  AgentDto,
  CategoryDto,
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

/** Original URL plus the worker's variants (null until the media job has run). */
export function toImageDto(image: PropertyImage, storage: FileStorage): PropertyImageDto {
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

function characteristicsOf(p: Property): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(p.characteristics ?? {})) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/**
 * A card (PropertyListItem). `p` must carry category, subcategory, propertyType, district and
 * buildingComplex relations; `images` are the listing's images, main image first.
 */
export function toListItem(p: Property, images: PropertyImageDto[]): PropertyListItem {
  const price = Number(p.price);
  const area = Number(p.area);
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    type: p.propertyType.slug,
    category: ref(p.category),
    categoryId: p.categoryId,
    subcategory: p.subcategory ? ref(p.subcategory) : null,
    dealType: p.dealType,
    status: p.status,
    price,
    priceCurrency: 'KZT',
    pricePerSqm: pricePerSqm(price, area),
    area,
    floor: p.floor,
    totalFloors: p.totalFloors,
    address: p.address,
    district: p.district?.slug ?? null,
    districtName: p.district?.name ?? null,
    buildingComplexName: p.buildingComplex?.name ?? null,
    latitude: p.latitude === null ? null : Number(p.latitude),
    longitude: p.longitude === null ? null : Number(p.longitude),
    features: Array.isArray(p.features) ? p.features : [],
    characteristics: characteristicsOf(p),
    featured: p.featured,
    viewsCount: p.viewsCount,
    favoritesCount: p.favoritesCount,
    images,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The public card of the listing's agent; never the password hash, the role or the status. */
export function toAgentDto(u: User | null): AgentDto | null {
  if (!u) return null;
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, avatarUrl: u.avatarUrl, phone: u.phone, email: u.email };
}

/** The property page (PropertyDetail): the card plus long texts, SEO texts and the agent. */
export function toDetail(p: Property, images: PropertyImageDto[]): PropertyDetail {
  return {
    ...toListItem(p, images),
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
