import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  PROPERTY_QUERY_LIMITS,
  SLUG_PATTERN,
  type CategoryDto,
  type MapMarkerDto,
  type PropertyDetail,
  type PropertyFilters,
  type PropertyImageDto,
  type PropertyListItem,
  type PropertyListParams,
  type PropertySort,
  type SubcategoryDto,
} from '@realty/contracts';
import {
  Property,
  PropertyCategory,
  PropertyImage,
  PropertySubcategory,
  type FileStorage,
} from '@realty/db';
import { LRUCache } from 'lru-cache';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { ApiException } from '../common/api.exception';
import { Paged, PreparedJson } from '../common/envelope.interceptor';
import { envMs, TtlCache } from '../common/ttl-cache';
import { CatalogueVersion } from './catalogue-version';
import {
  cardFromRow,
  catalogueRefsOf,
  REF_TABLES,
  refRowsSql,
  toCategoryDto,
  toDetail,
  toImageDto,
  toSubcategoryDto,
  unknownRefs,
  type CardRow,
  type CatalogueRefs,
  type RefRow,
} from './properties.mapper';

/** Injection token of the file storage used to build image URLs. */
export const PROPERTY_FILE_STORAGE = Symbol('PROPERTY_FILE_STORAGE');

/** The public-listing predicate; a literal so the partial indexes (WHERE status='active' AND deleted_at IS NULL) apply. */
const PUBLIC = `"p"."status" = 'active' AND "p"."deleted_at" IS NULL`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A listing slug as stored (varchar(220)); anything else cannot match and answers 404 without a query. */
// eslint-disable-next-line no-control-regex
const LISTING_SLUG = /^[^\u0000-\u001f\u007f/]{1,220}$/;

/** ORDER BY columns of each sort (spec 01 §2 Catalogue sort options); `id` breaks ties so paging is stable. */
const ORDER: Record<PropertySort, Array<[column: 'created_at' | 'price' | 'area' | 'id', 'ASC' | 'DESC']>> = {
  date_new: [['created_at', 'DESC'], ['id', 'DESC']],
  price_asc: [['price', 'ASC'], ['id', 'ASC']],
  price_desc: [['price', 'DESC'], ['id', 'DESC']],
  area_asc: [['area', 'ASC'], ['id', 'ASC']],
  area_desc: [['area', 'DESC'], ['id', 'DESC']],
};

/** `"p"."created_at" DESC, "p"."id" DESC` for a sort. */
const orderSql = (sort: PropertySort): string => ORDER[sort].map(([c, d]) => `"p"."${c}" ${d}`).join(', ');

/**
 * The card query: `page` (a CTE of listing ids, already filtered, ordered and cut to one
 * page) joined to the card columns and the main image (lowest sort_order, then oldest,
 * through ix_property_images_property). Only what a card shows is read: no long texts, no SEO
 * texts, one image, and references as ids (names come from the in-memory CatalogueRefs).
 * Issue 6: the 50-card page went from 162 KB of JSON and ~14 ms of ORM hydration with seven
 * joined tables to one flat row per card; the five reference joins alone cost ~1 ms of
 * planning per call. Rows map with cardFromRow().
 */
const CARDS_OF_PAGE = `
  SELECT p.id, p.slug, p.title, p.category_id, p.subcategory_id, p.property_type_id, p.district_id,
         p.building_complex_id, p.deal_type, p.status, p.price, p.area, p.floor, p.total_floors,
         p.address, p.latitude, p.longitude, p.features, p.characteristics, p.featured,
         p.views_count, p.favorites_count, p.created_at,
         i.id AS image_id, i.storage_key AS image_storage_key, i.variants AS image_variants,
         i.width AS image_width, i.height AS image_height
    FROM page
    JOIN properties p ON p.id = page.id
    LEFT JOIN LATERAL (
      SELECT pi.id, pi.storage_key, pi.variants, pi.width, pi.height
        FROM property_images pi
       WHERE pi.property_id = p.id
       ORDER BY pi.sort_order, pi.created_at, pi.id
       LIMIT 1
    ) i ON true`;

/**
 * How long after its TTL a kept catalogue answer may still be sent while it is recomputed
 * (stale-while-revalidate): with the 20 s TTL an answer is at most ~30 s old, the
 * max-age=30 the answer itself allows (changes of the catalogue show within a version poll).
 */
const ANSWER_STALE_MS = 10_000;
/** Kept answers refreshed at once while their stale versions are answered (see `pages`). */
const REFRESH_CONCURRENCY = 2;
/** Memory bound of the kept list answers (see `pages`), bytes. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** Characteristic flags of the filter panel (spec 01 §2, §5) -> the key in characteristics / features. */
const FLAGS = { furniture: 'furniture', parking: 'parking', airConditioning: 'air_conditioning' } as const;

/** A cache key of list parameters: the defined entries in name order (undefined ones do not count). */
function cacheKey(params: object): string {
  return JSON.stringify(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** A kept value and the catalogue version it was computed under (see PropertiesService `version`). */
interface Versioned<V> {
  value: V;
  version: number;
  /** For a kept list page: what may change on it while the version holds (see PropertiesService `pageHolds`). */
  cards?: PageCards;
}

/**
 * What a kept list page shows that can change without moving the catalogue version: each
 * card's view and favourite counts (migration CatalogueVersion leaves the counters out), and
 * the reference names (categories, types, districts...) of the copy its cards were made from.
 */
interface PageCards {
  /** The cards' listing ids, in page order. */
  ids: string[];
  /** See `countersOf`. */
  counters: string;
  refs: CatalogueRefs;
}

/** Each card's `viewsCount.favoritesCount`, in page order, comma-separated. */
function countersOf(cards: Array<Pick<PropertyListItem, 'viewsCount' | 'favoritesCount'>>): string {
  return cards.map((c) => `${c.viewsCount}.${c.favoritesCount}`).join(',');
}

/** Escapes LIKE wildcards so user text is matched literally (backslash is ILIKE's default escape). */
export function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Public reads of listings and the catalogue tree (spec 01 §7). Only status 'active' and
 * not soft-deleted listings are ever visible here. Prices are ₸, areas m².
 */
@Injectable()
export class PropertiesService {
  /**
   * The catalogue's version (catalogue_version, moved by triggers whenever a listing or an
   * image changes, counters aside), read at most every CATALOGUE_VERSION_POLL_MS (default 1 s;
   * 0: not used). Every kept answer and total below holds only while the version it was
   * computed under is current: a change made by any process, or by hand, shows within about a
   * second, and an unchanged catalogue is not recomputed before the TTLs (issue 6).
   */
  private readonly version = new CatalogueVersion(() => this.readVersion(), envMs('CATALOGUE_VERSION_POLL_MS', 1_000));

  /** Whether a kept value was computed under the current catalogue version (always, with versions off). */
  private readonly isCurrent = (kept: Versioned<unknown>): boolean => !this.version.enabled || kept.version === this.version.current();

  /**
   * Totals of GET /api/properties per filter set, kept CATALOGUE_COUNT_CACHE_MS (default 20 s;
   * 0 disables) while the catalogue version holds. Issue 6 (npm run bench, 20,000 listings):
   * the COUNT(*) was the dearest statement of a list call (~10-14 ms of PostgreSQL against
   * ~1 ms for the page itself), and every page and sort of one filter set asks the same count.
   */
  /** Built page statements by query (see pageIdsSql): text and parameters, never mutated. */
  private readonly pageStatements = new LRUCache<string, [string, unknown[]]>({ max: 1000 });
  private readonly counts = new TtlCache<Versioned<number>>(envMs('CATALOGUE_COUNT_CACHE_MS', 20_000), 5000, { isCurrent: this.isCurrent });

  /**
   * Whole answers of GET /api/properties per query (filters, sort, page, limit, after), kept
   * while the catalogue version holds, at most CATALOGUE_PAGE_CACHE_MS (default 20 s, 12-20 s
   * with jitter; 0 disables) and at most PAGE_CACHE_BYTES
   * (64 MB: some 500 pages of ~100 KB with their compressed variants). Too small a bound is
   * worse than none: visitors walking more distinct pages than it holds evict each page before
   * it is asked again (the bench's 200-query mix missed every time with 200 entries). Issue 6:
   * a 50-card page costs ~4 ms of Node, ~1.5 ms of PostgreSQL and ~1.7 ms of brotli to make,
   * and one API process is one core, so 500 req/s of catalogue reads cannot all be computed.
   * A listing, price or image change shows within a poll of the version; a card's view or
   * favourite count (counters do not move the version) may lag by up to the TTL, and
   * `invalidate()` drops everything at once (for writers in this process). Pages are kept
   * serialised (PreparedJson, with br/gzip variants made once): a kept page costs ~0.1 ms of
   * API CPU per request (KeptAnswerFastPath). An expired page, or one computed under an older
   * version, is still answered for ANSWER_STALE_MS while one request recomputes it, so pages
   * that expire together never queue their visitors behind a burst of queries; and at most
   * REFRESH_CONCURRENCY such recomputations run at once, so their work (~4 ms of the event loop
   * each) goes between the requests instead of holding them all up in one block (pages asked
   * together, or all pages after a catalogue change, come due together).
   *
   * A page due for a refresh while the catalogue version it was made under still holds is
   * first checked (`pageHolds`): when none of its cards' counters has moved, the kept answer is
   * kept for another TTL as it is (same bytes, same ETag, compressed variants kept) for one
   * primary-key lookup of its ids, instead of the page's queries, its JSON, its hash and its
   * compression (~4 ms of the event loop). Pages nobody's views or favourites touched (most of
   * a large catalogue's pages, most of the time) are then never made again until the catalogue
   * changes.
   */
  private readonly pages = new TtlCache<Versioned<PreparedJson>>(envMs('CATALOGUE_PAGE_CACHE_MS', 20_000), 10_000, {
    staleMs: ANSWER_STALE_MS,
    refreshConcurrency: REFRESH_CONCURRENCY,
    jitter: 0.4,
    maxSize: PAGE_CACHE_BYTES,
    sizeOf: (kept) => kept.value.keptBytes,
    isCurrent: this.isCurrent,
  });

  /** GET /api/properties/map answers per filter set, as `pages` (up to ~1.7 MB each at 5000 markers: at most 20). */
  private readonly maps = new TtlCache<Versioned<PreparedJson>>(envMs('CATALOGUE_PAGE_CACHE_MS', 20_000), 20, {
    staleMs: ANSWER_STALE_MS,
    refreshConcurrency: 1,
    jitter: 0.4,
    isCurrent: this.isCurrent,
  });

  /** The GET /api/properties/categories answer, as `pages` (two GROUP BY counts over the public listings). */
  private readonly tree = new TtlCache<Versioned<PreparedJson>>(envMs('CATALOGUE_PAGE_CACHE_MS', 20_000), 1, { staleMs: ANSWER_STALE_MS, jitter: 0.4, isCurrent: this.isCurrent });

  /**
   * The reference tables (categories, subcategories, types, districts, building complexes),
   * kept CATALOGUE_REFS_CACHE_MS (default 60 s): they change only in administration. A card
   * naming an id the copy lacks (a reference added since) reloads it at once, so a new
   * reference is never missing; a renamed one shows its new name within the TTL. A reload
   * that finds the same rows answers the same copy (`refsLoaded`), so a kept list page made
   * from it still holds (`pageHolds`).
   */
  private readonly refs = new TtlCache<CatalogueRefs>(envMs('CATALOGUE_REFS_CACHE_MS', 60_000), 1, { staleMs: 60_000 });
  /** The last reference copy loaded and its rows as JSON. */
  private refsLoaded?: { rows: string; refs: CatalogueRefs };

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(PROPERTY_FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /**
   * Public listings matching the filters (no joins, no order): the base of the list, the
   * count, the map and the similar queries. Slug filters become scalar sub-selects so the
   * planner can use the (category_id|subcategory_id|district_id ...) partial indexes; an
   * unknown slug yields NULL and so an empty result (spec 01 §7 "empty if missing").
   */
  filteredQuery(f: PropertyFilters): SelectQueryBuilder<Property> {
    // withDeleted: PUBLIC already says deleted_at IS NULL (no second copy of the condition).
    const qb = this.db.getRepository(Property).createQueryBuilder('p').withDeleted().where(PUBLIC);
    if (f.q) {
      // search_text = lower(titles in ru/en/kk/zh + address), trigram GIN index ix_properties_search_trgm.
      qb.andWhere(`"p"."search_text" ILIKE :qPattern`, { qPattern: likeContains(f.q) });
    }
    if (f.dealType) qb.andWhere('p.dealType = :dealType', { dealType: f.dealType });
    if (f.category) {
      qb.andWhere('p.categoryId = (SELECT c.id FROM property_categories c WHERE c.slug = :categorySlug)', { categorySlug: f.category });
    }
    if (f.subcategory) {
      qb.andWhere('p.subcategoryId = (SELECT s.id FROM property_subcategories s WHERE s.slug = :subcategorySlug)', {
        subcategorySlug: f.subcategory,
      });
    }
    if (f.type) {
      qb.andWhere('p.propertyTypeId = (SELECT t.id FROM property_types t WHERE t.slug = :typeSlug)', { typeSlug: f.type });
    }
    if (f.district) {
      qb.andWhere('p.districtId = (SELECT d.id FROM districts d WHERE d.slug = :districtSlug)', { districtSlug: f.district });
    }
    // price is bigint: whole tenge bounds keep the comparison on the column's own type (index usable).
    if (f.priceMin !== undefined) qb.andWhere('p.price >= :priceMin', { priceMin: Math.ceil(f.priceMin) });
    if (f.priceMax !== undefined) qb.andWhere('p.price <= :priceMax', { priceMax: Math.floor(f.priceMax) });
    if (f.areaMin !== undefined) qb.andWhere('p.area >= :areaMin', { areaMin: f.areaMin });
    if (f.areaMax !== undefined) qb.andWhere('p.area <= :areaMax', { areaMax: f.areaMax });
    if (f.featured !== undefined) qb.andWhere('p.featured = :featured', { featured: f.featured });
    for (const [flag, key] of Object.entries(FLAGS) as Array<[keyof typeof FLAGS, string]>) {
      if (f[flag] !== true) continue;
      // spec 01 §5: "characteristics.furniture is not truthy" drops the listing; the feature list counts too.
      // `key` comes from the FLAGS constant above, never from the request.
      qb.andWhere(
        `(COALESCE("p"."characteristics" -> '${key}' NOT IN ('false'::jsonb, '0'::jsonb, '""'::jsonb, 'null'::jsonb), false)` +
          ` OR "p"."features" @> '["${key}"]'::jsonb)`,
      );
    }
    if (f.roomsMin !== undefined && f.roomsMin > 0) {
      // spec 01 §5: "the listing's rooms (default 0)"; a non-numeric value counts as 0.
      qb.andWhere(
        `COALESCE(CASE WHEN jsonb_typeof("p"."characteristics" -> 'rooms') = 'number' THEN ("p"."characteristics" ->> 'rooms')::numeric END, 0) >= :roomsMin`,
        { roomsMin: f.roomsMin },
      );
    }
    return qb;
  }

  /**
   * The page of GET /api/properties as listing ids only (filtered, ordered, cut to the page):
   * the sort and the OFFSET skip carry a narrow tuple, and with the covering sort indexes
   * (migration CatalogueCoveringIndexes) never read a heap row (issue 6, deep pages).
   *
   * With `after` (keyset paging) the page starts after that listing in the sort order
   * instead of at an OFFSET: `(sort column, id)` compared with the listing's own, a row
   * comparison the sort index answers directly, so any depth costs what page 1 costs. One row
   * more than `limit` is asked so the caller knows whether a next page exists.
   *
   * `matchesFirst`: every matching listing is fetched first (an OFFSET 0 sub-select the
   * planner cannot merge, so it scans the trigram index once) and only then ordered and cut.
   * list() asks for it when a text query matches few listings (see fewMatches): walking the
   * sort index and testing the text on each row would read far more rows for them.
   */
  pageIdsSql(params: PropertyListParams, matchesFirst = false): [string, unknown[]] {
    // The same query asks for the same statement: built once (TypeORM's query builder costs
    // ~0.3 ms of a ~5 ms uncached page, issue 6), then reused while it is among the last 1,000.
    const key = `${matchesFirst ? 'm' : 'w'}${cacheKey(params)}`;
    let statement = this.pageStatements.get(key);
    if (!statement) {
      statement = this.buildPageIdsSql(params, matchesFirst);
      this.pageStatements.set(key, statement);
    }
    return statement;
  }

  /** The statement of pageIdsSql, built. */
  private buildPageIdsSql(params: PropertyListParams, matchesFirst: boolean): [string, unknown[]] {
    const qb = this.filteredQuery(params).select('p.id', 'id');
    const order = ORDER[params.sort];
    if (params.after) {
      const [[column, dir]] = order;
      // `column` comes from the ORDER constant, never from the request.
      qb.andWhere(
        `("p"."${column}", "p"."id") ${dir === 'DESC' ? '<' : '>'} ((SELECT a."${column}" FROM properties a WHERE a.id = :after), :after::uuid)`,
        { after: params.after },
      );
    }
    const offset = params.after ? 0 : (params.page - 1) * params.limit;
    if (matchesFirst) {
      for (const [column] of order) if (column !== 'id') qb.addSelect(`"p"."${column}"`, column);
      const [matches, values] = qb.getQueryAndParameters();
      // limit and offset are validated integers (PropertiesQuery), the order comes from ORDER.
      return [`SELECT "p"."id" AS "id" FROM (${matches} OFFSET 0) "p" ORDER BY ${orderSql(params.sort)} LIMIT ${params.limit + 1} OFFSET ${offset}`, values];
    }
    order.forEach(([col, dir], i) => (i === 0 ? qb.orderBy(`"p"."${col}"`, dir) : qb.addOrderBy(`"p"."${col}"`, dir)));
    return qb.limit(params.limit + 1).offset(offset).getQueryAndParameters();
  }

  /**
   * Whether a text query matches so few listings that fetching them all beats walking the sort
   * index: walking reads about (offset + limit) × public / matches rows to find the page,
   * fetching all reads `matches`. Both totals are the cached counts. Issue 6: "Абая" (347 of
   * 20,000) took 17-22 ms walking the date index against ~2 ms fetched via the trigram index;
   * the planner's choice between them flips with the state of the GIN index's pending list
   * (every view count UPDATE adds to it until a vacuum).
   */
  private async fewMatches(params: PropertyListParams): Promise<boolean> {
    const [matches, all] = await Promise.all([this.total(params), this.total({ sort: params.sort, page: 1, limit: params.limit })]);
    const reach = (params.after ? 0 : (params.page - 1) * params.limit) + params.limit + 1;
    return matches * matches <= reach * all;
  }

  /** The total of GET /api/properties: `SELECT count(*) AS total` over the filtered listings. */
  countQuery(f: PropertyFilters): SelectQueryBuilder<Property> {
    return this.filteredQuery(f).select('COUNT(*)::int', 'total');
  }

  /**
   * GET /api/properties as sent: list() in its envelope, serialised, kept per query (see
   * `pages`); a kept page due for a refresh is kept as it is while `pageHolds`.
   */
  listAnswer(params: PropertyListParams): Promise<PreparedJson> {
    const key = cacheKey(params);
    return this.keep(this.pages, key, async (version, previous) => {
      if (previous && (await this.pageHolds(previous, version))) return previous;
      const value = (page: Paged<PropertyListItem>) => PreparedJson.of(page, () => this.pages.answerNow(key)?.value);
      // Nothing is kept (page cache off): nothing to check later either.
      if (!this.pages.enabled) return { value: value(await this.list(params)), version };
      // The reference copy before the cards are made: should cards() reload it meanwhile, the
      // page records the older one, and the next check recomputes it (never the other way).
      const refs = await this.catalogueRefs();
      const page = await this.list(params);
      return { value: value(page), version, cards: { ids: page.items.map((card) => card.id), counters: countersOf(page.items), refs } };
    });
  }

  /**
   * Whether a kept list page may be answered for another TTL as it is: it was made under the
   * catalogue version `version` (read just now), from the reference copy still in use, and
   * every card's view and favourite counts are what it shows. One lookup of its ids by
   * primary key. False when versions are off (CATALOGUE_VERSION_POLL_MS=0: nothing would tell
   * a changed listing).
   */
  private async pageHolds(previous: Versioned<PreparedJson>, version: number): Promise<boolean> {
    const cards = previous.cards;
    if (!cards || !this.version.enabled || previous.version !== version) return false;
    if ((await this.catalogueRefs()) !== cards.refs) return false;
    if (!cards.ids.length) return true;
    const rows: Array<{ id: string; viewsCount: number; favoritesCount: number }> = await this.db.query(
      `SELECT id, views_count AS "viewsCount", favorites_count AS "favoritesCount" FROM properties WHERE id = ANY($1::uuid[])`,
      [cards.ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (cards.ids.some((id) => !byId.has(id))) return false;
    return countersOf(cards.ids.map((id) => byId.get(id)!)) === cards.counters;
  }

  /**
   * Drops the kept list pages (not totals, map or tree): a card's favourite count changed. The
   * visitor who pressed the heart sees the new count at once (in this process; others within
   * the TTL).
   */
  cardsChanged(): void {
    this.pages.clear();
  }

  /** The value kept in `cache` under `key`, or `compute()` kept with the catalogue version it was computed under. */
  private answer<V extends NonNullable<unknown>>(cache: TtlCache<Versioned<V>>, key: string, compute: () => Promise<V>): Promise<V> {
    return this.keep(cache, key, async (version) => ({ value: await compute(), version }));
  }

  /**
   * The value kept in `cache` under `key`, or the one `make` makes under the current catalogue
   * version, given the kept one it refreshes (expired, or made under an older version) if any.
   */
  private async keep<V extends NonNullable<unknown>>(
    cache: TtlCache<Versioned<V>>,
    key: string,
    make: (version: number, previous?: Versioned<V>) => Promise<Versioned<V>>,
  ): Promise<V> {
    // Nothing is kept (TTL 0): no version to make it under.
    if (!cache.enabled) return (await make(0)).value;
    // The version first: a change committed meanwhile makes the next request compute again.
    const kept = await cache.get(key, async (previous) => make(this.version.enabled ? await this.version.settled() : 0, previous));
    return kept.value;
  }

  /**
   * The catalogue version the kept answers of this process are checked against (after a read
   * under way ends; 0 with versions off): GET /api/properties/version.
   */
  catalogueVersion(): Promise<number> {
    return this.version.settled();
  }

  /** catalogue_version.version (migration CatalogueVersion). */
  private async readVersion(): Promise<number> {
    const rows: Array<{ version: string }> = await this.db.query(`SELECT version FROM catalogue_version WHERE id = 1`);
    return Number(rows[0]?.version ?? 0);
  }

  /** Drops the cached answers and totals (call after writing listings; other processes wait out the TTLs). */
  invalidate(): void {
    for (const cache of [this.pages, this.maps, this.tree, this.counts]) cache.clear();
  }

  /** GET /api/properties/map as sent: mapMarkers() in its envelope, kept per filter set (see `maps`). */
  mapAnswer(f: PropertyFilters): Promise<PreparedJson> {
    const key = cacheKey(f);
    return this.answer(this.maps, key, async () => PreparedJson.of(await this.mapMarkers(f), () => this.maps.answerNow(key)?.value));
  }

  /** GET /api/properties/categories as sent: categories() in its envelope, kept (see `tree`). */
  categoriesAnswer(): Promise<PreparedJson> {
    return this.answer(this.tree, 'tree', async () => PreparedJson.of(await this.categories(), () => this.tree.answerNow('tree')?.value));
  }

  /**
   * GET /api/properties: one page of public cards plus paging meta {total, page, limit,
   * totalPages, nextCursor} (nextCursor: the id to pass as `after` for the next page, or null).
   */
  async list(params: PropertyListParams): Promise<Paged<PropertyListItem>> {
    const matchesFirst = params.q !== undefined && (await this.fewMatches(params));
    const [cards, total] = await Promise.all([this.cards(this.pageIdsSql(params, matchesFirst), orderSql(params.sort)), this.total(params)]);
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

  /** The number of public listings matching the filters (cached briefly per filter set, see `counts`). */
  private total(params: PropertyListParams): Promise<number> {
    const { sort: _sort, page: _page, limit: _limit, after: _after, ...filters } = params;
    return this.answer(this.counts, cacheKey(filters), async () => Number((await this.countQuery(filters).getRawOne<{ total: number }>())?.total ?? 0));
  }

  /** GET /api/properties/map: markers of public listings with coordinates, newest first, at most 5000. */
  async mapMarkers(f: PropertyFilters): Promise<MapMarkerDto[]> {
    const rows = await this.filteredQuery(f)
      .innerJoin('p.propertyType', 'ptype')
      .andWhere('p.latitude IS NOT NULL AND p.longitude IS NOT NULL')
      .select('p.id', 'id')
      .addSelect('p.slug', 'slug')
      .addSelect('p.latitude', 'latitude')
      .addSelect('p.longitude', 'longitude')
      .addSelect('p.price', 'price')
      .addSelect('p.dealType', 'dealType')
      .addSelect('ptype.slug', 'type')
      .addSelect('p.title', 'title')
      .orderBy('p.createdAt', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .limit(PROPERTY_QUERY_LIMITS.mapMarkersMax)
      .getRawMany<{ id: string; slug: string; latitude: number; longitude: number; price: string; dealType: MapMarkerDto['dealType']; type: MapMarkerDto['type']; title: MapMarkerDto['title'] }>();
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      price: Number(r.price),
      dealType: r.dealType,
      type: r.type,
      title: r.title,
    }));
  }

  /** GET /api/properties/categories: every category (sort order) with public counts and its subcategories. */
  async categories(): Promise<CategoryDto[]> {
    const [categories, subcategories, catCounts, subCounts] = await Promise.all([
      this.db.getRepository(PropertyCategory).find({ order: { sortOrder: 'ASC', id: 'ASC' } }),
      this.db.getRepository(PropertySubcategory).find({ order: { sortOrder: 'ASC', id: 'ASC' } }),
      this.countBy('category_id'),
      this.countBy('subcategory_id'),
    ]);
    return categories.map((c) =>
      toCategoryDto(
        c,
        catCounts.get(c.id) ?? 0,
        subcategories.filter((s) => s.categoryId === c.id).map((s) => toSubcategoryDto(s, subCounts.get(s.id) ?? 0)),
      ),
    );
  }

  /** GET /api/properties/categories/:id/subcategories: `id` is the numeric id or the slug; 404 when no such category. */
  async subcategories(idOrSlug: string): Promise<SubcategoryDto[]> {
    const repo = this.db.getRepository(PropertyCategory);
    let category: PropertyCategory | null = null;
    if (/^\d{1,9}$/.test(idOrSlug)) category = await repo.findOne({ where: { id: Number(idOrSlug) } });
    else if (SLUG_PATTERN.test(idOrSlug)) category = await repo.findOne({ where: { slug: idOrSlug } });
    if (!category) throw ApiException.notFound();
    const [subcategories, counts] = await Promise.all([
      this.db.getRepository(PropertySubcategory).find({ where: { categoryId: category.id }, order: { sortOrder: 'ASC', id: 'ASC' } }),
      this.countBy('subcategory_id'),
    ]);
    return subcategories.map((s) => toSubcategoryDto(s, counts.get(s.id) ?? 0));
  }

  /**
   * GET /api/properties/:idOrSlug: counts the view with one atomic UPDATE ... RETURNING
   * (concurrent views never lose an increment) and answers the page; 404 unless public.
   */
  async detail(idOrSlug: string): Promise<PropertyDetail> {
    const match = this.matchListing(idOrSlug);
    if (!match) throw ApiException.notFound();
    const counted: Array<{ id: string; views_count: number }> = await this.db.query(
      `WITH v AS (
         UPDATE properties p SET views_count = p.views_count + 1
          WHERE ${PUBLIC} AND ${match.sql}
          RETURNING p.id, p.views_count
       ) SELECT id, views_count FROM v`,
      [match.value],
    );
    if (!counted.length) throw ApiException.notFound();
    const { id, views_count } = counted[0];
    // The card part comes from the list's own card query (one mapping for lists and the page).
    const [cards, p, images] = await Promise.all([
      this.cards([`SELECT $1::uuid AS id`, [id]], null),
      this.db
        .getRepository(Property)
        .createQueryBuilder('p')
        .leftJoin('p.agent', 'agent')
        .select(['p.id', 'p.description', 'p.h1', 'p.seoTitle', 'p.seoDescription', 'p.seoKeywords', 'p.updatedAt'])
        .addSelect(['agent.id', 'agent.firstName', 'agent.lastName', 'agent.avatarUrl', 'agent.phone', 'agent.email'])
        .where(PUBLIC)
        .andWhere('p.id = :id', { id })
        .getOne(),
      this.imagesOf([id]),
    ]);
    if (!cards.length || !p) throw ApiException.notFound(); // removed between the statements
    return toDetail({ ...cards[0], viewsCount: Number(views_count), images: images.get(id) ?? [] }, p);
  }

  /**
   * GET /api/properties/:idOrSlug/similar: public listings of the same category and deal
   * type, not the listing itself, newest first, at most `limit`. 404 unless the listing is public.
   */
  async similar(idOrSlug: string, limit: number): Promise<PropertyListItem[]> {
    const match = this.matchListing(idOrSlug);
    if (!match) throw ApiException.notFound();
    const base: Array<{ id: string; category_id: number; deal_type: string }> = await this.db.query(
      `SELECT p.id, p.category_id, p.deal_type FROM properties p WHERE ${PUBLIC} AND ${match.sql} LIMIT 1`,
      [match.value],
    );
    if (!base.length) throw ApiException.notFound();
    const ids = this.filteredQuery({})
      .select('p.id', 'id')
      .andWhere('p.categoryId = :categoryId', { categoryId: base[0].category_id })
      .andWhere('p.dealType = :dealType', { dealType: base[0].deal_type })
      .andWhere('p.id <> :selfId', { selfId: base[0].id })
      .orderBy('"p"."created_at"', 'DESC')
      .addOrderBy('"p"."id"', 'DESC')
      .limit(limit);
    return this.cards(ids.getQueryAndParameters(), orderSql('date_new'));
  }

  /** The id of the public listing named by `idOrSlug` (a uuid or a slug), or null (favourites). */
  async publicId(idOrSlug: string): Promise<string | null> {
    const match = this.matchListing(idOrSlug);
    if (!match) return null;
    const rows: Array<{ id: string }> = await this.db.query(`SELECT p.id FROM properties p WHERE ${PUBLIC} AND ${match.sql} LIMIT 1`, [match.value]);
    return rows[0]?.id ?? null;
  }

  /** Public cards of `ids` in the order given; ids that are not public are left out (favourites). */
  async cardsByIds(ids: string[]): Promise<PropertyListItem[]> {
    if (!ids.length) return [];
    const cards = await this.cards(this.filteredQuery({}).select('p.id', 'id').andWhere('p.id IN (:...ids)', { ids }).getQueryAndParameters(), null);
    const byId = new Map(cards.map((c) => [c.id, c]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  // -------------------------------------------------------------------------------------

  /** A uuid matches the id, anything else the slug; null when it can match nothing. */
  private matchListing(idOrSlug: string): { sql: string; value: string } | null {
    if (UUID.test(idOrSlug)) return { sql: 'p.id = $1::uuid', value: idOrSlug.toLowerCase() };
    if (LISTING_SLUG.test(idOrSlug)) return { sql: 'p.slug = $1', value: idOrSlug };
    return null;
  }

  /**
   * Cards of the listings whose ids the statement `idsSql` selects (one statement: the ids as a
   * CTE, then CARDS_OF_PAGE), in `order` (an ORDER BY over `p`, the ids query's own order) or
   * unordered.
   */
  private async cards([idsSql, params]: [string, unknown[]], order: string | null): Promise<PropertyListItem[]> {
    const [rows, cached] = await Promise.all([
      this.db.query(`WITH page AS (${idsSql}) ${CARDS_OF_PAGE}${order ? ` ORDER BY ${order}` : ''}`, params) as Promise<CardRow[]>,
      this.catalogueRefs(),
    ]);
    let refs = cached;
    if (rows.some((r) => unknownRefs(r, refs))) {
      this.refs.clear();
      refs = await this.catalogueRefs();
    }
    return rows.map((r) => cardFromRow(r, refs, this.storage));
  }

  /** The reference tables by id (cached, see `refs`). */
  private catalogueRefs(): Promise<CatalogueRefs> {
    return this.refs.get('refs', async () => {
      const tables = await Promise.all(
        Object.entries(REF_TABLES).map(async ([key, table]) => [key as keyof CatalogueRefs, (await this.db.query(refRowsSql(table))) as RefRow[]] as const),
      );
      const rows = JSON.stringify(tables);
      if (this.refsLoaded?.rows === rows) return this.refsLoaded.refs;
      const refs = catalogueRefsOf(tables);
      this.refsLoaded = { rows, refs };
      return refs;
    });
  }

  /** Images of the listings, main image (lowest sort_order) first. */
  private async imagesOf(ids: string[]): Promise<Map<string, PropertyImageDto[]>> {
    const byProperty = new Map<string, PropertyImageDto[]>();
    if (!ids.length) return byProperty;
    const images = await this.db
      .getRepository(PropertyImage)
      .createQueryBuilder('i')
      .where('i.propertyId IN (:...ids)', { ids })
      .orderBy('i.propertyId')
      .addOrderBy('i.sortOrder', 'ASC')
      .addOrderBy('i.createdAt', 'ASC')
      .addOrderBy('i.id', 'ASC')
      .getMany();
    for (const image of images) {
      const list = byProperty.get(image.propertyId) ?? [];
      list.push(toImageDto(image, this.storage));
      byProperty.set(image.propertyId, list);
    }
    return byProperty;
  }

  /** Public listings per category_id or subcategory_id. */
  private async countBy(column: 'category_id' | 'subcategory_id'): Promise<Map<number, number>> {
    const rows: Array<{ key: number | null; n: number }> = await this.db.query(
      `SELECT p.${column} AS key, count(*)::int AS n FROM properties p WHERE ${PUBLIC} AND p.${column} IS NOT NULL GROUP BY p.${column}`,
    );
    return new Map(rows.map((r) => [Number(r.key), Number(r.n)]));
  }
}
