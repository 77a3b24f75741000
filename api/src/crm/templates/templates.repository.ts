import { Injectable } from '@nestjs/common';
import type { Language, MessageChannel, MessageTemplateDto } from '@realty/contracts';
import type { EntityManager } from 'typeorm';

export interface TemplateRow {
  id: string;
  name: string;
  channel: MessageChannel;
  subject: Partial<Record<Language, string>>;
  body: { ru: string } & Partial<Record<Language, string>>;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface TemplateValues {
  name: string;
  channel: MessageChannel;
  subject: Partial<Record<Language, string>>;
  body: { ru: string } & Partial<Record<Language, string>>;
  isActive: boolean;
}

const COLUMNS = `id, name, channel, subject, body, is_active, created_at, updated_at`;

/** A template row as the API answers it. */
export function toTemplateDto(r: TemplateRow): MessageTemplateDto {
  return {
    id: r.id,
    name: r.name,
    channel: r.channel,
    subject: r.subject ?? {},
    body: r.body,
    isActive: r.is_active,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** SQL of table message_templates (issue 22 "Message templates"). */
@Injectable()
export class TemplatesRepository {
  /** One page by name (then id), filtered by channel and active flag; with the total. */
  async list(
    m: EntityManager,
    f: { channel?: MessageChannel; active?: boolean },
    page: number,
    limit: number,
  ): Promise<{ rows: TemplateRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.channel) where.push(`channel = $${params.push(f.channel)}`);
    if (f.active !== undefined) where.push(`is_active = $${params.push(f.active)}`);
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const rows = (await m.query(
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM message_templates ${w}
        ORDER BY lower(name), id LIMIT $${params.push(limit)} OFFSET $${params.push((page - 1) * limit)}`,
      params,
    )) as Array<TemplateRow & { total: number }>;
    let total = rows[0]?.total ?? 0;
    if (!rows.length && page > 1) {
      const c = (await m.query(`SELECT count(*)::int AS n FROM message_templates ${w}`, params.slice(0, params.length - 2))) as Array<{
        n: number;
      }>;
      total = c[0].n;
    }
    return { rows, total };
  }

  async find(m: EntityManager, id: string, lock = false): Promise<TemplateRow | null> {
    const rows = (await m.query(`SELECT ${COLUMNS} FROM message_templates WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [
      id,
    ])) as TemplateRow[];
    return rows[0] ?? null;
  }

  async insert(m: EntityManager, v: TemplateValues, now: Date): Promise<TemplateRow> {
    const rows = (await m.query(
      `INSERT INTO message_templates (name, channel, subject, body, is_active, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${COLUMNS}`,
      [v.name, v.channel, JSON.stringify(v.subject), JSON.stringify(v.body), v.isActive, now],
    )) as TemplateRow[];
    return rows[0];
  }

  async update(m: EntityManager, id: string, v: TemplateValues, now: Date): Promise<TemplateRow> {
    const rows = (await m.query(
      `UPDATE message_templates SET name = $2, channel = $3, subject = $4, body = $5, is_active = $6, updated_at = $7
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, v.name, v.channel, JSON.stringify(v.subject), JSON.stringify(v.body), v.isActive, now],
    )) as [TemplateRow[], number];
    return rows[0][0];
  }

  async remove(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM message_templates WHERE id = $1`, [id]);
  }
}
