import { Injectable } from '@nestjs/common';
import { DEAL_STAGE_PROBABILITY, type DealStage, type DealType } from '@realty/contracts';
import type { EntityManager } from 'typeorm';

/** A client as a convert answers it. */
export interface ClientRef {
  id: string;
  name: string;
}

/** A deal as a convert answers it (amount ₸ as a number). */
export interface DealRef {
  id: string;
  title: string;
  stage: DealStage;
  amount: number;
}

/** SQL of a lead's convert (issue 22 "convert ... creates the client and a deal, links them"): clients and deals rows. */
@Injectable()
export class LeadConvertRepository {
  /** The live client `id` with its display name, or null. */
  async client(m: EntityManager, id: string): Promise<ClientRef | null> {
    const rows = (await m.query(
      `SELECT id, CASE WHEN type = 'corporate' THEN company_name ELSE trim(first_name || ' ' || last_name) END AS name
         FROM clients WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    )) as ClientRef[];
    return rows[0] ?? null;
  }

  /** Inserts a client: individual, or corporate when `companyName` is given (the lead's person then its contact name). */
  async insertClient(
    m: EntityManager,
    c: {
      firstName: string;
      lastName: string;
      phone: string;
      email: string;
      telegram: string;
      companyName: string | null;
      ownerId: string | null;
      createdBy: string;
    },
  ): Promise<ClientRef> {
    const rows = (await m.query(
      `INSERT INTO clients (type, first_name, last_name, company_name, phone, email, telegram, owner_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING id, CASE WHEN type = 'corporate' THEN company_name ELSE trim(first_name || ' ' || last_name) END AS name`,
      [
        c.companyName ? 'corporate' : 'individual',
        c.firstName.slice(0, 50),
        c.lastName.slice(0, 50),
        c.companyName ?? '',
        c.phone,
        c.email,
        c.telegram,
        c.ownerId,
        c.createdBy,
      ],
    )) as ClientRef[];
    return rows[0];
  }

  /** Inserts a deal at stage new_lead, after the stage's last card (its probability the stage's default). */
  async insertDeal(
    m: EntityManager,
    d: {
      title: string;
      type: DealType;
      amount: number;
      clientId: string;
      leadId: string;
      propertyId: string | null;
      ownerId: string | null;
    },
  ): Promise<DealRef> {
    const stage: DealStage = 'new_lead';
    const rows = (await m.query(
      `INSERT INTO deals (title, type, amount, stage, position, probability, client_id, lead_id, property_id, owner_id)
       VALUES ($1, $2, $3, $4::varchar, (SELECT coalesce(max(position), 0) + 1 FROM deals WHERE stage = $4::varchar AND deleted_at IS NULL), $5, $6, $7, $8, $9)
       RETURNING id, title, stage, amount::float8 AS amount`,
      [d.title.slice(0, 200), d.type, d.amount, stage, DEAL_STAGE_PROBABILITY[stage], d.clientId, d.leadId, d.propertyId, d.ownerId],
    )) as DealRef[];
    return { ...rows[0], amount: Number(rows[0].amount) };
  }
}
