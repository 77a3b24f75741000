import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lead import and export (issue 22 "Leads": `POST /api/crm/leads/import`, `GET
 * /api/crm/leads/export`; spec 02 §2 "export, import from a file"):
 * - `lead_imports`: one uploaded file (CSV or XLSX, kept outside the public uploads), its
 *   status (uploaded -> previewed -> running -> completed | failed; a dry run goes back to
 *   previewed with its counts in `dry_run_result`), the column mapping, the progress and the
 *   exact counts, the preview (columns and first rows) made by the worker;
 * - `lead_import_errors`: the per-row errors (row number, field, message id, the row's
 *   original cells), downloaded as CSV in the reader's language;
 * - the links of duplicates and merged leads (a lead's duplicates; deleting a lead checks them).
 * The duplicate lookup uses ix_leads_crm_phone10 and ix_leads_crm_email, the export's keyset
 * ix_leads_crm_created (migration 1764310000000).
 */
export class LeadImports1764340000000 implements MigrationInterface {
  name = 'LeadImports1764340000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lead_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        status varchar(12) NOT NULL DEFAULT 'uploaded'
          CHECK (status IN ('uploaded', 'previewed', 'running', 'completed', 'failed')),
        file_path varchar(300) NOT NULL,
        original_name varchar(255) NOT NULL DEFAULT '',
        format varchar(4) NOT NULL CHECK (format IN ('csv', 'xlsx')),
        size_bytes integer NOT NULL DEFAULT 0,
        columns jsonb NOT NULL DEFAULT '[]',
        preview_rows jsonb NOT NULL DEFAULT '[]',
        mapping jsonb,
        merge_duplicates boolean NOT NULL DEFAULT false,
        dry_run boolean NOT NULL DEFAULT false,
        dry_run_result jsonb,
        total_rows integer,
        processed_rows integer NOT NULL DEFAULT 0,
        created_count integer NOT NULL DEFAULT 0,
        duplicate_count integer NOT NULL DEFAULT 0,
        merged_count integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        errors_file_path varchar(300),
        failure varchar(500),
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX ix_lead_imports_actor_created ON lead_imports (actor_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE lead_import_errors (
        import_id uuid NOT NULL REFERENCES lead_imports(id) ON DELETE CASCADE,
        row_number integer NOT NULL,
        field varchar(32) NOT NULL,
        message varchar(64) NOT NULL,
        dry_run boolean NOT NULL DEFAULT false,
        original jsonb NOT NULL DEFAULT '[]'
      )`);
    await q.query(`CREATE INDEX ix_lead_import_errors_import ON lead_import_errors (import_id, dry_run, row_number)`);

    // The duplicates and merged leads of a lead; also what deleting a lead checks (ON DELETE SET NULL).
    await q.query(`CREATE INDEX ix_leads_duplicate_of ON leads (duplicate_of_id) WHERE duplicate_of_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_leads_merged_into ON leads (merged_into_id) WHERE merged_into_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_leads_merged_into`);
    await q.query(`DROP INDEX IF EXISTS ix_leads_duplicate_of`);
    await q.query(`DROP TABLE IF EXISTS lead_import_errors`);
    await q.query(`DROP TABLE IF EXISTS lead_imports`);
  }
}
