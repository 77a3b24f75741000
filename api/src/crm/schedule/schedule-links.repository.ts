import { Injectable } from '@nestjs/common';
import type { ScheduleLinkDto } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { ApiException } from '../../common/api.exception';
import { CRM_ROLES } from '../shared/crm-access';

/** The subject of a row with lead_id / client_id / deal_id (`alias`): the joins and the three columns. */
export function subjectSql(alias: string): { joins: string; columns: string } {
  return {
    joins: `LEFT JOIN leads sl ON sl.id = ${alias}.lead_id
      LEFT JOIN clients sc ON sc.id = ${alias}.client_id
      LEFT JOIN deals sd ON sd.id = ${alias}.deal_id`,
    columns: `CASE WHEN ${alias}.deal_id IS NOT NULL THEN 'deal' WHEN ${alias}.client_id IS NOT NULL THEN 'client'
        WHEN ${alias}.lead_id IS NOT NULL THEN 'lead' END AS subject_kind,
      coalesce(${alias}.deal_id, ${alias}.client_id, ${alias}.lead_id) AS subject_id,
      coalesce(sd.title, nullif(trim(CASE WHEN sc.type = 'corporate' THEN sc.company_name ELSE sc.first_name || ' ' || sc.last_name END), ''),
        nullif(trim(sl.first_name || ' ' || sl.last_name), ''), '') AS subject_name`,
  };
}

/** The subject columns of subjectSql as a DTO (null when the row links nothing). */
export function toSubject(r: {
  subject_kind: string | null;
  subject_id: string | null;
  subject_name: string | null;
}): ScheduleLinkDto | null {
  if (!r.subject_kind || !r.subject_id) return null;
  return { kind: r.subject_kind as ScheduleLinkDto['kind'], id: r.subject_id, name: r.subject_name ?? '' };
}

/** A user's display name from `u` (users). */
export const USER_NAME = (u: string) => `nullif(trim(coalesce(${u}.first_name, '') || ' ' || coalesce(${u}.last_name, '')), '')`;

export type SubjectKind = 'lead' | 'client' | 'deal';
const SUBJECT_TABLE: Record<SubjectKind, { table: string; owner: string }> = {
  lead: { table: 'leads', owner: 'assigned_to' },
  client: { table: 'clients', owner: 'owner_id' },
  deal: { table: 'deals', owner: 'owner_id' },
};

/**
 * Look-ups the schedule's writes share (issue 22 "Tasks", "Viewings", "Calendar"): is a user an
 * active staff member, does a linked lead / client / deal exist (and whose is it).
 */
@Injectable()
export class ScheduleLinksRepository {
  /** True when `id` is an active user with a CRM role (employee, manager, admin, super_admin). */
  async isActiveStaff(m: EntityManager, id: string): Promise<boolean> {
    const rows = (await m.query(
      `SELECT 1 FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1 AND u.status = 'active' AND r.name = ANY($2)`,
      [id, [...CRM_ROLES]],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The active staff (id, name, role) by name, for the pickers (at most 500). */
  async staff(m: EntityManager): Promise<Array<{ id: string; name: string; role: string }>> {
    return (await m.query(
      `SELECT u.id, coalesce(${USER_NAME('u')}, u.email) AS name, r.name AS role
         FROM users u JOIN roles r ON r.id = u.role_id
        WHERE u.status = 'active' AND r.name = ANY($1) ORDER BY name, u.id LIMIT 500`,
      [[...CRM_ROLES]],
    )) as Array<{ id: string; name: string; role: string }>;
  }

  /** The owner of a lead (assigned_to), client or deal; `undefined` when it does not exist (or is deleted). */
  async subjectOwner(m: EntityManager, kind: SubjectKind, id: string): Promise<string | null | undefined> {
    const t = SUBJECT_TABLE[kind];
    const rows = (await m.query(`SELECT ${t.owner} AS owner FROM ${t.table} WHERE id = $1 AND deleted_at IS NULL`, [id])) as Array<{
      owner: string | null;
    }>;
    return rows.length ? rows[0].owner : undefined;
  }

  /** 400 crmSchedule.linkNotFound on the field of the first of lead / client / deal that does not exist. */
  async assertLinks(m: EntityManager, links: { leadId?: string | null; clientId?: string | null; dealId?: string | null }): Promise<void> {
    const pairs: Array<[SubjectKind, string | null | undefined, string]> = [
      ['lead', links.leadId, 'leadId'],
      ['client', links.clientId, 'clientId'],
      ['deal', links.dealId, 'dealId'],
    ];
    for (const [kind, id, field] of pairs) {
      if (id && (await this.subjectOwner(m, kind, id)) === undefined)
        throw ApiException.validation({ [field]: 'crmSchedule.linkNotFound' });
    }
  }
}
