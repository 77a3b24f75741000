import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PROPERTY_QUERY_LIMITS, SLUG_PATTERN, type PropertyFilters, type PropertyListParams, type PropertySort } from '@realty/contracts';
import { Property, PropertyCategory, PropertyImage, PropertySubcategory } from '@realty/db';
import { LRUCache } from 'lru-cache';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { likeContains } from '../common/like-pattern';
import { REF_TABLES, refRowsSql, type CardRow, type CatalogRefs, type MapMarkerRow, type RefRow } from './properties.mapper';

/** The public-listing predicate; a literal so the partial indexes (WHERE status='active' AND deleted_at IS NULL) apply. */
const PUBLIC = `"p"."status" = 'active' AND "p"."deleted_at" IS NULL`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A listing slug as stored (varchar(220)); anything else cannot match and answers 404 without a query. */
// eslint-disable-next-line no-control-regex
const LISTING_SLUG = /^[^\u0000-\u001f\u007f/]{1,220}$/;

/** ORDER BY columns of each sort (spec 01 §2 Catalogue sort options); `id` breaks ties so paging is stable. */
const ORDER: Record<PropertySort, Array<[column: 'created_at' | 'price' | 'area' | 'id', 'ASC' | 'DESC']>> = {
  date_new: [
    ['created_at', 'DESC'],
    ['id', 'DESC'],
  ],
  price_asc: [
    ['price', 'ASC'],
    ['id', 'ASC'],
  ],
  price_desc: [
    ['price', 'DESC'],
    ['id', 'DESC'],
  ],
  area_asc: [
    ['area', 'ASC'],
    ['id', 'ASC'],
  ],
  area_desc: [
    ['area', 'DESC'],
    ['id', 'DESC'],
  ],
};

/** `"p"."created_at" DESC, "p"."id" DESC` for a sort. */
export const orderSql = (sort: PropertySort): string => ORDER[sort].map(([c, d]) => `"p"."${c}" ${d}`).join(', ');

/**
 * The card query: `page` (a CTE of listing ids, already filtered, ordered and cut to one
 * page) joined to the card columns and the main image (lowest sort_order, then oldest,
 * through ix_property_images_property). Only what a card shows is read: no long texts, no SEO
 * texts, one image, and references as ids (names come from the in-memory CatalogRefs):
 * hydrating seven joined tables and planning the reference joins was most of a page's cost
 * (decision 017). Rows map with cardFromRow().
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

/** Characteristic flags of the filter panel (spec 01 §2, §5) -> the key in characteristics / features. */
const FLAGS = { furniture: 'furniture', parking: 'parking', airConditioning: 'air_conditioning' } as const;

/** A cache key of list parameters: the defined entries in name order (undefined ones do not count). */
export function cacheKey(params: object): string {
  return JSON.stringify(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** A listing named by a uuid or a slug: the SQL condition over `p` and its one parameter ($1). */
export interface PropertyMatch {
  sql: string;
  value: string;
}

/** A statement and its parameters, as TypeORM's getQueryAndParameters() gives them. */
export type Statement = [sql: string, params: unknown[]];

/**
 * The SQL of the public property reads (spec 01 §7): what the statements are and how they are
 * built, nothing kept beyond the built page statements. Only status 'active' and not
 * soft-deleted listings are ever read. Prices are ₸, areas m². Answers rows; the service maps them.
 */
@Injectable()
export class PropertiesRepository {
  /** Built page statements by query (see pageIdsSql): text and parameters, never mutated. */
  private readonly pageStatements = new LRUCache<string, Statement>({ max: 1000 });

  constructor(@InjectDataSource() private readonly db: DataSource) {}

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
   * The service asks for it when a text query matches few listings (PropertiesService
   * fewMatches): walking the sort index and testing the text on each row would read far more
   * rows for them.
   */
  pageIdsSql(params: PropertyListParams, matchesFirst = false): Statement {
    // The same query asks for the same statement: built once (the query builder is a visible
    // share of an uncached page; decision 017), then reused while it is among the last 1,000.
    const key = `${matchesFirst ? 'm' : 'w'}${cacheKey(params)}`;
    let statement = this.pageStatements.get(key);
    if (!statement) {
      statement = this.buildPageIdsSql(params, matchesFirst);
      this.pageStatements.set(key, statement);
    }
    return statement;
  }

  /** The statement of pageIdsSql, built. */
  private buildPageIdsSql(params: PropertyListParams, matchesFirst: boolean): Statement {
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
      return [
        `SELECT "p"."id" AS "id" FROM (${matches} OFFSET 0) "p" ORDER BY ${orderSql(params.sort)} LIMIT ${params.limit + 1} OFFSET ${offset}`,
        values,
      ];
    }
    order.forEach(([col, dir], i) => (i === 0 ? qb.orderBy(`"p"."${col}"`, dir) : qb.addOrderBy(`"p"."${col}"`, dir)));
    return qb
      .limit(params.limit + 1)
      .offset(offset)
      .getQueryAndParameters();
  }

  /** The total of GET /api/properties: `SELECT count(*) AS total` over the filtered listings. */
  countQuery(f: PropertyFilters): SelectQueryBuilder<Property> {
    return this.filteredQuery(f).select('COUNT(*)::int', 'total');
  }

  /** The number of public listings matching the filters (one COUNT, see countQuery). */
  async count(f: PropertyFilters): Promise<number> {
    return Number((await this.countQuery(f).getRawOne<{ total: number }>())?.total ?? 0);
  }

  /**
   * Card rows (CARDS_OF_PAGE) of the listings whose ids `idsSql` selects (one statement: the
   * ids as a CTE, then the cards), in `order` (an ORDER BY over `p`, the ids query's own order)
   * or unordered.
   */
  cardRows([idsSql, params]: Statement, order: string | null): Promise<CardRow[]> {
    return this.db.query(`WITH page AS (${idsSql}) ${CARDS_OF_PAGE}${order ? ` ORDER BY ${order}` : ''}`, params);
  }

  /** The statement selecting the public ids among `ids` (favourites), unordered. */
  publicIdsSql(ids: string[]): Statement {
    return this.filteredQuery({}).select('p.id', 'id').andWhere('p.id IN (:...ids)', { ids }).getQueryAndParameters();
  }

  /** The rows of each of REF_TABLES (see CatalogRefs), in REF_TABLES order. */
  refTables(): Promise<Array<readonly [keyof CatalogRefs, RefRow[]]>> {
    return Promise.all(
      Object.entries(REF_TABLES).map(
        async ([key, table]) => [key as keyof CatalogRefs, (await this.db.query(refRowsSql(table))) as RefRow[]] as const,
      ),
    );
  }

  /** Each listing's current view and favourite counts, for the ids that still exist (any order). */
  counters(ids: string[]): Promise<Array<{ id: string; viewsCount: number; favoritesCount: number }>> {
    return this.db.query(
      `SELECT id, views_count AS "viewsCount", favorites_count AS "favoritesCount" FROM properties WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /** catalogue_version.version (migration CatalogueVersion). */
  async catalogVersion(): Promise<number> {
    const rows: Array<{ version: string }> = await this.db.query(`SELECT version FROM catalogue_version WHERE id = 1`);
    return Number(rows[0]?.version ?? 0);
  }

  /** Marker rows of public listings with coordinates matching `f`, newest first, at most mapMarkersMax. */
  mapMarkerRows(f: PropertyFilters): Promise<MapMarkerRow[]> {
    return this.filteredQuery(f)
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
      .getRawMany<MapMarkerRow>();
  }

  /** Every category in sort order. */
  categories(): Promise<PropertyCategory[]> {
    return this.db.getRepository(PropertyCategory).find({ order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  /** Subcategories in sort order: all, or those of one category. */
  subcategories(categoryId?: number): Promise<PropertySubcategory[]> {
    return this.db
      .getRepository(PropertySubcategory)
      .find({ ...(categoryId === undefined ? {} : { where: { categoryId } }), order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  /** The category named by its numeric id or its slug; null when none (or when `idOrSlug` can name none). */
  async category(idOrSlug: string): Promise<PropertyCategory | null> {
    const repo = this.db.getRepository(PropertyCategory);
    if (/^\d{1,9}$/.test(idOrSlug)) return repo.findOne({ where: { id: Number(idOrSlug) } });
    if (SLUG_PATTERN.test(idOrSlug)) return repo.findOne({ where: { slug: idOrSlug } });
    return null;
  }

  /** Public listings per category_id or subcategory_id. */
  async countBy(column: 'category_id' | 'subcategory_id'): Promise<Map<number, number>> {
    const rows: Array<{ key: number | null; n: number }> = await this.db.query(
      `SELECT p.${column} AS key, count(*)::int AS n FROM properties p WHERE ${PUBLIC} AND p.${column} IS NOT NULL GROUP BY p.${column}`,
    );
    return new Map(rows.map((r) => [Number(r.key), Number(r.n)]));
  }

  /** A uuid matches the id, anything else the slug; null when it can match nothing. */
  matchProperty(idOrSlug: string): PropertyMatch | null {
    if (UUID.test(idOrSlug)) return { sql: 'p.id = $1::uuid', value: idOrSlug.toLowerCase() };
    if (LISTING_SLUG.test(idOrSlug)) return { sql: 'p.slug = $1', value: idOrSlug };
    return null;
  }

  /**
   * Counts one view of the public listing `match` names with one atomic UPDATE ... RETURNING
   * (concurrent views never lose an increment); its id and new count, or null when not public.
   */
  async countView(match: PropertyMatch): Promise<{ id: string; viewsCount: number } | null> {
    const counted: Array<{ id: string; views_count: number }> = await this.db.query(
      `WITH v AS (
         UPDATE properties p SET views_count = p.views_count + 1
          WHERE ${PUBLIC} AND ${match.sql}
          RETURNING p.id, p.views_count
       ) SELECT id, views_count FROM v`,
      [match.value],
    );
    return counted.length ? { id: counted[0].id, viewsCount: Number(counted[0].views_count) } : null;
  }

  /** What the property page adds to the card (long texts, SEO texts, updatedAt, agent), or null unless public. */
  pageExtras(id: string): Promise<Property | null> {
    return this.db
      .getRepository(Property)
      .createQueryBuilder('p')
      .leftJoin('p.agent', 'agent')
      .select(['p.id', 'p.description', 'p.h1', 'p.seoTitle', 'p.seoDescription', 'p.seoKeywords', 'p.updatedAt'])
      .addSelect(['agent.id', 'agent.firstName', 'agent.lastName', 'agent.avatarUrl', 'agent.phone', 'agent.email'])
      .where(PUBLIC)
      .andWhere('p.id = :id', { id })
      .getOne();
  }

  /** The images of the listings, by listing then main image (lowest sort_order) first. */
  images(ids: string[]): Promise<PropertyImage[]> {
    return this.db
      .getRepository(PropertyImage)
      .createQueryBuilder('i')
      .where('i.propertyId IN (:...ids)', { ids })
      .orderBy('i.propertyId')
      .addOrderBy('i.sortOrder', 'ASC')
      .addOrderBy('i.createdAt', 'ASC')
      .addOrderBy('i.id', 'ASC')
      .getMany();
  }

  /** The public listing `match` names: its id, category and deal type (for similar), or null. */
  async publicProperty(match: PropertyMatch): Promise<{ id: string; category_id: number; deal_type: string } | null> {
    const rows: Array<{ id: string; category_id: number; deal_type: string }> = await this.db.query(
      `SELECT p.id, p.category_id, p.deal_type FROM properties p WHERE ${PUBLIC} AND ${match.sql} LIMIT 1`,
      [match.value],
    );
    return rows[0] ?? null;
  }

  /** The id of the public listing `match` names, or null. */
  async publicId(match: PropertyMatch): Promise<string | null> {
    const rows: Array<{ id: string }> = await this.db.query(`SELECT p.id FROM properties p WHERE ${PUBLIC} AND ${match.sql} LIMIT 1`, [
      match.value,
    ]);
    return rows[0]?.id ?? null;
  }

  /**
   * The statement selecting the ids of public listings similar to `base` (same category and
   * deal type, not itself), newest first, at most `limit`.
   */
  similarIdsSql(base: { id: string; category_id: number; deal_type: string }, limit: number): Statement {
    return this.filteredQuery({})
      .select('p.id', 'id')
      .andWhere('p.categoryId = :categoryId', { categoryId: base.category_id })
      .andWhere('p.dealType = :dealType', { dealType: base.deal_type })
      .andWhere('p.id <> :selfId', { selfId: base.id })
      .orderBy('"p"."created_at"', 'DESC')
      .addOrderBy('"p"."id"', 'DESC')
      .limit(limit)
      .getQueryAndParameters();
  }
}
