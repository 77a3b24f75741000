import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  leadQuality,
  type LeadCreatedDto,
  type LeadQuality,
  type LeadStatus,
  type QuizBudget,
  type QuizFloor,
  type QuizLocation,
} from '@realty/contracts';
import { JobName } from '@realty/jobs';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiException } from '../common/api.exception';
import { LeadIntake } from '../crm/leads/lead-intake.service';
import { OutboxRelay } from '../outbox/outbox.relay';
import { PropertiesService } from '../properties/properties.service';

/**
 * Lead intake (spec 01 §3, §5 lead schema, §7 create-lead; spec 02 §3; docs/decisions/013-015).
 *
 * One transaction stores the lead (status new, quality computed), whatever the caller adds in
 * the same transaction (the enquiry) and an outbox row with the sales team's notification; the
 * outbox relay enqueues the e-mail after the commit. Redis or the mailer being down never loses
 * or refuses a lead.
 *
 * Every new lead then goes through the CRM's intake (LeadIntake, issue 22): flagged as a
 * duplicate of the oldest live lead of the same phone or e-mail, given an owner by round-robin
 * (CRM_ROUND_ROBIN), with its 'created' activity and the owner's notification.
 *
 * Duplicates: the same phone (or, without a phone, the same client IP) with the same topic and
 * message within DUPLICATE_WINDOW_MINUTES returns the existing lead (200, duplicate: true). A
 * transaction-scoped advisory lock on that key makes two simultaneous submissions one lead.
 */

/** Minutes within which an equal submission is the same lead (docs/decisions/014-lead-duplicate-window.md). */
export const DUPLICATE_WINDOW_MINUTES = 10;

/** Where the sales team's notifications go: SALES_EMAIL, default sales@almaty-bc.kz. */
export function salesEmail(env: NodeJS.ProcessEnv = process.env): string {
  return env.SALES_EMAIL || 'sales@almaty-bc.kz';
}

/** The web site's address (PUBLIC_WEB_URL), for links in e-mails. */
export function publicWebUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_WEB_URL || 'http://localhost:3000').replace(/\/+$/, '');
}

/** A lead to store (validated). */
export interface LeadInput {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  email?: string | null;
  source: string;
  topic: string;
  message?: string | null;
  budget?: number | null;
  propertyType?: string | null;
  /** A listing uuid or slug; must be a public listing. */
  propertyId?: string | null;
  quizLocation?: QuizLocation | null;
  quizFloor?: QuizFloor | null;
  quizArea?: number | null;
  quizBudget?: QuizBudget | null;
}

/** Who sent it. */
export interface LeadOrigin {
  ip: string;
  userAgent: string | null;
  userId: string | null;
}

/** A public Property a lead (or a property lead) is about. */
export interface PropertyRef {
  id: string;
  slug: string;
  title: string;
}

export interface StoredLead {
  id: string;
  status: LeadStatus;
  quality: LeadQuality;
  /** True when an equal recent lead was returned instead of a new one. */
  duplicate: boolean;
}

@Injectable()
export class LeadsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxRelay,
    private readonly properties: PropertiesService,
    private readonly intake: LeadIntake,
  ) {}

  /** A fake answer for a filled honeypot: looks like a stored lead, stores nothing. */
  honeypotAnswer(): LeadCreatedDto {
    return { id: randomUUID(), status: 'new' };
  }

  /** The public listing named by a uuid or slug (its Russian title), or 404. */
  async publicProperty(idOrSlug: string): Promise<PropertyRef> {
    const id = await this.properties.publicId(idOrSlug);
    if (!id) throw ApiException.notFound();
    const rows: Array<{ id: string; slug: string; title: string }> = await this.db.query(
      `SELECT id, slug, COALESCE(NULLIF(title->>'ru', ''), NULLIF(title->>'en', ''), slug) AS title FROM properties WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  /** POST /api/leads: stores the lead and its notification (or finds the duplicate). */
  async create(input: LeadInput, origin: LeadOrigin): Promise<StoredLead> {
    const listing = input.propertyId ? await this.publicProperty(input.propertyId) : null;
    return this.store(input, origin, listing);
  }

  /**
   * Stores a lead in one transaction with its outbox notification; `alsoInTransaction` writes
   * more rows in the same transaction (only for a new lead). Returns the existing lead for a
   * duplicate submission.
   */
  async store(
    input: LeadInput,
    origin: LeadOrigin,
    listing: PropertyRef | null,
    alsoInTransaction?: (m: EntityManager, leadId: string) => Promise<void>,
  ): Promise<StoredLead> {
    const lead = {
      firstName: (input.firstName ?? '').trim(),
      lastName: (input.lastName ?? '').trim(),
      phone: (input.phone ?? '').trim(),
      email: (input.email ?? '').trim().toLowerCase(),
      source: input.source.trim(),
      topic: input.topic.trim(),
      message: input.message?.trim() || null,
    };
    const quality = leadQuality({ ...lead, budget: input.budget, propertyId: listing?.id, quizBudget: input.quizBudget });
    const stored = await this.db.transaction(async (m) => {
      const key = lead.phone ? `phone:${lead.phone.replace(/\D/g, '')}` : `ip:${origin.ip}`;
      const text = `${lead.topic}\n${lead.message ?? ''}`;
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`lead:${key}:${text}`]);
      const dup: Array<{ id: string; status: LeadStatus; quality: LeadQuality }> = await m.query(
        `SELECT id, status, quality FROM leads
          WHERE ${lead.phone ? `regexp_replace(phone, '\\D', '', 'g') = $1 AND phone <> ''` : `phone = '' AND ip = $1`}
            AND created_at > now() - make_interval(mins => ${DUPLICATE_WINDOW_MINUTES})
            AND topic = $2 AND COALESCE(message, '') = $3
          ORDER BY created_at DESC LIMIT 1`,
        [lead.phone ? lead.phone.replace(/\D/g, '') : origin.ip, lead.topic, lead.message ?? ''],
      );
      if (dup[0]) return { ...dup[0], duplicate: true, createdAt: null as Date | null };

      const rows: Array<{ id: string; status: LeadStatus; created_at: Date }> = await m.query(
        `INSERT INTO leads (first_name, last_name, phone, email, source, topic, message, quality, budget, property_type,
                            quiz_location, quiz_floor, quiz_area, quiz_budget, property_id, user_id, ip, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
         RETURNING id, status, created_at`,
        [
          lead.firstName.slice(0, 50),
          lead.lastName.slice(0, 50),
          lead.phone,
          lead.email,
          lead.source,
          lead.topic,
          lead.message,
          quality,
          input.budget ?? null,
          input.propertyType?.trim() || null,
          input.quizLocation ?? null,
          input.quizFloor ?? null,
          input.quizArea ?? null,
          input.quizBudget ?? null,
          listing?.id ?? null,
          origin.userId,
          origin.ip.slice(0, 64),
          origin.userAgent,
        ],
      );
      const row = rows[0];
      await alsoInTransaction?.(m, row.id);
      // the CRM's intake (issue 22): duplicate flag, owner by round-robin, the owner's notification
      await this.intake.arrive(m, {
        id: row.id,
        phone: lead.phone,
        email: lead.email,
        name: `${lead.firstName} ${lead.lastName}`.trim(),
        topic: lead.topic,
        source: lead.source,
      });
      await this.outbox.write(m, JobName.SendEmail, {
        to: salesEmail(),
        template: 'lead-notification',
        locale: 'ru',
        data: {
          leadId: row.id,
          source: lead.source,
          topic: lead.topic,
          name: `${lead.firstName} ${lead.lastName}`.trim() || 'Клиент',
          phone: lead.phone,
          email: lead.email,
          message: lead.message ?? '',
          quality,
          propertyTitle: listing?.title ?? null,
          propertyUrl: listing ? `${publicWebUrl()}/property/${encodeURIComponent(listing.slug)}` : null,
          quiz: input.quizLocation
            ? `location=${input.quizLocation}; floor=${input.quizFloor}; area=${input.quizArea}; budget=${input.quizBudget}`
            : null,
          createdAt: new Date(row.created_at).toISOString(),
        },
      });
      return { id: row.id, status: row.status, quality, duplicate: false, createdAt: row.created_at };
    });
    if (!stored.duplicate) this.outbox.kick();
    return { id: stored.id, status: stored.status, quality: stored.quality, duplicate: stored.duplicate };
  }
}
