import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  CreateCrmLeadDto,
  CrmLeadDetailDto,
  CrmLeadDto,
  LeadAssignDto,
  LeadCallDto,
  LeadStatus,
  LeadStatusDto,
} from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { NotificationWriter } from '../../notifications/notification.writer';
import { ActivityRecorder } from '../shared/activity.recorder';
import { assertCanChange, supervises } from '../shared/crm-access';
import { findDuplicateLead } from './lead-duplicates.repository';
import { LeadIntake, leadLink } from './lead-intake.service';
import { leadAuditView, leadName } from './lead-item.mapper';
import { LeadsQueryService } from './leads-query.service';
import { LeadsRepository, type LeadRow, type LeadValues } from './leads.repository';

/** Statuses that mean somebody reached out (they end the wait for a first contact). */
export const CONTACT_STATUSES: readonly LeadStatus[] = ['attempted_contact', 'contacted', 'qualified', 'postponed', 'lost'];

/**
 * The CRM's lead writes (issue 22 "Leads"; spec 02 §3 Lead, §7 "CRM leads"): manual create (with
 * the intake: duplicates, round-robin, notification), edit, soft delete, assign, status change
 * with notes, call log. Each runs in ONE transaction with its activity (the timeline) and its
 * audit row; an employee changes only the leads assigned to them, supervisors any
 * (crm-access.ts). Answers the lead as GET /api/crm/leads/{id} does.
 */
@Injectable()
export class LeadsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: LeadsRepository,
    private readonly query: LeadsQueryService,
    private readonly intake: LeadIntake,
    private readonly activities: ActivityRecorder,
    private readonly audit: AuditService,
    private readonly notifications: NotificationWriter,
    private readonly clock: Clock,
  ) {}

  /**
   * POST /api/crm/leads. ownerId: an active agent (400 fields.ownerId 'crmLead.agent'); an
   * employee may only name themself (403); without it, round-robin (unless CRM_ROUND_ROBIN=off).
   * A listing that does not exist: 400 fields.propertyId.
   */
  async create(actor: AuthUser, dto: CreateCrmLeadDto, client: RequestClient): Promise<CrmLeadDetailDto> {
    return this.db.transaction(async (m) => {
      const ownerId = dto.ownerId ?? null;
      if (ownerId) {
        if (!supervises(actor) && ownerId !== actor.id) throw ApiException.forbidden('crmLead.assignSelf');
        if (!(await this.repository.activeAgent(m, ownerId))) throw ApiException.validation({ ownerId: 'crmLead.agent' });
      }
      const values = await this.values(m, dto);
      const id = await this.repository.insert(m, values, actor.id);
      await this.intake.arrive(
        m,
        {
          id,
          phone: values.phone,
          email: values.email,
          name: `${values.firstName} ${values.lastName}`.trim(),
          topic: values.topic,
          source: values.source,
        },
        { ownerId, actorId: actor.id },
      );
      const after = await this.repository.find(m, id);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'lead.create', entity: 'lead', entityId: id, after: leadAuditView(after!) },
      );
      return this.query.detail(actor, id, m);
    });
  }

  /**
   * PUT /api/crm/leads/{id}: the fields of CrmLeadDto (status and owner have their own calls).
   * A change of phone or e-mail checks the duplicate flag again (an older live lead of the same
   * person, or none). 403 / 404.
   */
  async update(actor: AuthUser, id: string, dto: CrmLeadDto, client: RequestClient): Promise<CrmLeadDetailDto> {
    return this.db.transaction(async (m) => {
      const before = await this.query.liveRow(m, id, true);
      assertCanChange(actor, before.assigned_to);
      const values = await this.values(m, dto);
      await this.repository.update(m, before.id, values, this.clock.date());
      if (values.phone !== before.phone || values.email !== before.email) {
        // new contacts: a duplicate of the oldest live lead of that person, when that one is older
        const same = await findDuplicateLead(m, values, before.id);
        const older = same ? await this.repository.find(m, same) : null;
        const duplicateOf = older && new Date(older.created_at) < new Date(before.created_at) ? older.id : null;
        if (duplicateOf !== before.duplicate_of_id)
          await this.repository.set(m, before.id, { duplicate_of_id: duplicateOf }, this.clock.date());
      }
      const after = await this.repository.find(m, before.id);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'lead.update', entity: 'lead', entityId: before.id, before: leadAuditView(before), after: leadAuditView(after!) },
      );
      return this.query.detail(actor, before.id, m);
    });
  }

  /** DELETE /api/crm/leads/{id}: soft delete (deleted_at); the lead leaves every list. 403 / 404. */
  async remove(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.query.liveRow(m, id, true);
      assertCanChange(actor, before.assigned_to);
      await this.repository.set(m, before.id, { deleted_at: this.clock.date() }, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'lead.delete', entity: 'lead', entityId: before.id, before: leadAuditView(before), after: null },
      );
    });
  }

  /**
   * POST /api/crm/leads/{id}/assign {agentId}: supervisors give any lead to any active employee
   * or manager; an employee only takes an unassigned lead (or keeps their own) for themself
   * (else 403). An agent who is not active staff: 400 fields.agentId. The new owner gets a
   * lead_assigned notification (not when they assigned it to themself).
   */
  async assign(actor: AuthUser, id: string, dto: LeadAssignDto, client: RequestClient): Promise<CrmLeadDetailDto> {
    return this.db.transaction(async (m) => {
      const before = await this.query.liveRow(m, id, true);
      if (!supervises(actor)) {
        if (before.assigned_to !== null && before.assigned_to !== actor.id) throw ApiException.forbidden();
        if (dto.agentId.toLowerCase() !== actor.id.toLowerCase()) throw ApiException.forbidden('crmLead.assignSelf');
      }
      const agent = await this.repository.activeAgent(m, dto.agentId);
      if (!agent) throw ApiException.validation({ agentId: 'crmLead.agent' });
      if (before.assigned_to !== agent.id) {
        await this.repository.set(m, before.id, { assigned_to: agent.id }, this.clock.date());
        await this.activities.record(m, {
          type: 'assignment',
          leadId: before.id,
          actorId: actor.id,
          data: { from: before.assigned_to, to: agent.id, by: 'manual' },
        });
        if (agent.id !== actor.id)
          await this.notifications.notify(m, [
            {
              userId: agent.id,
              type: 'lead_assigned',
              data: { leadId: before.id, name: leadName(before), topic: before.topic },
              link: leadLink(before.id),
            },
          ]);
        await this.audit.record(
          m,
          { user: actor, client },
          {
            action: 'lead.assign',
            entity: 'lead',
            entityId: before.id,
            before: { ownerId: before.assigned_to },
            after: { ownerId: agent.id },
          },
        );
      }
      return this.query.detail(actor, before.id, m);
    });
  }

  /**
   * PATCH /api/crm/leads/{id}/status {status, notes}: a status_change activity {from, to} with
   * the notes as its body (the status history); a contact status sets first_contacted_at when
   * empty (the wait ends). 'converted' only through convert (400 fields.status); a converted
   * lead keeps its status (409 LEAD_ALREADY_CONVERTED). The same status with notes adds a note.
   */
  async setStatus(actor: AuthUser, id: string, dto: LeadStatusDto, client: RequestClient): Promise<CrmLeadDetailDto> {
    if (dto.status === 'converted') throw ApiException.validation({ status: 'field.invalid' });
    return this.db.transaction(async (m) => {
      const before = await this.query.liveRow(m, id, true);
      assertCanChange(actor, before.assigned_to);
      if (before.status === 'converted') throw ApiException.conflict('LEAD_ALREADY_CONVERTED');
      if (before.status === dto.status) {
        if (dto.notes) await this.activities.record(m, { type: 'note', leadId: before.id, actorId: actor.id, body: dto.notes });
        return this.query.detail(actor, before.id, m);
      }
      await this.changeStatus(m, actor, before, dto.status, dto.notes ?? '', client, {});
      return this.query.detail(actor, before.id, m);
    });
  }

  /**
   * POST /api/crm/leads/{id}/call {outcome, durationSec, note}: a 'call' activity {outcome,
   * durationSec} with the note as its body. Any logged call is a first contact (answered or
   * attempted): first_contacted_at is set when empty, and a 'new' lead moves to contacted
   * (answered) or attempted_contact (any other outcome), with its status_change activity.
   */
  async logCall(actor: AuthUser, id: string, dto: LeadCallDto, client: RequestClient): Promise<CrmLeadDetailDto> {
    return this.db.transaction(async (m) => {
      const before = await this.query.liveRow(m, id, true);
      assertCanChange(actor, before.assigned_to);
      await this.activities.record(m, {
        type: 'call',
        leadId: before.id,
        actorId: actor.id,
        body: dto.note ?? '',
        data: { outcome: dto.outcome, durationSec: dto.durationSec },
      });
      if (before.status === 'new') {
        const to: LeadStatus = dto.outcome === 'answered' ? 'contacted' : 'attempted_contact';
        await this.changeStatus(m, actor, before, to, '', client, { via: 'call' });
      } else if (!before.first_contacted_at) {
        await this.repository.set(m, before.id, { first_contacted_at: this.clock.date() }, this.clock.date());
      } else {
        await this.repository.set(m, before.id, {}, this.clock.date());
      }
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'lead.call', entity: 'lead', entityId: before.id, after: { outcome: dto.outcome, durationSec: dto.durationSec } },
      );
      return this.query.detail(actor, before.id, m);
    });
  }

  /** Sets the status (and first contact for a contact status) with its activity and audit row. */
  private async changeStatus(
    m: EntityManager,
    actor: AuthUser,
    before: LeadRow,
    to: LeadStatus,
    notes: string,
    client: RequestClient,
    extra: Record<string, unknown>,
  ): Promise<void> {
    const now = this.clock.date();
    const values: Record<string, unknown> = { status: to };
    if (CONTACT_STATUSES.includes(to) && !before.first_contacted_at) values.first_contacted_at = now;
    await this.repository.set(m, before.id, values, now);
    await this.activities.record(m, {
      type: 'status_change',
      leadId: before.id,
      actorId: actor.id,
      body: notes,
      data: { from: before.status, to, ...extra },
    });
    await this.audit.record(
      m,
      { user: actor, client },
      { action: 'lead.status', entity: 'lead', entityId: before.id, before: { status: before.status }, after: { status: to } },
    );
  }

  /** The DTO as stored values; a listing that is not there: 400 fields.propertyId. */
  private async values(m: EntityManager, dto: CrmLeadDto): Promise<LeadValues> {
    if (dto.propertyId && !(await this.repository.property(m, dto.propertyId)))
      throw ApiException.validation({ propertyId: 'crmLead.property' });
    return {
      firstName: dto.firstName,
      lastName: dto.lastName ?? '',
      phone: dto.phone ?? '',
      email: dto.email ?? '',
      telegram: (dto.telegram ?? '').replace(/^@/, ''),
      source: dto.source,
      topic: dto.topic,
      message: dto.message ?? null,
      quality: dto.quality,
      budget: dto.budget ?? null,
      propertyType: dto.propertyType ?? null,
      propertyId: dto.propertyId ?? null,
    };
  }
}
