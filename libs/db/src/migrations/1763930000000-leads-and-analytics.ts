import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Public forms, lead intake and website analytics (issue 4): leads (spec 01 §3, spec 02 §3),
 * property enquiries, the transactional outbox of notifications, and the page views and events
 * of the public site.
 */
export class LeadsAndAnalytics1763930000000 implements MigrationInterface {
  name = 'LeadsAndAnalytics1763930000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE leads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        first_name varchar(50) NOT NULL DEFAULT '',
        last_name varchar(50) NOT NULL DEFAULT '',
        phone varchar(32) NOT NULL DEFAULT '',
        email varchar(254) NOT NULL DEFAULT '',
        source varchar(50) NOT NULL,
        topic varchar(100) NOT NULL,
        message text,
        status varchar(24) NOT NULL DEFAULT 'new'
          CHECK (status IN ('new', 'attempted_contact', 'contacted', 'qualified', 'converted', 'lost', 'postponed')),
        quality varchar(8) NOT NULL CHECK (quality IN ('hot', 'warm', 'cold')),
        budget numeric(16, 2) CHECK (budget > 0),
        property_type varchar(50),
        quiz_location varchar(16) CHECK (quiz_location IN ('bc', 'residential', 'standalone', 'other')),
        quiz_floor varchar(16) CHECK (quiz_floor IN ('high', 'medium', 'low', 'entrance')),
        quiz_area integer CHECK (quiz_area BETWEEN 40 AND 5500),
        quiz_budget varchar(8) CHECK (quiz_budget IN ('1m', '5m', '10m', '10m+')),
        property_id uuid REFERENCES properties(id) ON DELETE SET NULL,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        assigned_to uuid REFERENCES users(id) ON DELETE SET NULL,
        ip varchar(64),
        user_agent varchar(300),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // the CRM's lists: by status, newest first; by source; duplicate check (same phone, recent)
    await q.query(`CREATE INDEX ix_leads_status_created ON leads (status, created_at DESC)`);
    await q.query(`CREATE INDEX ix_leads_source ON leads (source)`);
    await q.query(`CREATE INDEX ix_leads_phone_created ON leads (phone, created_at DESC)`);
    await q.query(`CREATE INDEX ix_leads_user_created ON leads (user_id, created_at DESC) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_leads_assigned ON leads (assigned_to) WHERE assigned_to IS NOT NULL`);

    await q.query(`
      CREATE TABLE inquiries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        lead_id uuid REFERENCES leads(id) ON DELETE SET NULL,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        name varchar(50) NOT NULL,
        email varchar(254) NOT NULL DEFAULT '',
        phone varchar(32) NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_inquiries_property_created ON inquiries (property_id, created_at DESC)`);
    await q.query(`CREATE INDEX ix_inquiries_user_created ON inquiries (user_id, created_at DESC) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_inquiries_lead ON inquiries (lead_id)`);

    // Transactional outbox: written with the business row, relayed to the queue afterwards.
    await q.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        topic varchar(64) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        available_at timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX ix_outbox_pending ON outbox (available_at, created_at) WHERE dispatched_at IS NULL`);

    await q.query(`
      CREATE TABLE website_page_views (
        id bigserial PRIMARY KEY,
        path varchar(2000) NOT NULL,
        utm_source varchar(200),
        utm_medium varchar(200),
        utm_campaign varchar(200),
        utm_term varchar(200),
        utm_content varchar(200),
        user_agent varchar(300),
        language varchar(16),
        screen_resolution varchar(32),
        referrer varchar(1000),
        client_timestamp timestamptz,
        session_id varchar(64),
        origin varchar(8) NOT NULL DEFAULT 'client' CHECK (origin IN ('client', 'server')),
        is_bot boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_website_page_views_created ON website_page_views (created_at)`);
    await q.query(`CREATE INDEX ix_website_page_views_path_created ON website_page_views (path, created_at)`);
    await q.query(`CREATE INDEX ix_website_page_views_session ON website_page_views (session_id) WHERE session_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE website_events (
        id bigserial PRIMARY KEY,
        event_name varchar(100) NOT NULL,
        properties jsonb,
        path varchar(2000),
        user_agent varchar(300),
        client_timestamp timestamptz,
        session_id varchar(64),
        is_bot boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_website_events_created ON website_events (created_at)`);
    await q.query(`CREATE INDEX ix_website_events_path_created ON website_events (path, created_at)`);
    await q.query(`CREATE INDEX ix_website_events_name_created ON website_events (event_name, created_at)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS website_events`);
    await q.query(`DROP TABLE IF EXISTS website_page_views`);
    await q.query(`DROP TABLE IF EXISTS outbox`);
    await q.query(`DROP TABLE IF EXISTS inquiries`);
    await q.query(`DROP TABLE IF EXISTS leads`);
  }
}
