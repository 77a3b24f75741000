import { Injectable, Logger } from '@nestjs/common';
import { JobName } from '@realty/jobs';
import { DataSource, type EntityManager } from 'typeorm';
import { JobHandler } from '../jobs/job-handler.decorator';

/** How far ahead a viewing's agent is told, minutes (CRM_VIEWING_REMINDER_MINUTES, default 60). */
export function viewingReminderMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.CRM_VIEWING_REMINDER_MINUTES);
  return Number.isInteger(n) && n > 0 && n <= 7 * 24 * 60 ? n : 60;
}

/** How far ahead a task's assignee is told, minutes (issue 22: "due within the next 60 minutes"). */
export const TASK_REMINDER_MINUTES = 60;

/** Notifications written by one run. */
export interface ReminderResult {
  viewings: number;
  tasks: number;
}

/**
 * The CRM's reminders (issue 22 "Viewings", "Tasks", "Notifications"), at `now`, in one
 * transaction:
 * - every scheduled viewing starting in (now, now + viewingMinutes] and not yet reminded:
 *   a notification 'viewing_soon' {viewingId, propertyId, propertyTitle, startsAt} to its agent,
 *   link /dashboard/crm/viewings/{id}; viewings.reminded_at = now;
 * - every open task (pending | in_progress, not deleted, assigned) due by now + taskMinutes
 *   (soon or already passed) and not yet reminded: 'task_due' {taskId, title, dueDate} to its
 *   assignee, link /dashboard/crm/tasks/{id}; tasks.reminded_at = now.
 * Each row is claimed by its UPDATE (reminded_at IS NULL re-checked under the row lock), so two
 * runs at once still notify once. Moving a viewing or a task's due date clears reminded_at (API).
 */
export async function sendScheduleReminders(
  db: DataSource | EntityManager,
  now: Date,
  opts: { viewingMinutes: number; taskMinutes: number } = { viewingMinutes: viewingReminderMinutes(), taskMinutes: TASK_REMINDER_MINUTES },
): Promise<ReminderResult> {
  const run = async (m: EntityManager): Promise<ReminderResult> => {
    const viewings = (await m.query(
      `WITH due AS (
         UPDATE viewings v SET reminded_at = $1
          WHERE v.status = 'scheduled' AND v.reminded_at IS NULL
            AND v.starts_at > $1 AND v.starts_at <= $1::timestamptz + make_interval(mins => $2)
          RETURNING v.id, v.agent_id, v.property_id, v.starts_at)
       INSERT INTO notifications (user_id, type, data, link)
       SELECT d.agent_id, 'viewing_soon',
              jsonb_build_object('viewingId', d.id, 'propertyId', d.property_id,
                'propertyTitle', coalesce(nullif(p.title->>'ru', ''), p.slug), 'startsAt', d.starts_at),
              '/dashboard/crm/viewings/' || d.id
         FROM due d JOIN properties p ON p.id = d.property_id
       RETURNING id`,
      [now, opts.viewingMinutes],
    )) as unknown[];
    const tasks = (await m.query(
      `WITH due AS (
         UPDATE tasks t SET reminded_at = $1
          WHERE t.status IN ('pending', 'in_progress', 'overdue') AND t.deleted_at IS NULL AND t.assigned_to IS NOT NULL
            AND t.reminded_at IS NULL AND t.due_date <= $1::timestamptz + make_interval(mins => $2)
          RETURNING t.id, t.assigned_to, t.title, t.due_date)
       INSERT INTO notifications (user_id, type, data, link)
       SELECT d.assigned_to, 'task_due', jsonb_build_object('taskId', d.id, 'title', d.title, 'dueDate', d.due_date),
              '/dashboard/crm/tasks/' || d.id
         FROM due d
       RETURNING id`,
      [now, opts.taskMinutes],
    )) as unknown[];
    return { viewings: viewings.length, tasks: tasks.length };
  };
  return db instanceof DataSource ? db.transaction(run) : run(db);
}

/** The reminders job (JobName.ScheduleReminders, every minute: JOB_SCHEDULES). */
@Injectable()
export class ScheduleRemindersService {
  private readonly logger = new Logger(ScheduleRemindersService.name);

  /** The clock, ms since the epoch; tests replace it (app.get(ScheduleRemindersService).now = ...). */
  now: () => number = () => Date.now();

  constructor(private readonly dataSource: DataSource) {}

  /** JobName.ScheduleReminders: see sendScheduleReminders; the counts are the job's result. */
  @JobHandler(JobName.ScheduleReminders)
  async remind(): Promise<ReminderResult> {
    const result = await sendScheduleReminders(this.dataSource, new Date(this.now()));
    if (result.viewings || result.tasks) this.logger.log(`reminded ${result.viewings} viewings, ${result.tasks} tasks`);
    return result;
  }
}
