import type { DealType, DistrictSlug, LocalizedText, PropertyFeature, PropertyStatus, PropertyTypeSlug } from './enums';

/**
 * Shapes of the properties read API (spec 01 §3 "Property (as read from the server)").
 * Texts stay per language {ru,en,kk,zh}; the web picks the visitor's language (fallback ru).
 * Money in ₸ (KZT), areas in m².
 */

/** An image with its URLs; variant URLs are null until the worker's media job has run. */
export interface PropertyImageDto {
  id: string;
  /** Original file. */
  url: string;
  /** 480 px JPEG card thumbnail, or null. */
  thumbUrl: string | null;
  /** 1280 px JPEG gallery image, or null. */
  galleryUrl: string | null;
  thumbWebpUrl: string | null;
  galleryWebpUrl: string | null;
  width: number | null;
  height: number | null;
}

export interface NamedRefDto {
  id: number;
  slug: string;
  name: LocalizedText;
}

export interface AgentDto {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  phone: string | null;
  email: string;
}

/** A card in a list (catalogue, category pages, featured, similar). No long texts. */
export interface PropertyListItem {
  id: string;
  slug: string;
  title: LocalizedText;
  type: PropertyTypeSlug;
  category: NamedRefDto;
  categoryId: number;
  subcategory: NamedRefDto | null;
  dealType: DealType;
  status: PropertyStatus;
  /** ₸; per month for rent, total for sale. */
  price: number;
  priceCurrency: 'KZT';
  /** ₸ per m², rounded: round(price / area). */
  pricePerSqm: number;
  /** m². */
  area: number;
  floor: number | null;
  totalFloors: number | null;
  address: string;
  district: DistrictSlug | null;
  districtName: LocalizedText | null;
  buildingComplexName: LocalizedText | null;
  latitude: number | null;
  longitude: number | null;
  features: PropertyFeature[];
  characteristics: Record<string, string | number | boolean>;
  featured: boolean;
  viewsCount: number;
  favoritesCount: number;
  /** The main image first. */
  images: PropertyImageDto[];
  createdAt: string;
}

/** GET /api/properties/{id or slug}. */
export interface PropertyDetail extends PropertyListItem {
  description: LocalizedText;
  h1: LocalizedText | null;
  seoTitle: LocalizedText | null;
  seoDescription: LocalizedText | null;
  seoKeywords: LocalizedText | null;
  agent: AgentDto | null;
  updatedAt: string;
}

/** GET /api/properties/map: one marker per public listing. */
export interface MapMarkerDto {
  id: string;
  slug: string;
  latitude: number;
  longitude: number;
  price: number;
  dealType: DealType;
  type: PropertyTypeSlug;
  title: LocalizedText;
}

/**
 * GET /api/properties/version: the catalogue version (an integer that moves with every change of
 * a listing or an image, view and favourite counters aside; 0 when the API does not track it).
 */
export interface CatalogVersionDto {
  version: number;
}

/** GET /api/properties/categories. */
export interface CategoryDto extends NamedRefDto {
  description: LocalizedText | null;
  icon: string;
  /** Public listings in the category. */
  count: number;
  subcategories: SubcategoryDto[];
}

/** GET /api/properties/categories/{id}/subcategories. */
export interface SubcategoryDto extends NamedRefDto {
  categoryId: number;
  description: LocalizedText | null;
  filters: string[];
  count: number;
}
