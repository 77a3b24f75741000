import { HttpStatus, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AI_BOUNDS,
  AI_QUEUE_PAGE_SIZE,
  LISTING_BOUNDS,
  type AiHourlyDto,
  type AiHourlyQuery,
  type AiPropertyGenerateDto,
  type AiQueueQuery,
  type AiRequestDto,
  type AiRequestKind,
  type AiRouterDto,
  type AiStatusDto,
  type AiTranslateDto,
  type Language,
  type PropertyWriteValues,
  type RoleName,
} from '@realty/contracts';
import { JobName, JobProducer, QueueName } from '@realty/jobs';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../common/api.exception';
import { Clock } from '../common/clock';
import type { AuthUser, RequestClient } from '../common/decorators';
import { Paged } from '../common/envelope.interceptor';
import { InjectRedis } from '../common/redis.module';
import { withTimeout } from '../common/with-timeout';
import { OutboxRelay } from '../outbox/outbox.relay';
import { PropertiesService } from '../properties/properties.service';
import { auditView } from '../property-authoring/property-authoring.service';
import { valuesOf, type StaffPropertyRow } from '../property-authoring/property-authoring.mapper';
import { PropertyAuthoringRepository } from '../property-authoring/property-authoring.repository';
import { AiRepository, toRequestDto, type AiRequestRow } from './ai.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMINS: readonly RoleName[] = ['admin', 'super_admin'];
/** Who sees everyone's requests (queue, status, stats): admins and managers. */
const OVERSEERS: readonly RoleName[] = ['manager', 'admin', 'super_admin'];
const isAdmin = (u: AuthUser) => ADMINS.includes(u.role);
const HOUR = 3_600_000;

/** The provider the worker uses, as configured in the environment (the same variables it reads). */
export function aiConfig(env: NodeJS.ProcessEnv = process.env): { provider: 'offline' | 'openai'; model: string; configured: boolean } {
  const configured = !!(env.AI_BASE_URL?.trim() && env.AI_API_KEY?.trim() && env.AI_MODEL?.trim());
  return configured
    ? { provider: 'openai', model: env.AI_MODEL!.trim(), configured }
    : { provider: 'offline', model: 'offline-templates-v1', configured };
}

/**
 * AI requests (issue 23 "AI content"; spec 02 §7 AI). Every generation is an ai_requests row
 * written with its outbox row (JobName.AiGenerate) in one transaction and audited
 * (ai_request.create), answered at once {id, status 'queued'}; the worker writes the draft.
 * Drafts are never written into a listing or post until a person accepts them:
 * accept (ai_request.accept + property.update / blog_post.update, one transaction) follows the
 * listing rules of issue 21 (an admin's change applies at once; another author's change of an
 * active listing waits in pending_changes for moderation; of a pending or inactive one it
 * replaces it and goes (back) on moderation). Employees see and decide their own requests;
 * managers and admins see all (admins decide all).
 */
@Injectable()
export class AiService implements OnApplicationShutdown {
  private readonly logger = new Logger('AiService');
  private readonly producer = new JobProducer();
  private queue: Queue | undefined;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: AiRepository,
    private readonly listings: PropertyAuthoringRepository,
    private readonly audit: AuditService,
    private readonly outbox: OutboxRelay,
    private readonly clock: Clock,
    private readonly catalog: PropertiesService,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /** POST /api/ai/generate-description | generate-questions. 404 unknown or deleted listing; 403 not the owner (employee). */
  async generateForProperty(actor: AuthUser, kind: 'description' | 'questions', dto: AiPropertyGenerateDto, client: RequestClient) {
    return this.enqueue(actor, kind, { propertyId: dto.propertyId, language: dto.language }, client, async (m) => {
      await this.ownedListing(m, actor, dto.propertyId);
    });
  }

  /** POST /api/ai/translate. 404 unknown listing or post; 403 not the listing's owner (employee), a post for non-admins. */
  async translate(actor: AuthUser, dto: AiTranslateDto, client: RequestClient) {
    const input = { entity: dto.entity, id: dto.id, from: dto.from, to: [...new Set(dto.to)], fields: [...new Set(dto.fields)] };
    return this.enqueue(actor, 'translate', input, client, async (m) => {
      if (dto.entity === 'property') await this.ownedListing(m, actor, dto.id);
      else await this.post(m, actor, dto.id);
    });
  }

  /** POST /api/ai/generate-via-router. */
  async router(actor: AuthUser, dto: AiRouterDto, client: RequestClient) {
    return this.enqueue(actor, 'router', { prompt: dto.prompt, task: dto.task, language: dto.language }, client);
  }

  /**
   * Writes the request, its outbox row (the AiGenerate job) and the audit row in one
   * transaction, then wakes the relay. -> {id, status 'queued', kind, createdAt}.
   */
  async enqueue(
    actor: AuthUser,
    kind: AiRequestKind,
    input: Record<string, unknown>,
    client: RequestClient,
    check?: (m: EntityManager) => Promise<void>,
    after?: (m: EntityManager, row: AiRequestRow) => Promise<void>,
  ): Promise<AiRequestDto> {
    const row = await this.db.transaction(async (m) => {
      await check?.(m);
      const r = await this.repository.insertRequest(m, kind, input, actor.id, this.clock.date());
      await this.outbox.write(m, JobName.AiGenerate, { requestId: r.id });
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'ai_request.create', entity: 'ai_request', entityId: r.id, after: { kind, input } },
      );
      await after?.(m, r);
      return r;
    });
    this.outbox.kick();
    return toRequestDto(row);
  }

  /** GET /api/ai/requests/{id}. 404 unknown; 403 someone else's (employee). */
  async get(actor: AuthUser, id: string): Promise<AiRequestDto> {
    return toRequestDto(await this.visible(this.db.manager, actor, id));
  }

  /**
   * POST /api/ai/requests/{id}/accept: writes the draft into the listing or post (description:
   * description[language]; translate: each field in each target language), in one transaction
   * with the audit rows. Questions and router answers have nothing to write: accepting them only
   * records the decision. 409 not completed (ai.notReady) or already decided (ai.alreadyDecided).
   */
  async accept(actor: AuthUser, id: string, client: RequestClient): Promise<AiRequestDto> {
    const row = await this.db.transaction(async (m) => {
      const r = await this.decidable(m, actor, id);
      const out = r.output ?? {};
      if (r.kind === 'description') {
        const language = String(out.language) as Language;
        const text = String(out.text ?? '').slice(0, LISTING_BOUNDS.description[1]);
        await this.writeListing(m, actor, String(r.input.propertyId), client, (v) => ({
          ...v,
          description: { ...v.description, [language]: text },
        }));
      } else if (r.kind === 'translate') {
        const translations = (out.translations ?? {}) as Record<string, Record<string, string>>;
        if (r.input.entity === 'blog_post') await this.writePost(m, actor, String(r.input.id), translations, client);
        else
          await this.writeListing(m, actor, String(r.input.id), client, (v) => {
            const next = { ...v, title: { ...v.title }, description: { ...v.description } };
            for (const [lang, fields] of Object.entries(translations)) {
              if (typeof fields.title === 'string') next.title[lang as 'en'] = fields.title.slice(0, LISTING_BOUNDS.title[1]);
              if (typeof fields.description === 'string')
                next.description[lang as 'en'] = fields.description.slice(0, LISTING_BOUNDS.description[1]);
            }
            return next;
          });
      }
      const decided = await this.repository.decide(m, r.id, 'accepted', actor.id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'ai_request.accept',
          entity: 'ai_request',
          entityId: r.id,
          before: { acceptedAt: null },
          after: { acceptedAt: decided.accepted_at },
        },
      );
      return decided;
    });
    this.catalog.invalidate();
    return toRequestDto(row);
  }

  /** POST /api/ai/requests/{id}/discard: the draft is dropped (nothing written). 409 as accept (a failed request may be discarded). */
  async discard(actor: AuthUser, id: string, client: RequestClient): Promise<AiRequestDto> {
    const row = await this.db.transaction(async (m) => {
      const r = await this.decidable(m, actor, id, true);
      const decided = await this.repository.decide(m, r.id, 'discarded', actor.id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'ai_request.discard',
          entity: 'ai_request',
          entityId: r.id,
          before: { discardedAt: null },
          after: { discardedAt: decided.discarded_at },
        },
      );
      return decided;
    });
    return toRequestDto(row);
  }

  /** GET /api/ai/queue?status&page&limit: newest first; employees see their own. */
  async list(actor: AuthUser, q: AiQueueQuery): Promise<Paged<AiRequestDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? AI_QUEUE_PAGE_SIZE;
    const { rows, total } = await this.repository.list(this.db.manager, {
      status: q.status,
      userId: OVERSEERS.includes(actor.role) ? null : actor.id,
      page,
      limit,
    });
    return new Paged(rows.map(toRequestDto), { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** GET /api/ai/status: provider, model, configured, counts by status, the BullMQ `ai` queue (null if Redis is down), last error. */
  async status(): Promise<AiStatusDto> {
    const [counts, lastError, queue] = await Promise.all([
      this.repository.counts(this.db.manager),
      this.repository.lastError(this.db.manager),
      this.queueCounts(),
    ]);
    return { ...aiConfig(), counts, queue, lastError };
  }

  /**
   * GET /api/ai/stats/hourly?from&to: one row per UTC hour in [from, to) (default the last 24
   * hours up to the next full hour). 400 fields: to before from (field.dateOrder), over 31 days (field.range).
   */
  async hourly(q: AiHourlyQuery): Promise<AiHourlyDto[]> {
    const now = this.clock.now();
    const to = q.to ? new Date(q.to) : new Date(Math.ceil(now / HOUR) * HOUR);
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 24 * HOUR);
    if (to.getTime() <= from.getTime()) throw ApiException.validation({ to: 'field.dateOrder' });
    if (to.getTime() - from.getTime() > AI_BOUNDS.statsMaxHours * HOUR) throw ApiException.validation({ from: 'field.range' });
    return this.repository.hourly(this.db.manager, from, to);
  }

  onApplicationShutdown(): Promise<void> {
    return this.producer.close();
  }

  private async queueCounts(): Promise<AiStatusDto['queue']> {
    if (this.redis.status !== 'ready') return null;
    try {
      this.queue ??= this.producer.queue(QueueName.Ai);
      const c = await withTimeout(this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed'), 2000, 'ai queue counts');
      return { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
    } catch (err) {
      this.logger.warn(`ai queue counts: ${(err as Error).message}`);
      return null;
    }
  }

  /** The request, if the actor may see it. 404 unknown; 403 another's (employees). */
  private async visible(m: EntityManager, actor: AuthUser, id: string, lock = false): Promise<AiRequestRow> {
    const r = UUID.test(id) ? await this.repository.request(m, id, lock) : undefined;
    if (!r) throw ApiException.notFound();
    if (!OVERSEERS.includes(actor.role) && r.created_by !== actor.id) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN');
    return r;
  }

  /** Locked; the author or an admin; completed (or failed, for a discard) and not yet decided. */
  private async decidable(m: EntityManager, actor: AuthUser, id: string, discard = false): Promise<AiRequestRow> {
    const r = await this.visible(m, actor, id, true);
    if (!isAdmin(actor) && r.created_by !== actor.id) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN');
    if (r.accepted_at || r.discarded_at) throw new ApiException(HttpStatus.CONFLICT, 'CONFLICT', 'ai.alreadyDecided');
    if (r.status !== 'completed' && !(discard && r.status === 'failed'))
      throw new ApiException(HttpStatus.CONFLICT, 'CONFLICT', 'ai.notReady');
    return r;
  }

  /** The listing locked, not deleted, owned by the actor unless an admin or manager. 404; 403. */
  private async ownedListing(m: EntityManager, actor: AuthUser, id: string): Promise<StaffPropertyRow> {
    const row = await this.listings.lock(m, id);
    if (!row || row.deleted_at) throw ApiException.notFound();
    if (!OVERSEERS.includes(actor.role) && row.owner_id !== actor.id)
      throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN', 'listing.notOwner');
    return row;
  }

  /** A blog post (admins only write posts). 404; 403. */
  private async post(m: EntityManager, actor: AuthUser, id: string): Promise<void> {
    if (!isAdmin(actor)) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN');
    const rows = await m.query(`SELECT id FROM blog_posts WHERE id = $1`, [id]);
    if (!rows.length) throw ApiException.notFound();
  }

  /**
   * Applies `change` to the listing's current values (its waiting changes, if any) by the rules
   * of PropertyAuthoringService.update (issue 21), with the property.update audit row.
   */
  private async writeListing(
    m: EntityManager,
    actor: AuthUser,
    id: string,
    client: RequestClient,
    change: (v: PropertyWriteValues) => PropertyWriteValues,
  ): Promise<void> {
    const before = await this.ownedListing(m, actor, id);
    if (!isAdmin(actor) && before.owner_id !== actor.id) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN', 'listing.notOwner');
    const values = change(before.pending_changes ?? valuesOf(before));
    let after: StaffPropertyRow;
    if (isAdmin(actor)) after = await this.listings.apply(m, before, values, 'active');
    else if (before.status === 'active') after = await this.listings.propose(m, before.id, values);
    else after = await this.listings.apply(m, before, values, 'pending');
    await this.audit.record(
      m,
      { user: actor, client },
      { action: 'property.update', entity: 'property', entityId: id, before: auditView(before), after: auditView(after) },
    );
  }

  private async writePost(
    m: EntityManager,
    actor: AuthUser,
    id: string,
    translations: Record<string, Record<string, string>>,
    client: RequestClient,
  ): Promise<void> {
    await this.post(m, actor, id);
    const [before] = await m.query(`SELECT title, excerpt, content FROM blog_posts WHERE id = $1 FOR UPDATE`, [id]);
    const after: Record<string, Record<string, string>> = {
      title: { ...before.title },
      excerpt: { ...before.excerpt },
      content: { ...before.content },
    };
    for (const [lang, fields] of Object.entries(translations))
      for (const f of ['title', 'excerpt', 'content']) if (typeof fields[f] === 'string') after[f][lang] = fields[f];
    await m.query(`UPDATE blog_posts SET title = $2, excerpt = $3, content = $4, updated_at = now() WHERE id = $1`, [
      id,
      JSON.stringify(after.title),
      JSON.stringify(after.excerpt),
      JSON.stringify(after.content),
    ]);
    await this.audit.record(m, { user: actor, client }, { action: 'blog_post.update', entity: 'blog_post', entityId: id, before, after });
  }
}
