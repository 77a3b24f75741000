import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Presentations (issue 23 "Presentations"; spec 02 §2 /dashboard/presentations, §7 Presentations):
 * - `presentation_batches`: one bulk run (POST /api/presentations/bulk-generate): who asked, the
 *   selection (property ids) or catalogue filter, languages x formats, the template and options,
 *   and how many presentations it made (`total`). Its progress is counted from `presentations`.
 * - `presentations`: one generated file (PDF or PPTX) of one or more listings in one language:
 *   status generating -> completed | failed (with `error`) -> expired (file removed by the
 *   maintenance job after PRESENTATION_RETENTION_DAYS). `file_key` is under DATA_DIR/private;
 *   `attempts` counts the worker's runs (a killed worker's job is run again by another).
 */
export class Presentations1764400000000 implements MigrationInterface {
  name = 'Presentations1764400000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE presentation_batches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        template_id varchar(20) NOT NULL,
        selection jsonb NOT NULL DEFAULT '{}',
        languages varchar(2)[] NOT NULL,
        formats varchar(4)[] NOT NULL,
        options jsonb NOT NULL DEFAULT '{}',
        total integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_presentation_batches_created_by ON presentation_batches (created_by, created_at DESC)`);
    await q.query(`
      CREATE TABLE presentations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(300) NOT NULL,
        property_ids uuid[] NOT NULL,
        template_id varchar(20) NOT NULL,
        format varchar(4) NOT NULL CHECK (format IN ('pdf', 'pptx')),
        language varchar(2) NOT NULL CHECK (language IN ('ru', 'en', 'kk', 'zh')),
        options jsonb NOT NULL DEFAULT '{}',
        status varchar(12) NOT NULL DEFAULT 'generating'
          CHECK (status IN ('generating', 'completed', 'failed', 'expired')),
        error varchar(500),
        file_key varchar(300),
        size_bytes bigint,
        pages integer,
        download_count integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        batch_id uuid REFERENCES presentation_batches(id) ON DELETE CASCADE,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        expires_at timestamptz
      )`);
    await q.query(`CREATE INDEX ix_presentations_created ON presentations (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_presentations_created_by ON presentations (created_by, created_at DESC)`);
    await q.query(`CREATE INDEX ix_presentations_batch ON presentations (batch_id, status) WHERE batch_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_presentations_expiring ON presentations (expires_at) WHERE status = 'completed'`);
    await q.query(`CREATE INDEX ix_presentations_generating ON presentations (created_at) WHERE status = 'generating'`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE presentations`);
    await q.query(`DROP TABLE presentation_batches`);
  }
}
