import { Injectable } from '@nestjs/common';
import type { DealType, PropertyStatus, SortDirection, StaffListingSort } from '@realty/contracts';
import type { PropertyImage } from '@realty/db';
import type { EntityManager } from 'typeorm';
import { likeContains } from '../common/like-pattern';

/** The column each sort walks (with id as the tie-break); indexes of migration 1764210000000. */
export const SORT_COLUMN: Record<StaffListingSort, string> = {
  updated: 'updated_at',
  price: 'price',
  area: 'area',
  created: 'created_at',
};

/** The filters of the staff list, validated. `ownerId` null: every owner. */
export interface StaffListingFilters {
  ownerId: string | null;
  q?: string;
  status?: PropertyStatus;
  dealType?: DealType;
  categoryId?: number;
}

/** Where the page starts: after (value, id) in the sort order. `value` is the sort column as text. */
export interface Keyset {
  value: string;
  id: string;
}

/** A row of the staff list as read (snake_case; bigint and numeric as strings). */
export interface StaffListingRow {
  id: string;
  slug: string;
  title: { ru?: string; en?: string; kk?: string; zh?: string };
  address: string;
  deal_type: DealType;
  category_id: number;
  price: string;
  area: string;
  status: PropertyStatus;
  owner_id: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  has_pending_changes: boolean;
  rejection_reason: string | null;
  rejection_notes: string | null;
  rejected_at: Date | null;
  views_count: number;
  favorites_count: number;
  created_at: Date;
  updated_at: Date;
  /** The sort column's value as text (the next cursor). */
  sort_key: string;
  image_storage_key: string | null;
  image_variants: PropertyImage['variants'];
}

/** WHERE of the filters ($1.. in `params`); soft-deleted listings never count. */
function whereOf(f: StaffListingFilters, params: unknown[]): string {
  const parts = ['p.deleted_at IS NULL'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (f.ownerId) add((n) => `p.owner_id = ${n}::uuid`, f.ownerId);
  if (f.status) add((n) => `p.status = ${n}`, f.status);
  if (f.dealType) add((n) => `p.deal_type = ${n}`, f.dealType);
  if (f.categoryId) add((n) => `p.category_id = ${n}::int`, f.categoryId);
  // search_text: lower(titles in 4 languages || address), trigram-indexed (ix_properties_search_trgm)
  if (f.q) add((n) => `p.search_text LIKE ${n}`, likeContains(f.q));
  return parts.join(' AND ');
}

/**
 * SQL of the staff list and the bulk status change (issue 21; spec 02 §2, §4). The list is
 * two steps, as the catalogue's (decision 017): a page of ids walked in the sort index
 * (keyset: `(col, id) > / < (value, id)`, never OFFSET, so every page costs the same), then
 * the row columns, the owner's name and the main image of those ids only.
 */
@Injectable()
export class PropertyManageRepository {
  /** One page (`limit` rows, plus one to tell whether more follow) after `after`. */
  async page(
    m: EntityManager,
    f: StaffListingFilters,
    sort: StaffListingSort,
    dir: SortDirection,
    after: Keyset | null,
    limit: number,
  ): Promise<StaffListingRow[]> {
    const params: unknown[] = [];
    let where = whereOf(f, params);
    const col = SORT_COLUMN[sort];
    const cast = sort === 'price' ? 'bigint' : sort === 'area' ? 'numeric' : 'timestamptz';
    const d = dir === 'asc' ? 'ASC' : 'DESC';
    if (after) {
      params.push(after.value, after.id);
      where += ` AND (p.${col}, p.id) ${dir === 'asc' ? '>' : '<'} ($${params.length - 1}::${cast}, $${params.length}::uuid)`;
    }
    params.push(limit + 1);
    return m.query(
      `WITH page AS MATERIALIZED (
         SELECT p.id, p.${col} AS sort_value FROM properties p WHERE ${where}
          ORDER BY p.${col} ${d}, p.id ${d} LIMIT $${params.length}
       )
       SELECT p.id, p.slug, p.title, p.address, p.deal_type, p.category_id, p.price, p.area, p.status, p.owner_id,
              u.first_name AS owner_first_name, u.last_name AS owner_last_name,
              (p.pending_changes IS NOT NULL) AS has_pending_changes, p.rejection_reason, p.rejection_notes, p.rejected_at,
              p.views_count, p.favorites_count, p.created_at, p.updated_at,
              ${sort === 'updated' || sort === 'created' ? `to_char(page.sort_value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : 'page.sort_value::text'} AS sort_key,
              i.storage_key AS image_storage_key, i.variants AS image_variants
         FROM page
         JOIN properties p ON p.id = page.id
         LEFT JOIN users u ON u.id = p.owner_id
         LEFT JOIN LATERAL (
           SELECT pi.storage_key, pi.variants FROM property_images pi
            WHERE pi.property_id = p.id ORDER BY pi.sort_order, pi.created_at, pi.id LIMIT 1
         ) i ON true
        ORDER BY page.sort_value ${d}, page.id ${d}`,
      params,
    );
  }

  /**
   * How many listings match (the same filters, no cursor): exact up to `cap` (a count of at most
   * cap + 1 index entries), above that the planner's estimate (`exact` false), so a broad filter
   * over tens of thousands of listings costs no more than a narrow one.
   */
  async count(m: EntityManager, f: StaffListingFilters, cap: number): Promise<{ total: number; exact: boolean }> {
    const params: unknown[] = [];
    const where = whereOf(f, params);
    const rows: Array<{ n: number }> = await m.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM properties p WHERE ${where} LIMIT ${cap + 1}) x`,
      params,
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n <= cap) return { total: n, exact: true };
    const plan: Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }> = await m.query(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM properties p WHERE ${where}`,
      params,
    );
    const estimate = Math.round(Number(plan[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0));
    return { total: Math.max(estimate, cap + 1), exact: false };
  }

  /** The owner's not deleted listings by status. */
  async countByStatus(m: EntityManager, ownerId: string): Promise<Array<{ status: PropertyStatus; n: number }>> {
    return m.query(`SELECT status, count(*)::int AS n FROM properties WHERE owner_id = $1 AND deleted_at IS NULL GROUP BY status`, [
      ownerId,
    ]);
  }

  /**
   * Within [from, to) for the owner's not deleted listings: page views of their public pages
   * (/property/{slug or id}; bots left out), favourites added, enquiries (property_leads).
   */
  async activity(
    m: EntityManager,
    ownerId: string,
    from: Date,
    to: Date,
  ): Promise<{ views: number; favorites: number; enquiries: number }> {
    const rows: Array<{ views: number; favorites: number; enquiries: number }> = await m.query(
      `WITH mine AS (SELECT id, slug FROM properties WHERE owner_id = $1 AND deleted_at IS NULL)
       SELECT (SELECT coalesce(sum(v.n), 0)::int FROM mine, LATERAL (
                 SELECT count(*) AS n FROM website_page_views w
                  WHERE w.path = ANY (ARRAY['/property/' || mine.slug, '/property/' || mine.id::text])
                    AND w.created_at >= $2 AND w.created_at < $3 AND NOT w.is_bot) v) AS views,
              (SELECT count(*)::int FROM favorites f JOIN mine ON mine.id = f.property_id
                WHERE f.created_at >= $2 AND f.created_at < $3) AS favorites,
              (SELECT count(*)::int FROM property_leads l JOIN mine ON mine.id = l.property_id
                WHERE l.created_at >= $2 AND l.created_at < $3) AS enquiries`,
      [ownerId, from, to],
    );
    return rows[0];
  }

  /** The owner's listings carrying a rejection, newest first. */
  async rejected(m: EntityManager, ownerId: string, limit: number): Promise<WaitingRow[]> {
    return m.query(
      `SELECT id, title->>'ru' AS title, status, rejection_reason, rejection_notes, rejected_at, updated_at FROM properties
        WHERE owner_id = $1 AND deleted_at IS NULL AND rejection_reason IS NOT NULL ORDER BY rejected_at DESC, id LIMIT $2`,
      [ownerId, limit],
    );
  }

  /** The owner's listings on moderation (pending, or an edit waiting), oldest change first. */
  async onModeration(m: EntityManager, ownerId: string, limit: number): Promise<WaitingRow[]> {
    return m.query(
      `SELECT id, title->>'ru' AS title, status, rejection_reason, rejection_notes, rejected_at, updated_at FROM properties
        WHERE owner_id = $1 AND deleted_at IS NULL AND (status = 'pending' OR pending_changes IS NOT NULL) ORDER BY updated_at, id LIMIT $2`,
      [ownerId, limit],
    );
  }
}

/** A listing of the dashboard's "waits on me" lists. */
export interface WaitingRow {
  id: string;
  title: string | null;
  status: PropertyStatus;
  rejection_reason: string | null;
  rejection_notes: string | null;
  rejected_at: Date | null;
  updated_at: Date;
}
