import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The blog desk (issue 23 "The blog desk"; spec 02 §2 Blog, §7 Blog): what staff writes need on
 * blog_posts, and the auto-month batches.
 * - kind 'blog' | 'news': /dashboard/admin/news is the same desk filtered to news;
 * - moderation_status pending | approved | rejected with the moderator's note, who and when.
 *   Existing posts and rows written by the seed or imports are approved (the default); the desk
 *   and the worker set it explicitly (pending for a manager's or a generated post). Public only when published
 *   AND approved (api/src/blog/blog.service.ts PUBLISHED);
 * - scheduled_at: a draft that the maintenance job PublishScheduledPosts publishes at that time
 *   once approved (ix_blog_posts_due);
 * - generated_by_ai, batch_id (the auto-month batch that made it), created_by, updated_by;
 * - blog_batches: one auto-month request (start date, languages, kind), its progress
 *   (total, done) and status queued -> running -> completed | failed, filled by the worker.
 */
export class BlogDesk1764430000000 implements MigrationInterface {
  name = 'BlogDesk1764430000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE blog_batches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(8) NOT NULL DEFAULT 'blog' CHECK (kind IN ('blog', 'news')),
        start_date date NOT NULL,
        languages jsonb NOT NULL DEFAULT '["ru"]'::jsonb,
        status varchar(12) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        total integer NOT NULL DEFAULT 0,
        done integer NOT NULL DEFAULT 0,
        failure varchar(500),
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`
      ALTER TABLE blog_posts
        ADD COLUMN kind varchar(8) NOT NULL DEFAULT 'blog' CHECK (kind IN ('blog', 'news')),
        ADD COLUMN moderation_status varchar(12) NOT NULL DEFAULT 'approved'
          CHECK (moderation_status IN ('pending', 'approved', 'rejected')),
        ADD COLUMN moderation_note varchar(1000),
        ADD COLUMN moderated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN moderated_at timestamptz,
        ADD COLUMN scheduled_at timestamptz,
        ADD COLUMN generated_by_ai boolean NOT NULL DEFAULT false,
        ADD COLUMN batch_id uuid REFERENCES blog_batches(id) ON DELETE SET NULL,
        ADD COLUMN created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN updated_by uuid REFERENCES users(id) ON DELETE SET NULL`);
    // PublishScheduledPosts: approved drafts whose time has come, oldest first.
    await q.query(
      `CREATE INDEX ix_blog_posts_due ON blog_posts (scheduled_at) WHERE status = 'draft' AND scheduled_at IS NOT NULL AND moderation_status = 'approved'`,
    );
    // The staff list, newest first, per kind.
    await q.query(`CREATE INDEX ix_blog_posts_desk ON blog_posts (kind, updated_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_blog_posts_batch ON blog_posts (batch_id) WHERE batch_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_blog_posts_batch`);
    await q.query(`DROP INDEX IF EXISTS ix_blog_posts_desk`);
    await q.query(`DROP INDEX IF EXISTS ix_blog_posts_due`);
    await q.query(`
      ALTER TABLE blog_posts
        DROP COLUMN kind, DROP COLUMN moderation_status, DROP COLUMN moderation_note, DROP COLUMN moderated_by,
        DROP COLUMN moderated_at, DROP COLUMN scheduled_at, DROP COLUMN generated_by_ai, DROP COLUMN batch_id,
        DROP COLUMN created_by, DROP COLUMN updated_by`);
    await q.query(`DROP TABLE IF EXISTS blog_batches`);
  }
}
