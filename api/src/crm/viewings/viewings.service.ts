import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  VIEWING_DURATION,
  VIEWINGS_PAGE_SIZE,
  type ViewingDto,
  type ViewingOptionsDto,
  type ViewingOutcomeDto,
  type ViewingStatus,
  type ViewingWriteDto,
  type ViewingsQuery,
} from '@realty/contracts';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { Paged } from '../../common/envelope.interceptor';
import { ScheduleLinksRepository, toSubject } from '../schedule/schedule-links.repository';
import { ActivityRecorder } from '../shared/activity.recorder';
import { assertCanChange, listScope, supervises } from '../shared/crm-access';
import { ViewingsRepository, type ViewingRow, type ViewingValues } from './viewings.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The 409 of a double booking, or null when `error` is not one: the database's exclusion
 * constraints (ex_viewings_agent, ex_viewings_property; crm-foundation migration) raise 23P01.
 */
export function doubleBooking(error: unknown): ApiException | null {
  if (!(error instanceof QueryFailedError)) return null;
  const e = error.driverError as { code?: string; constraint?: string };
  if (e.code !== '23P01') return null;
  return e.constraint === 'ex_viewings_property'
    ? ApiException.conflict('VIEWING_PROPERTY_BUSY', 'crmSchedule.propertyBusy')
    : ApiException.conflict('VIEWING_AGENT_BUSY', 'crmSchedule.agentBusy');
}

const auditView = (v: Pick<ViewingValues, 'property_id' | 'agent_id' | 'starts_at' | 'ends_at' | 'client_id' | 'lead_id' | 'deal_id'>) => ({
  propertyId: v.property_id,
  agentId: v.agent_id,
  startsAt: new Date(v.starts_at).toISOString(),
  endsAt: new Date(v.ends_at).toISOString(),
  clientId: v.client_id,
  leadId: v.lead_id,
  dealId: v.deal_id,
});

/**
 * Viewings (issue 22 "Viewings"; spec 02 §3): list ('my' = I am the agent), book, read,
 * change, cancel (DELETE: status cancelled, which frees the time), outcome (completed |
 * no_show). No double booking: a clash of the agent's or the listing's scheduled time answers
 * 409 VIEWING_AGENT_BUSY / VIEWING_PROPERTY_BUSY with a translated message (never a 500).
 * An employee books only themselves and changes only their own viewings (403); supervisors any.
 * Each write: audit row (viewing.create | update | cancel | outcome) and, when the viewing
 * links a lead / client / deal, an activity 'viewing' {viewingId, propertyId, startsAt, status}.
 */
@Injectable()
export class ViewingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: ViewingsRepository,
    private readonly links: ScheduleLinksRepository,
    private readonly activities: ActivityRecorder,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** GET /api/crm/viewings. */
  async list(actor: AuthUser, q: ViewingsQuery): Promise<Paged<ViewingDto>> {
    const limit = q.limit ?? VIEWINGS_PAGE_SIZE;
    const page = q.page ?? 1;
    const agentId = listScope(q.scope) === 'my' ? actor.id : (q.agentId ?? null);
    const { rows, total } = await this.repository.page(
      this.db.manager,
      { agentId, status: q.status, from: q.from, to: q.to, propertyId: q.propertyId },
      this.clock.date(),
      (page - 1) * limit,
      limit,
    );
    return new Paged(
      rows.map((r) => this.dto(actor, r)),
      { total, page, limit, totalPages: Math.ceil(total / limit) },
    );
  }

  /** GET /api/crm/viewings/options?q: the booking form's listings, clients and agents. */
  async options(q: string | undefined): Promise<ViewingOptionsDto> {
    const m = this.db.manager;
    const [rest, staff] = await Promise.all([this.repository.options(m, q), this.links.staff(m)]);
    return { ...rest, agents: staff.map((s) => ({ id: s.id, name: s.name })) };
  }

  /** GET /api/crm/viewings/{id}; 404. */
  async get(actor: AuthUser, id: string): Promise<ViewingDto> {
    const row = UUID.test(id) ? await this.repository.find(this.db.manager, id) : null;
    if (!row) throw ApiException.notFound();
    return this.dto(actor, row);
  }

  /** POST /api/crm/viewings -> 201 the viewing (scheduled). 400 fields; 409 double booking. */
  async create(actor: AuthUser, dto: ViewingWriteDto, client: RequestClient): Promise<ViewingDto> {
    const id = await this.booking(() =>
      this.db.transaction(async (m) => {
        const values = await this.values(m, actor, dto, null);
        const newId = await this.repository.insert(m, values, actor.id);
        await this.audit.record(
          m,
          { user: actor, client },
          { action: 'viewing.create', entity: 'viewing', entityId: newId, after: auditView(values) },
        );
        await this.recordActivity(m, actor, newId, values, 'scheduled');
        return newId;
      }),
    );
    return this.get(actor, id);
  }

  /** PUT /api/crm/viewings/{id}: the whole booking again. 404; 403; 400; 409 double booking. */
  async update(actor: AuthUser, id: string, dto: ViewingWriteDto, client: RequestClient): Promise<ViewingDto> {
    await this.booking(() =>
      this.db.transaction(async (m) => {
        const before = await this.lockOwn(m, actor, id);
        const values = await this.values(m, actor, dto, before);
        await this.repository.update(m, id, values, this.clock.date());
        await this.audit.record(
          m,
          { user: actor, client },
          { action: 'viewing.update', entity: 'viewing', entityId: id, before: auditView(this.valuesOf(before)), after: auditView(values) },
        );
      }),
    );
    return this.get(actor, id);
  }

  /** DELETE /api/crm/viewings/{id} -> 204: cancelled (its time is free again). 409 when completed / no_show. */
  async cancel(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.lockOwn(m, actor, id);
      if (before.status === 'cancelled') return;
      if (before.status !== 'scheduled') throw ApiException.conflict('CONFLICT', 'crmSchedule.notScheduled');
      await this.setStatus(m, actor, before, 'cancelled', null, client);
    });
  }

  /** POST /api/crm/viewings/{id}/outcome {status: completed | no_show, outcome} -> 200; 409 unless scheduled. */
  async outcome(actor: AuthUser, id: string, dto: ViewingOutcomeDto, client: RequestClient): Promise<ViewingDto> {
    await this.db.transaction(async (m) => {
      const before = await this.lockOwn(m, actor, id);
      if (before.status !== 'scheduled') throw ApiException.conflict('CONFLICT', 'crmSchedule.notScheduled');
      await this.setStatus(m, actor, before, dto.status, dto.outcome?.trim() || null, client);
    });
    return this.get(actor, id);
  }

  private async setStatus(
    m: EntityManager,
    actor: AuthUser,
    before: ViewingRow,
    status: ViewingStatus,
    outcome: string | null,
    client: RequestClient,
  ): Promise<void> {
    await this.repository.setStatus(m, before.id, status, outcome, this.clock.date());
    await this.audit.record(
      m,
      { user: actor, client },
      {
        action: status === 'cancelled' ? 'viewing.cancel' : 'viewing.outcome',
        entity: 'viewing',
        entityId: before.id,
        before: { status: before.status, outcome: before.outcome },
        after: { status, outcome: outcome ?? before.outcome },
      },
    );
    await this.recordActivity(m, actor, before.id, this.valuesOf(before), status, outcome);
  }

  /** Runs a booking write; a double booking becomes its 409. */
  private async booking<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      throw doubleBooking(error) ?? error;
    }
  }

  private async recordActivity(
    m: EntityManager,
    actor: AuthUser,
    id: string,
    v: ViewingValues,
    status: ViewingStatus,
    outcome?: string | null,
  ): Promise<void> {
    if (!v.lead_id && !v.client_id && !v.deal_id) return;
    await this.activities.record(m, {
      type: 'viewing',
      leadId: v.lead_id,
      clientId: v.client_id,
      dealId: v.deal_id,
      actorId: actor.id,
      body: outcome ?? '',
      data: { viewingId: id, propertyId: v.property_id, startsAt: new Date(v.starts_at).toISOString(), status },
    });
  }

  private async lockOwn(m: EntityManager, actor: AuthUser, id: string): Promise<ViewingRow> {
    const row = UUID.test(id) ? await this.repository.find(m, id, true) : null;
    if (!row) throw ApiException.notFound();
    assertCanChange(actor, row.agent_id);
    return row;
  }

  private valuesOf(r: ViewingRow): ViewingValues {
    return {
      property_id: r.property_id,
      client_id: r.client_id,
      lead_id: r.lead_id,
      deal_id: r.deal_id,
      agent_id: r.agent_id,
      starts_at: new Date(r.starts_at).toISOString(),
      ends_at: new Date(r.ends_at).toISOString(),
      notes: r.notes,
    };
  }

  /** The columns of a write, checked: the agent (self for an employee; active staff), the listing, the links. */
  private async values(m: EntityManager, actor: AuthUser, dto: ViewingWriteDto, before: ViewingRow | null): Promise<ViewingValues> {
    const agent = dto.agentId ?? before?.agent_id ?? actor.id;
    if (!supervises(actor) && agent !== actor.id) throw ApiException.validation({ agentId: 'crmSchedule.agentSelf' });
    if (agent !== before?.agent_id && !(await this.links.isActiveStaff(m, agent)))
      throw ApiException.validation({ agentId: 'crmSchedule.staffInactive' });
    if (!(await this.repository.propertyExists(m, dto.propertyId)))
      throw ApiException.validation({ propertyId: 'crmSchedule.propertyNotFound' });
    await this.links.assertLinks(m, dto);
    const minutes = dto.durationMinutes ?? VIEWING_DURATION.default;
    const start = new Date(dto.startsAt);
    return {
      property_id: dto.propertyId,
      client_id: dto.clientId ?? null,
      lead_id: dto.leadId ?? null,
      deal_id: dto.dealId ?? null,
      agent_id: agent,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + minutes * 60_000).toISOString(),
      notes: dto.notes?.trim() || null,
    };
  }

  private dto(actor: AuthUser, r: ViewingRow): ViewingDto {
    const starts = new Date(r.starts_at);
    const ends = new Date(r.ends_at);
    return {
      id: r.id,
      property: { id: r.property_id, title: r.property_title, address: r.property_address },
      agent: { id: r.agent_id, name: r.agent_name ?? '' },
      clientId: r.client_id,
      leadId: r.lead_id,
      dealId: r.deal_id,
      subject: toSubject(r),
      startsAt: starts.toISOString(),
      endsAt: ends.toISOString(),
      durationMinutes: Math.round((ends.getTime() - starts.getTime()) / 60_000),
      status: r.status,
      outcome: r.outcome,
      notes: r.notes,
      createdAt: new Date(r.created_at).toISOString(),
      editable: supervises(actor) || r.agent_id === actor.id,
    };
  }
}
