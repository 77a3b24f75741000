import type {
  BlogAutoMonthDto,
  BlogBatchDto,
  BlogDeskPostDto,
  BlogDeskQuery,
  BlogModerationDto,
  BlogPostStatus,
  BlogPostWriteDto,
} from '@realty/contracts';
import { segment } from './public-reads';
import type { CallOptions, Paged, QueryInput, Transport } from './transport';

/**
 * The blog desk (issue 23; spec 02 §2 Blog, §7 Blog): manager (marketing), admin, super_admin.
 * Writes carry the CSRF token (the transport's). ApiValidationError (400) carries per-field
 * messages in the client's language (title, excerpt, content — also "empty once sanitised" —,
 * slug format or taken, categoryId, note, status "not approved", publishAt "in the past",
 * startDate); ApiError 401 / 403 (moderation is admins' only) / 404.
 */
type Opts = CallOptions;
export function blogDeskCalls({ getPage, write, getData }: Transport, langQuery: { lang?: string }) {
  const w = { query: langQuery };
  return {
    /** GET /blog/admin/posts?kind&status&moderation&q&sort&dir&page&limit -> {items, meta}. */
    list: (query: Omit<BlogDeskQuery, 'lang'> = {}, opts?: Opts): Promise<Paged<BlogDeskPostDto>> =>
      getPage<BlogDeskPostDto>('/blog/admin/posts', { ...langQuery, ...query } as QueryInput, opts),
    /** GET /blog/admin/posts/{id}: any status, the stored (sanitised) bodies; ApiError 404. */
    get: (id: string, opts?: Opts) => getData<BlogDeskPostDto>(`/blog/admin/posts/${segment(id)}`, langQuery, opts),
    /** POST /blog/posts -> 201 the draft (pending moderation for a manager, approved for an admin). */
    create: (body: BlogPostWriteDto, opts?: Opts) => write<BlogDeskPostDto>('POST', '/blog/posts', body, { ...opts, ...w }),
    /** PUT /blog/posts/{id}: the whole post again. */
    update: (id: string, body: BlogPostWriteDto, opts?: Opts) =>
      write<BlogDeskPostDto>('PUT', `/blog/posts/${segment(id)}`, body, { ...opts, ...w }),
    /** DELETE /blog/posts/{id} -> 204 (hard delete). */
    remove: (id: string, opts?: Opts) => write<null>('DELETE', `/blog/posts/${segment(id)}`, undefined, { ...opts, ...w }),
    /** PATCH /blog/posts/{id}/moderation {status, note}; admins only (403). */
    moderate: (id: string, body: BlogModerationDto, opts?: Opts) =>
      write<BlogDeskPostDto>('PATCH', `/blog/posts/${segment(id)}/moderation`, body, { ...opts, ...w }),
    /** PATCH /blog/posts/{id}/status {status}: publishing needs approval (400 status). */
    setStatus: (id: string, status: BlogPostStatus, opts?: Opts) =>
      write<BlogDeskPostDto>('PATCH', `/blog/posts/${segment(id)}/status`, { status }, { ...opts, ...w }),
    /** POST /blog/schedule {postId, publishAt (ISO or 'YYYY-MM-DDTHH:mm' Almaty)}: a draft published then, once approved. */
    schedule: (postId: string, publishAt: string, opts?: Opts) =>
      write<BlogDeskPostDto>('POST', '/blog/schedule', { postId, publishAt }, { ...opts, ...w }),
    /** POST /blog/schedule/auto-month {startDate, languages?, kind?} -> 202 the batch (queued); read its progress with `batch`. */
    autoMonth: (body: BlogAutoMonthDto, opts?: Opts) => write<BlogBatchDto>('POST', '/blog/schedule/auto-month', body, { ...opts, ...w }),
    /** GET /blog/schedule/batches/{id} -> {status, total, done}. */
    batch: (id: string, opts?: Opts) => getData<BlogBatchDto>(`/blog/schedule/batches/${segment(id)}`, langQuery, opts),
    /**
     * POST /blog/cover, a form with one image file (jpeg, png, webp, avif by its bytes) -> {key, url};
     * the post's coverImageKey takes the key. Multipart: no CSRF token (spec 02 §7). ApiError 413 / 415.
     */
    cover: (form: FormData, opts?: Opts) => write<{ key: string; url: string }>('POST', '/blog/cover', form, opts),
    /** POST /blog/preview {html} -> {html} sanitised as the public article page shows it. */
    preview: (html: string, opts?: Opts) => write<{ html: string }>('POST', '/blog/preview', { html }, { ...opts, ...w }),
  };
}
