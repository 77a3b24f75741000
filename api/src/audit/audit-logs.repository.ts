import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { auditPeriodBound, type AuditFilters } from '@realty/contracts';
import type { DataSource } from 'typeorm';
import { likeContains } from '../common/like-pattern';
import type { AuditLogRow } from './audit-logs.mapper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns every read selects; `at_key` is occurred_at as exact text (microseconds) for keyset paging. */
const COLUMNS = `id, occurred_at, occurred_at::text AS at_key, actor_id, actor_email, actor_role, action, entity, entity_id, before, after, ip, user_agent`;

/** Where the previous keyset batch stopped: the last row's exact time and id. */
export interface AuditCursor {
  atKey: string;
  id: string;
}

/** A WHERE clause and its parameters ($1..$n). */
interface Where {
  sql: string;
  params: unknown[];
}

/**
 * The filters as SQL (spec 02 §2 "filters"): actor = a user id (uuid) or a substring of the
 * actor's e-mail; entity exactly; action exactly or `<entity>.*`; the period from..to inclusive.
 */
function whereOf(filters: AuditFilters): Where {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.actor) {
    clauses.push(
      UUID.test(filters.actor)
        ? `actor_id = ${param(filters.actor)}::uuid`
        : `lower(actor_email) LIKE ${param(likeContains(filters.actor))}`,
    );
  }
  if (filters.entity) clauses.push(`entity = ${param(filters.entity.toLowerCase())}`);
  if (filters.action) {
    const action = filters.action.toLowerCase();
    if (action.endsWith('.*')) clauses.push(`action LIKE ${param(likeContains(action.slice(0, -1)).slice(1))}`);
    else clauses.push(`action = ${param(action)}`);
  }
  if (filters.from) clauses.push(`occurred_at >= ${param(auditPeriodBound(filters.from, 'from'))}::timestamptz`);
  if (filters.to) clauses.push(`occurred_at <= ${param(auditPeriodBound(filters.to, 'to'))}::timestamptz`);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** SQL reads of audit_logs (the table is append-only; nothing here writes). */
@Injectable()
export class AuditLogsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** One page, newest first (occurred_at DESC, id DESC), and the total of matching rows. */
  async page(filters: AuditFilters, page: number, limit: number): Promise<{ rows: AuditLogRow[]; total: number }> {
    const where = whereOf(filters);
    const n = where.params.length;
    const [rows, counted]: [AuditLogRow[], Array<{ total: number }>] = await Promise.all([
      this.db.query(`SELECT ${COLUMNS} FROM audit_logs ${where.sql} ORDER BY occurred_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...where.params,
        limit,
        (page - 1) * limit,
      ]),
      this.db.query(`SELECT count(*)::int AS total FROM audit_logs ${where.sql}`, where.params),
    ]);
    return { rows, total: Number(counted[0]?.total ?? 0) };
  }

  /** The row with `id`, or null (also for a malformed id, without a query). */
  async byId(id: string): Promise<AuditLogRow | null> {
    if (!UUID.test(id)) return null;
    const rows: AuditLogRow[] = await this.db.query(`SELECT ${COLUMNS} FROM audit_logs WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * The next `size` matching rows after `cursor` (null: from the newest), newest first: a
   * keyset read on (occurred_at, id), so each batch costs the same however deep the export is.
   */
  async batchAfter(filters: AuditFilters, cursor: AuditCursor | null, size: number): Promise<AuditLogRow[]> {
    const where = whereOf(filters);
    const params = [...where.params];
    let sql = where.sql;
    if (cursor) {
      params.push(cursor.atKey, cursor.id);
      const keyset = `(occurred_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
      sql = sql ? `${sql} AND ${keyset}` : `WHERE ${keyset}`;
    }
    params.push(size);
    return this.db.query(`SELECT ${COLUMNS} FROM audit_logs ${sql} ORDER BY occurred_at DESC, id DESC LIMIT $${params.length}`, params);
  }
}
