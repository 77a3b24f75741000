import { Injectable } from '@nestjs/common';
import type { SortDirection, TaskPriority, TaskSort, TaskStatus, TaskType } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { likeContains } from '../../common/like-pattern';
import { USER_NAME, subjectSql } from '../schedule/schedule-links.repository';

/** A task row with its assignee's and author's names and its subject (TASK_SELECT). */
export interface TaskRow {
  id: string;
  title: string;
  description: string | null;
  type: TaskType;
  priority: TaskPriority;
  status: TaskStatus;
  due_date: Date | null;
  assigned_to: string | null;
  assignee_name: string | null;
  created_by: string | null;
  author_name: string | null;
  lead_id: string | null;
  client_id: string | null;
  deal_id: string | null;
  subject_kind: string | null;
  subject_id: string | null;
  subject_name: string | null;
  completed_at: Date | null;
  reminded_at: Date | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const SUBJECT = subjectSql('t');
const TASK_SELECT = `SELECT t.*, ${USER_NAME('ua')} AS assignee_name, ${USER_NAME('ub')} AS author_name, ${SUBJECT.columns}
  FROM tasks t LEFT JOIN users ua ON ua.id = t.assigned_to LEFT JOIN users ub ON ub.id = t.created_by ${SUBJECT.joins}`;

/** Open statuses (they become overdue once the due date passed; 'overdue' as stored, e.g. by the demo data, is open too). */
export const OPEN_SQL = `t.status IN ('pending', 'in_progress', 'overdue')`;

/** The list's filters as SQL (numbered from $1). `now`: the API clock (overdue). */
export interface TaskFilters {
  assigneeId: string | null;
  status?: TaskStatus;
  priority?: TaskPriority;
  type?: TaskType;
  dueFrom?: string;
  dueTo?: string;
  q?: string;
  now: Date;
}

/** The columns a write sets. */
export interface TaskValues {
  title: string;
  description: string | null;
  type: TaskType;
  priority: TaskPriority;
  status: TaskStatus;
  due_date: string | null;
  assigned_to: string | null;
  lead_id: string | null;
  client_id: string | null;
  deal_id: string | null;
}

function where(f: TaskFilters): { sql: string; params: unknown[] } {
  const parts = ['t.deleted_at IS NULL'];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(clause(`$${params.length}`));
  };
  if (f.assigneeId) add((n) => `t.assigned_to = ${n}`, f.assigneeId);
  if (f.status === 'overdue') add((n) => `(t.status = 'overdue' OR (${OPEN_SQL} AND t.due_date < ${n}))`, f.now);
  else if (f.status) add((n) => `t.status = ${n}`, f.status);
  if (f.priority) add((n) => `t.priority = ${n}`, f.priority);
  if (f.type) add((n) => `t.type = ${n}`, f.type);
  if (f.dueFrom) add((n) => `t.due_date >= (${n}::date)::timestamp AT TIME ZONE 'Asia/Almaty'`, f.dueFrom);
  if (f.dueTo) add((n) => `t.due_date < ((${n}::date + 1)::timestamp AT TIME ZONE 'Asia/Almaty')`, f.dueTo);
  if (f.q) add((n) => `lower(t.title) LIKE ${n}`, likeContains(f.q));
  return { sql: parts.join(' AND '), params };
}

const ORDER: Record<TaskSort, (dir: SortDirection) => string> = {
  due: (d) => `t.due_date ${d} NULLS LAST, t.id ${d}`,
  priority: (d) =>
    `CASE t.priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END ${d}, t.due_date ASC NULLS LAST, t.id ${d}`,
  created: (d) => `t.created_at ${d}, t.id ${d}`,
};

/** SQL of the tasks table (issue 22 "Tasks"); soft-deleted rows are read only by `find(..., true)`. */
@Injectable()
export class TasksRepository {
  /** One page of the list and the total. */
  async page(
    m: EntityManager,
    f: TaskFilters,
    sort: TaskSort,
    dir: SortDirection,
    offset: number,
    limit: number,
  ): Promise<{ rows: TaskRow[]; total: number }> {
    const w = where(f);
    const n = w.params.length;
    const [rows, count] = await Promise.all([
      m.query(`${TASK_SELECT} WHERE ${w.sql} ORDER BY ${ORDER[sort](dir)} LIMIT $${n + 1} OFFSET $${n + 2}`, [...w.params, limit, offset]),
      m.query(`SELECT count(*)::int AS total FROM tasks t WHERE ${w.sql}`, w.params),
    ]);
    return { rows: rows as TaskRow[], total: (count as Array<{ total: number }>)[0].total };
  }

  /** The task (not deleted), optionally locked for the write. */
  async find(m: EntityManager, id: string, lock = false): Promise<TaskRow | null> {
    if (lock) {
      const locked = (await m.query(`SELECT id FROM tasks WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id])) as unknown[];
      if (!locked.length) return null;
    }
    const rows = (await m.query(`${TASK_SELECT} WHERE t.id = $1 AND t.deleted_at IS NULL`, [id])) as TaskRow[];
    return rows[0] ?? null;
  }

  async insert(m: EntityManager, v: TaskValues, authorId: string): Promise<string> {
    const rows = (await m.query(
      `INSERT INTO tasks (title, description, type, priority, status, due_date, assigned_to, lead_id, client_id, deal_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [v.title, v.description, v.type, v.priority, v.status, v.due_date, v.assigned_to, v.lead_id, v.client_id, v.deal_id, authorId],
    )) as Array<{ id: string }>;
    return rows[0].id;
  }

  /** Sets the values; a changed due date may be reminded again; completed_at follows the status. */
  async update(m: EntityManager, id: string, v: TaskValues, now: Date): Promise<void> {
    await m.query(
      `UPDATE tasks SET title = $2, description = $3, type = $4, priority = $5, status = $6::varchar, due_date = $7::timestamptz,
         assigned_to = $8::uuid, lead_id = $9, client_id = $10, deal_id = $11,
         reminded_at = CASE WHEN due_date IS DISTINCT FROM $7::timestamptz OR assigned_to IS DISTINCT FROM $8::uuid THEN NULL ELSE reminded_at END,
         completed_at = CASE WHEN $6::varchar = 'completed' THEN coalesce(completed_at, $12::timestamptz) ELSE NULL END, updated_at = $12::timestamptz
       WHERE id = $1`,
      [id, v.title, v.description, v.type, v.priority, v.status, v.due_date, v.assigned_to, v.lead_id, v.client_id, v.deal_id, now],
    );
  }

  async complete(m: EntityManager, id: string, now: Date): Promise<void> {
    await m.query(`UPDATE tasks SET status = 'completed', completed_at = $2, updated_at = $2 WHERE id = $1`, [id, now]);
  }

  async softDelete(m: EntityManager, id: string, now: Date): Promise<void> {
    await m.query(`UPDATE tasks SET deleted_at = $2, updated_at = $2 WHERE id = $1`, [id, now]);
  }
}
