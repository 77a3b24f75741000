import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Initial schema: users and roles, catalogue reference data, listings and their images
 * (spec 01 §3). Search over titles (every language) and address uses a trigram GIN index
 * on a generated column, so `ILIKE '%q%'` never scans the table.
 */
export class InitialSchema1763870400000 implements MigrationInterface {
  name = 'InitialSchema1763870400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);

    await q.query(`
      CREATE TABLE roles (
        id serial PRIMARY KEY,
        name varchar(32) NOT NULL UNIQUE,
        title varchar(100) NOT NULL
      )`);

    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        password_hash varchar(255),
        first_name varchar(50) NOT NULL,
        last_name varchar(50) NOT NULL DEFAULT '',
        phone varchar(32),
        avatar_url varchar(500),
        language varchar(2) NOT NULL DEFAULT 'ru',
        status varchar(16) NOT NULL DEFAULT 'active' CHECK (status IN ('active','blocked')),
        role_id int NOT NULL REFERENCES roles(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_users_email_lower ON users (lower(email))`);

    await q.query(`
      CREATE TABLE districts (
        id serial PRIMARY KEY,
        slug varchar(32) NOT NULL UNIQUE,
        name jsonb NOT NULL,
        bounds jsonb
      )`);

    await q.query(`
      CREATE TABLE property_categories (
        id serial PRIMARY KEY,
        slug varchar(64) NOT NULL UNIQUE,
        name jsonb NOT NULL,
        description jsonb,
        icon varchar(32) NOT NULL DEFAULT 'building',
        sort_order int NOT NULL DEFAULT 0
      )`);

    await q.query(`
      CREATE TABLE property_subcategories (
        id serial PRIMARY KEY,
        category_id int NOT NULL REFERENCES property_categories(id) ON DELETE CASCADE,
        slug varchar(64) NOT NULL UNIQUE,
        name jsonb NOT NULL,
        description jsonb,
        filters jsonb NOT NULL DEFAULT '[]',
        sort_order int NOT NULL DEFAULT 0
      )`);

    await q.query(`
      CREATE TABLE property_types (
        id serial PRIMARY KEY,
        slug varchar(32) NOT NULL UNIQUE,
        name jsonb NOT NULL
      )`);

    await q.query(`
      CREATE TABLE building_complexes (
        id serial PRIMARY KEY,
        slug varchar(100) NOT NULL UNIQUE,
        name jsonb NOT NULL,
        address varchar(200) NOT NULL,
        district_id int REFERENCES districts(id),
        building_class varchar(4),
        total_floors int,
        year_built int,
        latitude double precision,
        longitude double precision
      )`);

    await q.query(`
      CREATE TABLE properties (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(220) NOT NULL UNIQUE,
        title jsonb NOT NULL,
        description jsonb NOT NULL,
        h1 jsonb,
        seo_title jsonb,
        seo_description jsonb,
        seo_keywords jsonb,
        category_id int NOT NULL REFERENCES property_categories(id),
        subcategory_id int REFERENCES property_subcategories(id),
        property_type_id int NOT NULL REFERENCES property_types(id),
        building_complex_id int REFERENCES building_complexes(id),
        district_id int REFERENCES districts(id),
        deal_type varchar(8) NOT NULL CHECK (deal_type IN ('rent','sale')),
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('active','pending','inactive')),
        price bigint NOT NULL CHECK (price >= 0),
        price_currency varchar(3) NOT NULL DEFAULT 'KZT',
        area numeric(10,2) NOT NULL CHECK (area > 0),
        floor int,
        total_floors int,
        address varchar(200) NOT NULL,
        latitude double precision,
        longitude double precision,
        characteristics jsonb NOT NULL DEFAULT '{}',
        features jsonb NOT NULL DEFAULT '[]',
        featured boolean NOT NULL DEFAULT false,
        views_count int NOT NULL DEFAULT 0,
        favorites_count int NOT NULL DEFAULT 0,
        agent_id uuid REFERENCES users(id) ON DELETE SET NULL,
        owner_id uuid REFERENCES users(id) ON DELETE SET NULL,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        search_text text GENERATED ALWAYS AS (
          lower(
            coalesce(title->>'ru','') || ' ' || coalesce(title->>'en','') || ' ' ||
            coalesce(title->>'kk','') || ' ' || coalesce(title->>'zh','') || ' ' || address
          )
        ) STORED
      )`);

    // Public reads always filter on active + not deleted: partial indexes keep them small.
    const pub = `WHERE status = 'active' AND deleted_at IS NULL`;
    await q.query(`CREATE INDEX ix_properties_public_created ON properties (created_at DESC, id DESC) ${pub}`);
    await q.query(`CREATE INDEX ix_properties_public_price ON properties (price, id) ${pub}`);
    await q.query(`CREATE INDEX ix_properties_public_area ON properties (area, id) ${pub}`);
    await q.query(`CREATE INDEX ix_properties_public_deal_type ON properties (deal_type, property_type_id, created_at DESC) ${pub}`);
    await q.query(`CREATE INDEX ix_properties_public_category ON properties (category_id, deal_type, created_at DESC) ${pub}`);
    await q.query(`CREATE INDEX ix_properties_public_subcategory ON properties (subcategory_id, created_at DESC) ${pub}`);
    await q.query(`CREATE INDEX ix_properties_public_district ON properties (district_id, created_at DESC) ${pub}`);
    await q.query(
      `CREATE INDEX ix_properties_public_featured ON properties (created_at DESC) WHERE featured AND status = 'active' AND deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX ix_properties_search_trgm ON properties USING gin (search_text gin_trgm_ops)`);
    await q.query(`CREATE INDEX ix_properties_status ON properties (status, created_at DESC)`);

    await q.query(`
      CREATE TABLE property_images (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        storage_key varchar(300) NOT NULL,
        variants jsonb,
        width int,
        height int,
        sort_order int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_property_images_property ON property_images (property_id, sort_order)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS property_images`);
    await q.query(`DROP TABLE IF EXISTS properties`);
    await q.query(`DROP TABLE IF EXISTS building_complexes`);
    await q.query(`DROP TABLE IF EXISTS property_types`);
    await q.query(`DROP TABLE IF EXISTS property_subcategories`);
    await q.query(`DROP TABLE IF EXISTS property_categories`);
    await q.query(`DROP TABLE IF EXISTS districts`);
    await q.query(`DROP TABLE IF EXISTS users`);
    await q.query(`DROP TABLE IF EXISTS roles`);
  }
}
