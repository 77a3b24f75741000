import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Columns of `properties` that are counters, not content: changing them does not change the catalogue's version. */
export const CATALOGUE_COUNTER_COLUMNS = ['views_count', 'favorites_count', 'updated_at'] as const;

/**
 * The catalogue's version (issue 6; docs/decisions/017-catalogue-read-path.md): one row whose
 * number goes up, in the writing transaction, whenever what the public catalogue shows may
 * have changed: a listing inserted, deleted or changed in anything but its counters (views,
 * favourites), or any of its images. Every API process reads it at most once a second
 * (CATALOGUE_VERSION_POLL_MS) and keeps its catalogue answers while it has not moved, so a
 * change made by any process or by hand is seen everywhere within about a second, and
 * unchanged pages are not recomputed every few seconds. It becomes visible when the change
 * commits (it is a row, not a sequence), so no reader can see the new number with the old data.
 */
export class CatalogueVersion1763950000000 implements MigrationInterface {
  name = 'CatalogueVersion1763950000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalogue_version (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        version bigint NOT NULL DEFAULT 1,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO catalogue_version DEFAULT VALUES`);
    await q.query(`
      CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE catalogue_version SET version = version + 1, changed_at = now() WHERE id = 1;
        RETURN NULL;
      END $$`);
    const counters = CATALOGUE_COUNTER_COLUMNS.map((c) => ` - '${c}'`).join('');
    await q.query(
      `CREATE TRIGGER properties_catalogue_version AFTER INSERT OR DELETE OR TRUNCATE ON properties FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`,
    );
    // Row by row for updates, so a view or favourite counted (every property page) moves nothing.
    await q.query(
      `CREATE TRIGGER properties_catalogue_version_update AFTER UPDATE ON properties FOR EACH ROW
       WHEN ((to_jsonb(OLD)${counters}) IS DISTINCT FROM (to_jsonb(NEW)${counters})) EXECUTE FUNCTION bump_catalogue_version()`,
    );
    await q.query(
      `CREATE TRIGGER property_images_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON property_images FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER property_images_catalogue_version ON property_images`);
    await q.query(`DROP TRIGGER properties_catalogue_version_update ON properties`);
    await q.query(`DROP TRIGGER properties_catalogue_version ON properties`);
    await q.query(`DROP FUNCTION bump_catalogue_version()`);
    await q.query(`DROP TABLE catalogue_version`);
  }
}
