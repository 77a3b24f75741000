import { Injectable } from '@nestjs/common';
import { TIMELINE_LIMIT, type ActivityDto, type ActivityType } from '@realty/contracts';
import type { EntityManager } from 'typeorm';

interface ActivityRow {
  id: string;
  type: ActivityType;
  lead_id: string | null;
  client_id: string | null;
  deal_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  body: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** The selected columns of an activity with its actor's name (`a` activities, `u` users). */
export const ACTIVITY_COLUMNS = `a.id, a.type, a.lead_id, a.client_id, a.deal_id, a.actor_id,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS actor_name, a.body, a.data, a.created_at`;

/** A row of ACTIVITY_COLUMNS as the API answers it. */
export function toActivityDto(r: ActivityRow): ActivityDto {
  return {
    id: r.id,
    type: r.type,
    leadId: r.lead_id,
    clientId: r.client_id,
    dealId: r.deal_id,
    actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
    body: r.body,
    data: r.data,
    createdAt: r.created_at.toISOString(),
  };
}

/** Reads of the one CRM timeline (table activities). */
@Injectable()
export class ActivitiesRepository {
  /**
   * The newest `limit` (TIMELINE_LIMIT) activities of one lead, client or deal: a client's
   * include those of its leads and deals, a deal's those of its lead, so the history kept
   * through a convert stays in view.
   */
  async timeline(
    manager: EntityManager,
    of: { leadId: string } | { clientId: string } | { dealId: string },
    limit = TIMELINE_LIMIT,
  ): Promise<ActivityDto[]> {
    let where: string;
    let id: string;
    if ('leadId' in of) {
      where = `a.lead_id = $1`;
      id = of.leadId;
    } else if ('clientId' in of) {
      where = `(a.client_id = $1 OR a.lead_id IN (SELECT id FROM leads WHERE client_id = $1)
        OR a.deal_id IN (SELECT id FROM deals WHERE client_id = $1))`;
      id = of.clientId;
    } else {
      where = `(a.deal_id = $1 OR a.lead_id = (SELECT lead_id FROM deals WHERE id = $1))`;
      id = of.dealId;
    }
    const rows = (await manager.query(
      `SELECT ${ACTIVITY_COLUMNS} FROM activities a LEFT JOIN users u ON u.id = a.actor_id
        WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
      [id, limit],
    )) as ActivityRow[];
    return rows.map(toActivityDto);
  }
}
