import { Injectable } from '@nestjs/common';
import type { ClientContactInput, ClientSort, ClientType, ClientWriteDto, SortDirection } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { likeContains } from '../../common/like-pattern';

/** A client's display name: the company's, or "first last" (`c` clients). */
export const CLIENT_NAME_SQL = `CASE WHEN c.type = 'corporate' THEN c.company_name ELSE trim(c.first_name || ' ' || c.last_name) END`;
/** A user's display name (`u` users); null when blank. */
export const userNameSql = (u: string) => `nullif(trim(coalesce(${u}.first_name, '') || ' ' || coalesce(${u}.last_name, '')), '')`;

const SORT_SQL: Record<ClientSort, string> = {
  updated: 'c.updated_at',
  created: 'c.created_at',
  name: `lower(${CLIENT_NAME_SQL})`,
};

/** The list's filters, validated. ownerId null: every owner. */
export interface ClientFilters {
  ownerId: string | null;
  q?: string;
  type?: ClientType;
  isVip?: boolean;
}

/** A client as read (snake_case). */
export interface ClientRow {
  id: string;
  type: ClientType;
  first_name: string;
  last_name: string;
  company_name: string;
  name: string;
  bin: string | null;
  phone: string;
  email: string;
  telegram: string;
  is_vip: boolean;
  notes: string | null;
  owner_id: string | null;
  owner_name: string | null;
  open_deals: number;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const CLIENT_COLUMNS = `c.id, c.type, c.first_name, c.last_name, c.company_name, ${CLIENT_NAME_SQL} AS name, c.bin, c.phone, c.email,
  c.telegram, c.is_vip, c.notes, c.owner_id, ${userNameSql('u')} AS owner_name, c.created_at, c.updated_at, c.deleted_at,
  (SELECT count(*)::int FROM deals d WHERE d.client_id = c.id AND d.deleted_at IS NULL AND d.stage NOT IN ('won', 'lost')) AS open_deals`;

function whereOf(f: ClientFilters, params: unknown[]): string {
  const parts = ['c.deleted_at IS NULL'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (f.ownerId) add((n) => `c.owner_id = ${n}::uuid`, f.ownerId);
  if (f.type) add((n) => `c.type = ${n}`, f.type);
  if (f.isVip !== undefined) add((n) => `c.is_vip = ${n}::boolean`, f.isVip);
  // search_text: lower(names, company, BIN, phone, e-mail), trigram-indexed (migration 1764320000000)
  if (f.q) add((n) => `c.search_text LIKE ${n}`, likeContains(f.q));
  return parts.join(' AND ');
}

/** SQL of CRM clients and their contact persons (issue 22 "Clients"; spec 02 §3 Client). */
@Injectable()
export class ClientsRepository {
  /** One page (page paging, OFFSET) and the total of the filters. */
  async page(
    m: EntityManager,
    f: ClientFilters,
    sort: ClientSort,
    dir: SortDirection,
    page: number,
    limit: number,
  ): Promise<{ rows: ClientRow[]; total: number }> {
    const params: unknown[] = [];
    const where = whereOf(f, params);
    const d = dir === 'asc' ? 'ASC' : 'DESC';
    const [rows, count] = await Promise.all([
      m.query(
        `SELECT ${CLIENT_COLUMNS} FROM clients c LEFT JOIN users u ON u.id = c.owner_id
          WHERE ${where} ORDER BY ${SORT_SQL[sort]} ${d}, c.id ${d} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, (page - 1) * limit],
      ) as Promise<ClientRow[]>,
      m.query(`SELECT count(*)::int AS total FROM clients c WHERE ${where}`, params) as Promise<Array<{ total: number }>>,
    ]);
    return { rows, total: count[0].total };
  }

  /** The client (deleted ones too: the caller decides), FOR UPDATE when `lock`. */
  async find(m: EntityManager, id: string, lock = false): Promise<ClientRow | null> {
    const rows = (await m.query(
      `SELECT ${CLIENT_COLUMNS} FROM clients c LEFT JOIN users u ON u.id = c.owner_id WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`,
      [id],
    )) as ClientRow[];
    return rows[0] ?? null;
  }

  /** Inserts the client; answers its id. */
  async insert(m: EntityManager, dto: ClientWriteDto, ownerId: string | null, createdBy: string, at: Date): Promise<string> {
    const rows = (await m.query(
      `INSERT INTO clients (type, first_name, last_name, company_name, bin, phone, email, telegram, is_vip, notes, owner_id,
         created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id`,
      [...this.values(dto), ownerId, createdBy, at],
    )) as Array<{ id: string }>;
    return rows[0].id;
  }

  /** Replaces every field of the client. */
  async update(m: EntityManager, id: string, dto: ClientWriteDto, ownerId: string | null, at: Date): Promise<void> {
    await m.query(
      `UPDATE clients SET type = $2, first_name = $3, last_name = $4, company_name = $5, bin = $6, phone = $7, email = $8,
         telegram = $9, is_vip = $10, notes = $11, owner_id = $12, updated_at = $13 WHERE id = $1`,
      [id, ...this.values(dto), ownerId, at],
    );
  }

  private values(dto: ClientWriteDto): unknown[] {
    const corporate = dto.type === 'corporate';
    return [
      dto.type,
      dto.firstName,
      dto.lastName,
      dto.companyName,
      corporate ? dto.bin : null,
      dto.phone,
      dto.email,
      dto.telegram,
      dto.isVip,
      dto.notes,
    ];
  }

  /** Soft-deletes the client. */
  async softDelete(m: EntityManager, id: string, at: Date): Promise<void> {
    await m.query(`UPDATE clients SET deleted_at = $2, updated_at = $2 WHERE id = $1`, [id, at]);
  }

  /** The contact persons in their order. */
  async contacts(
    m: EntityManager,
    clientId: string,
  ): Promise<Array<{ id: string; name: string; position: string; phone: string; email: string }>> {
    return m.query(
      `SELECT id, name, position, phone, email FROM client_contacts WHERE client_id = $1 ORDER BY sort_order, created_at, id`,
      [clientId],
    );
  }

  /** Replaces the contact persons with `contacts` (in that order). */
  async replaceContacts(m: EntityManager, clientId: string, contacts: ClientContactInput[]): Promise<void> {
    await m.query(`DELETE FROM client_contacts WHERE client_id = $1`, [clientId]);
    if (!contacts.length) return;
    await m.query(
      `INSERT INTO client_contacts (client_id, name, position, phone, email, sort_order)
       SELECT $1, x.name, x.position, x.phone, x.email, x.ord - 1
         FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (name text, position text, phone text, email text))
              WITH ORDINALITY AS x(name, position, phone, email, ord)`,
      [
        clientId,
        JSON.stringify(
          contacts.map((c) => ({ name: c.name, position: c.position ?? '', phone: c.phone ?? '', email: (c.email ?? '').toLowerCase() })),
        ),
      ],
    );
  }

  /** The client's leads (not deleted), newest first. */
  async leads(m: EntityManager, clientId: string): Promise<Array<{ id: string; name: string; status: string; created_at: Date }>> {
    return m.query(
      `SELECT l.id, trim(coalesce(l.first_name, '') || ' ' || coalesce(l.last_name, '')) AS name, l.status, l.created_at
         FROM leads l WHERE l.client_id = $1 AND l.deleted_at IS NULL ORDER BY l.created_at DESC, l.id DESC LIMIT 100`,
      [clientId],
    );
  }

  /** The client's deals (not deleted), newest first. */
  async deals(
    m: EntityManager,
    clientId: string,
  ): Promise<Array<{ id: string; title: string; stage: string; type: string; amount: string; closed_at: Date | null }>> {
    return m.query(
      `SELECT d.id, d.title, d.stage, d.type, d.amount, d.closed_at FROM deals d
        WHERE d.client_id = $1 AND d.deleted_at IS NULL ORDER BY d.created_at DESC, d.id DESC LIMIT 100`,
      [clientId],
    );
  }

  /** The client's viewings, latest first. */
  async viewings(
    m: EntityManager,
    clientId: string,
  ): Promise<
    Array<{
      id: string;
      property_id: string;
      property_title: string;
      agent_id: string | null;
      agent_name: string | null;
      starts_at: Date;
      ends_at: Date;
      status: string;
    }>
  > {
    return m.query(
      `SELECT v.id, v.property_id, coalesce(p.title->>'ru', '') AS property_title, v.agent_id, ${userNameSql('u')} AS agent_name,
              v.starts_at, v.ends_at, v.status
         FROM viewings v JOIN properties p ON p.id = v.property_id LEFT JOIN users u ON u.id = v.agent_id
        WHERE v.client_id = $1 ORDER BY v.starts_at DESC, v.id DESC LIMIT 100`,
      [clientId],
    );
  }

  /** Whether `userId` is an active staff member (a CRM owner). */
  async isStaff(m: EntityManager, userId: string): Promise<boolean> {
    const rows = (await m.query(
      `SELECT 1 FROM users u JOIN roles r ON r.id = u.role_id
        WHERE u.id = $1 AND r.name IN ('employee', 'manager', 'admin', 'super_admin') AND u.status = 'active'`,
      [userId],
    )) as unknown[];
    return rows.length > 0;
  }
}
