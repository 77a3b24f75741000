import type { LeadImportCounts } from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** A lead_imports row as the worker reads it. */
export interface ImportJobRow {
  id: string;
  status: string;
  file_path: string;
  format: 'csv' | 'xlsx';
  columns: string[];
  mapping: string[] | null;
  merge_duplicates: boolean;
  dry_run: boolean;
  actor_id: string | null;
}

/** A lead to insert (ids are made here, so a later row of the same batch can point at it). */
export interface NewLead {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  telegram: string;
  source: string;
  topic: string;
  message: string | null;
  status: string;
  quality: string;
  budget: number | null;
  ownerId: string | null;
  duplicateOfId: string | null;
  row: number;
}

/** Fields merged into an existing lead where it has none. */
export interface LeadPatch {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  telegram: string;
  message: string | null;
  budget: number | null;
}

/** One per-row error. */
export interface ImportError {
  row: number;
  field: string;
  message: string;
  original: string[];
}

/** Roles whose users can own leads (the CRM's). */
const CRM_ROLE_NAMES = ['employee', 'manager', 'admin', 'super_admin'];

/** Live leads; the duplicate keys below are the expressions of ix_leads_crm_phone10 and ix_leads_crm_email (migration 1764310000000). */
const LIVE = `l.deleted_at IS NULL AND l.merged_into_id IS NULL`;

/** SQL of the lead import in the worker (issue 22): reads and writes of lead_imports, leads, activities. */
export class LeadImportRepository {
  constructor(private readonly db: DataSource) {}

  async byId(id: string): Promise<ImportJobRow | null> {
    const rows: ImportJobRow[] = await this.db.query(
      `SELECT id, status, file_path, format, columns, mapping, merge_duplicates, dry_run, actor_id FROM lead_imports WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The preview: the header, the first rows, the number of data rows; status previewed. */
  async savePreview(id: string, columns: string[], rows: string[][], total: number): Promise<void> {
    await this.db.query(
      `UPDATE lead_imports SET status = 'previewed', columns = $2::jsonb, preview_rows = $3::jsonb, total_rows = $4, failure = NULL
        WHERE id = $1 AND status = 'uploaded'`,
      [id, JSON.stringify(columns), JSON.stringify(rows), total],
    );
  }

  /** Status failed with a message id. */
  async fail(id: string, failure: string): Promise<void> {
    await this.db.query(`UPDATE lead_imports SET status = 'failed', failure = $2, finished_at = now() WHERE id = $1`, [
      id,
      failure.slice(0, 500),
    ]);
  }

  /** Lower-cased e-mail -> id of the active CRM users (owners by an owner e-mail column). */
  async staffByEmail(): Promise<Map<string, string>> {
    const rows: Array<{ email: string; id: string }> = await this.db.query(
      `SELECT lower(u.email) AS email, u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name = ANY($1) AND u.status = 'active'`,
      [CRM_ROLE_NAMES],
    );
    return new Map(rows.map((r) => [r.email, r.id]));
  }

  /**
   * Refreshes the planner's statistics of leads (and the expression indexes): without them a table
   * that grew fast (an import) is believed tiny, and the duplicate lookup walks a whole index
   * instead of the expression index. Cheap: ANALYZE reads a sample.
   */
  async analyzeLeads(): Promise<void> {
    await this.db.query(`ANALYZE leads`);
  }

  /** Removes the errors of an earlier run of the same kind (a dry run's, or a real run's). */
  async clearErrors(id: string, dryRun: boolean): Promise<void> {
    await this.db.query(`DELETE FROM lead_import_errors WHERE import_id = $1 AND dry_run = $2`, [id, dryRun]);
  }

  /**
   * For each (phone key, e-mail key) of a batch, the oldest live lead with that phone key
   * (digits, last 10), else with that lower-case e-mail; null when none. One statement for the
   * whole batch: the batch as a set (unnest) joined to leads through the indexed expressions.
   */
  async findDuplicates(keys: Array<{ phone: string; email: string }>): Promise<Array<string | null>> {
    if (!keys.length) return [];
    const rows: Array<{ i: number; by_phone: string | null; by_email: string | null }> = await this.db.query(
      // array_agg (not ORDER BY ... LIMIT 1): the planner must not walk a created_at index looking for a first match.
      `SELECT b.i,
              (SELECT (array_agg(l.id ORDER BY l.created_at, l.id))[1] FROM leads l
                WHERE b.pk <> '' AND ${LIVE} AND l.phone <> '' AND right(regexp_replace(l.phone, '\\D', '', 'g'), 10) = b.pk) AS by_phone,
              (SELECT (array_agg(l.id ORDER BY l.created_at, l.id))[1] FROM leads l
                WHERE b.ek <> '' AND ${LIVE} AND l.email <> '' AND lower(l.email) = b.ek) AS by_email
         FROM unnest($1::int[], $2::text[], $3::text[]) AS b(i, pk, ek)`,
      [keys.map((_, i) => i), keys.map((k) => k.phone), keys.map((k) => k.email)],
    );
    const out: Array<string | null> = keys.map(() => null);
    for (const r of rows) out[r.i] = r.by_phone ?? r.by_email;
    return out;
  }

  /** Inserts the leads of a batch (one statement) and an 'import' activity on each. */
  async insertLeads(m: EntityManager, leads: NewLead[], importId: string, actorId: string | null): Promise<void> {
    if (!leads.length) return;
    const col = <T>(f: (l: NewLead) => T) => leads.map(f);
    await m.query(
      `INSERT INTO leads (id, first_name, last_name, phone, email, telegram, source, topic, message, status, quality, budget,
                          assigned_to, created_by, duplicate_of_id)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                            $10::text[], $11::text[], $12::numeric[], $13::uuid[], $14::uuid[], $15::uuid[])`,
      [
        col((l) => l.id),
        col((l) => l.firstName),
        col((l) => l.lastName),
        col((l) => l.phone),
        col((l) => l.email),
        col((l) => l.telegram),
        col((l) => l.source),
        col((l) => l.topic),
        col((l) => l.message),
        col((l) => l.status),
        col((l) => l.quality),
        col((l) => l.budget),
        col((l) => l.ownerId),
        leads.map(() => actorId),
        col((l) => l.duplicateOfId),
      ],
    );
    await m.query(
      `INSERT INTO activities (type, lead_id, actor_id, data)
       SELECT 'import', x.id, $2, jsonb_build_object('importId', $3::text, 'row', x.row) FROM unnest($1::uuid[], $4::int[]) AS x(id, row)`,
      [col((l) => l.id), actorId, importId, col((l) => l.row)],
    );
  }

  /**
   * Fills the empty fields of existing leads (one statement; one patch per lead) and records a
   * 'merged' activity per merged row on the lead it was merged into.
   */
  async mergeInto(
    m: EntityManager,
    patches: LeadPatch[],
    merged: Array<{ leadId: string; row: number }>,
    importId: string,
    actorId: string | null,
  ): Promise<void> {
    if (patches.length) {
      const col = <T>(f: (p: LeadPatch) => T) => patches.map(f);
      await m.query(
        `UPDATE leads l SET
            first_name = CASE WHEN l.first_name = '' THEN v.first_name ELSE l.first_name END,
            last_name = CASE WHEN l.last_name = '' THEN v.last_name ELSE l.last_name END,
            phone = CASE WHEN l.phone = '' THEN v.phone ELSE l.phone END,
            email = CASE WHEN l.email = '' THEN v.email ELSE l.email END,
            telegram = CASE WHEN l.telegram = '' THEN v.telegram ELSE l.telegram END,
            message = CASE WHEN COALESCE(l.message, '') = '' THEN v.message ELSE l.message END,
            budget = COALESCE(l.budget, v.budget),
            updated_at = now()
          FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::numeric[])
               AS v(id, first_name, last_name, phone, email, telegram, message, budget)
         WHERE l.id = v.id`,
        [
          col((p) => p.id),
          col((p) => p.firstName),
          col((p) => p.lastName),
          col((p) => p.phone),
          col((p) => p.email),
          col((p) => p.telegram),
          col((p) => p.message),
          col((p) => p.budget),
        ],
      );
    }
    if (merged.length) {
      await m.query(
        `INSERT INTO activities (type, lead_id, actor_id, data)
         SELECT 'merged', x.id, $2, jsonb_build_object('importId', $3::text, 'row', x.row, 'via', 'import')
           FROM unnest($1::uuid[], $4::int[]) AS x(id, row)`,
        [merged.map((x) => x.leadId), actorId, importId, merged.map((x) => x.row)],
      );
    }
  }

  /** Appends the per-row errors of a batch. */
  async insertErrors(m: EntityManager, importId: string, dryRun: boolean, errors: ImportError[]): Promise<void> {
    if (!errors.length) return;
    await m.query(
      `INSERT INTO lead_import_errors (import_id, row_number, field, message, dry_run, original)
       SELECT $1, x.r, x.f, x.m, $2, x.o FROM unnest($3::int[], $4::text[], $5::text[], $6::jsonb[]) AS x(r, f, m, o)`,
      [
        importId,
        dryRun,
        errors.map((e) => e.row),
        errors.map((e) => e.field),
        errors.map((e) => e.message),
        errors.map((e) => JSON.stringify(e.original)),
      ],
    );
  }

  /** The progress and counts so far (after each batch, in its transaction). */
  async progress(m: EntityManager | DataSource, id: string, processed: number, c: Omit<LeadImportCounts, 'totalRows'>): Promise<void> {
    await m.query(
      `UPDATE lead_imports SET processed_rows = $2, created_count = $3, duplicate_count = $4, merged_count = $5, error_count = $6 WHERE id = $1`,
      [id, processed, c.createdCount, c.duplicateCount, c.mergedCount, c.errorCount],
    );
  }

  /**
   * The end of a run: a real run is completed (with the audit row lead_import.complete, its
   * counts, by the importing user); a dry run goes back to previewed with its counts in
   * dry_run_result and writes nothing else.
   */
  async finish(id: string, dryRun: boolean, counts: LeadImportCounts, actorId: string | null): Promise<void> {
    await this.db.transaction(async (m) => {
      if (dryRun) {
        await m.query(
          `UPDATE lead_imports SET status = 'previewed', dry_run_result = $2::jsonb, processed_rows = $3, finished_at = now() WHERE id = $1`,
          [id, JSON.stringify(counts), counts.totalRows],
        );
        return;
      }
      await m.query(
        `UPDATE lead_imports SET status = 'completed', total_rows = $2, processed_rows = $2, created_count = $3, duplicate_count = $4,
                merged_count = $5, error_count = $6, finished_at = now() WHERE id = $1`,
        [id, counts.totalRows, counts.createdCount, counts.duplicateCount, counts.mergedCount, counts.errorCount],
      );
      const actor: Array<{ email: string; role: string }> = actorId
        ? await m.query(`SELECT u.email, r.name AS role FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1`, [actorId])
        : [];
      await m.query(
        `INSERT INTO audit_logs (actor_id, actor_email, actor_role, action, entity, entity_id, before, after, ip, user_agent)
         VALUES ($1, $2, $3, 'lead_import.complete', 'lead_import', $4, NULL, $5::jsonb, NULL, 'worker')`,
        [actorId, actor[0]?.email ?? '', actor[0]?.role ?? '', id, JSON.stringify(counts)],
      );
    });
  }
}
