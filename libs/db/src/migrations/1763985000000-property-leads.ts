import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Old -> new names of the table, its indexes and its constraints, in `up` order. */
const RENAMES = {
  indexes: [
    ['ix_inquiries_property_created', 'ix_property_leads_property_created'],
    ['ix_inquiries_user_created', 'ix_property_leads_user_created'],
    ['ix_inquiries_lead', 'ix_property_leads_lead'],
  ],
  constraints: [
    ['inquiries_pkey', 'property_leads_pkey'],
    ['inquiries_property_id_fkey', 'property_leads_property_id_fkey'],
    ['inquiries_lead_id_fkey', 'property_leads_lead_id_fkey'],
    ['inquiries_user_id_fkey', 'property_leads_user_id_fkey'],
  ],
} as const;

/**
 * The table of property enquiries is named after the one term the code uses for them (issue
 * 20: a visitor's enquiry about a listing is a kind of lead, entity PropertyLead):
 * `inquiries` -> `property_leads`, with its indexes and constraints. Rows, columns, the lead
 * source 'property_inquiry' and the HTTP paths (/api/inquiries) stay as they are.
 */
export class PropertyLeads1763985000000 implements MigrationInterface {
  name = 'PropertyLeads1763985000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE inquiries RENAME TO property_leads`);
    for (const [from, to] of RENAMES.indexes) await q.query(`ALTER INDEX ${from} RENAME TO ${to}`);
    for (const [from, to] of RENAMES.constraints) await q.query(`ALTER TABLE property_leads RENAME CONSTRAINT ${from} TO ${to}`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const [from, to] of RENAMES.constraints) await q.query(`ALTER TABLE property_leads RENAME CONSTRAINT ${to} TO ${from}`);
    for (const [from, to] of RENAMES.indexes) await q.query(`ALTER INDEX ${to} RENAME TO ${from}`);
    await q.query(`ALTER TABLE property_leads RENAME TO inquiries`);
  }
}
