import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the CRM clients and deals screens (issue 22 "Deals", "Clients"; spec 02 §2):
 * - the kanban board's 'my' scope counts and sums a stage from the index alone (amount included),
 *   and pages its cards by position, as ix_deals_stage_position does for 'all';
 * - the deal list sorts by the last change;
 * - the client list's text search (name, company, phone, e-mail, BIN) is a trigram search over
 *   one lower-cased text (the phone also as digits only), as the listings' search_text.
 */
export class CrmDealsIndexes1764320000000 implements MigrationInterface {
  name = 'CrmDealsIndexes1764320000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX ix_deals_owner_stage_position ON deals (owner_id, stage, position, id) INCLUDE (amount) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX ix_deals_updated ON deals (updated_at DESC, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_deals_client_open ON deals (client_id) WHERE deleted_at IS NULL AND stage NOT IN ('won', 'lost')`);
    await q.query(`
      ALTER TABLE clients ADD COLUMN search_text text GENERATED ALWAYS AS (
        lower(first_name || ' ' || last_name || ' ' || company_name || ' ' || coalesce(bin, '') || ' ' || phone || ' ' ||
          regexp_replace(phone, '[^0-9]', '', 'g') || ' ' || email)
      ) STORED`);
    await q.query(`CREATE INDEX ix_clients_search_trgm ON clients USING gin (search_text gin_trgm_ops) WHERE deleted_at IS NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_clients_search_trgm`);
    await q.query(`ALTER TABLE clients DROP COLUMN IF EXISTS search_text`);
    await q.query(`DROP INDEX IF EXISTS ix_deals_client_open`);
    await q.query(`DROP INDEX IF EXISTS ix_deals_updated`);
    await q.query(`DROP INDEX IF EXISTS ix_deals_owner_stage_position`);
  }
}
