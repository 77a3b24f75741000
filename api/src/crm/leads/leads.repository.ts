import { Injectable } from '@nestjs/common';
import type { LeadQuality, LeadSort, LeadsQuery, LeadStatus, SortDirection } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/decorators';
import { leadFiltersSql } from './lead-filters.sql';

/** A lead as the CRM reads it (snake_case; numeric as text), with its owner's name. */
export interface LeadRow {
  id: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  telegram: string;
  source: string;
  topic: string;
  message: string | null;
  status: LeadStatus;
  quality: LeadQuality;
  budget: string | null;
  property_type: string | null;
  property_id: string | null;
  assigned_to: string | null;
  owner_name: string | null;
  client_id: string | null;
  deal_id: string | null;
  duplicate_of_id: string | null;
  merged_into_id: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  first_contacted_at: Date | null;
  deleted_at: Date | null;
}

/** Columns of LeadRow over `leads l` and its owner `u`. */
const COLUMNS = `l.id, l.first_name, l.last_name, l.phone, l.email, l.telegram, l.source, l.topic, l.message, l.status,
  l.quality, l.budget::text AS budget, l.property_type, l.property_id, l.assigned_to,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS owner_name,
  l.client_id, l.deal_id, l.duplicate_of_id, l.merged_into_id, l.created_by, l.created_at, l.updated_at,
  l.first_contacted_at, l.deleted_at`;

/** The expression each sort walks over `leads <alias>` (with id as the tie-break); indexes of migration 1764310000000. */
export function sortExpression(sort: LeadSort, alias = 'l'): string {
  if (sort === 'updated') return `${alias}.updated_at`;
  if (sort === 'name') return `lower(${alias}.first_name || ' ' || ${alias}.last_name)`;
  return `${alias}.created_at`;
}

/** The writable fields of a lead (CrmLeadDto, normalised: '' for no text). */
export interface LeadValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  telegram: string;
  source: string;
  topic: string;
  message: string | null;
  quality: LeadQuality;
  budget: number | null;
  propertyType: string | null;
  propertyId: string | null;
}

/** Active staff who may own leads, as listed for the assign select and the agent filter. */
export interface AgentRow {
  id: string;
  name: string;
  role: 'employee' | 'manager';
  in_lead_rotation: boolean;
}

/**
 * SQL of the CRM's leads (issue 22 "Leads"; spec 02 §3 Lead). The list walks the sort index
 * from the cursor's row (keyset: `(sort, id) > / <` the values of the row the previous page
 * ended with, never OFFSET), filtered by leadFiltersSql (shared with the export).
 */
@Injectable()
export class LeadsRepository {
  /** One page: `limit` + 1 rows (the extra one tells that more follow) after the lead `afterId`. */
  async page(
    m: EntityManager,
    actor: Pick<AuthUser, 'id'>,
    q: LeadsQuery,
    sort: LeadSort,
    dir: SortDirection,
    afterId: string | null,
    limit: number,
  ): Promise<LeadRow[]> {
    const where = leadFiltersSql(actor, q);
    const params = [...where.params];
    const expr = sortExpression(sort);
    const d = dir === 'asc' ? 'ASC' : 'DESC';
    let keyset = '';
    if (afterId) {
      params.push(afterId);
      const n = `$${params.length}::uuid`;
      keyset = ` AND (${expr}, l.id) ${dir === 'asc' ? '>' : '<'} ((SELECT ${sortExpression(sort, 'c')} FROM leads c WHERE c.id = ${n}), ${n})`;
    }
    params.push(limit + 1);
    return m.query(
      `SELECT ${COLUMNS} FROM leads l LEFT JOIN users u ON u.id = l.assigned_to
        WHERE ${where.sql}${keyset}
        ORDER BY ${expr} ${d}, l.id ${d} LIMIT $${params.length}`,
      params,
    );
  }

  /**
   * How many leads match (no cursor): exact up to `cap`, above that the planner's estimate
   * (`exact` false), so a broad filter over 100,000 leads costs no more than a narrow one.
   */
  async count(m: EntityManager, actor: Pick<AuthUser, 'id'>, q: LeadsQuery, cap: number): Promise<{ total: number; exact: boolean }> {
    const where = leadFiltersSql(actor, q);
    const rows: Array<{ n: number }> = await m.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM leads l WHERE ${where.sql} LIMIT ${cap + 1}) x`,
      where.params,
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n <= cap) return { total: n, exact: true };
    const plan: Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }> = await m.query(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM leads l WHERE ${where.sql}`,
      where.params,
    );
    const estimate = Math.round(Number(plan[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0));
    return { total: Math.max(estimate, cap + 1), exact: false };
  }

  /** The lead `id` (deleted and merged ones too), locked FOR UPDATE when `lock`; null when none. */
  async find(m: EntityManager, id: string, lock = false): Promise<LeadRow | null> {
    if (lock) await m.query(`SELECT 1 FROM leads WHERE id = $1 FOR UPDATE`, [id]);
    const rows: LeadRow[] = await m.query(`SELECT ${COLUMNS} FROM leads l LEFT JOIN users u ON u.id = l.assigned_to WHERE l.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The leads `ids` in the order given (missing ones left out). */
  async byIds(m: EntityManager, ids: string[]): Promise<LeadRow[]> {
    if (!ids.length) return [];
    const rows: LeadRow[] = await m.query(
      `SELECT ${COLUMNS} FROM leads l LEFT JOIN users u ON u.id = l.assigned_to WHERE l.id = ANY ($1::uuid[])`,
      [ids],
    );
    return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is LeadRow => !!r);
  }

  /** Inserts a staff-made lead (status new); answers its id. */
  async insert(m: EntityManager, v: LeadValues, createdBy: string): Promise<string> {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO leads (first_name, last_name, phone, email, telegram, source, topic, message, quality, budget, property_type,
                          property_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        v.firstName,
        v.lastName,
        v.phone,
        v.email,
        v.telegram,
        v.source,
        v.topic,
        v.message,
        v.quality,
        v.budget,
        v.propertyType,
        v.propertyId,
        createdBy,
      ],
    );
    return rows[0].id;
  }

  /** Writes the editable fields of `id` and its updated_at. */
  async update(m: EntityManager, id: string, v: LeadValues, now: Date): Promise<void> {
    await m.query(
      `UPDATE leads SET first_name = $2, last_name = $3, phone = $4, email = $5, telegram = $6, source = $7, topic = $8, message = $9,
              quality = $10, budget = $11, property_type = $12, property_id = $13, updated_at = $14
        WHERE id = $1`,
      [
        id,
        v.firstName,
        v.lastName,
        v.phone,
        v.email,
        v.telegram,
        v.source,
        v.topic,
        v.message,
        v.quality,
        v.budget,
        v.propertyType,
        v.propertyId,
        now,
      ],
    );
  }

  /** Sets columns of `id` (names are this file's callers' constants, never user input) and updated_at. */
  async set(m: EntityManager, id: string, values: Record<string, unknown>, now: Date): Promise<void> {
    const names = Object.keys(values);
    const sets = names.map((n, i) => `${n} = $${i + 2}`);
    await m.query(`UPDATE leads SET ${[...sets, `updated_at = $${names.length + 2}`].join(', ')} WHERE id = $1`, [
      id,
      ...names.map((n) => values[n]),
      now,
    ]);
  }

  /** The active employee or manager `id` (may own leads), or null. */
  async activeAgent(m: EntityManager, id: string): Promise<AgentRow | null> {
    const rows: AgentRow[] = await m.query(
      `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, r.name AS role, u.in_lead_rotation
         FROM users u JOIN roles r ON r.id = u.role_id
        WHERE u.id = $1 AND u.status = 'active' AND r.name IN ('employee', 'manager')`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Every active employee and manager, by name. */
  async agents(m: EntityManager): Promise<AgentRow[]> {
    return m.query(
      `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, r.name AS role, u.in_lead_rotation
         FROM users u JOIN roles r ON r.id = u.role_id
        WHERE u.status = 'active' AND r.name IN ('employee', 'manager')
        ORDER BY u.first_name, u.last_name, u.id LIMIT 500`,
    );
  }

  /** The public listing `id` as a lead shows it (title ru), or null. */
  async property(m: EntityManager, id: string): Promise<{ id: string; slug: string; title: string; deal_type: string } | null> {
    const rows = (await m.query(
      `SELECT id, slug, coalesce(nullif(title->>'ru', ''), slug) AS title, deal_type FROM properties WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    )) as Array<{ id: string; slug: string; title: string; deal_type: string }>;
    return rows[0] ?? null;
  }

  /** The client and the deal a lead is linked to (names for the page), when any. */
  async links(
    m: EntityManager,
    clientId: string | null,
    dealId: string | null,
  ): Promise<{ client: { id: string; name: string } | null; deal: { id: string; title: string; stage: string } | null }> {
    const client = clientId
      ? ((
          (await m.query(
            `SELECT id, CASE WHEN type = 'corporate' THEN company_name ELSE trim(first_name || ' ' || last_name) END AS name
             FROM clients WHERE id = $1`,
            [clientId],
          )) as Array<{ id: string; name: string }>
        )[0] ?? null)
      : null;
    const deal = dealId
      ? ((
          (await m.query(`SELECT id, title, stage FROM deals WHERE id = $1`, [dealId])) as Array<{
            id: string;
            title: string;
            stage: string;
          }>
        )[0] ?? null)
      : null;
    return { client, deal };
  }
}
