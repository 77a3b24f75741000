import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DealType, LeadConvertDto, LeadConvertResultDto } from '@realty/contracts';
import type { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { ActivityRecorder } from '../shared/activity.recorder';
import { assertCanChange } from '../shared/crm-access';
import { LeadConvertRepository } from './lead-convert.repository';
import { leadAuditView, leadName } from './lead-item.mapper';
import { LeadsQueryService } from './leads-query.service';
import { LeadsRepository } from './leads.repository';

/**
 * POST /api/crm/leads/{id}/convert (issue 22 "creates the client and a deal, links them, keeps
 * the history; answers {client, deal}"; spec 02 §3 Lead -> Client + Deal). In ONE transaction:
 * the client (an existing one by clientId, else a new individual from the lead's name, phone,
 * e-mail and Telegram, or a corporate one when companyName is given), the deal (title: the
 * body's or the lead's topic; type: the body's, else the listing's deal type, else rent;
 * amount: the lead's budget or 0 ₸; stage new_lead; owner: the lead's owner; the lead's
 * listing), the lead as converted and linked to both, the activities ('converted' on the lead
 * {clientId, dealId} with its status_change, 'created' on the client and the deal) and the
 * audit rows. The lead's timeline stays on the lead, which the deal and the client show.
 * 409 LEAD_ALREADY_CONVERTED the second time; 400 fields.clientId for an unknown client.
 */
@Injectable()
export class LeadConvertService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly leads: LeadsRepository,
    private readonly query: LeadsQueryService,
    private readonly repository: LeadConvertRepository,
    private readonly activities: ActivityRecorder,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async convert(actor: AuthUser, id: string, dto: LeadConvertDto, requestClient: RequestClient): Promise<LeadConvertResultDto> {
    return this.db.transaction(async (m) => {
      const lead = await this.query.liveRow(m, id, true);
      assertCanChange(actor, lead.assigned_to);
      if (lead.status === 'converted' || lead.deal_id) throw ApiException.conflict('LEAD_ALREADY_CONVERTED');
      const who = { user: actor, client: requestClient };

      let client = dto.clientId ? await this.repository.client(m, dto.clientId) : null;
      if (dto.clientId && !client) throw ApiException.validation({ clientId: 'crmLead.client' });
      if (!client) {
        client = await this.repository.insertClient(m, {
          firstName: lead.first_name,
          lastName: lead.last_name,
          phone: lead.phone,
          email: lead.email,
          telegram: lead.telegram,
          companyName: dto.companyName ?? null,
          ownerId: lead.assigned_to,
          createdBy: actor.id,
        });
        await this.activities.record(m, { type: 'created', clientId: client.id, actorId: actor.id, data: { leadId: lead.id } });
        await this.audit.record(m, who, {
          action: 'client.create',
          entity: 'client',
          entityId: client.id,
          after: { name: client.name, type: dto.companyName ? 'corporate' : 'individual', leadId: lead.id },
        });
      }

      const property = lead.property_id ? await this.leads.property(m, lead.property_id) : null;
      const type: DealType = dto.type ?? (property?.deal_type === 'sale' ? 'sale' : 'rent');
      const deal = await this.repository.insertDeal(m, {
        title: dto.title ?? (lead.topic || leadName(lead) || client.name),
        type,
        amount: lead.budget === null ? 0 : Number(lead.budget),
        clientId: client.id,
        leadId: lead.id,
        propertyId: lead.property_id,
        ownerId: lead.assigned_to,
      });
      await this.activities.record(m, {
        type: 'created',
        dealId: deal.id,
        clientId: client.id,
        actorId: actor.id,
        data: { leadId: lead.id },
      });
      await this.audit.record(m, who, {
        action: 'deal.create',
        entity: 'deal',
        entityId: deal.id,
        after: { title: deal.title, type, amount: deal.amount, stage: deal.stage, clientId: client.id, leadId: lead.id },
      });

      const now = this.clock.date();
      await this.leads.set(
        m,
        lead.id,
        { status: 'converted', client_id: client.id, deal_id: deal.id, first_contacted_at: lead.first_contacted_at ?? now },
        now,
      );
      await this.activities.record(m, {
        type: 'status_change',
        leadId: lead.id,
        actorId: actor.id,
        data: { from: lead.status, to: 'converted' },
      });
      await this.activities.record(m, {
        type: 'converted',
        leadId: lead.id,
        clientId: client.id,
        dealId: deal.id,
        actorId: actor.id,
        data: { clientId: client.id, dealId: deal.id },
      });
      const after = await this.leads.find(m, lead.id);
      await this.audit.record(m, who, {
        action: 'lead.convert',
        entity: 'lead',
        entityId: lead.id,
        before: leadAuditView(lead),
        after: leadAuditView(after!),
      });
      return { client: { id: client.id, name: client.name }, deal };
    });
  }
}
