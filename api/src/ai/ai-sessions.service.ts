import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AI_QUEUE_PAGE_SIZE,
  PropertyWriteDto,
  listingYearProblem,
  slugify,
  validateInput,
  type AiRequestDto,
  type AiSessionCompleteDto,
  type AiSessionCreateDto,
  type AiSessionDto,
  type AiSessionPatchDto,
  type AiSessionSuggestDto,
  type PropertyStatus,
  type RoleName,
} from '@realty/contracts';
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../common/api.exception';
import { Clock } from '../common/clock';
import type { AuthUser, RequestClient } from '../common/decorators';
import { Paged } from '../common/envelope.interceptor';
import { PropertiesService } from '../properties/properties.service';
import { valuesFromDto, valuesOf, type StaffPropertyRow } from '../property-authoring/property-authoring.mapper';
import { PropertyAuthoringRepository } from '../property-authoring/property-authoring.repository';
import { auditView } from '../property-authoring/property-authoring.service';
import { AiRepository, toSessionDto, type AiSessionRow } from './ai.repository';
import { AiService } from './ai.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMINS: readonly RoleName[] = ['admin', 'super_admin'];
const OVERSEERS: readonly RoleName[] = ['manager', 'admin', 'super_admin'];
const isAdmin = (u: AuthUser) => ADMINS.includes(u.role);

const sessionAudit = (s: AiSessionRow) => ({
  status: s.status,
  propertyId: s.property_id,
  fields: s.fields,
  publishToSite: s.publish_to_site,
});

/**
 * AI property sessions (issue 23; spec 02 §4 "AI property session: created, edited, suggestions
 * generated, completed with a publishToSite flag", §7): a listing drafted with AI help.
 * created -> editing (PATCH fields) -> suggested (the worker's description in 4 languages and
 * questions, POST generate-suggestions) -> completed (POST complete: the fields, with the
 * suggested description where the draft has none, are validated as a PropertyWriteDto (400
 * fields) and create the listing, or update the session's listing, by the rules of issue 21:
 * publishToSite true: an admin's listing is active at once, anyone else's goes to moderation
 * (pending); false: a new listing is kept off the site (inactive) until its author submits it.
 * The author (or a manager/admin) reads and changes a session; every write is audited
 * (ai_session.create|update|suggest|complete, property.create|update) in its transaction.
 */
@Injectable()
export class AiSessionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: AiRepository,
    private readonly listings: PropertyAuthoringRepository,
    private readonly ai: AiService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly catalog: PropertiesService,
  ) {}

  /** POST /api/ai-property-sessions {propertyId?, fields?} -> 201 AiSessionDto (status created). 404/403 for propertyId. */
  async create(actor: AuthUser, dto: AiSessionCreateDto, client: RequestClient): Promise<AiSessionDto> {
    const row = await this.db.transaction(async (m) => {
      let fields: Record<string, unknown> = dto.fields ?? {};
      if (dto.propertyId) {
        const listing = await this.ownedListing(m, actor, dto.propertyId);
        fields = { ...(listing.pending_changes ?? valuesOf(listing)), ...fields };
      }
      const s = await this.repository.insertSession(m, fields, dto.propertyId ?? null, actor.id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'ai_session.create', entity: 'ai_session', entityId: s.id, after: sessionAudit(s) },
      );
      return s;
    });
    return toSessionDto(row);
  }

  /** GET /api/ai-property-sessions?page&limit: newest change first; employees see their own. */
  async list(actor: AuthUser, page = 1, limit = AI_QUEUE_PAGE_SIZE): Promise<Paged<AiSessionDto>> {
    const { rows, total } = await this.repository.sessions(this.db.manager, OVERSEERS.includes(actor.role) ? null : actor.id, page, limit);
    return new Paged(rows.map(toSessionDto), { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** GET /api/ai-property-sessions/{id}. 404; 403. */
  async get(actor: AuthUser, id: string): Promise<AiSessionDto> {
    return toSessionDto(await this.visible(this.db.manager, actor, id));
  }

  /** PATCH /api/ai-property-sessions/{id} {fields}: merged over the draft; status editing. 409 completed. */
  async patch(actor: AuthUser, id: string, dto: AiSessionPatchDto, client: RequestClient): Promise<AiSessionDto> {
    const row = await this.db.transaction(async (m) => {
      const before = await this.open(m, actor, id);
      const after = await this.repository.updateSession(
        m,
        id,
        { fields: { ...before.fields, ...dto.fields }, status: before.status === 'created' ? 'editing' : before.status },
        this.clock.date(),
      );
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'ai_session.update', entity: 'ai_session', entityId: id, before: sessionAudit(before), after: sessionAudit(after) },
      );
      return after;
    });
    return toSessionDto(row);
  }

  /** POST .../{id}/generate-suggestions {language?} -> 202 the queued AiRequestDto (kind session-suggestions). 409 completed. */
  async suggest(actor: AuthUser, id: string, dto: AiSessionSuggestDto, client: RequestClient): Promise<AiRequestDto> {
    return this.ai.enqueue(
      actor,
      'session-suggestions',
      { sessionId: id, language: dto.language ?? 'ru' },
      client,
      async (m) => {
        await this.open(m, actor, id);
      },
      async (m, r) => {
        await this.repository.updateSession(m, id, { last_request_id: r.id }, this.clock.date());
      },
    );
  }

  /** POST .../{id}/complete {publishToSite} -> 200 AiSessionDto (completed, propertyId). 400 fields of the listing; 409 completed. */
  async complete(actor: AuthUser, id: string, dto: AiSessionCompleteDto, client: RequestClient): Promise<AiSessionDto> {
    const row = await this.db.transaction(async (m) => {
      const before = await this.open(m, actor, id);
      const draft: Record<string, unknown> = { ...before.fields };
      const suggested = (before.suggestions?.description ?? null) as Record<string, string> | null;
      const description = (draft.description ?? {}) as Record<string, string>;
      if (suggested && !description.ru)
        draft.description = { ...suggested, ...Object.fromEntries(Object.entries(description).filter(([, v]) => v)) };
      const checked = await validateInput(PropertyWriteDto, draft);
      if (!checked.ok) throw ApiException.validation(checked.errors as Record<string, string>);
      const values = valuesFromDto(checked.value);
      const fields: Record<string, string> = {};
      if (values.yearBuilt !== null) {
        const problem = listingYearProblem(values.yearBuilt, this.clock.now());
        if (problem) fields.yearBuilt = problem;
      }
      for (const f of Object.keys(await this.listings.unknownRefs(m, values))) fields[f] = 'listing.unknownRef';
      if (Object.keys(fields).length) throw ApiException.validation(fields);

      let listing: StaffPropertyRow;
      if (before.property_id) {
        const old = await this.ownedListing(m, actor, before.property_id);
        if (isAdmin(actor)) listing = await this.listings.apply(m, old, values, dto.publishToSite ? 'active' : old.status);
        else if (old.status === 'active') listing = await this.listings.propose(m, old.id, values);
        else listing = await this.listings.apply(m, old, values, dto.publishToSite ? 'pending' : old.status);
        await this.audit.record(
          m,
          { user: actor, client },
          { action: 'property.update', entity: 'property', entityId: old.id, before: auditView(old), after: auditView(listing) },
        );
      } else {
        const status: PropertyStatus = !dto.publishToSite ? 'inactive' : isAdmin(actor) ? 'active' : 'pending';
        const slug = `${slugify(values.title.ru, { maxLength: 200, fallback: 'listing' })}-${randomBytes(4).toString('hex')}`;
        listing = await this.listings.insert(m, slug, values, actor.id, status);
        await this.audit.record(
          m,
          { user: actor, client },
          { action: 'property.create', entity: 'property', entityId: listing.id, after: auditView(listing) },
        );
      }
      const after = await this.repository.updateSession(
        m,
        id,
        { status: 'completed', property_id: listing.id, publish_to_site: dto.publishToSite, completed_at: this.clock.date() },
        this.clock.date(),
      );
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'ai_session.complete', entity: 'ai_session', entityId: id, before: sessionAudit(before), after: sessionAudit(after) },
      );
      return after;
    });
    this.catalog.invalidate();
    return toSessionDto(row);
  }

  private async visible(m: EntityManager, actor: AuthUser, id: string, lock = false): Promise<AiSessionRow> {
    const s = UUID.test(id) ? await this.repository.session(m, id, lock) : undefined;
    if (!s) throw ApiException.notFound();
    if (!OVERSEERS.includes(actor.role) && s.created_by !== actor.id) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN');
    return s;
  }

  /** Locked and not completed (409 ai.sessionCompleted). */
  private async open(m: EntityManager, actor: AuthUser, id: string): Promise<AiSessionRow> {
    const s = await this.visible(m, actor, id, true);
    if (s.status === 'completed') throw new ApiException(HttpStatus.CONFLICT, 'CONFLICT', 'ai.sessionCompleted');
    return s;
  }

  private async ownedListing(m: EntityManager, actor: AuthUser, id: string): Promise<StaffPropertyRow> {
    const row = UUID.test(id) ? await this.listings.lock(m, id) : undefined;
    if (!row || row.deleted_at) throw ApiException.notFound();
    if (!isAdmin(actor) && row.owner_id !== actor.id) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN', 'listing.notOwner');
    return row;
  }
}
