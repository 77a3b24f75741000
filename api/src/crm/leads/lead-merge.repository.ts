import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Tables whose rows belong to a lead by lead_id and follow it into a merge. */
const LEAD_CHILD_TABLES = ['activities', 'tasks', 'viewings', 'calendar_events', 'property_leads', 'deals'] as const;

/** SQL of a lead merge (issue 22 "a merge that keeps both histories"). */
@Injectable()
export class LeadMergeRepository {
  /** Moves every row of `sourceId` (activities, tasks, viewings, events, enquiries, deals) to `targetId`; answers the counts by table. */
  async moveChildren(m: EntityManager, sourceId: string, targetId: string): Promise<Record<string, number>> {
    const moved: Record<string, number> = {};
    for (const table of LEAD_CHILD_TABLES) {
      const result = (await m.query(`UPDATE ${table} SET lead_id = $2 WHERE lead_id = $1`, [sourceId, targetId])) as [unknown, number];
      moved[table] = Number(result[1] ?? 0);
    }
    // leads flagged as duplicates of the source now point at the target (never at themselves)
    await m.query(`UPDATE leads SET duplicate_of_id = CASE WHEN id = $2 THEN NULL ELSE $2::uuid END WHERE duplicate_of_id = $1`, [
      sourceId,
      targetId,
    ]);
    return moved;
  }

  /**
   * Fills the target's empty fields from the source (names, contacts, message, budget, the
   * listing, the quiz answers, the owner, the first contact, the client) and keeps what the
   * target has.
   */
  async fillEmpty(m: EntityManager, sourceId: string, targetId: string, now: Date): Promise<void> {
    const text = (c: string) => `${c} = CASE WHEN t.${c} = '' THEN s.${c} ELSE t.${c} END`;
    const nullable = (c: string) => `${c} = coalesce(t.${c}, s.${c})`;
    await m.query(
      `UPDATE leads t SET ${[
        `first_name = CASE WHEN t.first_name IN ('', 'Клиент') AND s.first_name <> '' THEN s.first_name ELSE t.first_name END`,
        text('last_name'),
        text('phone'),
        text('email'),
        text('telegram'),
        ...['message', 'budget', 'property_type', 'property_id', 'quiz_location', 'quiz_floor', 'quiz_area', 'quiz_budget', 'user_id'].map(
          nullable,
        ),
        `assigned_to = coalesce(t.assigned_to, s.assigned_to)`,
        `first_contacted_at = least(t.first_contacted_at, s.first_contacted_at)`,
        `client_id = coalesce(t.client_id, s.client_id)`,
        `updated_at = $3`,
      ].join(', ')}
        FROM leads s WHERE t.id = $2 AND s.id = $1`,
      [sourceId, targetId, now],
    );
  }
}
