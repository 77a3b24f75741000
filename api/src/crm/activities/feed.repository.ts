import { Injectable } from '@nestjs/common';
import type { ActivityType } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { ACTIVITY_COLUMNS } from '../shared/activities.repository';
import { subjectSql } from '../schedule/schedule-links.repository';

export interface FeedRow {
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
  subject_kind: string | null;
  subject_id: string | null;
  subject_name: string | null;
  /** created_at to the microsecond, UTC text (the keyset). */
  sort_key: string;
}

export interface FeedFilters {
  /** 'my': activities by this user or on their leads / clients / deals; null: everyone's. */
  mineOf: string | null;
  type?: ActivityType;
  from?: string;
  to?: string;
  after: { at: string; id: string } | null;
  /** One activity only (the read-back of a write). */
  id?: string;
}

const SUBJECT = subjectSql('a');

/** Reads of the activity feed (issue 22 "Activities"): every timeline entry, newest first. */
@Injectable()
export class FeedRepository {
  /** `limit + 1` rows after the keyset (newest first), so the caller knows if there is more. */
  async page(m: EntityManager, f: FeedFilters, limit: number): Promise<FeedRow[]> {
    const where = ['TRUE'];
    const params: unknown[] = [];
    const add = (clause: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (f.mineOf) add((n) => `(a.actor_id = ${n} OR sl.assigned_to = ${n} OR sc.owner_id = ${n} OR sd.owner_id = ${n})`, f.mineOf);
    if (f.id) add((n) => `a.id = ${n}`, f.id);
    if (f.type) add((n) => `a.type = ${n}`, f.type);
    if (f.from) add((n) => `a.created_at >= (${n}::date)::timestamp AT TIME ZONE 'Asia/Almaty'`, f.from);
    if (f.to) add((n) => `a.created_at < ((${n}::date + 1)::timestamp AT TIME ZONE 'Asia/Almaty')`, f.to);
    if (f.after) {
      params.push(f.after.at, f.after.id);
      where.push(`(a.created_at, a.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    return (await m.query(
      `SELECT ${ACTIVITY_COLUMNS}, ${SUBJECT.columns},
          to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS sort_key
         FROM activities a LEFT JOIN users u ON u.id = a.actor_id ${SUBJECT.joins}
        WHERE ${where.join(' AND ')} ORDER BY a.created_at DESC, a.id DESC LIMIT $${params.length}`,
      params,
    )) as FeedRow[];
  }
}
