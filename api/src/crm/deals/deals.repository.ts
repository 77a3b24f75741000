import { Injectable } from '@nestjs/common';
import type { DealSort, DealStage, DealType, SortDirection } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { likeContains } from '../../common/like-pattern';
import { CLIENT_NAME_SQL, userNameSql } from '../clients/clients.repository';

/** Gap between neighbours a new position leaves (double precision; halved by each insert between two). */
export const POSITION_STEP = 1024;
/** Below this gap between two neighbours the column is renumbered (POSITION_STEP apart). */
export const POSITION_MIN_GAP = 1e-6;

/** Filters of the board and the list, validated. ownerId null: every owner. */
export interface DealFilters {
  ownerId: string | null;
  q?: string;
  type?: DealType;
  stage?: DealStage;
}

/** A deal as read (snake_case; numeric as text) with its client's, listing's and owner's names. */
export interface DealRow {
  id: string;
  title: string;
  type: DealType;
  amount: string;
  stage: DealStage;
  position: number;
  probability: number;
  expected_close: string | null;
  client_id: string | null;
  client_name: string | null;
  lead_id: string | null;
  property_id: string | null;
  property_title: string | null;
  owner_id: string | null;
  owner_name: string | null;
  closed_at: Date | null;
  lost_reason: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** Columns of DealRow over `d` deals (joins: `c` clients, `p` properties, `u` users). */
const DEAL_COLUMNS = `d.id, d.title, d.type, d.amount::text AS amount, d.stage, d.position, d.probability,
  to_char(d.expected_close, 'YYYY-MM-DD') AS expected_close, d.client_id, ${CLIENT_NAME_SQL} AS client_name, d.lead_id,
  d.property_id, coalesce(p.title->>'ru', '') AS property_title, d.owner_id, ${userNameSql('u')} AS owner_name,
  d.closed_at, d.lost_reason, d.created_at, d.updated_at, d.deleted_at`;
const DEAL_JOINS = `LEFT JOIN clients c ON c.id = d.client_id LEFT JOIN properties p ON p.id = d.property_id
  LEFT JOIN users u ON u.id = d.owner_id`;

const SORT_SQL: Record<DealSort, string> = {
  updated: 'd.updated_at',
  created: 'd.created_at',
  amount: 'd.amount',
  expectedClose: `coalesce(d.expected_close, 'infinity'::date)`,
  title: 'lower(d.title)',
};

/** WHERE over `d` deals ($n in `params`); deleted deals never count. */
function whereOf(f: DealFilters, params: unknown[]): string {
  const parts = ['d.deleted_at IS NULL'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (f.ownerId) add((n) => `d.owner_id = ${n}::uuid`, f.ownerId);
  if (f.type) add((n) => `d.type = ${n}`, f.type);
  if (f.stage) add((n) => `d.stage = ${n}`, f.stage);
  if (f.q)
    add(
      (n) => `(lower(d.title) LIKE ${n} OR EXISTS (SELECT 1 FROM clients sc WHERE sc.id = d.client_id AND sc.search_text LIKE ${n}))`,
      likeContains(f.q),
    );
  return parts.join(' AND ');
}

/**
 * SQL of CRM deals (issue 22 "Deals"; spec 02 §3 Deal, §4 move and close). The board is two
 * reads: the count and sum (₸) per stage (an index-only scan of ix_deals_stage_position or
 * ix_deals_owner_stage_position), and the first cards of every stage by position (one LATERAL
 * walk of the same index per stage, LIMIT per column). Positions are doubles: a card dropped
 * between two takes the middle; the column is renumbered when the gap gets too small.
 */
@Injectable()
export class DealsRepository {
  /**
   * The board in one statement: for each of `stages` (in that order) the count and sum (₸,
   * numeric as text) of the filtered deals, and the first `perColumn` of them by position (then
   * id) with their client's, listing's and owner's names. Per stage, one LATERAL walk of
   * ix_deals_stage_position (or ix_deals_owner_stage_position for one owner) counts and sums
   * from the index (amount is included) and another reads the first cards.
   */
  async board(
    m: EntityManager,
    f: DealFilters,
    stages: readonly DealStage[],
    perColumn: number,
  ): Promise<Array<{ stage: DealStage; count: number; sum: string; cards: DealRow[] }>> {
    const params: unknown[] = [stages, perColumn];
    const where = whereOf(f, params);
    return m.query(
      `SELECT s.stage, t.count, t.sum, c.cards
         FROM unnest($1::varchar[]) WITH ORDINALITY AS s(stage, ord)
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS count, coalesce(sum(d.amount), 0)::text AS sum FROM deals d WHERE ${where} AND d.stage = s.stage
         ) t
         CROSS JOIN LATERAL (
           SELECT coalesce(json_agg(x ORDER BY x.position, x.id), '[]'::json) AS cards
             FROM (
               SELECT ${DEAL_COLUMNS}
                 FROM (SELECT d.* FROM deals d WHERE ${where} AND d.stage = s.stage ORDER BY d.position, d.id LIMIT $2) d
                 ${DEAL_JOINS}
             ) x
         ) c
        ORDER BY s.ord`,
      params,
    );
  }

  /** A page of the plain list and the total of the filters. */
  async page(
    m: EntityManager,
    f: DealFilters,
    sort: DealSort,
    dir: SortDirection,
    page: number,
    limit: number,
  ): Promise<{ rows: DealRow[]; total: number }> {
    const params: unknown[] = [];
    const where = whereOf(f, params);
    const d = dir === 'asc' ? 'ASC' : 'DESC';
    const [rows, count] = await Promise.all([
      m.query(
        `SELECT ${DEAL_COLUMNS} FROM deals d ${DEAL_JOINS}
          WHERE ${where} ORDER BY ${SORT_SQL[sort]} ${d}, d.id ${d} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, (page - 1) * limit],
      ) as Promise<DealRow[]>,
      m.query(`SELECT count(*)::int AS total FROM deals d WHERE ${where}`, params) as Promise<Array<{ total: number }>>,
    ]);
    return { rows, total: count[0].total };
  }

  /** The deal (deleted ones too), FOR UPDATE of the deal when `lock`. */
  async find(m: EntityManager, id: string, lock = false): Promise<DealRow | null> {
    const rows = (await m.query(`SELECT ${DEAL_COLUMNS} FROM deals d ${DEAL_JOINS} WHERE d.id = $1${lock ? ' FOR UPDATE OF d' : ''}`, [
      id,
    ])) as DealRow[];
    return rows[0] ?? null;
  }

  /**
   * Serialises position changes of one stage's column until the transaction ends (an advisory
   * lock per stage), so two drops into one column never take the same place.
   */
  async lockColumn(m: EntityManager, stage: DealStage): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('crm.deals.column'), hashtext($1))`, [stage]);
  }

  /** The position above the column's first card (the top). */
  async topPosition(m: EntityManager, stage: DealStage): Promise<number> {
    const rows = (await m.query(`SELECT min(position) AS top FROM deals WHERE stage = $1 AND deleted_at IS NULL`, [stage])) as Array<{
      top: number | null;
    }>;
    return rows[0].top === null ? 0 : rows[0].top - POSITION_STEP;
  }

  /**
   * The positions of the cards before and after index `index` of `stage`'s column without
   * `exceptId` (the moved card), among the deals of `view` (the board the caller saw: its owner
   * scope, search and type); past the end: after the last of them.
   */
  async neighbours(
    m: EntityManager,
    stage: DealStage,
    exceptId: string,
    index: number,
    view: DealFilters,
  ): Promise<{ before: number | null; after: number | null }> {
    const params: unknown[] = [stage, exceptId];
    const where = `${whereOf({ ...view, stage: undefined }, params)} AND d.stage = $1 AND d.id <> $2`;
    const rows = (await m.query(
      `SELECT d.position FROM deals d WHERE ${where} ORDER BY d.position, d.id OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, Math.max(index - 1, 0), index === 0 ? 1 : 2],
    )) as Array<{ position: number }>;
    if (index === 0) return { before: null, after: rows[0]?.position ?? null };
    if (rows.length) return { before: rows[0].position, after: rows[1]?.position ?? null };
    const last = (await m.query(`SELECT max(d.position) AS position FROM deals d WHERE ${where}`, params)) as Array<{
      position: number | null;
    }>;
    return { before: last[0].position, after: null };
  }

  /** Renumbers `stage`'s column POSITION_STEP apart in its current order (gaps got too small). */
  async renumber(m: EntityManager, stage: DealStage): Promise<void> {
    await m.query(
      `UPDATE deals d SET position = r.rn * ${POSITION_STEP}
         FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM deals WHERE stage = $1 AND deleted_at IS NULL) r
        WHERE d.id = r.id`,
      [stage],
    );
  }

  /** Inserts a deal; answers its id. */
  async insert(
    m: EntityManager,
    v: {
      title: string;
      type: DealType;
      amount: number;
      stage: DealStage;
      position: number;
      probability: number;
      expectedClose: string | null;
      clientId: string | null;
      propertyId: string | null;
      ownerId: string | null;
    },
    at: Date,
  ): Promise<string> {
    const rows = (await m.query(
      `INSERT INTO deals (title, type, amount, stage, position, probability, expected_close, client_id, property_id, owner_id,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [v.title, v.type, v.amount, v.stage, v.position, v.probability, v.expectedClose, v.clientId, v.propertyId, v.ownerId, at],
    )) as Array<{ id: string }>;
    return rows[0].id;
  }

  /** Sets the given columns (snake_case name -> value) and updated_at. */
  async update(m: EntityManager, id: string, set: Record<string, unknown>, at: Date): Promise<void> {
    const names = Object.keys(set);
    const assignments = names.map((n, i) => `${n} = $${i + 3}`);
    await m.query(`UPDATE deals SET ${[...assignments, 'updated_at = $2'].join(', ')} WHERE id = $1`, [
      id,
      at,
      ...names.map((n) => set[n]),
    ]);
  }

  /** Whether a client exists and is not deleted. */
  async clientExists(m: EntityManager, id: string): Promise<boolean> {
    return ((await m.query(`SELECT 1 FROM clients WHERE id = $1 AND deleted_at IS NULL`, [id])) as unknown[]).length > 0;
  }

  /** Whether a listing exists and is not deleted. */
  async propertyExists(m: EntityManager, id: string): Promise<boolean> {
    return ((await m.query(`SELECT 1 FROM properties WHERE id = $1 AND deleted_at IS NULL`, [id])) as unknown[]).length > 0;
  }

  /**
   * Takes a won deal's listing off the public site: closed_as 'rented' | 'sold', status
   * inactive. Answers the listing's status and closed_as before and after, or null when it is
   * gone (deleted).
   */
  async closeProperty(
    m: EntityManager,
    propertyId: string,
    closedAs: 'rented' | 'sold',
    at: Date,
  ): Promise<{ before: { status: string; closedAs: string | null }; after: { status: string; closedAs: string } } | null> {
    const rows = (await m.query(`SELECT status, closed_as FROM properties WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [
      propertyId,
    ])) as Array<{ status: string; closed_as: string | null }>;
    if (!rows.length) return null;
    await m.query(`UPDATE properties SET status = 'inactive', closed_as = $2, updated_at = $3 WHERE id = $1`, [propertyId, closedAs, at]);
    return { before: { status: rows[0].status, closedAs: rows[0].closed_as }, after: { status: 'inactive', closedAs } };
  }

  /** The deal's stage history: its stage_change and closed activities, oldest first. */
  async stageHistory(
    m: EntityManager,
    dealId: string,
  ): Promise<Array<{ type: string; data: Record<string, unknown>; created_at: Date; actor_id: string | null; actor_name: string | null }>> {
    return m.query(
      `SELECT a.type, a.data, a.created_at, a.actor_id, ${userNameSql('u')} AS actor_name
         FROM activities a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.deal_id = $1 AND a.type IN ('stage_change', 'closed') ORDER BY a.created_at, a.id`,
      [dealId],
    );
  }
}
