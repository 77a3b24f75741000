import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  LANDING_PERIOD_DAYS,
  LANDING_STATUSES,
  LANDING_TEMPLATES,
  LANDINGS_PAGE_SIZE,
  landingPath,
  landingTemplate,
  type GenerateLandingDto,
  type LandingAnalyticsDto,
  type LandingCategory,
  type LandingDto,
  type LandingEnquiryDto,
  type LandingPeriod,
  type LandingShareDto,
  type LandingShareResultDto,
  type LandingsOverviewDto,
  type LandingsQuery,
  type LandingStatus,
  type LandingTemplateDto,
  type LeadCreatedDto,
  type PropertyListItem,
  type PublicLandingDto,
  type ShareLandingTelegramDto,
  type UpdateLandingDto,
} from '@realty/contracts';
import { JobName } from '@realty/jobs';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../common/api.exception';
import { Clock } from '../common/clock';
import type { AuthUser, RequestClient } from '../common/decorators';
import { Paged } from '../common/envelope.interceptor';
import { telegramConfigured } from '../crm/lead-messages/lead-messages.service';
import { LeadsService, publicWebUrl, type LeadOrigin } from '../leads/leads.service';
import { OutboxRelay } from '../outbox/outbox.relay';
import { PropertiesService } from '../properties/properties.service';
import { LandingsRepository, type LandingRow } from './landings.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

/** What the audit log keeps of a landing. */
function auditView(
  r: Pick<LandingRow, 'title' | 'slug' | 'status' | 'template_id' | 'language' | 'seo_title' | 'seo_description' | 'intro'>,
) {
  return {
    title: r.title,
    slug: r.slug,
    status: r.status,
    templateId: r.template_id,
    language: r.language,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
    intro: r.intro,
  };
}

/** The public page's absolute address (PUBLIC_WEB_URL + /l/{slug}). */
export function landingUrl(slug: string): string {
  return `${publicWebUrl()}${landingPath(slug)}`;
}

/**
 * Landing pages (issue 23 "Landing pages"; spec 02 §2 /dashboard/landings, §4 statuses, §7
 * Landings; docs/decisions/040-landing-pages.md).
 *
 * - generate: stores the landing as a draft and, in the same transaction, its audit row and the
 *   GenerateLanding job (outbox -> landings queue -> worker/src/landings), which resolves the
 *   listings, writes the SEO texts and makes it active when asked. The answer comes at once with
 *   `generating: true` and the public `url`.
 * - analytics: visits = page views of /l/{slug} (website_page_views, bots left out), unique
 *   visitors = distinct sessions, enquiries = leads with the landing's id, conversion =
 *   enquiries / unique visitors; over the last `period` days by the API's clock.
 * - share/telegram: one landing_shares row and one SendTelegram job per recipient (the worker's
 *   TelegramService marks the row sent or failed).
 * - public read and enquiry: active landings only (404 otherwise); the enquiry is a lead with
 *   source 'landing' and landing_id, through the public lead intake (LeadsService.store).
 * Every staff write is audited in its transaction (landing.create | update | delete | share_telegram).
 */
@Injectable()
export class LandingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: LandingsRepository,
    private readonly audit: AuditService,
    private readonly outbox: OutboxRelay,
    private readonly clock: Clock,
    private readonly properties: PropertiesService,
    private readonly leads: LeadsService,
  ) {}

  private since7d(): Date {
    return new Date(this.clock.now() - 7 * DAY_MS);
  }

  /** GET /api/landings: paged (default 20), newest first; each row with its 7-day visits. */
  async list(q: LandingsQuery): Promise<Paged<LandingDto>> {
    const limit = q.limit ?? LANDINGS_PAGE_SIZE;
    const page = q.page ?? 1;
    const sort = q.sort ?? 'created';
    const { rows, total } = await this.repository.page(
      this.db.manager,
      { status: q.status, q: q.q, since: this.since7d() },
      sort,
      q.dir ?? (sort === 'created' ? 'desc' : 'asc'),
      (page - 1) * limit,
      limit,
    );
    return new Paged(rows.map(toDto), { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** GET /api/landings/{id}; 404. */
  async get(id: string): Promise<LandingDto> {
    const row = UUID.test(id) ? await this.repository.find(this.db.manager, id, this.since7d()) : null;
    if (!row) throw ApiException.notFound();
    return toDto(row);
  }

  /**
   * POST /api/landings/generate -> 201 LandingDto (status draft, generating true, url).
   * 400 fields: propertyIds (none and no filter: landing.listingsRequired; not public:
   * landing.propertyUnknown), the DTO's fields; 409 SLUG_TAKEN with fields.slug.
   */
  async generate(actor: AuthUser, dto: GenerateLandingDto, client: RequestClient): Promise<LandingDto> {
    const propertyIds = [...new Set((dto.propertyIds ?? []).map((i) => i.toLowerCase()))];
    const filter = dto.filter ?? null;
    if (!propertyIds.length && !filter) throw ApiException.validation({ propertyIds: 'landing.listingsRequired' });
    const id = await this.db.transaction(async (m) => {
      if (propertyIds.length) {
        const known = await this.repository.publicListingIds(m, propertyIds);
        if (propertyIds.some((p) => !known.has(p))) throw ApiException.validation({ propertyIds: 'landing.propertyUnknown' });
      }
      // A transaction-scoped lock on the slug: two generates of one slug are one landing and one 409.
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`landing-slug:${dto.slug}`]);
      if (await this.repository.slugTaken(m, dto.slug)) throw slugTaken();
      const newId = await this.repository.insert(m, {
        templateId: dto.templateId,
        title: dto.title,
        slug: dto.slug,
        language: dto.language,
        propertyIds,
        filter,
        activate: dto.activate ?? true,
        createdBy: actor.id,
      });
      await this.outbox.write(m, JobName.GenerateLanding, { landingId: newId });
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'landing.create',
          entity: 'landing',
          entityId: newId,
          after: { title: dto.title, slug: dto.slug, templateId: dto.templateId, language: dto.language, propertyIds, filter },
        },
      );
      return newId;
    });
    this.outbox.kick();
    return this.get(id);
  }

  /** PATCH /api/landings/{id}: status, title, SEO fields, intro. 404; 400 fields. */
  async update(actor: AuthUser, id: string, dto: UpdateLandingDto, client: RequestClient): Promise<LandingDto> {
    if (!UUID.test(id)) throw ApiException.notFound();
    await this.db.transaction(async (m) => {
      const before = await this.repository.find(m, id, this.since7d(), true);
      if (!before) throw ApiException.notFound();
      const after = {
        ...before,
        status: dto.status ?? before.status,
        title: dto.title ?? before.title,
        seo_title: dto.seoTitle ?? before.seo_title,
        seo_description: dto.seoDescription ?? before.seo_description,
        intro: dto.intro ?? before.intro,
      };
      await this.repository.update(m, id, {
        status: after.status,
        title: after.title,
        seoTitle: after.seo_title,
        seoDescription: after.seo_description,
        intro: after.intro,
      });
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'landing.update', entity: 'landing', entityId: id, before: auditView(before), after: auditView(after) },
      );
    });
    return this.get(id);
  }

  /** DELETE /api/landings/{id} -> 204 (its shares go with it; its leads keep no link). 404. */
  async remove(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    if (!UUID.test(id)) throw ApiException.notFound();
    await this.db.transaction(async (m) => {
      const before = await this.repository.find(m, id, this.since7d(), true);
      if (!before) throw ApiException.notFound();
      await this.repository.remove(m, id);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'landing.delete', entity: 'landing', entityId: id, before: auditView(before), after: null },
      );
    });
  }

  /** GET /api/landings/templates/list?category= : the fixed list (LANDING_TEMPLATES). */
  templates(category?: LandingCategory): LandingTemplateDto[] {
    return LANDING_TEMPLATES.filter((t) => !category || t.category === category);
  }

  /** GET /api/landings/templates/{id}; 404. */
  template(id: string): LandingTemplateDto {
    const t = landingTemplate(id);
    if (!t) throw ApiException.notFound();
    return t;
  }

  /** GET /api/landings/{id}/analytics?period (default 7d): the last N days up to the API clock's now. 404. */
  async analytics(id: string, period: LandingPeriod = '7d'): Promise<LandingAnalyticsDto> {
    const landing = UUID.test(id) ? await this.repository.find(this.db.manager, id, this.since7d()) : null;
    if (!landing) throw ApiException.notFound();
    const to = this.clock.date();
    const from = new Date(to.getTime() - LANDING_PERIOD_DAYS[period] * DAY_MS);
    const [totals, daily] = await Promise.all([
      this.repository.totals(this.db.manager, landing.slug, id, from, to),
      this.repository.daily(this.db.manager, landing.slug, id, from, to),
    ]);
    return {
      landingId: id,
      period,
      from: from.toISOString(),
      to: to.toISOString(),
      visits: totals.visits,
      uniqueVisitors: totals.unique,
      enquiries: totals.enquiries,
      conversion: totals.unique ? Math.round((totals.enquiries / totals.unique) * 10_000) / 10_000 : 0,
      daily,
    };
  }

  /** GET /api/landings/stats/overview: counts by status, 7-day visits and enquiries, the 5 busiest. */
  async overview(): Promise<LandingsOverviewDto> {
    const [counts, top] = await Promise.all([
      this.repository.statusCounts(this.db.manager),
      this.repository.top(this.db.manager, this.since7d(), 1000),
    ]);
    const byStatus = Object.fromEntries(LANDING_STATUSES.map((s) => [s, 0])) as Record<LandingStatus, number>;
    for (const c of counts) byStatus[c.status] = c.n;
    return {
      total: counts.reduce((n, c) => n + c.n, 0),
      byStatus,
      visits7d: top.reduce((n, t) => n + t.visits, 0),
      enquiries7d: top.reduce((n, t) => n + t.enquiries, 0),
      top: top.slice(0, 5).map((t) => ({ id: t.id, title: t.title, slug: t.slug, visits7d: t.visits, enquiries7d: t.enquiries })),
    };
  }

  /**
   * POST /api/landings/{id}/share/telegram {recipients, message} -> 202 the queued messages: one
   * SendTelegram job per recipient with the message and the page's address. 404; 409
   * LANDING_NOT_ACTIVE (the link would not open); 503 TELEGRAM_NOT_CONFIGURED (no bot token).
   */
  async share(actor: AuthUser, id: string, dto: ShareLandingTelegramDto, client: RequestClient): Promise<LandingShareResultDto> {
    if (!UUID.test(id)) throw ApiException.notFound();
    const queued = await this.db.transaction(async (m) => {
      const landing = await this.repository.find(m, id, this.since7d(), true);
      if (!landing) throw ApiException.notFound();
      if (!telegramConfigured())
        throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'TELEGRAM_NOT_CONFIGURED', 'crmMessaging.telegramNotConfigured');
      if (landing.status !== 'active') throw ApiException.conflict('LANDING_NOT_ACTIVE', 'landing.notActive');
      const text = `${dto.message}\n\n${landingUrl(landing.slug)}`;
      const out: LandingShareDto[] = [];
      for (const chatId of [...new Set(dto.recipients)]) {
        const row = await this.repository.insertShare(m, id, chatId, dto.message, actor.id);
        await this.outbox.write(m, JobName.SendTelegram, { chatId, text, landingShareId: row.id });
        out.push({ id: row.id, chatId, status: 'queued', error: null, createdAt: new Date(row.created_at).toISOString() });
      }
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'landing.share_telegram',
          entity: 'landing',
          entityId: id,
          after: { recipients: out.map((s) => s.chatId), message: dto.message },
        },
      );
      return out;
    });
    this.outbox.kick();
    return { landingId: id, queued };
  }

  /** GET /api/landings/{id}/shares: the last 50 Telegram messages of a landing (newest first). 404. */
  async shares(id: string): Promise<LandingShareDto[]> {
    if (!UUID.test(id)) throw ApiException.notFound();
    const rows = await this.repository.shares(this.db.manager, id);
    if (!rows.length && !(await this.repository.find(this.db.manager, id, this.since7d()))) throw ApiException.notFound();
    return rows.map((r) => ({
      id: r.id,
      chatId: r.chat_id,
      status: r.status,
      error: r.error,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  /** GET /api/landings/public/{slug}: an active landing with its listings' public cards (snapshot order); 404 otherwise. */
  async publicBySlug(slug: string): Promise<PublicLandingDto<PropertyListItem>> {
    const row = await this.activeBySlug(slug);
    const listings = await this.properties.cardsByIds(row.listing_ids);
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      language: row.language,
      templateId: row.template_id,
      category: landingTemplate(row.template_id)?.category ?? 'general',
      seoTitle: row.seo_title || row.title,
      seoDescription: row.seo_description,
      intro: row.intro,
      updatedAt: new Date(row.updated_at).toISOString(),
      listings,
    };
  }

  /**
   * POST /api/landings/public/{slug}/leads: the page's enquiry form -> a lead with source
   * 'landing' and landing_id (the public lead intake: duplicate window, CRM intake, sales e-mail).
   * 404 unless the landing is active.
   */
  async enquiry(slug: string, dto: LandingEnquiryDto, origin: LeadOrigin): Promise<LeadCreatedDto & { duplicate?: boolean }> {
    const landing = await this.activeBySlug(slug);
    const [firstName, ...rest] = (dto.name ?? '').trim().split(/\s+/);
    const stored = await this.leads.store(
      {
        firstName: firstName ?? '',
        lastName: rest.join(' '),
        phone: dto.phone,
        email: dto.email ?? null,
        message: dto.message ?? null,
        source: 'landing',
        topic: `Лендинг: ${landing.title}`.slice(0, 100),
      },
      origin,
      null,
      async (m, leadId) => {
        await m.query(`UPDATE leads SET landing_id = $2 WHERE id = $1`, [leadId, landing.id]);
      },
    );
    return stored.duplicate ? { id: stored.id, status: stored.status, duplicate: true } : { id: stored.id, status: stored.status };
  }

  /** Slugs of active landings with their last change (the sitemap). */
  async sitemap(): Promise<Array<{ slug: string; updatedAt: string }>> {
    const rows: Array<{ slug: string; updated_at: Date }> = await this.db.query(
      `SELECT slug, updated_at FROM landings WHERE status = 'active' ORDER BY created_at LIMIT 5000`,
    );
    return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at).toISOString() }));
  }

  private async activeBySlug(slug: string): Promise<LandingRow> {
    const row = typeof slug === 'string' && slug.length <= 100 ? await this.repository.findActiveBySlug(this.db.manager, slug) : null;
    if (!row) throw ApiException.notFound();
    return row;
  }
}

function slugTaken(): ApiException {
  return new ApiException(HttpStatus.CONFLICT, 'SLUG_TAKEN', 'landing.slugTaken', { slug: 'landing.slugTaken' });
}

function toDto(r: LandingRow): LandingDto {
  return {
    id: r.id,
    templateId: r.template_id,
    title: r.title,
    slug: r.slug,
    language: r.language,
    status: r.status,
    url: landingUrl(r.slug),
    propertyIds: r.property_ids,
    filter: r.filter,
    listingIds: r.listing_ids,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
    intro: r.intro,
    generating: r.generated_at === null && r.generation_error === null,
    generatedAt: r.generated_at ? new Date(r.generated_at).toISOString() : null,
    generationError: r.generation_error,
    visits7d: r.visits_7d,
    createdBy: r.created_by ? { id: r.created_by, name: r.author_name ?? '' } : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
