import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  PROPERTY_QUERY_LIMITS,
  PropertiesQuery,
  PropertyDetailQuery,
  PropertyFiltersQuery,
  SimilarPropertiesQuery,
  toPropertyFilters,
  toPropertyListParams,
  type CatalogVersionDto,
  type PropertyDetail,
  type PropertyListItem,
  type SubcategoryDto,
} from '@realty/contracts';
import { CacheControl, PUBLIC_READ_CACHE } from '../common/cache-control';
import { Public } from '../common/decorators';
import type { PreparedJson } from '../common/envelope.interceptor';
import { PropertiesService } from './properties.service';

/**
 * Public properties read API (spec 01 §7 "The calls it makes"). No sign-in needed (spec 01 §6).
 * Every answer is the envelope {status:'success', data[, meta]}; every error is
 * {status:'error', error:{code, message, fields?}} (spec 01 §8) in the language of ?lang= or
 * Accept-Language. Money is in ₸ (KZT): per month for rent, total for sale; areas in m².
 * Static routes (map, version, categories) are declared before the ':idOrSlug' route.
 * Successful reads send Cache-Control: public, max-age=30 (the detail: no-cache, it counts views).
 */
@Controller('properties')
@Public()
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  /**
   * GET /api/properties — the catalogue (spec 01 §2 Catalogue, §7).
   *
   * Query (PropertiesQuery; '' and 'all' skip a filter): q, deal_type | dealType, category,
   * type, subcategory, district, price_min | priceMin, price_max | priceMax (₸),
   * area_min | areaMin, area_max | areaMax (m²), featured, furniture, parking,
   * air_conditioning, rooms_min, sort (date_new default | price_asc | price_desc | area_asc |
   * area_desc), lang, page (1..10000, default 1), limit (1..100, default 50), after (keyset
   * paging: the previous page's meta.nextCursor; then `page` only numbers the answer).
   *
   * 200: data = PropertyListItem[] (status 'active', not deleted; `images` = the main image
   * only, pricePerSqm = round(price / area) ₸/m²), meta = {total, page, limit, totalPages,
   * nextCursor (the id to pass as `after`, null on the last page)}. Answers are kept per query
   * and totals per filter set while the catalogue version holds (a change shows within
   * CATALOG_VERSION_POLL_MS, 1 s), at most CATALOG_PAGE_CACHE_MS / CATALOG_COUNT_CACHE_MS
   * (20 s; view and favourite counts on the cards may lag that much).
   * 400 VALIDATION_ERROR with fields {parameter: message} for a malformed or unknown parameter.
   */
  @Get()
  @CacheControl(PUBLIC_READ_CACHE)
  list(@Query() query: PropertiesQuery): Promise<PreparedJson> {
    return this.properties.listAnswer(toPropertyListParams(query));
  }

  /**
   * GET /api/properties/map — map markers (spec 01 §2 catalogue map view).
   *
   * Query: the filters of GET /api/properties (PropertyFiltersQuery: no sort, page or limit).
   * 200: data = MapMarkerDto[] {id, slug, latitude, longitude, price (₸), dealType, type,
   * title} for public listings that have coordinates, newest first, at most 5000. Kept per
   * filter set as the list answers.
   * 400 VALIDATION_ERROR as for the list.
   */
  @Get('map')
  @CacheControl(PUBLIC_READ_CACHE)
  map(@Query() query: PropertyFiltersQuery): Promise<PreparedJson> {
    return this.properties.mapAnswer(toPropertyFilters(query));
  }

  /**
   * GET /api/properties/version — the catalogue version this API process works under
   * (catalogue_version, moved by triggers on any change of a listing or an image, counters
   * aside; read at most every CATALOG_VERSION_POLL_MS). The web's page cache asks for it about
   * once a second and renders anew a kept page made under an older one (decision 019).
   *
   * 200: data = {version} (an integer; 0 when versions are off). Cache-Control: no-store.
   */
  @Get('version')
  @CacheControl('no-store')
  async version(): Promise<CatalogVersionDto> {
    return { version: await this.properties.catalogVersion() };
  }

  /**
   * GET /api/properties/categories — the catalogue tree (spec 01 §2 category pages).
   *
   * Query: lang only. 200: data = CategoryDto[] in sort order, each {id, slug, name, description,
   * icon, count (public listings), subcategories: SubcategoryDto[] with their own count}.
   * Kept as the list answers.
   */
  @Get('categories')
  @CacheControl(PUBLIC_READ_CACHE)
  categories(@Query() _query: PropertyDetailQuery): Promise<PreparedJson> {
    return this.properties.categoriesAnswer();
  }

  /**
   * GET /api/properties/categories/:id/subcategories — `id` is the numeric id or the slug.
   *
   * Query: lang only. 200: data = SubcategoryDto[] {id, slug, name, categoryId, description,
   * filters, count} in sort order. 404 NOT_FOUND when the category does not exist.
   */
  @Get('categories/:id/subcategories')
  @CacheControl(PUBLIC_READ_CACHE)
  subcategories(@Param('id') id: string, @Query() _query: PropertyDetailQuery): Promise<SubcategoryDto[]> {
    return this.properties.subcategories(id);
  }

  /**
   * GET /api/properties/:idOrSlug — the property page (spec 01 §2 /property/{id or slug}).
   *
   * `idOrSlug`: a uuid (matches the id) or the slug. Counts one view (atomic increment).
   * Query: lang only. 200: data = PropertyDetail (the card plus description, h1, SEO texts,
   * updatedAt and agent {id, firstName, lastName, avatarUrl, phone, email} or null).
   * 404 NOT_FOUND for an unknown, pending, inactive or deleted listing.
   */
  @Get(':idOrSlug')
  // Each GET counts a view: a cached copy would not, so clients revalidate every time.
  @CacheControl('no-cache')
  detail(@Param('idOrSlug') idOrSlug: string, @Query() _query: PropertyDetailQuery): Promise<PropertyDetail> {
    return this.properties.detail(idOrSlug);
  }

  /**
   * GET /api/properties/:idOrSlug/similar — "Similar properties" of spec 01 §7.
   *
   * Query: limit (1..12, default 4), lang. 200: data = PropertyListItem[] of the same category
   * and deal type, public, without the listing itself, newest first. Does not count a view.
   * 404 NOT_FOUND when the listing itself is not public; 400 VALIDATION_ERROR for a bad limit.
   */
  @Get(':idOrSlug/similar')
  @CacheControl(PUBLIC_READ_CACHE)
  similar(@Param('idOrSlug') idOrSlug: string, @Query() query: SimilarPropertiesQuery): Promise<PropertyListItem[]> {
    return this.properties.similar(idOrSlug, query.limit ?? PROPERTY_QUERY_LIMITS.similarLimitDefault);
  }
}
