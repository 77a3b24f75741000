import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import { BLOG_POST_STATUSES, type BlogCategoryDto, type BlogPostStatus } from './blog';
import { BlankToNull, IsInstant, ToInstant } from './crm-schedule.time';
import { LANGUAGES, type Language, type LocalizedText } from './enums';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';
import { SORT_DIRECTIONS, type SortDirection } from './staff-listings';
import { PageNumber } from './users.dto';

/**
 * The blog desk (issue 23 "The blog desk"; spec 02 §2 Blog: "list and create posts, moderation
 * status change, separate status change, delete, schedule posts, auto-schedule a month from a
 * start date"; spec 02 §7 Blog calls). One write DTO shared by the desk's form (validateInput)
 * and POST / PUT /api/blog/posts; the staff list's query; the answers.
 *
 * States: `status` draft | published | archived (the post's lifecycle) and, apart from it,
 * `moderationStatus` pending | approved | rejected (with a note). Public = published AND
 * approved. "Scheduled" is a draft with `scheduledAt`: the maintenance job publishes it at that
 * time once it is approved. `kind` blog | news: /dashboard/admin/news is the desk filtered to news.
 */

export const BLOG_KINDS = ['blog', 'news'] as const;
export type BlogKind = (typeof BLOG_KINDS)[number];
export const BLOG_MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BlogModerationStatus = (typeof BLOG_MODERATION_STATUSES)[number];
export const BLOG_DESK_SORTS = ['updated', 'published', 'scheduled', 'title'] as const;
export type BlogDeskSort = (typeof BLOG_DESK_SORTS)[number];
/** Roles of the desk (decision: marketing = manager, and the administrators). Moderation: admin and super_admin only. */
export const BLOG_DESK_ROLES = ['manager', 'admin', 'super_admin'] as const;
export const BLOG_MODERATOR_ROLES = ['admin', 'super_admin'] as const;

export const BLOG_DESK_BOUNDS = {
  title: [3, 200],
  excerptMax: 500,
  /** Characters of HTML per language. */
  contentMax: 200_000,
  slugMax: 120,
  noteMax: 1000,
  qMax: 100,
  pageSize: 20,
  limitMax: 100,
} as const;

/**
 * Auto-month cadence (issue 23 "a month of posts on a sensible cadence"): Tuesdays and Thursdays
 * at 10:00 Asia/Almaty (UTC+5, no daylight saving), from `startDate` (YYYY-MM-DD, inclusive) to
 * the same day of the next month (exclusive); slots not after `now` are left out. ISO instants.
 */
export const AUTO_MONTH_WEEKDAYS = [2, 4] as const;
export const AUTO_MONTH_HOUR_ALMATY = 10;
export function autoMonthSlots(startDate: string, now: Date): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(startDate);
  if (!m) return [];
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const start = Date.UTC(y, mo, d);
  const end = Date.UTC(y, mo + 1, d);
  const out: string[] = [];
  for (let t = start; t < end; t += 86_400_000) {
    const day = new Date(t);
    if (!(AUTO_MONTH_WEEKDAYS as readonly number[]).includes(day.getUTCDay())) continue;
    const at = t + (AUTO_MONTH_HOUR_ALMATY - 5) * 3_600_000;
    if (at > now.getTime()) out.push(new Date(at).toISOString());
  }
  return out;
}

const msg = (key: MessageKey) => ({ message: key });
/** Lower-case latin words of letters and digits joined by single hyphens. */
export const BLOG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** {ru: ' x ', en: ''} -> {ru: 'x'}: trimmed, blank languages dropped. */
const TrimLocalized = () =>
  Transform(({ value }) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [lang, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'string') {
        if (v.trim() !== '') out[lang] = v.trim();
      } else if (v !== undefined && v !== null) out[lang] = v;
    }
    return out;
  });

function localizedProblem(value: unknown, min: number, max: number, required: boolean, key: MessageKey): MessageKey | null {
  if (value === undefined || value === null) return required ? key : null;
  if (typeof value !== 'object' || Array.isArray(value)) return key;
  const o = value as Record<string, unknown>;
  if (Object.keys(o).some((k) => !(LANGUAGES as readonly string[]).includes(k))) return key;
  if (required && typeof o.ru !== 'string') return key;
  for (const v of Object.values(o)) if (typeof v !== 'string' || [...v].length < min || [...v].length > max) return key;
  return null;
}

/** POST /api/blog/posts and PUT /api/blog/posts/{id} (PUT: the whole post again). */
export class BlogPostWriteDto {
  /** blog | news; default blog (PUT: kept). */
  @IsOptional()
  @LowerEnum()
  @IsIn(BLOG_KINDS as unknown as string[], msg('field.enum'))
  kind?: BlogKind;

  /** Per language, ru required, 3-200 characters each. */
  @TrimLocalized()
  @Check('blogTitle', (v) => localizedProblem(v, BLOG_DESK_BOUNDS.title[0], BLOG_DESK_BOUNDS.title[1], true, 'blogDesk.title'))
  title!: Partial<LocalizedText>;

  /** Per language, at most 500 characters; optional. */
  @IsOptional()
  @TrimLocalized()
  @Check('blogExcerpt', (v) => localizedProblem(v, 1, BLOG_DESK_BOUNDS.excerptMax, false, 'blogDesk.excerpt'))
  excerpt?: Partial<LocalizedText> | null;

  /** HTML per language (the editor's output), ru required; sanitised by the API before it is stored (must not be empty after it). */
  @TrimLocalized()
  @Check('blogContent', (v) => localizedProblem(v, 1, BLOG_DESK_BOUNDS.contentMax, true, 'blogDesk.content'))
  content!: Partial<LocalizedText>;

  /** Lower-case latin words joined by hyphens, at most 120; blank: made from title.ru (create) or kept (update). Unique. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value))
  @Check('blogSlug', (v) => (typeof v === 'string' && v.length <= BLOG_DESK_BOUNDS.slugMax && BLOG_SLUG.test(v) ? null : 'blogDesk.slug'))
  slug?: string;

  /** A blog category id; '' / null none. */
  @IsOptional()
  @Transform(({ value }) =>
    value === '' || value === null ? null : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value,
  )
  @Check('blogCategory', (v) => (v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0) ? null : 'field.invalid'))
  categoryId?: number | null;

  /** Storage key of the cover (POST /api/blog/cover answers it), e.g. 'blog/covers/<uuid>.jpg'; '' / null none. */
  @BlankToNull()
  @IsOptional()
  @Check('blogCover', (v) =>
    v === null || (typeof v === 'string' && v.length <= 300 && /^blog\/[a-z0-9][a-z0-9/_.-]*$/i.test(v) && !v.includes('..'))
      ? null
      : 'blogDesk.cover',
  )
  coverImageKey?: string | null;
}

/** PATCH /api/blog/posts/{id}/moderation {status, note}: a note is required to reject. */
export class BlogModerationDto {
  @LowerEnum()
  @IsIn(BLOG_MODERATION_STATUSES as unknown as string[], msg('field.enum'))
  status!: BlogModerationStatus;

  @BlankToNull()
  @IsOptional()
  @Check('blogNote', (v) =>
    v === null || (typeof v === 'string' && [...v.trim()].length <= BLOG_DESK_BOUNDS.noteMax) ? null : 'blogDesk.note',
  )
  note?: string | null;
}

/** PATCH /api/blog/posts/{id}/status {status}: draft | published | archived. */
export class BlogStatusDto {
  @LowerEnum()
  @IsIn(BLOG_POST_STATUSES as unknown as string[], msg('field.enum'))
  status!: BlogPostStatus;
}

/** POST /api/blog/schedule {postId, publishAt}: publishAt ISO or 'YYYY-MM-DDTHH:mm' (Almaty), in the future; null unschedules. */
export class BlogScheduleDto {
  @Check('postId', (v) =>
    typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? null : 'field.invalid',
  )
  postId!: string;

  @ToInstant()
  @IsInstant('publishAt', 'blogDesk.publishAt')
  publishAt!: string;
}

/** POST /api/blog/schedule/auto-month {startDate, languages?, kind?}: startDate YYYY-MM-DD, today (Almaty) or later. */
export class BlogAutoMonthDto {
  @Check('startDate', (v) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'blogDesk.startDate',
  )
  startDate!: string;

  /** Languages to write each post in; default all four. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value))
  @Check('languages', (v) =>
    Array.isArray(v) && v.length >= 1 && v.every((x) => (LANGUAGES as readonly string[]).includes(x)) ? null : 'blogDesk.languages',
  )
  languages?: Language[];

  @IsOptional()
  @LowerEnum()
  @IsIn(BLOG_KINDS as unknown as string[], msg('field.enum'))
  kind?: BlogKind;
}

/** POST /api/blog/preview {html}: the HTML as the public page would show it. */
export class BlogPreviewDto {
  @Check('html', (v) => (typeof v === 'string' && v.length <= BLOG_DESK_BOUNDS.contentMax ? null : 'blogDesk.content'))
  html!: string;
}

/**
 * GET /api/blog/admin/posts: kind, status, moderation, scheduled (true: drafts with a time), q
 * (title in any language or slug), sort (updated | published | scheduled | title), dir, page,
 * limit (1..100, default 20), lang. '' and 'all' mean no filter.
 */
export class BlogDeskQuery {
  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(BLOG_KINDS)
  kind?: BlogKind;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(BLOG_POST_STATUSES)
  status?: BlogPostStatus;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(BLOG_MODERATION_STATUSES)
  moderation?: BlogModerationStatus;

  @IsOptional()
  @QueryRules.filterText()
  @QueryRules.IsQueryText(BLOG_DESK_BOUNDS.qMax)
  q?: string;

  @IsOptional()
  @LowerEnum()
  @IsIn(BLOG_DESK_SORTS as unknown as string[], msg('field.enum'))
  sort?: BlogDeskSort;

  @IsOptional()
  @LowerEnum()
  @IsIn(SORT_DIRECTIONS as unknown as string[], msg('field.enum'))
  dir?: SortDirection;

  @IsOptional()
  @PageNumber(100_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(BLOG_DESK_BOUNDS.limitMax, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** A post as the desk sees it (GET /api/blog/admin/posts[/{id}], every write's answer). `content` is the stored, sanitised HTML. */
export interface BlogDeskPostDto {
  id: string;
  slug: string;
  kind: BlogKind;
  title: Partial<LocalizedText>;
  excerpt: Partial<LocalizedText>;
  content: Partial<LocalizedText>;
  category: BlogCategoryDto | null;
  coverImageKey: string | null;
  coverImageUrl: string | null;
  status: BlogPostStatus;
  moderationStatus: BlogModerationStatus;
  moderationNote: string | null;
  /** ISO; set on a draft that waits for its time. */
  scheduledAt: string | null;
  publishedAt: string | null;
  generatedByAi: boolean;
  /** Shown on the public site now (published, approved). */
  isPublic: boolean;
  readingTimeMinutes: number;
  viewsCount: number;
  author: { id: string; name: string } | null;
  updatedBy: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** An auto-month batch (POST /api/blog/schedule/auto-month answer, GET /api/blog/schedule/batches/{id}). */
export interface BlogBatchDto {
  id: string;
  kind: BlogKind;
  startDate: string;
  languages: Language[];
  status: 'queued' | 'running' | 'completed' | 'failed';
  /** Posts planned (the cadence's slots). */
  total: number;
  /** Drafts written so far. */
  done: number;
  failure: string | null;
  createdAt: string;
  finishedAt: string | null;
}
