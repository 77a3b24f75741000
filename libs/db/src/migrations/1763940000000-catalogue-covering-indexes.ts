import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The public-listing predicate of the partial indexes (PropertiesService PUBLIC). */
const PUB = `WHERE status = 'active' AND deleted_at IS NULL`;

/**
 * The columns the catalogue filters compare (spec 01 §2 filter panel, §7 query): carried in
 * the sort indexes so the page-of-ids query of GET /api/properties (PropertiesService
 * pageIdsQuery) is an index-only scan: it walks the index in sort order, filters on these
 * columns and skips OFFSET rows without reading the wide heap rows (titles and descriptions
 * in four languages). Text search and the characteristic flags still read the heap.
 */
const FILTER_COLUMNS = [
  'deal_type',
  'property_type_id',
  'category_id',
  'subcategory_id',
  'district_id',
  'price',
  'area',
  'featured',
  'created_at',
];
const include = (...key: string[]) => `INCLUDE (${FILTER_COLUMNS.filter((c) => !key.includes(c)).join(', ')})`;

/**
 * Covering sort indexes for the catalogue (issue 6, npm run bench at 20,000 listings): the
 * page query of the typical filter (rent, offices, ≤ 5 M ₸, ≥ 50 m²) went from a bitmap heap
 * scan and a sort of every match (17.7 ms at page 70) to an index-only scan (0.14 ms at page
 * 1, 2.3 ms at page 70). (deal_type, property_type_id, created_at, id) also gets `id` in its key
 * so the newest-first order needs no extra sort step.
 */
export class CatalogueCoveringIndexes1763940000000 implements MigrationInterface {
  name = 'CatalogueCoveringIndexes1763940000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP INDEX ix_properties_public_created, ix_properties_public_price, ix_properties_public_area, ix_properties_public_deal_type`,
    );
    await q.query(`CREATE INDEX ix_properties_public_created ON properties (created_at DESC, id DESC) ${include('created_at')} ${PUB}`);
    await q.query(`CREATE INDEX ix_properties_public_price ON properties (price, id) ${include('price')} ${PUB}`);
    await q.query(`CREATE INDEX ix_properties_public_area ON properties (area, id) ${include('area')} ${PUB}`);
    await q.query(
      `CREATE INDEX ix_properties_public_deal_type ON properties (deal_type, property_type_id, created_at DESC, id DESC) ${include('deal_type', 'property_type_id', 'created_at')} ${PUB}`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP INDEX ix_properties_public_created, ix_properties_public_price, ix_properties_public_area, ix_properties_public_deal_type`,
    );
    await q.query(`CREATE INDEX ix_properties_public_created ON properties (created_at DESC, id DESC) ${PUB}`);
    await q.query(`CREATE INDEX ix_properties_public_price ON properties (price, id) ${PUB}`);
    await q.query(`CREATE INDEX ix_properties_public_area ON properties (area, id) ${PUB}`);
    await q.query(`CREATE INDEX ix_properties_public_deal_type ON properties (deal_type, property_type_id, created_at DESC) ${PUB}`);
  }
}
