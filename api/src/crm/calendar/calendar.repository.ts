import { Injectable } from '@nestjs/common';
import { CALENDAR_ITEMS_MAX, type CalendarEventStatus, type CalendarEventType, type CalendarTypeFilter } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { USER_NAME } from '../schedule/schedule-links.repository';

/** One merged calendar row (tasks, viewings, events). */
export interface CalendarItemRow {
  kind: 'task' | 'viewing' | 'event';
  id: string;
  title: string;
  start: Date;
  end: Date;
  all_day: boolean;
  status: string;
  type: string;
  owner_id: string | null;
}

export interface CalendarEventRow {
  id: string;
  title: string;
  description: string | null;
  type: CalendarEventType;
  status: CalendarEventStatus;
  starts_at: Date;
  ends_at: Date;
  all_day: boolean;
  owner_id: string | null;
  owner_name: string | null;
  lead_id: string | null;
  client_id: string | null;
  deal_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CalendarEventValues {
  title: string;
  description: string | null;
  type: CalendarEventType;
  status: CalendarEventStatus;
  starts_at: string;
  ends_at: string;
  all_day: boolean;
  owner_id: string;
  lead_id: string | null;
  client_id: string | null;
  deal_id: string | null;
}

export interface CalendarRange {
  start: string;
  end: string;
  /** Whose items: one user, or null for everyone's. */
  ownerId: string | null;
  type?: CalendarTypeFilter;
  status?: string;
  now: Date;
}

const TASK_TYPES_IN_EVENTS = ['meeting', 'call', 'other'];

/** SQL of the calendar (issue 22 "Calendar"): the merged range read and calendar_events' writes. */
@Injectable()
export class CalendarRepository {
  /**
   * Tasks (at their due time; status 'overdue' when open and past due by `now`), viewings and
   * events overlapping [start, end), soonest first, at most CALENDAR_ITEMS_MAX.
   * `type`: task | viewing | event: that kind only; meeting | call | other: tasks and events of
   * that type; reminder: events. `status` as stored ('overdue' computed for tasks).
   */
  async range(m: EntityManager, r: CalendarRange): Promise<CalendarItemRow[]> {
    const t = r.type;
    const wantTasks = !t || t === 'task' || TASK_TYPES_IN_EVENTS.includes(t);
    const wantViewings = !t || t === 'viewing';
    const wantEvents = !t || t === 'event' || ['meeting', 'call', 'reminder', 'other'].includes(t);
    const typeOf = t && !['task', 'viewing', 'event'].includes(t) ? t : null;
    // $1 start, $2 end, $3 owner (null: all), $4 type (null: any), $5 status (null: any), $6 now
    const parts: string[] = [];
    if (wantTasks)
      parts.push(`SELECT 'task' AS kind, t.id, t.title, t.due_date AS start, t.due_date AS "end", false AS all_day,
          CASE WHEN t.status IN ('pending', 'in_progress') AND t.due_date < $6 THEN 'overdue' ELSE t.status END AS status,
          t.type, t.assigned_to AS owner_id
        FROM tasks t WHERE t.deleted_at IS NULL AND t.due_date >= $1 AND t.due_date < $2
          AND ($3::uuid IS NULL OR t.assigned_to = $3) AND ($4::text IS NULL OR t.type = $4)
          AND ($5::text IS NULL OR t.status = $5 OR ($5 = 'overdue' AND t.status IN ('pending', 'in_progress') AND t.due_date < $6))`);
    if (wantViewings)
      parts.push(`SELECT 'viewing' AS kind, v.id, coalesce(nullif(p.title->>'ru', ''), p.slug) AS title, v.starts_at AS start,
          v.ends_at AS "end", false AS all_day, v.status, 'viewing' AS type, v.agent_id AS owner_id
        FROM viewings v JOIN properties p ON p.id = v.property_id WHERE v.starts_at < $2 AND v.ends_at > $1
          AND ($3::uuid IS NULL OR v.agent_id = $3) AND ($5::text IS NULL OR v.status = $5)`);
    if (wantEvents)
      parts.push(`SELECT 'event' AS kind, e.id, e.title, e.starts_at AS start, e.ends_at AS "end", e.all_day, e.status, e.type,
          e.owner_id
        FROM calendar_events e WHERE e.starts_at < $2 AND e.ends_at >= $1
          AND ($3::uuid IS NULL OR e.owner_id = $3) AND ($4::text IS NULL OR e.type = $4) AND ($5::text IS NULL OR e.status = $5)`);
    if (!parts.length) return [];
    // every parameter is typed here, whichever parts are left out
    const typed = `$1::timestamptz IS NOT NULL AND $2::timestamptz IS NOT NULL AND ($3::uuid IS NULL OR TRUE) AND ($4::text IS NULL OR TRUE)
      AND ($5::text IS NULL OR TRUE) AND $6::timestamptz IS NOT NULL`;
    return (await m.query(
      `SELECT * FROM (${parts.join(' UNION ALL ')}) items WHERE ${typed} ORDER BY start, kind, id LIMIT ${CALENDAR_ITEMS_MAX}`,
      [r.start, r.end, r.ownerId, typeOf, r.status ?? null, r.now],
    )) as CalendarItemRow[];
  }

  async find(m: EntityManager, id: string, lock = false): Promise<CalendarEventRow | null> {
    const rows = (await m.query(
      `SELECT e.*, ${USER_NAME('u')} AS owner_name FROM calendar_events e LEFT JOIN users u ON u.id = e.owner_id
        WHERE e.id = $1 ${lock ? 'FOR UPDATE OF e' : ''}`,
      [id],
    )) as CalendarEventRow[];
    return rows[0] ?? null;
  }

  async insert(m: EntityManager, v: CalendarEventValues): Promise<string> {
    const rows = (await m.query(
      `INSERT INTO calendar_events (title, description, type, status, starts_at, ends_at, all_day, owner_id, lead_id, client_id, deal_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [v.title, v.description, v.type, v.status, v.starts_at, v.ends_at, v.all_day, v.owner_id, v.lead_id, v.client_id, v.deal_id],
    )) as Array<{ id: string }>;
    return rows[0].id;
  }

  async update(m: EntityManager, id: string, v: CalendarEventValues, now: Date): Promise<void> {
    await m.query(
      `UPDATE calendar_events SET title = $2, description = $3, type = $4, status = $5, starts_at = $6, ends_at = $7, all_day = $8,
         owner_id = $9, lead_id = $10, client_id = $11, deal_id = $12, updated_at = $13 WHERE id = $1`,
      [id, v.title, v.description, v.type, v.status, v.starts_at, v.ends_at, v.all_day, v.owner_id, v.lead_id, v.client_id, v.deal_id, now],
    );
  }

  async remove(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM calendar_events WHERE id = $1`, [id]);
  }
}
