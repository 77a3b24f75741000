import { Injectable, Logger } from '@nestjs/common';
import { crmFirstContactMinutes, crmWorkingHours, workingMinutesBetween, type CrmWorkingHours } from '@realty/contracts';
import { JobName } from '@realty/jobs';
import { DataSource, type EntityManager } from 'typeorm';
import { JobHandler } from '../jobs/job-handler.decorator';

/** The rules of the waiting check: the limit (working minutes) and the working hours. */
export interface WaitingRules {
  limitMinutes: number;
  hours: CrmWorkingHours;
}

/** What one check did. */
export interface WaitingCheckResult {
  /** Leads reported (each once: wait_notified_at). */
  leads: number;
  /** Notifications written. */
  notifications: number;
}

/** Leads looked at per run, oldest first. */
export const WAITING_BATCH = 500;

interface WaitingRow {
  id: string;
  first_name: string;
  last_name: string;
  topic: string;
  created_at: Date;
  assigned_to: string | null;
  manager_id: string | null;
}

/**
 * The "waiting too long" check (issue 22 "a lead not contacted within a configurable time in
 * working hours (default 15 minutes) notifies the owner and their manager"; spec 02 §3 Lead).
 * In one transaction at `now`: the 'new' live leads never contacted and not yet reported whose
 * wait in working hours (workingMinutesBetween, `rules.hours`) passed `rules.limitMinutes` get
 * a lead_waiting notification to their owner and the owner's manager (users.manager_id); a lead
 * without an owner goes to every active manager. Each is stamped wait_notified_at, so it is
 * reported once. Rows are locked SKIP LOCKED: two workers never report one lead twice.
 * Working minutes grow with age, so the walk (oldest first) stops at the first lead under the limit.
 */
export async function notifyWaitingLeads(db: DataSource | EntityManager, now: Date, rules: WaitingRules): Promise<WaitingCheckResult> {
  const run = async (m: EntityManager): Promise<WaitingCheckResult> => {
    const rows: WaitingRow[] = await m.query(
      `SELECT l.id, l.first_name, l.last_name, l.topic, l.created_at, l.assigned_to, u.manager_id
         FROM leads l LEFT JOIN users u ON u.id = l.assigned_to
        WHERE l.status = 'new' AND l.first_contacted_at IS NULL AND l.wait_notified_at IS NULL AND l.deleted_at IS NULL
          AND l.merged_into_id IS NULL AND l.created_at <= $1::timestamptz - make_interval(mins => $2)
        ORDER BY l.created_at, l.id LIMIT $3
        FOR UPDATE OF l SKIP LOCKED`,
      [now, rules.limitMinutes, WAITING_BATCH],
    );
    let managers: string[] | null = null;
    const result: WaitingCheckResult = { leads: 0, notifications: 0 };
    for (const r of rows) {
      const waited = workingMinutesBetween(new Date(r.created_at), now, rules.hours);
      if (waited <= rules.limitMinutes) break;
      let to = [r.assigned_to, r.manager_id].filter((x): x is string => !!x);
      if (!r.assigned_to) {
        managers ??= (
          (await m.query(
            `SELECT u.id FROM users u JOIN roles ro ON ro.id = u.role_id WHERE ro.name = 'manager' AND u.status = 'active' ORDER BY u.id`,
          )) as Array<{ id: string }>
        ).map((x) => x.id);
        to = managers;
      }
      for (const userId of [...new Set(to)]) {
        await m.query(`INSERT INTO notifications (user_id, type, data, link) VALUES ($1, 'lead_waiting', $2, $3)`, [
          userId,
          JSON.stringify({ leadId: r.id, name: `${r.first_name} ${r.last_name}`.trim(), topic: r.topic, waitedMinutes: waited }),
          `/dashboard/crm/leads/${r.id}`,
        ]);
        result.notifications += 1;
      }
      await m.query(`UPDATE leads SET wait_notified_at = $2 WHERE id = $1`, [r.id, now]);
      result.leads += 1;
    }
    return result;
  };
  return db instanceof DataSource ? db.transaction(run) : run(db);
}

/** The CRM's scheduled checks of the maintenance queue (JOB_SCHEDULES: every minute). */
@Injectable()
export class LeadWaitingService {
  private readonly logger = new Logger(LeadWaitingService.name);
  /** The check's clock (tests replace it). */
  now: () => Date = () => new Date();

  constructor(private readonly dataSource: DataSource) {}

  /** JobName.LeadWaitingCheck: notifyWaitingLeads with CRM_FIRST_CONTACT_MINUTES and CRM_WORKING_HOURS. */
  @JobHandler(JobName.LeadWaitingCheck)
  async check(): Promise<WaitingCheckResult> {
    const result = await notifyWaitingLeads(this.dataSource, this.now(), {
      limitMinutes: crmFirstContactMinutes(process.env),
      hours: crmWorkingHours(process.env),
    });
    if (result.leads) this.logger.log(`${result.leads} leads waiting too long: ${result.notifications} notifications`);
    return result;
  }
}
