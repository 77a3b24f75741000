import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CALENDAR_RANGE_MAX_DAYS,
  type CalendarEventDto,
  type CalendarEventWriteDto,
  type CalendarItemDto,
  type CalendarQuery,
} from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { ScheduleLinksRepository } from '../schedule/schedule-links.repository';
import { assertCanChange, supervises } from '../shared/crm-access';
import { CalendarRepository, type CalendarEventRow, type CalendarEventValues, type CalendarItemRow } from './calendar.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

const LINKS: Record<CalendarItemRow['kind'], string> = {
  task: '/dashboard/crm/tasks/',
  viewing: '/dashboard/crm/viewings/',
  event: '/dashboard/calendar/',
};

const auditView = (v: CalendarEventValues) => ({ ...v });

/**
 * The calendar (issue 22 "Calendar"; spec 02 §2 /dashboard/calendar): one merged, time-ordered
 * list of tasks, viewings and events in a range (at most CALENDAR_RANGE_MAX_DAYS); employees see
 * their own items, supervisors one agent's (?agentId) or everyone's. Events (calendar_events):
 * create, read, change, delete by their owner (an employee owns only their own) or a
 * supervisor; each write audited (calendar_event.create | update | delete).
 */
@Injectable()
export class CalendarService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: CalendarRepository,
    private readonly links: ScheduleLinksRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** GET /api/calendar. 400 fields.end when end is not after start or the range is over 62 days. */
  async range(actor: AuthUser, q: CalendarQuery): Promise<CalendarItemDto[]> {
    const start = Date.parse(q.start);
    const end = Date.parse(q.end);
    if (!(end > start) || end - start > CALENDAR_RANGE_MAX_DAYS * DAY_MS) throw ApiException.validation({ end: 'crmSchedule.range' });
    const ownerId = supervises(actor) ? (q.agentId ?? null) : actor.id;
    const rows = await this.repository.range(this.db.manager, {
      start: q.start,
      end: q.end,
      ownerId,
      type: q.type,
      status: q.status,
      now: this.clock.date(),
    });
    return rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title,
      start: new Date(r.start).toISOString(),
      end: new Date(r.end).toISOString(),
      allDay: r.all_day,
      status: r.status,
      type: r.type,
      link: `${LINKS[r.kind]}${r.id}`,
      ownerId: r.owner_id,
    }));
  }

  /** GET /api/calendar/{id}; 404. */
  async get(actor: AuthUser, id: string): Promise<CalendarEventDto> {
    const row = UUID.test(id) ? await this.repository.find(this.db.manager, id) : null;
    if (!row) throw ApiException.notFound();
    return this.dto(actor, row);
  }

  /** POST /api/calendar -> 201 the event. 400 fields (ownerId: employees own only their events). */
  async create(actor: AuthUser, dto: CalendarEventWriteDto, client: RequestClient): Promise<CalendarEventDto> {
    const id = await this.db.transaction(async (m) => {
      const values = await this.values(m, actor, dto, null);
      const newId = await this.repository.insert(m, values);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'calendar_event.create', entity: 'calendar_event', entityId: newId, after: auditView(values) },
      );
      return newId;
    });
    return this.get(actor, id);
  }

  /** PUT /api/calendar/{id}: the whole event again. 404; 403; 400. */
  async update(actor: AuthUser, id: string, dto: CalendarEventWriteDto, client: RequestClient): Promise<CalendarEventDto> {
    await this.db.transaction(async (m) => {
      const before = await this.lockOwn(m, actor, id);
      const values = await this.values(m, actor, dto, before);
      await this.repository.update(m, id, values, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'calendar_event.update',
          entity: 'calendar_event',
          entityId: id,
          before: auditView(this.valuesOf(before)),
          after: auditView(values),
        },
      );
    });
    return this.get(actor, id);
  }

  /** DELETE /api/calendar/{id} -> 204. 404; 403. */
  async remove(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.lockOwn(m, actor, id);
      await this.repository.remove(m, id);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'calendar_event.delete', entity: 'calendar_event', entityId: id, before: auditView(this.valuesOf(before)) },
      );
    });
  }

  private async lockOwn(m: EntityManager, actor: AuthUser, id: string): Promise<CalendarEventRow> {
    const row = UUID.test(id) ? await this.repository.find(m, id, true) : null;
    if (!row) throw ApiException.notFound();
    assertCanChange(actor, row.owner_id);
    return row;
  }

  private valuesOf(r: CalendarEventRow): CalendarEventValues {
    return {
      title: r.title,
      description: r.description,
      type: r.type,
      status: r.status,
      starts_at: new Date(r.starts_at).toISOString(),
      ends_at: new Date(r.ends_at).toISOString(),
      all_day: r.all_day,
      owner_id: r.owner_id ?? '',
      lead_id: r.lead_id,
      client_id: r.client_id,
      deal_id: r.deal_id,
    };
  }

  private async values(
    m: EntityManager,
    actor: AuthUser,
    dto: CalendarEventWriteDto,
    before: CalendarEventRow | null,
  ): Promise<CalendarEventValues> {
    const owner = dto.ownerId ?? before?.owner_id ?? actor.id;
    if (!supervises(actor) && owner !== actor.id) throw ApiException.validation({ ownerId: 'crmSchedule.assignSelf' });
    if (owner !== before?.owner_id && !(await this.links.isActiveStaff(m, owner)))
      throw ApiException.validation({ ownerId: 'crmSchedule.staffInactive' });
    await this.links.assertLinks(m, dto);
    return {
      title: dto.title.trim(),
      description: dto.description?.trim() || null,
      type: dto.type ?? before?.type ?? 'meeting',
      status: dto.status ?? before?.status ?? 'planned',
      starts_at: new Date(dto.startsAt).toISOString(),
      ends_at: new Date(dto.endsAt).toISOString(),
      all_day: dto.allDay ?? false,
      owner_id: owner,
      lead_id: dto.leadId ?? null,
      client_id: dto.clientId ?? null,
      deal_id: dto.dealId ?? null,
    };
  }

  private dto(actor: AuthUser, r: CalendarEventRow): CalendarEventDto {
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      type: r.type,
      status: r.status,
      startsAt: new Date(r.starts_at).toISOString(),
      endsAt: new Date(r.ends_at).toISOString(),
      allDay: r.all_day,
      owner: r.owner_id ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
      leadId: r.lead_id,
      clientId: r.client_id,
      dealId: r.deal_id,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      editable: supervises(actor) || r.owner_id === actor.id,
    };
  }
}
