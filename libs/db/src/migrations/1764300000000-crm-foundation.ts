import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The CRM's tables (issue 22; spec 02 §2-§4): clients and their contact persons, deals,
 * tasks, viewings, calendar events, the one activity timeline, message templates and staff
 * notifications, plus what leads and users need for the CRM (owner rotation, first contact,
 * convert and merge links, soft delete). Amounts in ₸, times as timestamptz. Each part's list
 * indexes come with the part (later migrations); this one holds the keys and the rules the
 * database itself keeps (value sets, no double booking of an agent or a listing).
 */
export class CrmFoundation1764300000000 implements MigrationInterface {
  name = 'CrmFoundation1764300000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);

    // Agents: who takes new leads in turn (round-robin), their manager, their Telegram chat.
    await q.query(`
      ALTER TABLE users
        ADD COLUMN manager_id uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN in_lead_rotation boolean NOT NULL DEFAULT true,
        ADD COLUMN last_lead_assigned_at timestamptz,
        ADD COLUMN telegram_chat_id varchar(64)`);

    await q.query(`
      CREATE TABLE clients (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type varchar(12) NOT NULL DEFAULT 'individual' CHECK (type IN ('individual', 'corporate')),
        first_name varchar(50) NOT NULL DEFAULT '',
        last_name varchar(50) NOT NULL DEFAULT '',
        company_name varchar(200) NOT NULL DEFAULT '',
        bin char(12) CHECK (bin ~ '^[0-9]{12}$'),
        phone varchar(32) NOT NULL DEFAULT '',
        email varchar(254) NOT NULL DEFAULT '',
        telegram varchar(64) NOT NULL DEFAULT '',
        is_vip boolean NOT NULL DEFAULT false,
        notes text,
        owner_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK (type = 'individual' OR company_name <> '')
      )`);
    await q.query(`CREATE INDEX ix_clients_owner_updated ON clients (owner_id, updated_at DESC, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_clients_updated ON clients (updated_at DESC, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_clients_phone ON clients (phone) WHERE deleted_at IS NULL AND phone <> ''`);
    await q.query(`CREATE INDEX ix_clients_email ON clients (lower(email)) WHERE deleted_at IS NULL AND email <> ''`);

    await q.query(`
      CREATE TABLE client_contacts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        position varchar(100) NOT NULL DEFAULT '',
        phone varchar(32) NOT NULL DEFAULT '',
        email varchar(254) NOT NULL DEFAULT '',
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_client_contacts_client ON client_contacts (client_id, sort_order)`);

    await q.query(`
      CREATE TABLE deals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        type varchar(8) NOT NULL CHECK (type IN ('sale', 'rent')),
        amount numeric(16, 2) NOT NULL DEFAULT 0 CHECK (amount >= 0),
        stage varchar(16) NOT NULL DEFAULT 'new_lead'
          CHECK (stage IN ('new_lead', 'qualification', 'viewing', 'negotiation', 'documentation', 'contract', 'won', 'lost')),
        position double precision NOT NULL DEFAULT 0,
        probability smallint NOT NULL DEFAULT 10 CHECK (probability BETWEEN 0 AND 100),
        expected_close date,
        client_id uuid REFERENCES clients(id) ON DELETE SET NULL,
        lead_id uuid REFERENCES leads(id) ON DELETE SET NULL,
        property_id uuid REFERENCES properties(id) ON DELETE SET NULL,
        owner_id uuid REFERENCES users(id) ON DELETE SET NULL,
        closed_at timestamptz,
        lost_reason varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK (stage <> 'lost' OR lost_reason IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX ix_deals_stage_position ON deals (stage, position, id) INCLUDE (owner_id, amount) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX ix_deals_owner_stage ON deals (owner_id, stage, position) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_deals_client ON deals (client_id) WHERE client_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_deals_property ON deals (property_id) WHERE property_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_deals_lead ON deals (lead_id) WHERE lead_id IS NOT NULL`);

    // A won deal on a listing takes it off the public site as rented or sold.
    await q.query(`ALTER TABLE properties ADD COLUMN closed_as varchar(8) CHECK (closed_as IN ('rented', 'sold'))`);

    // Leads in the CRM: owner = assigned_to (existing), first contact ends the wait, convert
    // and merge links, soft delete, the "waiting too long" notice sent once.
    await q.query(`
      ALTER TABLE leads
        ADD COLUMN telegram varchar(64) NOT NULL DEFAULT '',
        ADD COLUMN first_contacted_at timestamptz,
        ADD COLUMN wait_notified_at timestamptz,
        ADD COLUMN client_id uuid REFERENCES clients(id) ON DELETE SET NULL,
        ADD COLUMN deal_id uuid REFERENCES deals(id) ON DELETE SET NULL,
        ADD COLUMN duplicate_of_id uuid REFERENCES leads(id) ON DELETE SET NULL,
        ADD COLUMN merged_into_id uuid REFERENCES leads(id) ON DELETE SET NULL,
        ADD COLUMN created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN deleted_at timestamptz`);
    await q.query(`CREATE INDEX ix_leads_client ON leads (client_id) WHERE client_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE tasks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        description text,
        type varchar(16) NOT NULL DEFAULT 'other'
          CHECK (type IN ('call', 'meeting', 'viewing', 'send_docs', 'follow_up', 'presentation', 'other')),
        priority varchar(8) NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        status varchar(12) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'in_progress', 'completed', 'cancelled', 'overdue')),
        due_date timestamptz,
        assigned_to uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        lead_id uuid REFERENCES leads(id) ON DELETE CASCADE,
        client_id uuid REFERENCES clients(id) ON DELETE CASCADE,
        deal_id uuid REFERENCES deals(id) ON DELETE CASCADE,
        completed_at timestamptz,
        reminded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX ix_tasks_assignee_due ON tasks (assigned_to, due_date, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_tasks_due ON tasks (due_date, id) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE viewings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        client_id uuid REFERENCES clients(id) ON DELETE SET NULL,
        lead_id uuid REFERENCES leads(id) ON DELETE SET NULL,
        deal_id uuid REFERENCES deals(id) ON DELETE SET NULL,
        agent_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'completed', 'cancelled', 'no_show')),
        outcome text,
        notes text,
        reminded_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at > starts_at),
        -- No double booking: a scheduled viewing's time is the agent's and the listing's alone.
        CONSTRAINT ex_viewings_agent EXCLUDE USING gist (agent_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status = 'scheduled'),
        CONSTRAINT ex_viewings_property EXCLUDE USING gist (property_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status = 'scheduled')
      )`);
    await q.query(`CREATE INDEX ix_viewings_starts ON viewings (starts_at, id)`);
    await q.query(`CREATE INDEX ix_viewings_agent_starts ON viewings (agent_id, starts_at)`);

    await q.query(`
      CREATE TABLE calendar_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        description text,
        type varchar(12) NOT NULL DEFAULT 'meeting' CHECK (type IN ('meeting', 'call', 'reminder', 'other')),
        status varchar(12) NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'done', 'cancelled')),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        all_day boolean NOT NULL DEFAULT false,
        owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
        lead_id uuid REFERENCES leads(id) ON DELETE SET NULL,
        client_id uuid REFERENCES clients(id) ON DELETE SET NULL,
        deal_id uuid REFERENCES deals(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at >= starts_at)
      )`);
    await q.query(`CREATE INDEX ix_calendar_events_owner_starts ON calendar_events (owner_id, starts_at)`);
    await q.query(`CREATE INDEX ix_calendar_events_starts ON calendar_events (starts_at)`);

    // One timeline for leads, clients and deals (spec 02 §2 "activities"); status and stage
    // histories are activities of type status_change / stage_change with {from, to} in data.
    await q.query(`
      CREATE TABLE activities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type varchar(16) NOT NULL CHECK (type IN ('call', 'email', 'telegram', 'status_change', 'stage_change', 'note',
          'viewing', 'task', 'assignment', 'created', 'converted', 'merged', 'closed', 'import')),
        lead_id uuid REFERENCES leads(id) ON DELETE CASCADE,
        client_id uuid REFERENCES clients(id) ON DELETE CASCADE,
        deal_id uuid REFERENCES deals(id) ON DELETE CASCADE,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        body text NOT NULL DEFAULT '',
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_activities_lead ON activities (lead_id, created_at DESC) WHERE lead_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_activities_client ON activities (client_id, created_at DESC) WHERE client_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_activities_deal ON activities (deal_id, created_at DESC) WHERE deal_id IS NOT NULL`);
    await q.query(`CREATE INDEX ix_activities_created ON activities (created_at DESC, id)`);

    await q.query(`
      CREATE TABLE message_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        channel varchar(8) NOT NULL CHECK (channel IN ('email', 'telegram')),
        subject jsonb NOT NULL DEFAULT '{}',
        body jsonb NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // In-app notifications of staff: the text is rendered from type + data in the reader's language.
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type varchar(32) NOT NULL,
        data jsonb NOT NULL DEFAULT '{}',
        link varchar(300),
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_notifications_user_created ON notifications (user_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX ix_notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const t of ['notifications', 'message_templates', 'activities', 'calendar_events', 'viewings', 'tasks']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
    await q.query(`
      ALTER TABLE leads DROP COLUMN telegram, DROP COLUMN first_contacted_at, DROP COLUMN wait_notified_at,
        DROP COLUMN client_id, DROP COLUMN deal_id, DROP COLUMN duplicate_of_id, DROP COLUMN merged_into_id,
        DROP COLUMN created_by, DROP COLUMN deleted_at`);
    await q.query(`ALTER TABLE properties DROP COLUMN closed_as`);
    for (const t of ['deals', 'client_contacts', 'clients']) await q.query(`DROP TABLE IF EXISTS ${t}`);
    await q.query(`
      ALTER TABLE users DROP COLUMN manager_id, DROP COLUMN in_lead_rotation, DROP COLUMN last_lead_assigned_at,
        DROP COLUMN telegram_chat_id`);
  }
}
