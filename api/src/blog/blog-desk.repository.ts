import { Injectable } from '@nestjs/common';
import type {
  BlogDeskSort,
  BlogKind,
  BlogModerationStatus,
  BlogPostStatus,
  Language,
  LocalizedText,
  SortDirection,
} from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { likeContains } from '../common/like-pattern';

/** A post row as the desk reads it, with its category and the names of its author and last editor. */
export interface DeskPostRow {
  id: string;
  slug: string;
  kind: BlogKind;
  title: Partial<LocalizedText>;
  excerpt: Partial<LocalizedText>;
  content: Partial<LocalizedText>;
  category_id: number | null;
  category_slug: string | null;
  category_name: LocalizedText | null;
  cover_image_key: string | null;
  status: BlogPostStatus;
  moderation_status: BlogModerationStatus;
  moderation_note: string | null;
  scheduled_at: Date | null;
  published_at: Date | null;
  generated_by_ai: boolean;
  reading_time_minutes: number;
  views_count: number;
  author_id: string | null;
  author_name: string | null;
  updated_by: string | null;
  editor_name: string | null;
  created_at: Date;
  updated_at: Date;
}

const NAME = (u: string) => `nullif(trim(coalesce(${u}.first_name, '') || ' ' || coalesce(${u}.last_name, '')), '')`;
const SELECT = `SELECT b.id, b.slug, b.kind, b.title, b.excerpt, b.content, b.category_id, c.slug AS category_slug, c.name AS category_name,
    b.cover_image_key, b.status, b.moderation_status, b.moderation_note, b.scheduled_at, b.published_at, b.generated_by_ai,
    b.reading_time_minutes, b.views_count, b.author_id, ${NAME('ua')} AS author_name, b.updated_by, ${NAME('ue')} AS editor_name,
    b.created_at, b.updated_at
  FROM blog_posts b LEFT JOIN blog_categories c ON c.id = b.category_id
  LEFT JOIN users ua ON ua.id = b.author_id LEFT JOIN users ue ON ue.id = b.updated_by`;

/** The list's filters. */
export interface DeskFilters {
  kind?: BlogKind;
  status?: BlogPostStatus;
  moderation?: BlogModerationStatus;
  q?: string;
}

/** The columns a create / update sets (content already sanitised). */
export interface DeskPostValues {
  slug: string;
  kind: BlogKind;
  title: Partial<LocalizedText>;
  excerpt: Partial<LocalizedText>;
  content: Partial<LocalizedText>;
  category_id: number | null;
  cover_image_key: string | null;
  reading_time_minutes: number;
  moderation_status: BlogModerationStatus;
}

const ORDER: Record<BlogDeskSort, (d: SortDirection) => string> = {
  updated: (d) => `b.updated_at ${d}, b.id ${d}`,
  published: (d) => `b.published_at ${d} NULLS LAST, b.id ${d}`,
  scheduled: (d) => `b.scheduled_at ${d} NULLS LAST, b.id ${d}`,
  title: (d) => `lower(b.title->>'ru') ${d}, b.id ${d}`,
};

function where(f: DeskFilters): { sql: string; params: unknown[] } {
  const parts = ['TRUE'];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(clause(`$${params.length}`));
  };
  if (f.kind) add((n) => `b.kind = ${n}`, f.kind);
  if (f.status) add((n) => `b.status = ${n}`, f.status);
  if (f.moderation) add((n) => `b.moderation_status = ${n}`, f.moderation);
  if (f.q) add((n) => `(lower(b.title::text) LIKE ${n} OR b.slug LIKE ${n})`, likeContains(f.q));
  return { sql: parts.join(' AND '), params };
}

/** SQL of the blog desk (issue 23): blog_posts as staff see them, and blog_batches. */
@Injectable()
export class BlogDeskRepository {
  async page(
    m: EntityManager,
    f: DeskFilters,
    sort: BlogDeskSort,
    dir: SortDirection,
    offset: number,
    limit: number,
  ): Promise<{ rows: DeskPostRow[]; total: number }> {
    const w = where(f);
    const n = w.params.length;
    const [rows, count] = await Promise.all([
      m.query(`${SELECT} WHERE ${w.sql} ORDER BY ${ORDER[sort](dir)} LIMIT $${n + 1} OFFSET $${n + 2}`, [...w.params, limit, offset]),
      m.query(`SELECT count(*)::int AS total FROM blog_posts b WHERE ${w.sql}`, w.params),
    ]);
    return { rows: rows as DeskPostRow[], total: (count as Array<{ total: number }>)[0].total };
  }

  /** The post, optionally locked for a write. */
  async find(m: EntityManager, id: string, lock = false): Promise<DeskPostRow | null> {
    if (lock) {
      const locked = (await m.query(`SELECT id FROM blog_posts WHERE id = $1 FOR UPDATE`, [id])) as unknown[];
      if (!locked.length) return null;
    }
    const rows = (await m.query(`${SELECT} WHERE b.id = $1`, [id])) as DeskPostRow[];
    return rows[0] ?? null;
  }

  /** Is the slug used by another post than `exceptId`? */
  async slugTaken(m: EntityManager, slug: string, exceptId: string | null): Promise<boolean> {
    const rows = (await m.query(`SELECT 1 FROM blog_posts WHERE slug = $1 AND id IS DISTINCT FROM $2::uuid`, [
      slug,
      exceptId,
    ])) as unknown[];
    return rows.length > 0;
  }

  async categoryExists(m: EntityManager, id: number): Promise<boolean> {
    return ((await m.query(`SELECT 1 FROM blog_categories WHERE id = $1`, [id])) as unknown[]).length > 0;
  }

  async insert(m: EntityManager, v: DeskPostValues, actorId: string, now: Date): Promise<string> {
    const rows = (await m.query(
      `INSERT INTO blog_posts (slug, kind, title, excerpt, content, category_id, cover_image_key, reading_time_minutes, moderation_status,
         status, author_id, created_by, updated_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'draft', $10, $10, $10, $11, $11) RETURNING id`,
      [
        v.slug,
        v.kind,
        JSON.stringify(v.title),
        JSON.stringify(v.excerpt),
        JSON.stringify(v.content),
        v.category_id,
        v.cover_image_key,
        v.reading_time_minutes,
        v.moderation_status,
        actorId,
        now,
      ],
    )) as Array<{ id: string }>;
    return rows[0].id;
  }

  async update(m: EntityManager, id: string, v: DeskPostValues, actorId: string, now: Date): Promise<void> {
    await m.query(
      `UPDATE blog_posts SET slug = $2, kind = $3, title = $4, excerpt = $5, content = $6, category_id = $7, cover_image_key = $8,
         reading_time_minutes = $9, moderation_status = $10, updated_by = $11, updated_at = $12 WHERE id = $1`,
      [
        id,
        v.slug,
        v.kind,
        JSON.stringify(v.title),
        JSON.stringify(v.excerpt),
        JSON.stringify(v.content),
        v.category_id,
        v.cover_image_key,
        v.reading_time_minutes,
        v.moderation_status,
        actorId,
        now,
      ],
    );
  }

  async setModeration(m: EntityManager, id: string, status: BlogModerationStatus, note: string | null, actorId: string, now: Date) {
    await m.query(
      `UPDATE blog_posts SET moderation_status = $2, moderation_note = $3, moderated_by = $4, moderated_at = $5, updated_by = $4, updated_at = $5
       WHERE id = $1`,
      [id, status, note, actorId, now],
    );
  }

  /** Status; publishing dates the post (first publication kept) and clears the schedule. */
  async setStatus(m: EntityManager, id: string, status: BlogPostStatus, actorId: string, now: Date): Promise<void> {
    await m.query(
      `UPDATE blog_posts SET status = $2::varchar,
         published_at = CASE WHEN $2::varchar = 'published' THEN coalesce(published_at, $4::timestamptz) ELSE published_at END,
         scheduled_at = CASE WHEN $2::varchar = 'draft' THEN scheduled_at ELSE NULL END,
         updated_by = $3, updated_at = $4 WHERE id = $1`,
      [id, status, actorId, now],
    );
  }

  async setSchedule(m: EntityManager, id: string, at: Date | null, actorId: string, now: Date): Promise<void> {
    await m.query(`UPDATE blog_posts SET scheduled_at = $2, updated_by = $3, updated_at = $4 WHERE id = $1`, [id, at, actorId, now]);
  }

  async remove(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM blog_posts WHERE id = $1`, [id]);
  }

  async insertBatch(
    m: EntityManager,
    b: { kind: BlogKind; startDate: string; languages: Language[]; total: number; actorId: string; now: Date },
  ): Promise<string> {
    const rows = (await m.query(
      `INSERT INTO blog_batches (kind, start_date, languages, total, actor_id, created_at, status, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $4 = 0 THEN 'completed' ELSE 'queued' END, CASE WHEN $4 = 0 THEN $6::timestamptz END)
       RETURNING id`,
      [b.kind, b.startDate, JSON.stringify(b.languages), b.total, b.actorId, b.now],
    )) as Array<{ id: string }>;
    return rows[0].id;
  }

  async findBatch(m: EntityManager, id: string): Promise<BatchRow | null> {
    const rows = (await m.query(
      `SELECT id, kind, to_char(start_date, 'YYYY-MM-DD') AS start_date, languages, status, total,
         (SELECT count(*)::int FROM blog_posts p WHERE p.batch_id = blog_batches.id) AS done, failure, created_at, finished_at
       FROM blog_batches WHERE id = $1`,
      [id],
    )) as BatchRow[];
    return rows[0] ?? null;
  }
}

export interface BatchRow {
  id: string;
  kind: BlogKind;
  start_date: string;
  languages: Language[];
  status: 'queued' | 'running' | 'completed' | 'failed';
  total: number;
  done: number;
  failure: string | null;
  created_at: Date;
  finished_at: Date | null;
}
