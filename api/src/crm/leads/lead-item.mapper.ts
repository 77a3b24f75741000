import { workingMinutesBetween, type CrmLeadItemDto } from '@realty/contracts';
import type { AuthUser } from '../../common/decorators';
import { supervises } from '../shared/crm-access';
import { firstContactMinutes, workingHours } from './crm-lead-settings';
import type { LeadRow } from './leads.repository';

/** Minutes a lead has waited for a first contact at `now`: for a lead still 'new' and never contacted, else null. */
export function waitingMinutes(r: Pick<LeadRow, 'status' | 'first_contacted_at' | 'created_at'>, now: number): number | null {
  if (r.status !== 'new' || r.first_contacted_at) return null;
  return Math.max(0, Math.floor((now - new Date(r.created_at).getTime()) / 60_000));
}

/** The full name of a lead ('' parts left out). */
export const leadName = (r: Pick<LeadRow, 'first_name' | 'last_name'>) => `${r.first_name} ${r.last_name}`.trim();

/**
 * A lead row as a list item for `actor` at `now` (the injected Clock): its wait (wall-clock
 * minutes; too long when its working minutes passed CRM_FIRST_CONTACT_MINUTES) and whether the
 * actor may change it (their own; supervisors any: crm-access.ts).
 */
export function toLeadItem(r: LeadRow, actor: Pick<AuthUser, 'id' | 'role'>, now: number): CrmLeadItemDto {
  const waiting = waitingMinutes(r, now);
  return {
    id: r.id,
    name: leadName(r),
    phone: r.phone,
    email: r.email,
    source: r.source,
    topic: r.topic,
    status: r.status,
    quality: r.quality,
    owner: r.assigned_to ? { id: r.assigned_to, name: r.owner_name ?? '' } : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    firstContactedAt: r.first_contacted_at ? new Date(r.first_contacted_at).toISOString() : null,
    waitingMinutes: waiting,
    waitingTooLong:
      waiting !== null &&
      waiting > firstContactMinutes() &&
      workingMinutesBetween(new Date(r.created_at), new Date(now), workingHours(), firstContactMinutes() + 1) > firstContactMinutes(),
    duplicateOfId: r.duplicate_of_id,
    editable: supervises(actor) || (r.assigned_to !== null && r.assigned_to === actor.id),
  };
}

/** The fields of a lead kept in its audit rows (changed ones only are written). */
export function leadAuditView(r: LeadRow): Record<string, unknown> {
  return {
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    email: r.email,
    telegram: r.telegram,
    source: r.source,
    topic: r.topic,
    message: r.message,
    status: r.status,
    quality: r.quality,
    budget: r.budget === null ? null : Number(r.budget),
    propertyType: r.property_type,
    propertyId: r.property_id,
    ownerId: r.assigned_to,
    clientId: r.client_id,
    dealId: r.deal_id,
    duplicateOfId: r.duplicate_of_id,
    mergedIntoId: r.merged_into_id,
    firstContactedAt: r.first_contacted_at ? new Date(r.first_contacted_at).toISOString() : null,
    deleted: r.deleted_at !== null,
  };
}
