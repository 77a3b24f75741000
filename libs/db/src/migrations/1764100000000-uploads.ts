import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded files (issue 21, spec 02 §7 Uploads): one row per stored file with its generated
 * name (uuid + extension of the detected type), kind, storage key and uploader, so
 * DELETE /api/upload/{name} can tell who may delete it. A property image also has its
 * property_images row (property_image_id; the row goes when the listing image does).
 */
export class Uploads1764100000000 implements MigrationInterface {
  name = 'Uploads1764100000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE uploads (
        name varchar(64) PRIMARY KEY,
        kind varchar(16) NOT NULL,
        mime varchar(128) NOT NULL,
        size_bytes integer NOT NULL,
        storage_key varchar(300) NOT NULL,
        uploader_id uuid NULL REFERENCES users(id) ON DELETE SET NULL,
        property_image_id uuid NULL REFERENCES property_images(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_uploads_uploader ON uploads (uploader_id)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE uploads`);
  }
}
