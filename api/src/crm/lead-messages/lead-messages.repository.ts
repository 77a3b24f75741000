import { Injectable } from '@nestjs/common';
import type { Language, MessageChannel } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import type { TemplateRow } from '../templates/templates.repository';

/** A lead with what its message's placeholders need. */
export interface LeadForMessage {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  telegram: string;
  assigned_to: string | null;
  client_id: string | null;
  client_name: string | null;
  property_title: Partial<Record<Language, string>> | null;
  property_slug: string | null;
}

/** The acting agent's contact details ({{agent.*}}). */
export interface AgentForMessage {
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
}

/** Reads of send-email / send-telegram (issue 22). */
@Injectable()
export class LeadMessagesRepository {
  /** The lead (not deleted), locked for the send's transaction, with its client's name and listing; null when none. */
  async lead(m: EntityManager, id: string): Promise<LeadForMessage | null> {
    const rows = (await m.query(
      `SELECT l.id, l.first_name, l.last_name, l.email, l.telegram, l.assigned_to, l.client_id,
              CASE WHEN c.type = 'corporate' THEN c.company_name
                   ELSE nullif(trim(c.first_name || ' ' || c.last_name), '') END AS client_name,
              p.title AS property_title, p.slug AS property_slug
         FROM leads l
         LEFT JOIN clients c ON c.id = l.client_id AND c.deleted_at IS NULL
         LEFT JOIN properties p ON p.id = l.property_id
        WHERE l.id = $1 AND l.deleted_at IS NULL
        FOR UPDATE OF l`,
      [id],
    )) as LeadForMessage[];
    return rows[0] ?? null;
  }

  /** An active template of `channel`, or null. */
  async template(m: EntityManager, id: string, channel: MessageChannel): Promise<TemplateRow | null> {
    const rows = (await m.query(
      `SELECT id, name, channel, subject, body, is_active, created_at, updated_at FROM message_templates
        WHERE id = $1 AND channel = $2 AND is_active`,
      [id, channel],
    )) as TemplateRow[];
    return rows[0] ?? null;
  }

  async agent(m: EntityManager, userId: string): Promise<AgentForMessage> {
    const rows = (await m.query(`SELECT first_name, last_name, phone, email FROM users WHERE id = $1`, [userId])) as AgentForMessage[];
    return rows[0] ?? { first_name: '', last_name: '', phone: null, email: '' };
  }
}
