import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { NotificationWriter } from '../../notifications/notification.writer';
import { ActivityRecorder } from '../shared/activity.recorder';
import { roundRobinEnabled } from './crm-lead-settings';
import { findDuplicateLead } from './lead-duplicates.repository';
import { takeNextAgent } from './lead-rotation.repository';

/** A lead just inserted, in the transaction that inserted it. */
export interface ArrivedLead {
  id: string;
  phone: string;
  email: string;
  name: string;
  topic: string;
  source: string;
}

/** The CRM link of a lead's page (notifications, e-mails). */
export const leadLink = (id: string) => `/dashboard/crm/leads/${id}`;

/**
 * What happens to every new lead, whichever way it arrives (issue 22 "Leads": the site forms
 * through LeadsService.store, an enquiry, the manual create; the import reuses
 * findDuplicateLead): in the lead's own transaction it is flagged as a duplicate of the oldest
 * live lead of the same person (lead-duplicates.repository.ts), gets its owner (the one given,
 * else the next agent by round-robin unless CRM_ROUND_ROBIN=off), a 'created' activity (and an
 * 'assignment' one when owned), and the owner a lead_assigned notification (not when they made
 * the lead themself).
 */
@Injectable()
export class LeadIntake {
  constructor(
    private readonly notifications: NotificationWriter,
    private readonly activities: ActivityRecorder,
  ) {}

  /** Runs the intake for `lead`; answers its owner and the lead it duplicates (or nulls). */
  async arrive(
    m: EntityManager,
    lead: ArrivedLead,
    opts: { ownerId?: string | null; actorId?: string | null } = {},
  ): Promise<{ ownerId: string | null; duplicateOfId: string | null }> {
    const actorId = opts.actorId ?? null;
    const duplicateOfId = await findDuplicateLead(m, lead, lead.id);
    const rotated = !opts.ownerId && roundRobinEnabled();
    const ownerId = opts.ownerId ?? (rotated ? await takeNextAgent(m) : null);
    if (duplicateOfId || ownerId)
      await m.query(`UPDATE leads SET duplicate_of_id = $2, assigned_to = $3 WHERE id = $1`, [lead.id, duplicateOfId, ownerId]);
    await this.activities.record(m, {
      type: 'created',
      leadId: lead.id,
      actorId,
      data: { source: lead.source, ...(duplicateOfId ? { duplicateOfId } : {}) },
    });
    if (ownerId) {
      await this.activities.record(m, {
        type: 'assignment',
        leadId: lead.id,
        actorId,
        data: { from: null, to: ownerId, by: rotated ? 'round_robin' : 'manual' },
      });
      if (ownerId !== actorId)
        await this.notifications.notify(m, [
          {
            userId: ownerId,
            type: 'lead_assigned',
            data: { leadId: lead.id, name: lead.name, topic: lead.topic },
            link: leadLink(lead.id),
          },
        ]);
    }
    return { ownerId, duplicateOfId };
  }
}
