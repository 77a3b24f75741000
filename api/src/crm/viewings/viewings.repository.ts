import { Injectable } from '@nestjs/common';
import type { ViewingOptionsDto, ViewingStatus } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { likeContains } from '../../common/like-pattern';
import { USER_NAME, subjectSql } from '../schedule/schedule-links.repository';

/** A viewing row with its listing, agent and subject (VIEWING_SELECT). */
export interface ViewingRow {
  id: string;
  property_id: string;
  property_title: string;
  property_address: string;
  client_id: string | null;
  lead_id: string | null;
  deal_id: string | null;
  agent_id: string;
  agent_name: string | null;
  subject_kind: string | null;
  subject_id: string | null;
  subject_name: string | null;
  starts_at: Date;
  ends_at: Date;
  status: ViewingStatus;
  outcome: string | null;
  notes: string | null;
  created_at: Date;
}

/** The columns a write sets. */
export interface ViewingValues {
  property_id: string;
  client_id: string | null;
  lead_id: string | null;
  deal_id: string | null;
  agent_id: string;
  starts_at: string;
  ends_at: string;
  notes: string | null;
}

export interface ViewingFilters {
  agentId: string | null;
  status?: ViewingStatus;
  from?: string;
  to?: string;
  propertyId?: string;
}

const SUBJECT = subjectSql('v');
const VIEWING_SELECT = `SELECT v.*, coalesce(nullif(p.title->>'ru', ''), p.slug) AS property_title, p.address AS property_address,
    ${USER_NAME('ua')} AS agent_name, ${SUBJECT.columns}
  FROM viewings v JOIN properties p ON p.id = v.property_id LEFT JOIN users ua ON ua.id = v.agent_id ${SUBJECT.joins}`;

/** SQL of the viewings table (issue 22 "Viewings"). */
@Injectable()
export class ViewingsRepository {
  /** A page: upcoming (from `now`) first, soonest first, then past ones, latest first. */
  async page(
    m: EntityManager,
    f: ViewingFilters,
    now: Date,
    offset: number,
    limit: number,
  ): Promise<{ rows: ViewingRow[]; total: number }> {
    const parts = ['TRUE'];
    const params: unknown[] = [];
    const add = (clause: (n: string) => string, value: unknown) => {
      params.push(value);
      parts.push(clause(`$${params.length}`));
    };
    if (f.agentId) add((n) => `v.agent_id = ${n}`, f.agentId);
    if (f.status) add((n) => `v.status = ${n}`, f.status);
    if (f.from) add((n) => `v.ends_at > ${n}`, f.from);
    if (f.to) add((n) => `v.starts_at < ${n}`, f.to);
    if (f.propertyId) add((n) => `v.property_id = ${n}`, f.propertyId);
    const w = parts.join(' AND ');
    const n = params.length;
    const [rows, count] = await Promise.all([
      m.query(
        `${VIEWING_SELECT} WHERE ${w}
          ORDER BY (v.starts_at < $${n + 1}), CASE WHEN v.starts_at >= $${n + 1} THEN v.starts_at END ASC, v.starts_at DESC, v.id
          LIMIT $${n + 2} OFFSET $${n + 3}`,
        [...params, now, limit, offset],
      ),
      m.query(`SELECT count(*)::int AS total FROM viewings v WHERE ${w}`, params),
    ]);
    return { rows: rows as ViewingRow[], total: (count as Array<{ total: number }>)[0].total };
  }

  async find(m: EntityManager, id: string, lock = false): Promise<ViewingRow | null> {
    if (lock) {
      const locked = (await m.query(`SELECT id FROM viewings WHERE id = $1 FOR UPDATE`, [id])) as unknown[];
      if (!locked.length) return null;
    }
    const rows = (await m.query(`${VIEWING_SELECT} WHERE v.id = $1`, [id])) as ViewingRow[];
    return rows[0] ?? null;
  }

  /** True when the listing exists and is not deleted. */
  async propertyExists(m: EntityManager, id: string): Promise<boolean> {
    return ((await m.query(`SELECT 1 FROM properties WHERE id = $1 AND deleted_at IS NULL`, [id])) as unknown[]).length > 0;
  }

  /** Inserts a scheduled viewing; throws the database's 23P01 on a double booking. */
  async insert(m: EntityManager, v: ViewingValues, authorId: string): Promise<string> {
    const rows = (await m.query(
      `INSERT INTO viewings (property_id, client_id, lead_id, deal_id, agent_id, starts_at, ends_at, notes, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [v.property_id, v.client_id, v.lead_id, v.deal_id, v.agent_id, v.starts_at, v.ends_at, v.notes, authorId],
    )) as Array<{ id: string }>;
    return rows[0].id;
  }

  /** Sets the values; a moved time or another agent is reminded again. Throws 23P01 on a double booking. */
  async update(m: EntityManager, id: string, v: ViewingValues, now: Date): Promise<void> {
    await m.query(
      `UPDATE viewings SET property_id = $2, client_id = $3, lead_id = $4, deal_id = $5, agent_id = $6::uuid, starts_at = $7::timestamptz,
         ends_at = $8, notes = $9,
         reminded_at = CASE WHEN starts_at IS DISTINCT FROM $7::timestamptz OR agent_id IS DISTINCT FROM $6::uuid THEN NULL ELSE reminded_at END,
         updated_at = $10
       WHERE id = $1`,
      [id, v.property_id, v.client_id, v.lead_id, v.deal_id, v.agent_id, v.starts_at, v.ends_at, v.notes, now],
    );
  }

  async setStatus(m: EntityManager, id: string, status: ViewingStatus, outcome: string | null | undefined, now: Date): Promise<void> {
    await m.query(`UPDATE viewings SET status = $2, outcome = coalesce($3, outcome), updated_at = $4 WHERE id = $1`, [
      id,
      status,
      outcome ?? null,
      now,
    ]);
  }

  /** The viewing form's choices: active listings (title search or the 200 latest), clients, staff. */
  async options(m: EntityManager, q: string | undefined): Promise<Omit<ViewingOptionsDto, 'agents'>> {
    const params: unknown[] = [];
    let filter = '';
    if (q) {
      params.push(likeContains(q));
      filter = `AND (lower(p.title->>'ru') LIKE $1 OR lower(coalesce(p.title->>'en', '')) LIKE $1 OR lower(p.address) LIKE $1)`;
    }
    const [properties, clients] = await Promise.all([
      m.query(
        `SELECT p.id, coalesce(nullif(p.title->>'ru', ''), p.slug) AS title, p.address FROM properties p
          WHERE p.deleted_at IS NULL AND p.status = 'active' ${filter} ORDER BY p.updated_at DESC, p.id LIMIT 200`,
        params,
      ),
      m.query(
        `SELECT c.id, coalesce(nullif(trim(CASE WHEN c.type = 'corporate' THEN c.company_name ELSE c.first_name || ' ' || c.last_name END), ''), c.phone) AS name
           FROM clients c WHERE c.deleted_at IS NULL ORDER BY c.updated_at DESC, c.id LIMIT 200`,
      ),
    ]);
    return { properties: properties as ViewingOptionsDto['properties'], clients: clients as ViewingOptionsDto['clients'] };
  }
}
