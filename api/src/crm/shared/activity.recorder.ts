import { Injectable } from '@nestjs/common';
import type { ActivityType } from '@realty/contracts';
import type { EntityManager } from 'typeorm';

/** One timeline entry (table activities): at least one of lead, client, deal. */
export interface ActivityEntry {
  type: ActivityType;
  leadId?: string | null;
  clientId?: string | null;
  dealId?: string | null;
  /** The staff member who did it; null for the system (a site form, a job). */
  actorId: string | null;
  /** Free text shown on the timeline (a note, a call's comment), '' when none. */
  body?: string;
  /** Structured details, e.g. {from, to} of a status or stage change, {outcome, durationSec} of a call. */
  data?: Record<string, unknown>;
}

/**
 * Writes the one timeline of leads, clients and deals (issue 22 "Activities"). Call it with the
 * EntityManager of the transaction that makes the change (like AuditService.record), so the
 * change, its activity and its audit row commit or roll back together.
 */
@Injectable()
export class ActivityRecorder {
  /** Appends `entry`; answers the new activity's id. Throws what the database throws. */
  async record(manager: EntityManager, entry: ActivityEntry): Promise<string> {
    const rows = (await manager.query(
      `INSERT INTO activities (type, lead_id, client_id, deal_id, actor_id, body, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        entry.type,
        entry.leadId ?? null,
        entry.clientId ?? null,
        entry.dealId ?? null,
        entry.actorId,
        entry.body ?? '',
        JSON.stringify(entry.data ?? {}),
      ],
    )) as Array<{ id: string }>;
    return rows[0].id;
  }
}
