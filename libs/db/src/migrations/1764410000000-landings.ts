import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Landing pages (issue 23 "Landing pages"; spec 02 §2 /dashboard/landings, §3, §4, §7 Landings):
 * - `landings`: one SEO landing page: its template (a fixed list in @realty/contracts), title,
 *   unique slug (its public page /l/{slug}), language, status (active | inactive | draft), the
 *   listings as chosen ids and/or a catalogue filter, the snapshot of listing ids the worker
 *   resolved (`listing_ids`), the SEO fields and the intro the worker wrote from the template,
 *   `activate_on_generate` (the worker sets active after generating), `generated_at` (null while
 *   the GenerateLanding job has not finished) and `generation_error`;
 * - `landing_shares`: one Telegram message per recipient (POST .../share/telegram), marked sent
 *   or failed by the worker's SendTelegram handler;
 * - `leads.landing_id`: the landing a lead came from (source 'landing').
 * Analytics read website_page_views by path ('/l/' || slug; index ix_website_page_views_path_created)
 * and leads by landing_id.
 */
export class Landings1764410000000 implements MigrationInterface {
  name = 'Landings1764410000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE landings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        template_id varchar(60) NOT NULL,
        title varchar(200) NOT NULL,
        slug varchar(100) NOT NULL,
        language varchar(2) NOT NULL CHECK (language IN ('ru', 'en', 'kk', 'zh')),
        status varchar(8) NOT NULL DEFAULT 'draft' CHECK (status IN ('active', 'inactive', 'draft')),
        property_ids uuid[] NOT NULL DEFAULT '{}',
        filter jsonb,
        listing_ids uuid[] NOT NULL DEFAULT '{}',
        seo_title varchar(200) NOT NULL DEFAULT '',
        seo_description varchar(400) NOT NULL DEFAULT '',
        intro text NOT NULL DEFAULT '',
        activate_on_generate boolean NOT NULL DEFAULT true,
        generated_at timestamptz,
        generation_error text,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_landings_listings CHECK (cardinality(property_ids) > 0 OR filter IS NOT NULL)
      )`);
    await q.query(`CREATE UNIQUE INDEX ux_landings_slug ON landings (lower(slug))`);
    await q.query(`CREATE INDEX ix_landings_created ON landings (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_landings_status ON landings (status)`);

    await q.query(`
      CREATE TABLE landing_shares (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        landing_id uuid NOT NULL REFERENCES landings(id) ON DELETE CASCADE,
        chat_id varchar(40) NOT NULL,
        message text NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
        message_id bigint,
        error text,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_landing_shares_landing ON landing_shares (landing_id, created_at DESC)`);

    await q.query(`ALTER TABLE leads ADD COLUMN landing_id uuid REFERENCES landings(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX ix_leads_landing ON leads (landing_id, created_at) WHERE landing_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_leads_landing`);
    await q.query(`ALTER TABLE leads DROP COLUMN IF EXISTS landing_id`);
    await q.query(`DROP TABLE IF EXISTS landing_shares`);
    await q.query(`DROP TABLE IF EXISTS landings`);
  }
}
