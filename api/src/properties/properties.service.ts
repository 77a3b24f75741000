import { Inject, Injectable } from '@nestjs/common';
import type {
  CategoryDto,
  MapMarkerDto,
  PropertyDetail,
  PropertyFilters,
  PropertyImageDto,
  PropertyListItem,
  PropertyListParams,
  SubcategoryDto,
} from '@realty/contracts';
import type { FileStorage, Property } from '@realty/db';
import type { SelectQueryBuilder } from 'typeorm';
import { ApiException } from '../common/api.exception';
import { Paged, PreparedJson } from '../common/envelope.interceptor';
import { CatalogCache } from './catalog-cache';
import { cardFromRow, toCategoryTree, toDetail, toImageDto, toMapMarker, toSubcategoryDto, unknownRefs } from './properties.mapper';
import { cacheKey, orderSql, PropertiesRepository, type Statement } from './properties.repository';

/** Injection token of the file storage used to build image URLs. */
export const PROPERTY_FILE_STORAGE = Symbol('PROPERTY_FILE_STORAGE');

/**
 * Public reads of listings and the catalogue tree (spec 01 §7), what PropertiesController
 * calls: it asks the repository for rows, maps them (properties.mapper) and keeps the answers
 * in the CatalogCache. Only status 'active' and not soft-deleted listings are ever visible
 * here. Prices are ₸, areas m².
 */
@Injectable()
export class PropertiesService {
  constructor(
    private readonly repository: PropertiesRepository,
    private readonly cache: CatalogCache,
    @Inject(PROPERTY_FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Public listings matching the filters, unordered (PropertiesRepository.filteredQuery; leads check a listing with it). */
  filteredQuery(f: PropertyFilters): SelectQueryBuilder<Property> {
    return this.repository.filteredQuery(f);
  }

  /** The statement of one page of listing ids (PropertiesRepository.pageIdsSql). */
  pageIdsSql(params: PropertyListParams, matchesFirst = false): Statement {
    return this.repository.pageIdsSql(params, matchesFirst);
  }

  /** The total of GET /api/properties: `SELECT count(*) AS total` over the filtered listings. */
  countQuery(f: PropertyFilters): SelectQueryBuilder<Property> {
    return this.repository.countQuery(f);
  }

  /**
   * GET /api/properties as sent: list() in its envelope, serialised, kept per query (see
   * CatalogCache `pages`); a kept page due for a refresh is kept as it is while its counters hold.
   */
  listAnswer(params: PropertyListParams): Promise<PreparedJson> {
    return this.cache.listAnswer(cacheKey(params), () => this.list(params));
  }

  /** GET /api/properties/map as sent: mapMarkers() in its envelope, kept per filter set. */
  mapAnswer(f: PropertyFilters): Promise<PreparedJson> {
    return this.cache.mapAnswer(cacheKey(f), () => this.mapMarkers(f));
  }

  /** GET /api/properties/categories as sent: categories() in its envelope, kept. */
  categoriesAnswer(): Promise<PreparedJson> {
    return this.cache.categoriesAnswer(() => this.categories());
  }

  /**
   * The catalogue version the kept answers of this process are checked against (after a read
   * under way ends; 0 with versions off): GET /api/properties/version.
   */
  catalogVersion(): Promise<number> {
    return this.cache.catalogVersion();
  }

  /** Drops the cached answers and totals (call after writing listings; other processes wait out the TTLs). */
  invalidate(): void {
    this.cache.invalidate();
  }

  /** invalidate() and the kept reference tables too (call after writing categories, types, building complexes). */
  referencesChanged(): void {
    this.cache.referencesChanged();
  }

  /**
   * Drops the kept list pages (not totals, map or tree): a card's favourite count changed. The
   * visitor who pressed the heart sees the new count at once (in this process; others within
   * the TTL).
   */
  cardsChanged(): void {
    this.cache.cardsChanged();
  }

  /**
   * GET /api/properties: one page of public cards plus paging meta {total, page, limit,
   * totalPages, nextCursor} (nextCursor: the id to pass as `after` for the next page, or null).
   */
  async list(params: PropertyListParams): Promise<Paged<PropertyListItem>> {
    const matchesFirst = params.q !== undefined && (await this.fewMatches(params));
    const [cards, total] = await Promise.all([
      this.cards(this.repository.pageIdsSql(params, matchesFirst), orderSql(params.sort)),
      this.total(params),
    ]);
    const more = cards.length > params.limit;
    const items = more ? cards.slice(0, params.limit) : cards;
    return new Paged(items, {
      total,
      page: params.page,
      limit: params.limit,
      totalPages: Math.ceil(total / params.limit),
      nextCursor: more ? items[items.length - 1].id : null,
    });
  }

  /** The number of public listings matching the filters (cached briefly per filter set, see CatalogCache `counts`). */
  private total(params: PropertyListParams): Promise<number> {
    const { sort: _sort, page: _page, limit: _limit, after: _after, ...filters } = params;
    return this.cache.total(cacheKey(filters), () => this.repository.count(filters));
  }

  /**
   * Whether a text query matches so few listings that fetching them all beats walking the sort
   * index: walking reads about (offset + limit) × public / matches rows to find the page,
   * fetching all reads `matches`. Both totals are the cached counts. The planner's own choice
   * between the two flips with the state of the GIN index's pending list (every view count
   * UPDATE adds to it until a vacuum); the figures: decision 017.
   */
  private async fewMatches(params: PropertyListParams): Promise<boolean> {
    const [matches, all] = await Promise.all([this.total(params), this.total({ sort: params.sort, page: 1, limit: params.limit })]);
    const reach = (params.after ? 0 : (params.page - 1) * params.limit) + params.limit + 1;
    return matches * matches <= reach * all;
  }

  /** GET /api/properties/map: markers of public listings with coordinates, newest first, at most 5000. */
  async mapMarkers(f: PropertyFilters): Promise<MapMarkerDto[]> {
    return (await this.repository.mapMarkerRows(f)).map(toMapMarker);
  }

  /** GET /api/properties/categories: every category (sort order) with public counts and its subcategories. */
  async categories(): Promise<CategoryDto[]> {
    const [categories, subcategories, catCounts, subCounts] = await Promise.all([
      this.repository.categories(),
      this.repository.subcategories(),
      this.repository.countBy('category_id'),
      this.repository.countBy('subcategory_id'),
    ]);
    return toCategoryTree(categories, subcategories, catCounts, subCounts);
  }

  /** GET /api/properties/categories/:id/subcategories: `id` is the numeric id or the slug; 404 when no such category. */
  async subcategories(idOrSlug: string): Promise<SubcategoryDto[]> {
    const category = await this.repository.category(idOrSlug);
    if (!category) throw ApiException.notFound();
    const [subcategories, counts] = await Promise.all([
      this.repository.subcategories(category.id),
      this.repository.countBy('subcategory_id'),
    ]);
    return subcategories.map((s) => toSubcategoryDto(s, counts.get(s.id) ?? 0));
  }

  /**
   * GET /api/properties/:idOrSlug: counts the view with one atomic UPDATE ... RETURNING
   * (concurrent views never lose an increment) and answers the page; 404 unless public.
   */
  async detail(idOrSlug: string): Promise<PropertyDetail> {
    const match = this.repository.matchProperty(idOrSlug);
    if (!match) throw ApiException.notFound();
    const counted = await this.repository.countView(match);
    if (!counted) throw ApiException.notFound();
    const { id, viewsCount } = counted;
    // The card part comes from the list's own card query (one mapping for lists and the page).
    const [cards, p, images] = await Promise.all([
      this.cards([`SELECT $1::uuid AS id`, [id]], null),
      this.repository.pageExtras(id),
      this.imagesOf([id]),
    ]);
    if (!cards.length || !p) throw ApiException.notFound(); // removed between the statements
    return toDetail({ ...cards[0], viewsCount, images: images.get(id) ?? [] }, p);
  }

  /**
   * GET /api/properties/:idOrSlug/similar: public listings of the same category and deal
   * type, not the listing itself, newest first, at most `limit`. 404 unless the listing is public.
   */
  async similar(idOrSlug: string, limit: number): Promise<PropertyListItem[]> {
    const match = this.repository.matchProperty(idOrSlug);
    if (!match) throw ApiException.notFound();
    const base = await this.repository.publicProperty(match);
    if (!base) throw ApiException.notFound();
    return this.cards(this.repository.similarIdsSql(base, limit), orderSql('date_new'));
  }

  /** The id of the public listing named by `idOrSlug` (a uuid or a slug), or null (favourites). */
  async publicId(idOrSlug: string): Promise<string | null> {
    const match = this.repository.matchProperty(idOrSlug);
    return match ? this.repository.publicId(match) : null;
  }

  /** Public cards of `ids` in the order given; ids that are not public are left out (favourites). */
  async cardsByIds(ids: string[]): Promise<PropertyListItem[]> {
    if (!ids.length) return [];
    const cards = await this.cards(this.repository.publicIdsSql(ids), null);
    const byId = new Map(cards.map((c) => [c.id, c]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Cards of the listings whose ids the statement `ids` selects, in `order` (an ORDER BY over
   * `p`, the ids query's own order) or unordered; references named from the kept copy,
   * reloaded once when a card names one it lacks.
   */
  private async cards(ids: Statement, order: string | null): Promise<PropertyListItem[]> {
    const [rows, cached] = await Promise.all([this.repository.cardRows(ids, order), this.cache.catalogRefs()]);
    let refs = cached;
    if (rows.some((r) => unknownRefs(r, refs))) refs = await this.cache.reloadRefs();
    return rows.map((r) => cardFromRow(r, refs, this.storage));
  }

  /** Images of the listings, main image (lowest sort_order) first. */
  private async imagesOf(ids: string[]): Promise<Map<string, PropertyImageDto[]>> {
    const byProperty = new Map<string, PropertyImageDto[]>();
    if (!ids.length) return byProperty;
    for (const image of await this.repository.images(ids)) {
      const list = byProperty.get(image.propertyId) ?? [];
      list.push(toImageDto(image, this.storage));
      byProperty.set(image.propertyId, list);
    }
    return byProperty;
  }
}
