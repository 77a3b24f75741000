import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The agency's day boundaries: Asia/Almaty (UTC+5 all year). */
const TZ = `'Asia/Almaty'`;

/** SQL of the CRM overview (issue 22 "/dashboard/crm"). `owner` null = every agent's. */
@Injectable()
export class OverviewRepository {
  /** Open and closed-this-month deals per stage: count and sum (₸). */
  async funnel(m: EntityManager, owner: string | null, now: Date): Promise<Array<{ stage: string; count: number; amount: string }>> {
    return (await m.query(
      `SELECT stage, count(*)::int AS count, coalesce(sum(amount), 0)::text AS amount
         FROM deals
        WHERE deleted_at IS NULL AND ($1::uuid IS NULL OR owner_id = $1)
          AND (stage NOT IN ('won', 'lost')
               OR closed_at >= (date_trunc('month', $2::timestamptz AT TIME ZONE ${TZ}) AT TIME ZONE ${TZ}))
        GROUP BY stage`,
      [owner, now],
    )) as Array<{ stage: string; count: number; amount: string }>;
  }

  /** `userId`'s open tasks due before the end of today (Almaty), earliest first. */
  async todayTasks(
    m: EntityManager,
    userId: string,
    now: Date,
    limit: number,
  ): Promise<Array<{ id: string; title: string; due_date: Date; priority: string; lead_id: string | null }>> {
    return (await m.query(
      `SELECT id, title, due_date, priority, lead_id FROM tasks
        WHERE assigned_to = $1 AND deleted_at IS NULL AND status IN ('pending', 'in_progress', 'overdue')
          AND due_date < ((date_trunc('day', $2::timestamptz AT TIME ZONE ${TZ}) + interval '1 day') AT TIME ZONE ${TZ})
        ORDER BY due_date, id LIMIT $3`,
      [userId, now, limit],
    )) as Array<{ id: string; title: string; due_date: Date; priority: string; lead_id: string | null }>;
  }

  /** Leads with status new never contacted, oldest first, with the total. */
  async waitingLeads(
    m: EntityManager,
    owner: string | null,
    limit: number,
  ): Promise<Array<{ id: string; name: string; source: string; created_at: Date; owner_name: string | null; total: number }>> {
    return (await m.query(
      `SELECT l.id, trim(l.first_name || ' ' || l.last_name) AS name, l.source, l.created_at,
              nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS owner_name,
              count(*) OVER ()::int AS total
         FROM leads l LEFT JOIN users u ON u.id = l.assigned_to
        WHERE l.status = 'new' AND l.first_contacted_at IS NULL AND l.deleted_at IS NULL AND l.merged_into_id IS NULL
          AND ($1::uuid IS NULL OR l.assigned_to = $1)
        ORDER BY l.created_at, l.id LIMIT $2`,
      [owner, limit],
    )) as Array<{ id: string; name: string; source: string; created_at: Date; owner_name: string | null; total: number }>;
  }

  /** Leads created since the start of today and of this week (Monday), Almaty time. */
  async newLeads(m: EntityManager, owner: string | null, now: Date): Promise<{ today: number; week: number }> {
    const rows = (await m.query(
      `SELECT count(*) FILTER (WHERE created_at >= (date_trunc('day', $2::timestamptz AT TIME ZONE ${TZ}) AT TIME ZONE ${TZ}))::int AS today,
              count(*)::int AS week
         FROM leads
        WHERE deleted_at IS NULL AND ($1::uuid IS NULL OR assigned_to = $1)
          AND created_at >= (date_trunc('week', $2::timestamptz AT TIME ZONE ${TZ}) AT TIME ZONE ${TZ})
          AND created_at <= $2`,
      [owner, now],
    )) as Array<{ today: number; week: number }>;
    return rows[0];
  }
}
