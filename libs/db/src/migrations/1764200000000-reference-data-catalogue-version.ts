import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The reference tables the administration edits (issue 21; spec 02 §2 admin reference screens). */
const REFERENCE_TABLES = ['property_categories', 'property_subcategories', 'property_types', 'building_complexes'] as const;

/**
 * Reference data edited in the back office (issue 21; spec 02 §2 /dashboard/admin/property-
 * categories, /property-types, /building-complexes) moves the catalogue's version like a
 * listing change does (migration CatalogueVersion, decision 017): the category tree, the cards'
 * names and the web page cache that polls GET /api/properties/version then follow a rename, an
 * addition or a deletion in every process within a version poll, not only in the writing one.
 */
export class ReferenceDataCatalogueVersion1764200000000 implements MigrationInterface {
  name = 'ReferenceDataCatalogueVersion1764200000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of REFERENCE_TABLES) {
      await q.query(
        `CREATE TRIGGER ${table}_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`,
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of REFERENCE_TABLES) await q.query(`DROP TRIGGER ${table}_catalogue_version ON ${table}`);
  }
}
