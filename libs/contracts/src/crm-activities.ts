import type { ActivityType } from './crm.enums';

/**
 * One entry of a lead's, client's or deal's timeline (issue 22 "Activities"): a call, an
 * e-mail, a message, a status or stage change, a note, a viewing, a task, an assignment...
 * `data` carries the details of its type, e.g. {from, to} of a status_change / stage_change,
 * {outcome, durationSec} of a call, {channel, templateId} of an email / telegram.
 */
export interface ActivityDto {
  id: string;
  type: ActivityType;
  leadId: string | null;
  clientId: string | null;
  dealId: string | null;
  actor: { id: string; name: string } | null;
  body: string;
  data: Record<string, unknown>;
  /** ISO 8601. */
  createdAt: string;
}

/** Entries of a timeline shown on a lead, client or deal page (newest first). */
export const TIMELINE_LIMIT = 50;
