import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CrmLeadDetailDto, LeadMergeDto } from '@realty/contracts';
import type { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { ActivityRecorder } from '../shared/activity.recorder';
import { assertCanChange } from '../shared/crm-access';
import { leadAuditView, leadName } from './lead-item.mapper';
import { LeadMergeRepository } from './lead-merge.repository';
import { isUuid, LeadsQueryService } from './leads-query.service';
import { LeadsRepository } from './leads.repository';

/**
 * POST /api/crm/leads/{id}/merge {intoId} (issue 22 "Duplicate detection ... with a merge that
 * keeps both histories"): the lead `id` (the duplicate) goes into `intoId` in ONE transaction:
 * its activities, tasks, viewings, calendar events, enquiries and deals move to the target (so
 * both histories end up on the target's timeline), the target's empty fields are filled from
 * it, it is marked merged_into_id and deleted_at, and the target gets a 'merged' activity
 * {fromId, name} and the audit row. Both leads must be the actor's to change (403). 400
 * fields.intoId when the target is the same lead or not a live one; 409 LEAD_CONVERTED_LOCKED
 * when the duplicate was converted (its deal stays with it). Answers the target.
 */
@Injectable()
export class LeadMergeService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly leads: LeadsRepository,
    private readonly query: LeadsQueryService,
    private readonly repository: LeadMergeRepository,
    private readonly activities: ActivityRecorder,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async merge(actor: AuthUser, id: string, dto: LeadMergeDto, client: RequestClient): Promise<CrmLeadDetailDto> {
    return this.db.transaction(async (m) => {
      if (!isUuid(id)) throw ApiException.notFound();
      if (id.toLowerCase() === dto.intoId.toLowerCase()) throw ApiException.validation({ intoId: 'crmLead.mergeTarget' });
      // both rows locked in one order, so two merges of the same pair cannot deadlock
      for (const lockId of [id, dto.intoId].map((x) => x.toLowerCase()).sort())
        await m.query(`SELECT 1 FROM leads WHERE id = $1 FOR UPDATE`, [lockId]);
      const source = await this.query.liveRow(m, id);
      const target = await this.leads.find(m, dto.intoId);
      if (!target || target.deleted_at || target.merged_into_id) throw ApiException.validation({ intoId: 'crmLead.mergeTarget' });
      assertCanChange(actor, source.assigned_to);
      assertCanChange(actor, target.assigned_to);
      if (source.status === 'converted' || source.deal_id) throw ApiException.conflict('LEAD_CONVERTED_LOCKED');

      const now = this.clock.date();
      const moved = await this.repository.moveChildren(m, source.id, target.id);
      await this.repository.fillEmpty(m, source.id, target.id, now);
      await this.leads.set(m, source.id, { merged_into_id: target.id, deleted_at: now, duplicate_of_id: null }, now);
      await this.activities.record(m, {
        type: 'merged',
        leadId: target.id,
        actorId: actor.id,
        body: '',
        data: { fromId: source.id, name: leadName(source), moved },
      });
      const after = await this.leads.find(m, target.id);
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'lead.merge',
          entity: 'lead',
          entityId: target.id,
          before: leadAuditView(target),
          after: { ...leadAuditView(after!), mergedFromId: source.id },
        },
      );
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'lead.merged',
          entity: 'lead',
          entityId: source.id,
          before: leadAuditView(source),
          after: { mergedIntoId: target.id, deleted: true },
        },
      );
      return this.query.detail(actor, target.id, m);
    });
  }
}
