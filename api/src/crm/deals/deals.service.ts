import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEAL_STAGE_PROBABILITY,
  DEAL_STAGES,
  DEALS_PAGE_SIZE,
  KANBAN_COLUMN_CARDS,
  type DealCardDto,
  type DealCloseDto,
  type DealCreateDto,
  type DealDto,
  type DealMoveDto,
  type DealsKanbanQuery,
  type DealsQuery,
  type DealStage,
  type DealUpdateDto,
  type KanbanColumnDto,
} from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService, type AuditActor } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { Paged } from '../../common/envelope.interceptor';
import { PropertiesService } from '../../properties/properties.service';
import { ClientsRepository } from '../clients/clients.repository';
import { ActivitiesRepository } from '../shared/activities.repository';
import { ActivityRecorder } from '../shared/activity.recorder';
import { assertCanChange, listScope, supervises } from '../shared/crm-access';
import { DealsRepository, POSITION_MIN_GAP, POSITION_STEP, type DealFilters, type DealRow } from './deals.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CLOSED: readonly DealStage[] = ['won', 'lost'];

/** The fields of a deal kept on the audit log. */
function auditView(r: DealRow): Record<string, unknown> {
  return {
    title: r.title,
    type: r.type,
    amount: Number(r.amount),
    stage: r.stage,
    position: r.position,
    probability: r.probability,
    expectedClose: r.expected_close,
    clientId: r.client_id,
    propertyId: r.property_id,
    ownerId: r.owner_id,
    lostReason: r.lost_reason,
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
    deletedAt: r.deleted_at ? new Date(r.deleted_at).toISOString() : null,
  };
}

/**
 * CRM deals and the kanban board (issue 22 "Deals"; spec 02 §2 kanban with stages, §3 Deal, §4
 * "deal move and close are separate actions", §6, §7 "Deals"). Rules:
 * - every CRM role reads 'my' (default) or 'all'; an employee changes only their own deals, a
 *   supervisor any; only a supervisor gives a deal to another owner (400 fields.ownerId);
 * - move: to an open stage only (won / lost: 400 fields.stage 'crm.useClose'); a closed deal
 *   does not move (409 DEAL_CLOSED); the position is the index in the target column as the
 *   caller's board shows it; the probability becomes the stage's default
 *   (DEAL_STAGE_PROBABILITY); a change of stage is a stage_change activity {from, to};
 * - close: won or lost (lost needs a reason: 400 fields.reason), once (409 DEAL_CLOSED);
 *   closed_at set, probability 100 / 0, the card on top of its column, a 'closed' activity
 *   {from, to, reason}; a won deal on a listing marks it rented (rent) or sold (sale) and
 *   inactive (off the public site; the catalogue cache dropped after the commit);
 * - every write: one transaction with its audit row(s) ('deal.create', 'deal.update',
 *   'deal.move', 'deal.close', 'deal.delete', 'property.status') and activities.
 */
@Injectable()
export class DealsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: DealsRepository,
    private readonly clients: ClientsRepository,
    private readonly activities: ActivitiesRepository,
    private readonly recorder: ActivityRecorder,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly catalog: PropertiesService,
  ) {}

  /** GET /api/crm/deals/kanban: every stage in DEAL_STAGES order with its count, sum (₸) and first cards. */
  async kanban(actor: AuthUser, q: DealsKanbanQuery): Promise<KanbanColumnDto[]> {
    const f: DealFilters = { ownerId: listScope(q.scope) === 'my' ? actor.id : null, q: q.q, type: q.type };
    const columns = await this.repository.board(this.db.manager, f, DEAL_STAGES, KANBAN_COLUMN_CARDS);
    return columns.map((c) => ({ stage: c.stage, count: c.count, sum: Number(c.sum), deals: c.cards.map((r) => this.card(actor, r)) }));
  }

  /** GET /api/crm/deals: a page of the filtered list, meta {total, page, limit, totalPages}. */
  async list(actor: AuthUser, q: DealsQuery): Promise<Paged<DealCardDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? DEALS_PAGE_SIZE;
    const { rows, total } = await this.repository.page(
      this.db.manager,
      { ownerId: listScope(q.scope) === 'my' ? actor.id : null, q: q.q, type: q.type, stage: q.stage },
      q.sort ?? 'updated',
      q.dir ?? 'desc',
      page,
      limit,
    );
    return new Paged(
      rows.map((r) => this.card(actor, r)),
      { total, page, limit, totalPages: Math.ceil(total / limit) },
    );
  }

  /** GET /api/crm/deals/{id}: 404 unknown or deleted. */
  async get(actor: AuthUser, id: string): Promise<DealDto> {
    const m = this.db.manager;
    const row = await this.visible(m, id);
    const [history, timeline] = await Promise.all([this.repository.stageHistory(m, id), this.activities.timeline(m, { dealId: id })]);
    return {
      ...this.card(actor, row),
      position: row.position,
      leadId: row.lead_id,
      lostReason: row.lost_reason,
      closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      stageHistory: history.map((h) => ({
        from: (h.data.from as DealStage | undefined) ?? null,
        to: h.data.to as DealStage,
        at: new Date(h.created_at).toISOString(),
        actor: h.actor_id ? { id: h.actor_id, name: h.actor_name ?? '' } : null,
      })),
      timeline,
    };
  }

  /** POST /api/crm/deals -> 201 DealDto (on top of its column). 400 fields (clientId, propertyId, ownerId unknown). */
  async create(actor: AuthUser, dto: DealCreateDto, client: RequestClient): Promise<DealDto> {
    const id = await this.db.transaction(async (m) => {
      const stage = dto.stage ?? 'new_lead';
      const ownerId = await this.ownerFor(m, actor, dto.ownerId, actor.id);
      await this.checkRefs(m, dto.clientId, dto.propertyId);
      await this.repository.lockColumn(m, stage);
      const newId = await this.repository.insert(
        m,
        {
          title: dto.title,
          type: dto.type,
          amount: dto.amount ?? 0,
          stage,
          position: await this.repository.topPosition(m, stage),
          probability: dto.probability ?? DEAL_STAGE_PROBABILITY[stage],
          expectedClose: dto.expectedClose ?? null,
          clientId: dto.clientId ?? null,
          propertyId: dto.propertyId ?? null,
          ownerId,
        },
        this.clock.date(),
      );
      const row = (await this.repository.find(m, newId))!;
      await this.recorder.record(m, { type: 'created', dealId: newId, clientId: row.client_id, actorId: actor.id });
      await this.audit.record(m, this.who(actor, client), {
        action: 'deal.create',
        entity: 'deal',
        entityId: newId,
        after: auditView(row),
      });
      return newId;
    });
    return this.get(actor, id);
  }

  /** PATCH /api/crm/deals/{id} (given fields only). 404; 403 not theirs; 400 fields. */
  async update(actor: AuthUser, id: string, dto: DealUpdateDto, client: RequestClient): Promise<DealDto> {
    await this.db.transaction(async (m) => {
      const before = await this.visible(m, id, true);
      assertCanChange(actor, before.owner_id);
      const set: Record<string, unknown> = {};
      if (dto.title !== undefined) set.title = dto.title;
      if (dto.type !== undefined) set.type = dto.type;
      if (dto.amount !== undefined) set.amount = dto.amount;
      if (dto.probability !== undefined) set.probability = dto.probability ?? DEAL_STAGE_PROBABILITY[before.stage];
      if (dto.expectedClose !== undefined) set.expected_close = dto.expectedClose;
      if (dto.clientId !== undefined) set.client_id = dto.clientId;
      if (dto.propertyId !== undefined) set.property_id = dto.propertyId;
      await this.checkRefs(
        m,
        dto.clientId !== before.client_id ? dto.clientId : undefined,
        dto.propertyId !== before.property_id ? dto.propertyId : undefined,
      );
      if (dto.ownerId !== undefined) set.owner_id = await this.ownerFor(m, actor, dto.ownerId, before.owner_id);
      if (!Object.keys(set).length) return;
      await this.repository.update(m, id, set, this.clock.date());
      const after = (await this.repository.find(m, id))!;
      if (after.owner_id !== before.owner_id)
        await this.recorder.record(m, {
          type: 'assignment',
          dealId: id,
          actorId: actor.id,
          data: { from: before.owner_id, to: after.owner_id },
        });
      await this.audit.record(m, this.who(actor, client), {
        action: 'deal.update',
        entity: 'deal',
        entityId: id,
        before: auditView(before),
        after: auditView(after),
      });
    });
    return this.get(actor, id);
  }

  /** DELETE /api/crm/deals/{id} -> soft delete. 404; 403 not theirs. */
  async remove(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.visible(m, id, true);
      assertCanChange(actor, before.owner_id);
      await this.repository.update(m, id, { deleted_at: this.clock.date() }, this.clock.date());
      await this.audit.record(m, this.who(actor, client), {
        action: 'deal.delete',
        entity: 'deal',
        entityId: id,
        before: auditView(before),
        after: null,
      });
    });
  }

  /** PATCH /api/crm/deals/{id}/move {stage, position, scope?} (rules: class comment). */
  async move(actor: AuthUser, id: string, dto: DealMoveDto, client: RequestClient): Promise<DealDto> {
    if (CLOSED.includes(dto.stage)) throw ApiException.validation({ stage: 'crm.useClose' });
    await this.db.transaction(async (m) => {
      const before = await this.visible(m, id, true);
      assertCanChange(actor, before.owner_id);
      if (CLOSED.includes(before.stage)) throw ApiException.conflict('DEAL_CLOSED');
      await this.repository.lockColumn(m, dto.stage);
      const view: DealFilters = { ownerId: dto.scope === 'my' ? actor.id : null, q: dto.q, type: dto.type };
      let place = await this.repository.neighbours(m, dto.stage, id, dto.position, view);
      if (place.before !== null && place.after !== null && place.after - place.before < POSITION_MIN_GAP) {
        await this.repository.renumber(m, dto.stage);
        place = await this.repository.neighbours(m, dto.stage, id, dto.position, view);
      }
      const position =
        place.before === null && place.after === null
          ? 0
          : place.before === null
            ? place.after! - POSITION_STEP
            : place.after === null
              ? place.before + POSITION_STEP
              : (place.before + place.after) / 2;
      const set: Record<string, unknown> = { stage: dto.stage, position };
      if (dto.stage !== before.stage) set.probability = DEAL_STAGE_PROBABILITY[dto.stage];
      await this.repository.update(m, id, set, this.clock.date());
      const after = (await this.repository.find(m, id))!;
      if (dto.stage !== before.stage)
        await this.recorder.record(m, {
          type: 'stage_change',
          dealId: id,
          actorId: actor.id,
          data: { from: before.stage, to: dto.stage },
        });
      await this.audit.record(m, this.who(actor, client), {
        action: 'deal.move',
        entity: 'deal',
        entityId: id,
        before: auditView(before),
        after: auditView(after),
      });
    });
    return this.get(actor, id);
  }

  /** POST /api/crm/deals/{id}/close {result, reason} (rules: class comment). */
  async close(actor: AuthUser, id: string, dto: DealCloseDto, client: RequestClient): Promise<DealDto> {
    let listingChanged = false;
    await this.db.transaction(async (m) => {
      const before = await this.visible(m, id, true);
      assertCanChange(actor, before.owner_id);
      if (CLOSED.includes(before.stage)) throw ApiException.conflict('DEAL_CLOSED');
      const at = this.clock.date();
      await this.repository.lockColumn(m, dto.result);
      await this.repository.update(
        m,
        id,
        {
          stage: dto.result,
          position: await this.repository.topPosition(m, dto.result),
          probability: DEAL_STAGE_PROBABILITY[dto.result],
          closed_at: at,
          lost_reason: dto.reason === '' ? null : dto.reason,
        },
        at,
      );
      const after = (await this.repository.find(m, id))!;
      await this.recorder.record(m, {
        type: 'closed',
        dealId: id,
        actorId: actor.id,
        body: dto.reason,
        data: { from: before.stage, to: dto.result, reason: dto.reason || null },
      });
      await this.audit.record(m, this.who(actor, client), {
        action: 'deal.close',
        entity: 'deal',
        entityId: id,
        before: auditView(before),
        after: auditView(after),
      });
      if (dto.result === 'won' && before.property_id) {
        const change = await this.repository.closeProperty(m, before.property_id, before.type === 'rent' ? 'rented' : 'sold', at);
        if (change) {
          listingChanged = true;
          await this.audit.record(m, this.who(actor, client), {
            action: 'property.status',
            entity: 'property',
            entityId: before.property_id,
            before: change.before,
            after: change.after,
          });
        }
      }
    });
    // The catalogue_version trigger tells other processes; this one drops its cache now.
    if (listingChanged) this.catalog.invalidate();
    return this.get(actor, id);
  }

  private who(actor: AuthUser, client: RequestClient): AuditActor {
    return { user: actor, client };
  }

  /** The deal when it exists and is not deleted; 404 otherwise. */
  private async visible(m: EntityManager, id: string, lock = false): Promise<DealRow> {
    const row = UUID.test(id) ? await this.repository.find(m, id, lock) : null;
    if (!row || row.deleted_at) throw ApiException.notFound();
    return row;
  }

  /** 400 fields.clientId / fields.propertyId when a given one does not exist (or is deleted). */
  private async checkRefs(m: EntityManager, clientId: string | null | undefined, propertyId: string | null | undefined) {
    const fields: Record<string, string> = {};
    if (clientId && !(await this.repository.clientExists(m, clientId))) fields.clientId = 'crm.notFoundRef';
    if (propertyId && !(await this.repository.propertyExists(m, propertyId))) fields.propertyId = 'crm.notFoundRef';
    if (Object.keys(fields).length) throw ApiException.validation(fields);
  }

  /** The owner a write keeps: `requested` (supervisors only, active staff), else `fallback`. */
  private async ownerFor(m: EntityManager, actor: AuthUser, requested: string | null | undefined, fallback: string | null) {
    if (requested === undefined || requested === fallback) return fallback;
    if (!supervises(actor) && requested !== actor.id) throw ApiException.validation({ ownerId: 'crm.ownerSupervisorOnly' });
    if (requested === null) {
      if (!supervises(actor)) throw ApiException.validation({ ownerId: 'crm.ownerSupervisorOnly' });
      return null;
    }
    if (!(await this.clients.isStaff(m, requested))) throw ApiException.validation({ ownerId: 'crm.ownerNotStaff' });
    return requested;
  }

  private card(actor: AuthUser, r: DealRow): DealCardDto {
    return {
      id: r.id,
      title: r.title,
      amount: Number(r.amount),
      type: r.type,
      stage: r.stage,
      probability: r.probability,
      expectedClose: r.expected_close,
      client: r.client_id ? { id: r.client_id, name: r.client_name ?? '' } : null,
      property: r.property_id ? { id: r.property_id, title: r.property_title ?? '' } : null,
      owner: r.owner_id ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
      editable: supervises(actor) || (r.owner_id !== null && r.owner_id === actor.id),
    };
  }
}
