import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the CRM's lead list, duplicate check and waiting check (issue 22 "Leads"; the
 * filtered list answers p99 <= 50 ms over 100,000 leads). Every list index is partial on the
 * live leads (`deleted_at IS NULL AND merged_into_id IS NULL`, as lead-filters.sql.ts always
 * filters) and ends with id, the keyset's tie-break:
 * - scope 'my' (assigned_to) by created / updated / name; 'all' by the same;
 * - status with creation (the status filter and the "new leads" views);
 * - the text search: a trigram GIN index on exactly the expression of lead-filters.sql.ts;
 * - duplicates: the last 10 digits of the phone, lower(email);
 * - the waiting check: new leads never contacted and not yet reported.
 */
export class CrmLeadIndexes1764310000000 implements MigrationInterface {
  name = 'CrmLeadIndexes1764310000000';

  public async up(q: QueryRunner): Promise<void> {
    const live = `deleted_at IS NULL AND merged_into_id IS NULL`;
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX ix_leads_crm_owner_created ON leads (assigned_to, created_at, id) WHERE ${live}`);
    await q.query(`CREATE INDEX ix_leads_crm_owner_updated ON leads (assigned_to, updated_at, id) WHERE ${live}`);
    await q.query(`CREATE INDEX ix_leads_crm_created ON leads (created_at, id) WHERE ${live}`);
    await q.query(`CREATE INDEX ix_leads_crm_updated ON leads (updated_at, id) WHERE ${live}`);
    await q.query(`CREATE INDEX ix_leads_crm_name ON leads (lower(first_name || ' ' || last_name), id) WHERE ${live}`);
    await q.query(`CREATE INDEX ix_leads_crm_status_created ON leads (status, created_at, id) WHERE ${live}`);
    await q.query(`CREATE INDEX ix_leads_crm_owner_status_created ON leads (assigned_to, status, created_at, id) WHERE ${live}`);
    await q.query(
      `CREATE INDEX ix_leads_crm_search_trgm ON leads
         USING gin (lower(first_name || ' ' || last_name || ' ' || phone || ' ' || email) gin_trgm_ops) WHERE ${live}`,
    );
    await q.query(
      `CREATE INDEX ix_leads_crm_phone10 ON leads (right(regexp_replace(phone, '\\D', '', 'g'), 10)) WHERE ${live} AND phone <> ''`,
    );
    await q.query(`CREATE INDEX ix_leads_crm_email ON leads (lower(email)) WHERE ${live} AND email <> ''`);
    await q.query(
      `CREATE INDEX ix_leads_crm_waiting ON leads (created_at)
         WHERE status = 'new' AND first_contacted_at IS NULL AND wait_notified_at IS NULL AND deleted_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX ix_users_lead_rotation ON users (last_lead_assigned_at NULLS FIRST, created_at, id) WHERE in_lead_rotation`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const ix of [
      'ix_users_lead_rotation',
      'ix_leads_crm_waiting',
      'ix_leads_crm_email',
      'ix_leads_crm_phone10',
      'ix_leads_crm_search_trgm',
      'ix_leads_crm_owner_status_created',
      'ix_leads_crm_status_created',
      'ix_leads_crm_name',
      'ix_leads_crm_updated',
      'ix_leads_crm_created',
      'ix_leads_crm_owner_updated',
      'ix_leads_crm_owner_created',
    ])
      await q.query(`DROP INDEX IF EXISTS ${ix}`);
  }
}
