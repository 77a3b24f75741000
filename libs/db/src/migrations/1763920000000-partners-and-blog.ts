import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Partners and news (issue 5, spec 01 §3 Partner, Blog category, Blog post): partner
 * categories with display data, partners with structured services and working hours, blog
 * categories and posts with per-language texts.
 */
export class PartnersAndBlog1763920000000 implements MigrationInterface {
  name = 'PartnersAndBlog1763920000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE partner_categories (
        id serial PRIMARY KEY,
        slug varchar(64) NOT NULL UNIQUE,
        name jsonb NOT NULL,
        icon varchar(32) NOT NULL DEFAULT 'dot',
        color varchar(16) NOT NULL DEFAULT '#6b7280',
        sort_order int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE partners (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(80) NOT NULL UNIQUE,
        name varchar(160) NOT NULL,
        logo_url varchar(500),
        description jsonb NOT NULL,
        category_id int REFERENCES partner_categories(id) ON DELETE SET NULL,
        address varchar(300) NOT NULL,
        building_floor int,
        office_number varchar(32),
        latitude numeric(9,6),
        longitude numeric(9,6),
        phone varchar(40),
        email varchar(254),
        website_url varchar(500),
        instagram varchar(100),
        services jsonb NOT NULL DEFAULT '[]'::jsonb,
        working_hours jsonb,
        rating numeric(2,1) NOT NULL DEFAULT 0 CHECK (rating >= 0 AND rating <= 5),
        reviews_count int NOT NULL DEFAULT 0,
        is_in_business_center boolean NOT NULL DEFAULT true,
        discount_info jsonb,
        featured boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        sort_order int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // GET /api/partners: active partners in display order, filtered by category.
    await q.query(`CREATE INDEX ix_partners_public_order ON partners (sort_order, name, id) WHERE is_active`);
    await q.query(`CREATE INDEX ix_partners_category ON partners (category_id) WHERE is_active`);

    await q.query(`
      CREATE TABLE blog_categories (
        id serial PRIMARY KEY,
        slug varchar(64) NOT NULL UNIQUE,
        name jsonb NOT NULL,
        sort_order int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE blog_posts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(220) NOT NULL UNIQUE,
        category_id int REFERENCES blog_categories(id) ON DELETE SET NULL,
        title jsonb NOT NULL,
        excerpt jsonb NOT NULL,
        content jsonb NOT NULL,
        cover_image_key varchar(300),
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        author_role jsonb,
        status varchar(16) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
        published_at timestamptz,
        reading_time_minutes int NOT NULL DEFAULT 1,
        views_count int NOT NULL DEFAULT 0,
        seo_title jsonb,
        seo_description jsonb,
        seo_keywords jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The public list: published, newest first.
    await q.query(`CREATE INDEX ix_blog_posts_public ON blog_posts (published_at DESC, id DESC) WHERE status = 'published'`);
    await q.query(`CREATE INDEX ix_blog_posts_category ON blog_posts (category_id, published_at DESC) WHERE status = 'published'`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS blog_posts`);
    await q.query(`DROP TABLE IF EXISTS blog_categories`);
    await q.query(`DROP TABLE IF EXISTS partners`);
    await q.query(`DROP TABLE IF EXISTS partner_categories`);
  }
}
