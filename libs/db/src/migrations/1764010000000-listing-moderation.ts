import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listing moderation (issue 21, spec 02 §4; docs/decisions/036-listing-lifecycle.md):
 * - pending_changes: an employee's edit of an active listing, kept apart until an admin approves
 *   it (the public keeps seeing the approved version meanwhile); null when none is waiting;
 * - rejection_reason / rejection_notes / rejected_at: the last rejection, shown to the author,
 *   cleared by the next approval or edit.
 * The catalogue_version trigger already moves on any change of a properties row.
 */
export class ListingModeration1764010000000 implements MigrationInterface {
  name = 'ListingModeration1764010000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE properties
        ADD COLUMN pending_changes jsonb NULL,
        ADD COLUMN rejection_reason varchar(500) NULL,
        ADD COLUMN rejection_notes varchar(2000) NULL,
        ADD COLUMN rejected_at timestamptz NULL`);
    await q.query(
      `CREATE INDEX ix_properties_moderation ON properties (updated_at) WHERE deleted_at IS NULL AND (status = 'pending' OR pending_changes IS NOT NULL)`,
    );
    await q.query(`CREATE INDEX ix_properties_deleted ON properties (deleted_at DESC) WHERE deleted_at IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_properties_deleted`);
    await q.query(`DROP INDEX ix_properties_moderation`);
    await q.query(
      `ALTER TABLE properties DROP COLUMN pending_changes, DROP COLUMN rejection_reason, DROP COLUMN rejection_notes, DROP COLUMN rejected_at`,
    );
  }
}
