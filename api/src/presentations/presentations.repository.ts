import { Injectable } from '@nestjs/common';
import type { Language, PresentationFormat, PresentationStatus } from '@realty/contracts';
import type { EntityManager } from 'typeorm';

/** A presentations row with its author's name. */
export interface PresentationRow {
  id: string;
  title: string;
  property_ids: string[];
  template_id: string;
  format: PresentationFormat;
  language: Language;
  options: Record<string, boolean>;
  status: PresentationStatus;
  error: string | null;
  file_key: string | null;
  size_bytes: string | null;
  download_count: number;
  attempts: number;
  batch_id: string | null;
  created_by: string | null;
  author_name: string | null;
  created_at: Date;
  completed_at: Date | null;
  expires_at: Date | null;
}

/** A presentation_batches row with its progress counted from its presentations. */
export interface BatchRow {
  id: string;
  template_id: string;
  languages: Language[];
  formats: PresentationFormat[];
  total: number;
  created_by: string | null;
  author_name: string | null;
  created_at: Date;
  completed: number;
  failed: number;
  expired: number;
  generating: number;
}

const AUTHOR = `NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '')`;
const SELECT = `SELECT p.*, ${AUTHOR} AS author_name FROM presentations p LEFT JOIN users u ON u.id = p.created_by`;

/** The list's filters. `authorId` null = everyone's. */
export interface PresentationFilters {
  authorId: string | null;
  status?: PresentationStatus;
  batchId?: string;
}

function where(f: PresentationFilters): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(clause(`$${params.length}`));
  };
  if (f.authorId) add((n) => `p.created_by = ${n}`, f.authorId);
  if (f.status) add((n) => `p.status = ${n}`, f.status);
  if (f.batchId) add((n) => `p.batch_id = ${n}`, f.batchId);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** A listing as the API checks it for a presentation. */
export interface PresentationPropertyRow {
  id: string;
  title: Record<string, string>;
}

/** SQL of presentations and their batches (issue 23). */
@Injectable()
export class PresentationsRepository {
  /** Listings that exist and are not deleted, of `ids`, with their titles. */
  async properties(m: EntityManager, ids: string[]): Promise<PresentationPropertyRow[]> {
    return m.query(`SELECT id, title FROM properties WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [ids]);
  }

  /** Ids of listings (not deleted) matching a catalogue filter, newest first, at most `limit`. */
  async propertyIdsByFilter(
    m: EntityManager,
    f: { category?: string; dealType?: string; status?: string },
    limit: number,
  ): Promise<string[]> {
    const params: unknown[] = [f.status || 'active'];
    const parts = ['p.deleted_at IS NULL', 'p.status = $1'];
    if (f.category) {
      params.push(f.category);
      parts.push(`p.category_id = (SELECT id FROM property_categories WHERE slug = $${params.length})`);
    }
    if (f.dealType) {
      params.push(f.dealType);
      parts.push(`p.deal_type = $${params.length}`);
    }
    params.push(limit);
    const rows: Array<{ id: string }> = await m.query(
      `SELECT p.id FROM properties p WHERE ${parts.join(' AND ')} ORDER BY p.created_at DESC, p.id LIMIT $${params.length}`,
      params,
    );
    return rows.map((r) => r.id);
  }

  /** Inserts one presentation (status generating); returns its id. */
  async insert(
    m: EntityManager,
    v: {
      title: string;
      propertyIds: string[];
      templateId: string;
      format: string;
      language: string;
      options: object;
      createdBy: string;
    },
  ): Promise<string> {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO presentations (title, property_ids, template_id, format, language, options, created_by)
       VALUES ($1, $2::uuid[], $3, $4, $5, $6::jsonb, $7) RETURNING id`,
      [v.title.slice(0, 300), v.propertyIds, v.templateId, v.format, v.language, JSON.stringify(v.options), v.createdBy],
    );
    return rows[0].id;
  }

  /** Inserts a batch and one presentation per listing x language x format (titles in each language, ru fallback); returns their ids. */
  async insertBatch(
    m: EntityManager,
    v: {
      propertyIds: string[];
      templateId: string;
      languages: string[];
      formats: string[];
      options: object;
      selection: object;
      createdBy: string;
    },
  ): Promise<{ batchId: string; ids: string[] }> {
    const total = v.propertyIds.length * v.languages.length * v.formats.length;
    const batch: Array<{ id: string }> = await m.query(
      `INSERT INTO presentation_batches (created_by, template_id, selection, languages, formats, options, total)
       VALUES ($1, $2, $3::jsonb, $4::varchar[], $5::varchar[], $6::jsonb, $7) RETURNING id`,
      [v.createdBy, v.templateId, JSON.stringify(v.selection), v.languages, v.formats, JSON.stringify(v.options), total],
    );
    const batchId = batch[0].id;
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO presentations (title, property_ids, template_id, format, language, options, created_by, batch_id)
       SELECT left(COALESCE(NULLIF(p.title ->> l.lang, ''), p.title ->> 'ru', ''), 300), ARRAY[p.id], $2, f.fmt, l.lang, $5::jsonb, $6, $7
         FROM unnest($1::uuid[]) WITH ORDINALITY AS s(pid, ord)
         JOIN properties p ON p.id = s.pid
         CROSS JOIN unnest($3::varchar[]) WITH ORDINALITY AS l(lang, lord)
         CROSS JOIN unnest($4::varchar[]) WITH ORDINALITY AS f(fmt, ford)
        ORDER BY s.ord, l.lord, f.ford
       RETURNING id`,
      [v.propertyIds, v.templateId, v.languages, v.formats, JSON.stringify(v.options), v.createdBy, batchId],
    );
    return { batchId, ids: rows.map((r) => r.id) };
  }

  async find(m: EntityManager, id: string, lock = false): Promise<PresentationRow | null> {
    const rows: PresentationRow[] = await m.query(
      lock ? `SELECT p.*, NULL AS author_name FROM presentations p WHERE p.id = $1 FOR UPDATE` : `${SELECT} WHERE p.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** One page, newest first, and the total. */
  async page(m: EntityManager, f: PresentationFilters, offset: number, limit: number): Promise<{ rows: PresentationRow[]; total: number }> {
    const w = where(f);
    const total: Array<{ n: number }> = await m.query(`SELECT count(*)::int AS n FROM presentations p ${w.sql}`, w.params);
    const rows: PresentationRow[] = await m.query(
      `${SELECT} ${w.sql} ORDER BY p.created_at DESC, p.id DESC LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
      [...w.params, limit, offset],
    );
    return { rows, total: total[0].n };
  }

  async remove(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM presentations WHERE id = $1`, [id]);
  }

  /** Counts one download of a completed presentation; false when it is no longer completed. */
  async countDownload(m: EntityManager, id: string): Promise<boolean> {
    const rows: Array<{ id: string }> = await m.query(
      `UPDATE presentations SET download_count = download_count + 1 WHERE id = $1 AND status = 'completed' RETURNING id`,
      [id],
    );
    return affected(rows) === 1;
  }

  /** failed -> generating (error cleared). */
  async restart(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE presentations SET status = 'generating', error = NULL, updated_at = now() WHERE id = $1`, [id]);
  }

  async batch(m: EntityManager, id: string): Promise<BatchRow | null> {
    const rows: BatchRow[] = await m.query(
      `SELECT b.id, b.template_id, b.languages, b.formats, b.total, b.created_by, b.created_at, ${AUTHOR} AS author_name,
              count(*) FILTER (WHERE p.status = 'completed')::int AS completed,
              count(*) FILTER (WHERE p.status = 'failed')::int AS failed,
              count(*) FILTER (WHERE p.status = 'expired')::int AS expired,
              count(*) FILTER (WHERE p.status = 'generating')::int AS generating
         FROM presentation_batches b
         LEFT JOIN presentations p ON p.batch_id = b.id
         LEFT JOIN users u ON u.id = b.created_by
        WHERE b.id = $1
        GROUP BY b.id, u.first_name, u.last_name`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The completed presentations of a batch with a file (for its zip), in creation order. */
  async batchFiles(
    m: EntityManager,
    batchId: string,
  ): Promise<Array<Pick<PresentationRow, 'id' | 'title' | 'format' | 'language' | 'file_key'>>> {
    return m.query(
      `SELECT id, title, format, language, file_key FROM presentations
        WHERE batch_id = $1 AND status = 'completed' AND file_key IS NOT NULL ORDER BY created_at, id`,
      [batchId],
    );
  }

  /** Counts per status and format, downloads, and those made since `since`; `authorId` null = everyone's. */
  async stats(
    m: EntityManager,
    authorId: string | null,
    since: Date,
  ): Promise<Array<{ status: PresentationStatus; format: PresentationFormat; n: number; downloads: number; recent: number }>> {
    return m.query(
      `SELECT status, format, count(*)::int AS n, COALESCE(sum(download_count), 0)::int AS downloads,
              count(*) FILTER (WHERE created_at >= $2)::int AS recent
         FROM presentations WHERE ($1::uuid IS NULL OR created_by = $1) GROUP BY status, format`,
      [authorId, since],
    );
  }
}

/** Rows an UPDATE ... RETURNING touched: TypeORM answers an UPDATE with [rows, affected count]. */
function affected(result: unknown[]): number {
  return Array.isArray(result[0]) ? (result[0] as unknown[]).length : result.length;
}
