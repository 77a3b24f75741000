import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BLOG_DESK_BOUNDS,
  BLOG_MODERATOR_ROLES,
  LANGUAGES,
  almatyDay,
  autoMonthSlots,
  readingTimeMinutes,
  slugify,
  type BlogAutoMonthDto,
  type BlogBatchDto,
  type BlogDeskPostDto,
  type BlogDeskQuery,
  type BlogModerationDto,
  type BlogPostWriteDto,
  type BlogScheduleDto,
  type BlogStatusDto,
  type Language,
  type LocalizedText,
} from '@realty/contracts';
import { type FileStorage } from '@realty/db';
import { JobName } from '@realty/jobs';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../common/api.exception';
import { Clock } from '../common/clock';
import type { AuthUser, RequestClient } from '../common/decorators';
import { Paged } from '../common/envelope.interceptor';
import { OutboxRelay } from '../outbox/outbox.relay';
import { BlogDeskRepository, type BatchRow, type DeskPostRow, type DeskPostValues } from './blog-desk.repository';
import { inspectFile, uploadRules } from '../uploads/upload-kinds';
import { BLOG_FILE_STORAGE } from './blog.service';
import { sanitizeArticleHtml } from './sanitize-article';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** May this role approve or reject posts (admin, super_admin)? */
export const moderates = (actor: Pick<AuthUser, 'role'>) => (BLOG_MODERATOR_ROLES as readonly string[]).includes(actor.role);

/** Sanitised HTML that still shows something: text, or an image. */
function hasSubstance(html: string): boolean {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s/g, '') !== '';
}

/** What the audit log keeps of a post (bodies as their lengths: the log is not a second copy). */
function auditView(
  r: Pick<DeskPostValues, 'slug' | 'kind' | 'title' | 'category_id' | 'cover_image_key' | 'moderation_status'> & {
    content: Partial<LocalizedText>;
  },
) {
  return {
    slug: r.slug,
    kind: r.kind,
    title: r.title,
    categoryId: r.category_id,
    coverImageKey: r.cover_image_key,
    moderationStatus: r.moderation_status,
    contentLength: Object.fromEntries(Object.entries(r.content).map(([k, v]) => [k, (v ?? '').length])),
  };
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * The blog desk (issue 23 "The blog desk"; spec 02 §2 Blog, §7 Blog): staff list, read, create,
 * change, delete (hard: the audit row keeps what it was), moderation, status, schedule,
 * auto-month. Roles (BLOG_DESK_ROLES): manager (marketing), admin, super_admin; moderation
 * (approve / reject) only admin and super_admin (403 otherwise). A manager's create or change
 * sends the post back to moderation (pending); an administrator's is approved at once.
 * Every body passes sanitizeArticleHtml (the public pages' sanitiser, spec 01 §5) before it is
 * stored. Public = published AND approved. Every write: audit row blog_post.<verb> in its transaction.
 */
@Injectable()
export class BlogDeskService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: BlogDeskRepository,
    private readonly audit: AuditService,
    private readonly outbox: OutboxRelay,
    private readonly clock: Clock,
    @Inject(BLOG_FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** GET /api/blog/admin/posts: one page (default 20, newest change first) and the total. */
  async list(q: BlogDeskQuery): Promise<Paged<BlogDeskPostDto>> {
    const limit = q.limit ?? BLOG_DESK_BOUNDS.pageSize;
    const page = q.page ?? 1;
    const sort = q.sort ?? 'updated';
    const dir = q.dir ?? (sort === 'title' || sort === 'scheduled' ? 'asc' : 'desc');
    const { rows, total } = await this.repository.page(
      this.db.manager,
      { kind: q.kind, status: q.status, moderation: q.moderation, q: q.q },
      sort,
      dir,
      (page - 1) * limit,
      limit,
    );
    return new Paged(
      rows.map((r) => this.dto(r)),
      { total, page, limit, totalPages: Math.ceil(total / limit) },
    );
  }

  /** GET /api/blog/admin/posts/{id}; 404. */
  async get(id: string): Promise<BlogDeskPostDto> {
    const row = UUID.test(id) ? await this.repository.find(this.db.manager, id) : null;
    if (!row) throw ApiException.notFound();
    return this.dto(row);
  }

  /** POST /api/blog/posts -> the new draft. 400 fields: title, excerpt, content (empty once sanitised), slug (format, taken), categoryId. */
  async create(actor: AuthUser, dto: BlogPostWriteDto, client: RequestClient): Promise<BlogDeskPostDto> {
    const id = await this.db.transaction(async (m) => {
      const values = await this.values(m, actor, dto, null);
      const newId = await this.repository.insert(m, values, actor.id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'blog_post.create', entity: 'blog_post', entityId: newId, after: auditView(values) },
      );
      return newId;
    });
    return this.get(id);
  }

  /** PUT /api/blog/posts/{id}: the whole post again; status and schedule are kept. 404; 400 as create. */
  async update(actor: AuthUser, id: string, dto: BlogPostWriteDto, client: RequestClient): Promise<BlogDeskPostDto> {
    await this.db.transaction(async (m) => {
      const before = await this.lock(m, id);
      const values = await this.values(m, actor, dto, before);
      await this.repository.update(m, id, values, actor.id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'blog_post.update', entity: 'blog_post', entityId: id, before: auditView(before), after: auditView(values) },
      );
    });
    return this.get(id);
  }

  /** DELETE /api/blog/posts/{id} -> 204. Hard delete (the slug is freed); the audit row keeps the post's fields. 404. */
  async remove(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.lock(m, id);
      await this.repository.remove(m, id);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'blog_post.delete', entity: 'blog_post', entityId: id, before: { ...auditView(before), status: before.status } },
      );
    });
  }

  /**
   * PATCH /api/blog/posts/{id}/moderation {status, note}: admin and super_admin only (403).
   * Rejecting needs a note (400 note). A rejected published post leaves the public site.
   */
  async moderate(actor: AuthUser, id: string, dto: BlogModerationDto, client: RequestClient): Promise<BlogDeskPostDto> {
    if (!moderates(actor)) throw ApiException.forbidden();
    const note = dto.note?.trim() || null;
    if (dto.status === 'rejected' && !note) throw ApiException.validation({ note: 'blogDesk.noteRequired' });
    await this.db.transaction(async (m) => {
      const before = await this.lock(m, id);
      await this.repository.setModeration(m, id, dto.status, note, actor.id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'blog_post.moderate',
          entity: 'blog_post',
          entityId: id,
          before: { moderationStatus: before.moderation_status, note: before.moderation_note },
          after: { moderationStatus: dto.status, note },
        },
      );
    });
    return this.get(id);
  }

  /**
   * PATCH /api/blog/posts/{id}/status {status}: draft | published | archived. Publishing needs an
   * approved post (400 status 'blogDesk.notApproved'), dates it (the first publication is kept)
   * and clears a schedule. 404.
   */
  async setStatus(actor: AuthUser, id: string, dto: BlogStatusDto, client: RequestClient): Promise<BlogDeskPostDto> {
    await this.db.transaction(async (m) => {
      const before = await this.lock(m, id);
      if (dto.status === 'published' && before.moderation_status !== 'approved')
        throw ApiException.validation({ status: 'blogDesk.notApproved' });
      await this.repository.setStatus(m, id, dto.status, actor.id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'blog_post.status', entity: 'blog_post', entityId: id, before: { status: before.status }, after: { status: dto.status } },
      );
    });
    return this.get(id);
  }

  /**
   * POST /api/blog/schedule {postId, publishAt}: a draft waits for publishAt (must be after the
   * API clock's now: 400 publishAt); the maintenance job publishes it then, once approved.
   * 400 postId 'blogDesk.notDraft' for a published or archived post; 404 unknown post.
   */
  async schedule(actor: AuthUser, dto: BlogScheduleDto, client: RequestClient): Promise<BlogDeskPostDto> {
    const at = new Date(dto.publishAt);
    const now = this.clock.date();
    if (at.getTime() <= now.getTime()) throw ApiException.validation({ publishAt: 'blogDesk.publishAtPast' });
    await this.db.transaction(async (m) => {
      const before = await this.lock(m, dto.postId);
      if (before.status !== 'draft') throw ApiException.validation({ postId: 'blogDesk.notDraft' });
      await this.repository.setSchedule(m, dto.postId, at, actor.id, now);
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'blog_post.schedule',
          entity: 'blog_post',
          entityId: dto.postId,
          before: { scheduledAt: iso(before.scheduled_at) },
          after: { scheduledAt: at.toISOString() },
        },
      );
    });
    return this.get(dto.postId);
  }

  /**
   * POST /api/blog/schedule/auto-month {startDate, languages (default all four), kind}: answers
   * at once (202) with the batch {id, status queued, total}; the worker (JobName.BlogAutoMonth,
   * `ai` queue) writes `total` drafts with the ContentProvider, one per slot of autoMonthSlots
   * (Tue and Thu 10:00 Almaty for a month), each pending moderation with its scheduled_at.
   * 400 startDate before today (Almaty). Batch row, outbox job and audit row: one transaction.
   */
  async autoMonth(actor: AuthUser, dto: BlogAutoMonthDto, client: RequestClient): Promise<BlogBatchDto> {
    const now = this.clock.date();
    if (dto.startDate < almatyDay(now.toISOString())) throw ApiException.validation({ startDate: 'blogDesk.startDate' });
    const languages = LANGUAGES.filter((l) => (dto.languages ?? LANGUAGES).includes(l)) as Language[];
    const kind = dto.kind ?? 'blog';
    const total = autoMonthSlots(dto.startDate, now).length;
    const id = await this.db.transaction(async (m) => {
      const batchId = await this.repository.insertBatch(m, { kind, startDate: dto.startDate, languages, total, actorId: actor.id, now });
      if (total > 0) await this.outbox.write(m, JobName.BlogAutoMonth, { batchId });
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'blog_batch.create',
          entity: 'blog_batch',
          entityId: batchId,
          after: { kind, startDate: dto.startDate, languages, total },
        },
      );
      return batchId;
    });
    this.outbox.kick();
    return this.batch(id);
  }

  /** GET /api/blog/schedule/batches/{id}: the batch's progress (done of total). 404. */
  async batch(id: string): Promise<BlogBatchDto> {
    const row = UUID.test(id) ? await this.repository.findBatch(this.db.manager, id) : null;
    if (!row) throw ApiException.notFound();
    return batchDto(row);
  }

  /**
   * POST /api/blog/cover: the image checked by its bytes (inspectFile: type, size, pixels),
   * stored as blog/covers/<uuid>.<ext> under the public uploads; audit blog_cover.upload.
   */
  async cover(actor: AuthUser, data: Buffer, client: RequestClient): Promise<{ key: string; url: string }> {
    const found = await inspectFile('image', data, uploadRules().image);
    const key = `blog/covers/${randomUUID()}.${found.ext}`;
    await this.storage.put(key, data);
    try {
      await this.db.transaction((m) =>
        this.audit.record(
          m,
          { user: actor, client },
          { action: 'blog_cover.upload', entity: 'blog_cover', entityId: null, after: { key, bytes: data.length, mime: found.mime } },
        ),
      );
    } catch (err) {
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    return { key, url: this.storage.publicUrl(key) };
  }

  /** POST /api/blog/preview {html}: the HTML as the public page shows it (sanitizeArticleHtml). */
  preview(html: string): { html: string } {
    return { html: sanitizeArticleHtml(html) };
  }

  private async lock(m: EntityManager, id: string): Promise<DeskPostRow> {
    const row = UUID.test(id) ? await this.repository.find(m, id, true) : null;
    if (!row) throw ApiException.notFound();
    return row;
  }

  /** The columns of a write, checked: bodies sanitised and not empty, slug free, category known. */
  private async values(m: EntityManager, actor: AuthUser, dto: BlogPostWriteDto, before: DeskPostRow | null): Promise<DeskPostValues> {
    const fields: Record<string, string> = {};
    const content: Partial<LocalizedText> = {};
    for (const [lang, html] of Object.entries(dto.content ?? {}) as Array<[Language, string]>) {
      const safe = sanitizeArticleHtml(html).trim();
      if (hasSubstance(safe)) content[lang] = safe;
    }
    if (!content.ru) fields.content = 'blogDesk.contentEmpty';
    const title = dto.title;
    let slug = dto.slug ?? before?.slug ?? null;
    if (dto.slug) {
      if (await this.repository.slugTaken(m, dto.slug, before?.id ?? null)) fields.slug = 'blogDesk.slugTaken';
    } else if (!slug) {
      const base = slugify(title.ru ?? '', { maxLength: BLOG_DESK_BOUNDS.slugMax - 4, fallback: 'post' });
      slug = base;
      for (let n = 2; await this.repository.slugTaken(m, slug, null); n += 1) slug = `${base}-${n}`;
    }
    const categoryId = dto.categoryId === undefined ? (before?.category_id ?? null) : dto.categoryId;
    if (categoryId !== null && !(await this.repository.categoryExists(m, categoryId))) fields.categoryId = 'field.invalid';
    if (Object.keys(fields).length) throw ApiException.validation(fields);
    return {
      slug: slug!,
      kind: dto.kind ?? before?.kind ?? 'blog',
      title,
      excerpt: dto.excerpt ?? {},
      content,
      category_id: categoryId,
      cover_image_key: dto.coverImageKey === undefined ? (before?.cover_image_key ?? null) : dto.coverImageKey,
      reading_time_minutes: readingTimeMinutes(content.ru ?? ''),
      moderation_status: moderates(actor) ? 'approved' : 'pending',
    };
  }

  private dto(r: DeskPostRow): BlogDeskPostDto {
    return {
      id: r.id,
      slug: r.slug,
      kind: r.kind,
      title: r.title ?? {},
      excerpt: r.excerpt ?? {},
      content: r.content ?? {},
      category:
        r.category_id !== null && r.category_slug !== null && r.category_name
          ? { id: r.category_id, slug: r.category_slug, name: r.category_name, nameRu: r.category_name.ru ?? '' }
          : null,
      coverImageKey: r.cover_image_key,
      coverImageUrl: r.cover_image_key ? this.storage.publicUrl(r.cover_image_key) : null,
      status: r.status,
      moderationStatus: r.moderation_status,
      moderationNote: r.moderation_note,
      scheduledAt: iso(r.scheduled_at),
      publishedAt: iso(r.published_at),
      generatedByAi: r.generated_by_ai,
      isPublic: r.status === 'published' && r.moderation_status === 'approved' && r.published_at !== null,
      readingTimeMinutes: r.reading_time_minutes,
      viewsCount: r.views_count,
      author: r.author_id ? { id: r.author_id, name: r.author_name ?? '' } : null,
      updatedBy: r.updated_by ? { id: r.updated_by, name: r.editor_name ?? '' } : null,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  }
}

function batchDto(r: BatchRow): BlogBatchDto {
  return {
    id: r.id,
    kind: r.kind,
    startDate: r.start_date,
    languages: r.languages,
    status: r.status,
    total: r.total,
    done: Math.min(r.done, r.total),
    failure: r.failure,
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: iso(r.finished_at),
  };
}
