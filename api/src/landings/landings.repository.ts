import { Injectable } from '@nestjs/common';
import type { LandingFilter, LandingStatus, Language } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { likeContains } from '../common/like-pattern';

/** A landings row with its author's name and its 7-day visits. */
export interface LandingRow {
  id: string;
  template_id: string;
  title: string;
  slug: string;
  language: Language;
  status: LandingStatus;
  property_ids: string[];
  filter: LandingFilter | null;
  listing_ids: string[];
  seo_title: string;
  seo_description: string;
  intro: string;
  activate_on_generate: boolean;
  generated_at: Date | null;
  generation_error: string | null;
  created_by: string | null;
  author_name: string | null;
  created_at: Date;
  updated_at: Date;
  visits_7d: number;
}

export interface LandingInsert {
  templateId: string;
  title: string;
  slug: string;
  language: Language;
  propertyIds: string[];
  filter: LandingFilter | null;
  activate: boolean;
  createdBy: string;
}

/** Page views of a landing's public page (not bots) since the parameter put in place of $VISITS_SINCE. */
const VISITS = `SELECT count(*)::int FROM website_page_views v WHERE v.path = '/l/' || l.slug AND NOT v.is_bot AND v.created_at >= $VISITS_SINCE`;

const SELECT = `
  SELECT l.id, l.template_id, l.title, l.slug, l.language, l.status, l.property_ids, l.filter, l.listing_ids,
         l.seo_title, l.seo_description, l.intro, l.activate_on_generate, l.generated_at, l.generation_error,
         l.created_by, NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS author_name,
         l.created_at, l.updated_at, (${VISITS}) AS visits_7d
    FROM landings l LEFT JOIN users u ON u.id = l.created_by`;

const SORTS = { created: 'l.created_at', title: 'lower(l.title)', status: 'l.status' } as const;

/**
 * SQL of the landing pages (issue 23): landings, landing_shares, and the analytics reads over
 * website_page_views (path '/l/' || slug) and leads (landing_id).
 */
@Injectable()
export class LandingsRepository {
  async page(
    m: EntityManager,
    f: { status?: LandingStatus; q?: string; since: Date },
    sort: keyof typeof SORTS,
    dir: 'asc' | 'desc',
    offset: number,
    limit: number,
  ): Promise<{ rows: LandingRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.status) {
      params.push(f.status);
      where.push(`l.status = $${params.length}`);
    }
    if (f.q) {
      params.push(likeContains(f.q));
      where.push(`(lower(l.title) LIKE $${params.length} OR lower(l.slug) LIKE $${params.length})`);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const rows: LandingRow[] = await m.query(
      `${SELECT.replace('$VISITS_SINCE', `$${params.length + 1}`)} ${w} ORDER BY ${SORTS[sort]} ${dir === 'asc' ? 'ASC' : 'DESC'}, l.id DESC
        LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      [...params, f.since],
    );
    const count: Array<{ n: number }> = await m.query(`SELECT count(*)::int AS n FROM landings l ${w}`, params);
    return { rows, total: count[0].n };
  }

  async find(m: EntityManager, id: string, since: Date, lock = false): Promise<LandingRow | null> {
    const rows: LandingRow[] = await m.query(
      lock
        ? `${SELECT.replace('$VISITS_SINCE', '$2')} WHERE l.id = $1 FOR UPDATE OF l`
        : `${SELECT.replace('$VISITS_SINCE', '$2')} WHERE l.id = $1`,
      [id, since],
    );
    return rows[0] ?? null;
  }

  async findActiveBySlug(m: EntityManager, slug: string): Promise<LandingRow | null> {
    const rows: LandingRow[] = await m.query(
      `${SELECT.replace('$VISITS_SINCE', '$2')} WHERE lower(l.slug) = lower($1) AND l.status = 'active'`,
      [slug, new Date()],
    );
    return rows[0] ?? null;
  }

  async slugTaken(m: EntityManager, slug: string): Promise<boolean> {
    const rows = await m.query(`SELECT 1 FROM landings WHERE lower(slug) = lower($1)`, [slug]);
    return rows.length > 0;
  }

  /** Which of `ids` are public listings. */
  async publicListingIds(m: EntityManager, ids: string[]): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await m.query(
      `SELECT id FROM properties WHERE id = ANY($1::uuid[]) AND status = 'active' AND deleted_at IS NULL`,
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  async insert(m: EntityManager, v: LandingInsert): Promise<string> {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO landings (template_id, title, slug, language, status, property_ids, filter, activate_on_generate, created_by)
       VALUES ($1, $2, $3, $4, 'draft', $5::uuid[], $6::jsonb, $7, $8) RETURNING id`,
      [v.templateId, v.title, v.slug, v.language, v.propertyIds, v.filter ? JSON.stringify(v.filter) : null, v.activate, v.createdBy],
    );
    return rows[0].id;
  }

  async update(
    m: EntityManager,
    id: string,
    v: { status: LandingStatus; title: string; seoTitle: string; seoDescription: string; intro: string },
  ): Promise<void> {
    await m.query(
      `UPDATE landings SET status = $2, title = $3, seo_title = $4, seo_description = $5, intro = $6, updated_at = now() WHERE id = $1`,
      [id, v.status, v.title, v.seoTitle, v.seoDescription, v.intro],
    );
  }

  async remove(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM landings WHERE id = $1`, [id]);
  }

  /** Visits (page views, not bots), unique visitors (sessions; a view without a session counts as one) and enquiries since `from`. */
  async totals(
    m: EntityManager,
    slug: string,
    id: string,
    from: Date,
    to: Date,
  ): Promise<{ visits: number; unique: number; enquiries: number }> {
    const rows: Array<{ visits: number; unique: number; enquiries: number }> = await m.query(
      `SELECT
         (SELECT count(*)::int FROM website_page_views WHERE path = $1 AND NOT is_bot AND created_at >= $3 AND created_at < $4) AS visits,
         (SELECT (count(DISTINCT session_id) + count(*) FILTER (WHERE session_id IS NULL))::int
            FROM website_page_views WHERE path = $1 AND NOT is_bot AND created_at >= $3 AND created_at < $4) AS unique,
         (SELECT count(*)::int FROM leads WHERE landing_id = $2 AND created_at >= $3 AND created_at < $4) AS enquiries`,
      [`/l/${slug}`, id, from, to],
    );
    return rows[0];
  }

  /** Visits and enquiries per Almaty day since `from`. */
  async daily(
    m: EntityManager,
    slug: string,
    id: string,
    from: Date,
    to: Date,
  ): Promise<Array<{ day: string; visits: number; enquiries: number }>> {
    return m.query(
      `WITH v AS (
         SELECT to_char(created_at AT TIME ZONE 'Asia/Almaty', 'YYYY-MM-DD') AS day, count(*)::int AS n
           FROM website_page_views WHERE path = $1 AND NOT is_bot AND created_at >= $3 AND created_at < $4 GROUP BY 1),
       e AS (
         SELECT to_char(created_at AT TIME ZONE 'Asia/Almaty', 'YYYY-MM-DD') AS day, count(*)::int AS n
           FROM leads WHERE landing_id = $2 AND created_at >= $3 AND created_at < $4 GROUP BY 1)
       SELECT coalesce(v.day, e.day) AS day, coalesce(v.n, 0) AS visits, coalesce(e.n, 0) AS enquiries
         FROM v FULL JOIN e ON e.day = v.day ORDER BY 1`,
      [`/l/${slug}`, id, from, to],
    );
  }

  async statusCounts(m: EntityManager): Promise<Array<{ status: LandingStatus; n: number }>> {
    return m.query(`SELECT status, count(*)::int AS n FROM landings GROUP BY status`);
  }

  /** Each landing's visits and enquiries since `from`, busiest first. */
  async top(
    m: EntityManager,
    from: Date,
    limit: number,
  ): Promise<Array<{ id: string; title: string; slug: string; visits: number; enquiries: number }>> {
    return m.query(
      `SELECT l.id, l.title, l.slug,
              (SELECT count(*)::int FROM website_page_views v WHERE v.path = '/l/' || l.slug AND NOT v.is_bot AND v.created_at >= $1) AS visits,
              (SELECT count(*)::int FROM leads d WHERE d.landing_id = l.id AND d.created_at >= $1) AS enquiries
         FROM landings l ORDER BY visits DESC, enquiries DESC, l.created_at DESC LIMIT $2`,
      [from, limit],
    );
  }

  async insertShare(
    m: EntityManager,
    landingId: string,
    chatId: string,
    message: string,
    createdBy: string,
  ): Promise<{ id: string; created_at: Date }> {
    const rows: Array<{ id: string; created_at: Date }> = await m.query(
      `INSERT INTO landing_shares (landing_id, chat_id, message, created_by) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
      [landingId, chatId, message, createdBy],
    );
    return rows[0];
  }

  async shares(
    m: EntityManager,
    landingId: string,
    limit = 50,
  ): Promise<Array<{ id: string; chat_id: string; status: 'queued' | 'sent' | 'failed'; error: string | null; created_at: Date }>> {
    return m.query(
      `SELECT id, chat_id, status, error, created_at FROM landing_shares WHERE landing_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [landingId, limit],
    );
  }
}
