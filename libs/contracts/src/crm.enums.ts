/**
 * Values of the CRM (spec 02 §3, §4; issue 22). The spec's own values; never translate them
 * (labels live in the i18n resources). Lead statuses, qualities and sources are in leads.rules.ts.
 */

/** Deal stages in board order (spec 02 §3); won and lost close a deal. */
export const DEAL_STAGES = ['new_lead', 'qualification', 'viewing', 'negotiation', 'documentation', 'contract', 'won', 'lost'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];
/** Stages of an open deal (the board's working columns). */
export const OPEN_DEAL_STAGES: readonly DealStage[] = DEAL_STAGES.filter((s) => s !== 'won' && s !== 'lost');
/** Default probability (%) of a deal entering each stage; staff may change it per deal. */
export const DEAL_STAGE_PROBABILITY: Record<DealStage, number> = {
  new_lead: 10,
  qualification: 20,
  viewing: 40,
  negotiation: 60,
  documentation: 75,
  contract: 90,
  won: 100,
  lost: 0,
};
export const DEAL_RESULTS = ['won', 'lost'] as const;
export type DealResult = (typeof DEAL_RESULTS)[number];

/** Client entity type (spec 02 §3); a corporate client has a company name and may have a BIN. */
export const CLIENT_TYPES = ['individual', 'corporate'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Task values (spec 02 §3); overdue is shown when the due date passed and the task is open. */
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'overdue'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_TYPES = ['call', 'meeting', 'viewing', 'send_docs', 'follow_up', 'presentation', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Kinds of timeline entries of a lead, client or deal (table activities). */
export const ACTIVITY_TYPES = [
  'call',
  'email',
  'telegram',
  'status_change',
  'stage_change',
  'note',
  'viewing',
  'task',
  'assignment',
  'created',
  'converted',
  'merged',
  'closed',
  'import',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Outcome of a logged call (POST /api/crm/leads/{id}/call). */
export const CALL_OUTCOMES = ['answered', 'no_answer', 'busy', 'wrong_number', 'voicemail'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const VIEWING_STATUSES = ['scheduled', 'completed', 'cancelled', 'no_show'] as const;
export type ViewingStatus = (typeof VIEWING_STATUSES)[number];

export const CALENDAR_EVENT_TYPES = ['meeting', 'call', 'reminder', 'other'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];
export const CALENDAR_EVENT_STATUSES = ['planned', 'done', 'cancelled'] as const;
export type CalendarEventStatus = (typeof CALENDAR_EVENT_STATUSES)[number];

export const MESSAGE_CHANNELS = ['email', 'telegram'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Staff notifications (issue 22 "Notifications"). */
export const NOTIFICATION_TYPES = [
  'lead_assigned',
  'lead_waiting',
  'task_due',
  'viewing_soon',
  'listing_rejected',
  'import_finished',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * CRM "my / all" (spec 02 §2): an employee sees 'my' by default and cannot change others'
 * records; a manager or an admin can (issue 22 "Rules").
 */
export const CRM_SCOPES = ['my', 'all'] as const;
export type CrmScope = (typeof CRM_SCOPES)[number];

/** Roles that see and change every agent's CRM records (issue 22 "Rules"): the API's rule, and what the screens offer. */
export const CRM_SUPERVISOR_ROLES = ['manager', 'admin', 'super_admin'] as const;

/** True when `role` may see and change every agent's CRM records. */
export function supervisesCrm(role: string): boolean {
  return (CRM_SUPERVISOR_ROLES as readonly string[]).includes(role);
}
