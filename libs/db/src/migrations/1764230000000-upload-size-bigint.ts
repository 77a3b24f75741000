import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Video uploads (issue 21, spec 02 §7 Uploads; decision 035): a video may be larger than the
 * 2 GiB an integer column holds (UPLOAD_VIDEO_MAX_BYTES allows up to 4 GB), so uploads.size_bytes
 * becomes a bigint.
 */
export class UploadSizeBigint1764230000000 implements MigrationInterface {
  name = 'UploadSizeBigint1764230000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads ALTER COLUMN size_bytes TYPE bigint`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads ALTER COLUMN size_bytes TYPE integer`);
  }
}
