import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CLIENTS_PAGE_SIZE,
  type ClientDetailDto,
  type ClientListItemDto,
  type ClientsQuery,
  type ClientWriteDto,
  type DealStage,
  type DealType,
} from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { Paged } from '../../common/envelope.interceptor';
import { ActivitiesRepository } from '../shared/activities.repository';
import { ActivityRecorder } from '../shared/activity.recorder';
import { assertCanChange, listScope, supervises } from '../shared/crm-access';
import { ClientsRepository, type ClientRow } from './clients.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields of a client kept on the audit log. */
function auditView(r: ClientRow, contacts?: unknown[]): Record<string, unknown> {
  return {
    type: r.type,
    firstName: r.first_name,
    lastName: r.last_name,
    companyName: r.company_name,
    bin: r.bin,
    phone: r.phone,
    email: r.email,
    telegram: r.telegram,
    isVip: r.is_vip,
    notes: r.notes,
    ownerId: r.owner_id,
    ...(contacts ? { contacts } : {}),
    deletedAt: r.deleted_at ? new Date(r.deleted_at).toISOString() : null,
  };
}

/**
 * CRM clients (issue 22 "Clients"; spec 02 §2 /dashboard/crm/clients, §3 Client, §6, §7 "CRM
 * clients"). Rules:
 * - every CRM role reads 'my' (default) or 'all'; an employee changes only their own clients,
 *   a manager / admin / super_admin any (crm-access.ts);
 * - a new client is the caller's; only a supervisor sets or changes the owner (ownerId);
 * - a client with open deals (not won / lost) is not deleted: 409 CLIENT_HAS_OPEN_DEALS;
 * - every write: one transaction with its audit row ('client.create' / 'client.update' /
 *   'client.delete') and its activity ('created' on create).
 */
@Injectable()
export class ClientsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: ClientsRepository,
    private readonly activities: ActivitiesRepository,
    private readonly recorder: ActivityRecorder,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** GET /api/crm/clients: one page, meta {total, page, limit, totalPages}. */
  async list(actor: AuthUser, q: ClientsQuery): Promise<Paged<ClientListItemDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? CLIENTS_PAGE_SIZE;
    const { rows, total } = await this.repository.page(
      this.db.manager,
      { ownerId: listScope(q.scope) === 'my' ? actor.id : null, q: q.q, type: q.type, isVip: q.isVip },
      q.sort ?? 'updated',
      q.dir ?? (q.sort === 'name' ? 'asc' : 'desc'),
      page,
      limit,
    );
    return new Paged(
      rows.map((r) => this.item(actor, r)),
      { total, page, limit, totalPages: Math.ceil(total / limit) },
    );
  }

  /** GET /api/crm/clients/{id}: 404 unknown or deleted. */
  async get(actor: AuthUser, id: string): Promise<ClientDetailDto> {
    const m = this.db.manager;
    const row = await this.visible(m, id);
    const [contacts, leads, deals, viewings, timeline] = await Promise.all([
      this.repository.contacts(m, id),
      this.repository.leads(m, id),
      this.repository.deals(m, id),
      this.repository.viewings(m, id),
      this.activities.timeline(m, { clientId: id }),
    ]);
    return {
      ...this.item(actor, row),
      firstName: row.first_name,
      lastName: row.last_name,
      telegram: row.telegram,
      notes: row.notes,
      contacts,
      leads: leads.map((l) => ({ id: l.id, name: l.name, status: l.status, createdAt: l.created_at.toISOString() })),
      deals: deals.map((d) => ({
        id: d.id,
        title: d.title,
        stage: d.stage as DealStage,
        type: d.type as DealType,
        amount: Number(d.amount),
        closedAt: d.closed_at ? d.closed_at.toISOString() : null,
      })),
      viewings: viewings.map((v) => ({
        id: v.id,
        property: { id: v.property_id, name: v.property_title },
        agent: v.agent_id ? { id: v.agent_id, name: v.agent_name ?? '' } : null,
        startsAt: v.starts_at.toISOString(),
        endsAt: v.ends_at.toISOString(),
        status: v.status,
      })),
      timeline,
    };
  }

  /** POST /api/crm/clients -> 201 the client. 400 ownerId (not a supervisor's choice, or not staff). */
  async create(actor: AuthUser, dto: ClientWriteDto, client: RequestClient): Promise<ClientDetailDto> {
    const id = await this.db.transaction(async (m) => {
      const ownerId = await this.ownerFor(m, actor, dto.ownerId, actor.id);
      const newId = await this.repository.insert(m, dto, ownerId, actor.id, this.clock.date());
      await this.repository.replaceContacts(m, newId, dto.contacts);
      const row = (await this.repository.find(m, newId))!;
      await this.recorder.record(m, { type: 'created', clientId: newId, actorId: actor.id });
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'client.create', entity: 'client', entityId: newId, after: auditView(row, dto.contacts) },
      );
      return newId;
    });
    return this.get(actor, id);
  }

  /** PUT /api/crm/clients/{id} (every field; contacts replaced). 404; 403 not theirs. */
  async update(actor: AuthUser, id: string, dto: ClientWriteDto, client: RequestClient): Promise<ClientDetailDto> {
    await this.db.transaction(async (m) => {
      const before = await this.visible(m, id, true);
      assertCanChange(actor, before.owner_id);
      const contactsBefore = await this.repository.contacts(m, id);
      const ownerId = await this.ownerFor(m, actor, dto.ownerId, before.owner_id);
      await this.repository.update(m, id, dto, ownerId, this.clock.date());
      await this.repository.replaceContacts(m, id, dto.contacts);
      const after = (await this.repository.find(m, id))!;
      const strip = (c: { name: string; position?: string; phone?: string; email?: string }) => ({
        name: c.name,
        position: c.position ?? '',
        phone: c.phone ?? '',
        email: (c.email ?? '').toLowerCase(),
      });
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'client.update',
          entity: 'client',
          entityId: id,
          before: auditView(before, contactsBefore.map(strip)),
          after: auditView(after, dto.contacts.map(strip)),
        },
      );
    });
    return this.get(actor, id);
  }

  /** DELETE /api/crm/clients/{id} (soft). 404; 403 not theirs; 409 CLIENT_HAS_OPEN_DEALS. */
  async remove(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.visible(m, id, true);
      assertCanChange(actor, before.owner_id);
      if (before.open_deals > 0) throw ApiException.conflict('CLIENT_HAS_OPEN_DEALS');
      await this.repository.softDelete(m, id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'client.delete', entity: 'client', entityId: id, before: auditView(before), after: null },
      );
    });
  }

  /** The client when it exists and is not deleted; 404 otherwise. */
  private async visible(m: EntityManager, id: string, lock = false): Promise<ClientRow> {
    const row = UUID.test(id) ? await this.repository.find(m, id, lock) : null;
    if (!row || row.deleted_at) throw ApiException.notFound();
    return row;
  }

  /**
   * The owner a write keeps: `requested` when given (supervisors only, an active staff member;
   * 400 fields.ownerId otherwise), else `fallback`. An employee naming themselves is allowed.
   */
  private async ownerFor(m: EntityManager, actor: AuthUser, requested: string | null | undefined, fallback: string | null) {
    if (requested === undefined || requested === fallback) return fallback;
    if (requested === null) {
      if (!supervises(actor)) throw ApiException.validation({ ownerId: 'crm.ownerSupervisorOnly' });
      return null;
    }
    if (!supervises(actor) && requested !== actor.id) throw ApiException.validation({ ownerId: 'crm.ownerSupervisorOnly' });
    if (!(await this.repository.isStaff(m, requested))) throw ApiException.validation({ ownerId: 'crm.ownerNotStaff' });
    return requested;
  }

  private item(actor: AuthUser, r: ClientRow): ClientListItemDto {
    return {
      id: r.id,
      type: r.type,
      name: r.name,
      companyName: r.company_name,
      bin: r.bin,
      phone: r.phone,
      email: r.email,
      isVip: r.is_vip,
      owner: r.owner_id ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
      openDeals: r.open_deals,
      editable: supervises(actor) || (r.owner_id !== null && r.owner_id === actor.id),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  }
}
