import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  LEAD_TEXTS,
  defaultPropertyLeadMessage,
  type CreatePropertyLeadDto,
  type PropertyLeadCreatedDto,
  type UserLeadDto,
} from '@realty/contracts';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { LeadsService, type LeadOrigin } from '../leads/leads.service';

/**
 * Property enquiries (spec 01 §3 "Enquiry", §5 "Property enquiry", §7 POST /inquiries): the
 * enquiry and its lead (source property_inquiry) are stored in ONE transaction with the sales
 * notification's outbox row. An empty message becomes 'Интересует объект: {title}'.
 */
@Injectable()
export class PropertyLeadsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly leads: LeadsService,
  ) {}

  /** A fake answer for a filled honeypot. */
  honeypotAnswer(): PropertyLeadCreatedDto {
    return { id: randomUUID(), leadId: randomUUID() };
  }

  async create(dto: CreatePropertyLeadDto, origin: LeadOrigin): Promise<PropertyLeadCreatedDto> {
    const listing = await this.leads.publicProperty(dto.propertyId);
    const message = dto.message?.trim() || defaultPropertyLeadMessage(listing.title);
    const [firstName, ...rest] = dto.name.trim().split(/\s+/);
    let propertyLeadId = '';
    const lead = await this.leads.store(
      {
        firstName,
        lastName: rest.join(' '),
        phone: dto.phone,
        email: dto.email ?? '',
        source: 'property_inquiry',
        topic: `${LEAD_TEXTS.propertyLeadTopic}: ${listing.title}`.slice(0, 100),
        message,
        propertyId: listing.id,
      },
      origin,
      listing,
      async (m, leadId) => {
        const rows: Array<{ id: string }> = await m.query(
          `INSERT INTO property_leads (property_id, lead_id, user_id, name, email, phone, message)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [listing.id, leadId, origin.userId, dto.name.trim(), dto.email ?? '', dto.phone, message],
        );
        propertyLeadId = rows[0].id;
      },
    );
    if (lead.duplicate) {
      const rows: Array<{ id: string }> = await this.db.query(
        `SELECT id FROM property_leads WHERE lead_id = $1 ORDER BY created_at LIMIT 1`,
        [lead.id],
      );
      return { id: rows[0]?.id ?? lead.id, leadId: lead.id, duplicate: true };
    }
    return { id: propertyLeadId, leadId: lead.id };
  }

  /**
   * The signed-in user's requests, newest first: their enquiries (with the listing) and the
   * leads they sent from the other forms (/dashboard/user/requests). At most 100.
   */
  async forUser(userId: string): Promise<UserLeadDto[]> {
    const rows: Array<{
      id: string;
      kind: 'inquiry' | 'lead';
      property_id: string | null;
      property_slug: string | null;
      property_title: string | null;
      topic: string;
      message: string | null;
      status: UserLeadDto['status'];
      created_at: Date;
    }> = await this.db.query(
      `SELECT * FROM (
         SELECT pl.id, 'inquiry' AS kind, pl.property_id, p.slug AS property_slug, p.title->>'ru' AS property_title,
                COALESCE(l.topic, '') AS topic, pl.message, COALESCE(l.status, 'new') AS status, pl.created_at
           FROM property_leads pl
           JOIN properties p ON p.id = pl.property_id
           LEFT JOIN leads l ON l.id = pl.lead_id
          WHERE pl.user_id = $1
         UNION ALL
         SELECT l.id, 'lead', l.property_id, p.slug, p.title->>'ru', l.topic, l.message, l.status, l.created_at
           FROM leads l
           LEFT JOIN properties p ON p.id = l.property_id
          WHERE l.user_id = $1 AND NOT EXISTS (SELECT 1 FROM property_leads pl WHERE pl.lead_id = l.id)
       ) r ORDER BY created_at DESC LIMIT 100`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      propertyId: r.property_id,
      propertySlug: r.property_slug,
      propertyTitle: r.property_title,
      topic: r.topic,
      message: r.message ?? '',
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
