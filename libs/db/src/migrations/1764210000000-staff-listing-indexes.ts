import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The staff list never shows soft-deleted listings. */
const LIVE = `WHERE deleted_at IS NULL`;
/** The filters of the staff list carried in each index, so the page of ids is an index-only scan. */
const INCLUDE = (...skip: string[]) =>
  `INCLUDE (${['owner_id', 'status', 'deal_type', 'category_id'].filter((c) => !skip.includes(c)).join(', ')})`;

/**
 * Keyset indexes of the staff listing list (issue 21; GET /api/properties/manage, spec 02 §2):
 * one per sort of "all" (updated, created, price, area; `(col, id)`, walked either way for
 * asc / desc), plus (owner_id, updated_at, id) for "mine" in its default order. Each carries
 * the filter columns (owner, status, deal type, category), so a filtered page walks the index
 * and reads the heap only for the rows it returns, and the count is an index-only scan.
 * None holds views_count or favorites_count, so counting a view stays a HOT update
 * (migration 1763960000000).
 */
export class StaffListingIndexes1764210000000 implements MigrationInterface {
  name = 'StaffListingIndexes1764210000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_properties_staff_updated ON properties (updated_at, id) ${INCLUDE()} ${LIVE}`);
    await q.query(`CREATE INDEX ix_properties_staff_created ON properties (created_at, id) ${INCLUDE()} ${LIVE}`);
    await q.query(`CREATE INDEX ix_properties_staff_price ON properties (price, id) ${INCLUDE()} ${LIVE}`);
    await q.query(`CREATE INDEX ix_properties_staff_area ON properties (area, id) ${INCLUDE()} ${LIVE}`);
    await q.query(`CREATE INDEX ix_properties_staff_owner ON properties (owner_id, updated_at, id) ${INCLUDE('owner_id')} ${LIVE}`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP INDEX ix_properties_staff_updated, ix_properties_staff_created, ix_properties_staff_price, ix_properties_staff_area, ix_properties_staff_owner`,
    );
  }
}
