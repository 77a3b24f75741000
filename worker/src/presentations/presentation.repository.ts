import type { DataSource } from 'typeorm';

/** A presentations row as the worker reads it. */
export interface PresentationJobRow {
  id: string;
  title: string;
  property_ids: string[];
  template_id: 'one-page' | 'classic' | 'gallery';
  format: 'pdf' | 'pptx';
  language: 'ru' | 'en' | 'kk' | 'zh';
  options: { showPrice?: boolean; includeAgentContacts?: boolean };
  status: 'generating' | 'completed' | 'failed' | 'expired';
  created_by: string | null;
  /** Runs of the job so far, this one included when read by start(). */
  attempts: number;
}

/** A listing with what a deck shows of it (texts as stored, per language). */
export interface DeckPropertyRow {
  id: string;
  slug: string;
  title: Record<string, string>;
  description: Record<string, string>;
  deal_type: 'sale' | 'rent';
  category_name: Record<string, string> | null;
  price: string;
  area: string;
  address: string;
  district_name: Record<string, string> | null;
  floor: number | null;
  total_floors: number | null;
  latitude: number | null;
  longitude: number | null;
  characteristics: Record<string, unknown>;
  features: string[];
  agent_id: string | null;
  /** Storage keys (under DATA_DIR/uploads), gallery variant when made, in display order. */
  photo_keys: string[];
  /** The thumb (480 px JPEG) variant's key of each of photo_keys, null where none was made. */
  small_photo_keys: Array<string | null>;
}

export interface AgentRow {
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
}

const COLUMNS = 'id, title, property_ids, template_id, format, language, options, status, created_by, attempts';

/** SQL of the presentation jobs (issue 23). */
export class PresentationJobRepository {
  constructor(private readonly db: DataSource) {}

  async byId(id: string): Promise<PresentationJobRow | null> {
    const rows: PresentationJobRow[] = await this.db.query(`SELECT ${COLUMNS} FROM presentations WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Starts a run: the presentation, if it is still generating, with this run counted (a killed
   * worker's run counts too); null when it is gone or no longer generating (read it with byId).
   */
  async start(id: string): Promise<PresentationJobRow | null> {
    const rows: unknown[] = await this.db.query(
      `UPDATE presentations SET attempts = attempts + 1, updated_at = now() WHERE id = $1 AND status = 'generating' RETURNING ${COLUMNS}`,
      [id],
    );
    return (returned(rows)[0] as PresentationJobRow | undefined) ?? null;
  }

  /** The listings (not deleted) of `ids` in that order, with category, district and photos. */
  async properties(ids: string[]): Promise<DeckPropertyRow[]> {
    return this.db.query(
      `SELECT p.id, p.slug, p.title, p.description, p.deal_type, c.name AS category_name, p.price::text AS price,
              p.area::text AS area, p.address, d.name AS district_name, p.floor, p.total_floors, p.latitude, p.longitude,
              p.characteristics, p.features, p.agent_id,
              COALESCE(ph.photo_keys, '{}') AS photo_keys, COALESCE(ph.small_photo_keys, '{}') AS small_photo_keys
         FROM unnest($1::uuid[]) WITH ORDINALITY AS s(pid, ord)
         JOIN properties p ON p.id = s.pid AND p.deleted_at IS NULL
         -- one pass over the listing's images for both arrays, in the same order
         LEFT JOIN LATERAL (
           SELECT array_agg(COALESCE(i.variants ->> 'gallery', i.storage_key) ORDER BY i.sort_order, i.created_at) AS photo_keys,
                  array_agg(i.variants ->> 'thumb' ORDER BY i.sort_order, i.created_at) AS small_photo_keys
             FROM property_images i WHERE i.property_id = p.id
         ) ph ON true
         LEFT JOIN property_categories c ON c.id = p.category_id
         LEFT JOIN districts d ON d.id = p.district_id
        ORDER BY s.ord`,
      [ids],
    );
  }

  async user(id: string): Promise<AgentRow | null> {
    const rows: AgentRow[] = await this.db.query(`SELECT first_name, last_name, phone, email FROM users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * generating -> completed with its file; expires `retentionDays` later. False when the row is
   * gone or no longer generating (deleted meanwhile): the caller removes the file it wrote.
   */
  async complete(id: string, fileKey: string, size: number, retentionDays: number): Promise<boolean> {
    const rows: Array<{ id: string }> = await this.db.query(
      `UPDATE presentations SET status = 'completed', file_key = $2, size_bytes = $3, error = NULL,
              completed_at = now(), updated_at = now(), expires_at = now() + make_interval(secs => $4::double precision)
        WHERE id = $1 AND status = 'generating' RETURNING id`,
      [id, fileKey, size, retentionDays * 86_400],
    );
    return affected(rows) === 1;
  }

  /** generating -> failed with the reason (the job's last attempt). */
  async fail(id: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE presentations SET status = 'failed', error = $2, updated_at = now() WHERE id = $1 AND status = 'generating'`,
      [id, reason.slice(0, 500)],
    );
  }

  /** Completed presentations past their expiry (at most `limit`), oldest first. */
  async expiredFiles(limit: number): Promise<Array<{ id: string; file_key: string | null }>> {
    return this.db.query(
      `SELECT id, file_key FROM presentations WHERE status = 'completed' AND expires_at <= now() ORDER BY expires_at LIMIT $1`,
      [limit],
    );
  }

  async markExpired(id: string): Promise<void> {
    await this.db.query(
      `UPDATE presentations SET status = 'expired', file_key = NULL, updated_at = now() WHERE id = $1 AND status = 'completed'`,
      [id],
    );
  }

  /** Presentations still generating that were created before `olderThanMs` ago (their job may have been lost). */
  async stale(olderThanMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM presentations WHERE status = 'generating' AND updated_at < now() - make_interval(secs => $1::double precision)
        ORDER BY created_at LIMIT $2`,
      [olderThanMs / 1000, limit],
    );
    return rows.map((r) => r.id);
  }
}

/** The rows of an UPDATE ... RETURNING: TypeORM answers an UPDATE with [rows, affected count]. */
function returned(result: unknown[]): unknown[] {
  return Array.isArray(result[0]) ? (result[0] as unknown[]) : result;
}

function affected(result: unknown[]): number {
  return returned(result).length;
}
