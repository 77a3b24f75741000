import type {
  DeletedPropertyDto,
  ListingFormOptionsDto,
  ModerationReviewDto,
  PageMeta,
  PropertyWriteDto,
  StaffPropertyDto,
  StaffPropertyEditDto,
  StaffPropertyImageDto,
} from '@realty/contracts';
import { segment } from './public-reads';
import type { PageQuery } from './queries';
import type { CallOptions, Paged, Transport } from './transport';

/**
 * The listing lifecycle calls of the back office (issue 21; spec 02 §4, §5, §7 "Properties"):
 * create, update, soft delete, restore, the deleted list, the caller's own listings, the
 * moderation queue, approve and reject. Staff only (ApiError 401 / 403; approve, reject and the
 * queue: admin and super_admin). ApiValidationError (400) carries the per-field messages of
 * spec 02 §5 in the client's language; ApiError 403 for someone else's listing, 404 unknown,
 * 409 wrong state (restore of a listing not deleted, moderation of one not awaiting it).
 */

type Opts = CallOptions;

function paged<T>(data: T[] | null, meta: PageMeta | undefined, page: number, limit: number): Paged<T> {
  const items = Array.isArray(data) ? data : [];
  return { items, meta: meta ?? { total: items.length, page, limit, totalPages: items.length ? 1 : 0 } };
}

/** The listing write calls on a client's transport (`langQuery`: the client's language for error texts). */
export function listingCalls({ request, getData, write }: Transport, langQuery: { lang?: string }) {
  const path = (id: string) => `/properties/${segment(id)}`;
  const page = async <T>(url: string, query: PageQuery, opts?: Opts): Promise<Paged<T>> => {
    const result = await request<T[] | null>('GET', url, { ...opts, query: { ...langQuery, ...query } });
    return paged(result.data, result.meta, query.page ?? 1, query.limit ?? 20);
  };
  return {
    /** POST /properties PropertyWriteDto -> 201 the listing (active for admins, pending otherwise). */
    create: (body: PropertyWriteDto, opts?: Opts) => write<StaffPropertyDto>('POST', '/properties', body, { ...opts, query: langQuery }),
    /** PUT /properties/{id} PropertyWriteDto -> the listing; a non-admin's edit of an active one waits in pendingChanges. */
    update: (id: string, body: PropertyWriteDto, opts?: Opts) =>
      write<StaffPropertyDto>('PUT', path(id), body, { ...opts, query: langQuery }),
    /** DELETE /properties/{id} -> 204 (null): soft delete, hidden from the public API. */
    remove: (id: string, opts?: Opts) => write<null>('DELETE', path(id), undefined, opts),
    /** POST /properties/{id}/restore -> the listing in its previous status. */
    restore: (id: string, opts?: Opts) => write<StaffPropertyDto>('POST', `${path(id)}/restore`, undefined, { ...opts, query: langQuery }),
    /** GET /properties/deleted?page&limit -> deleted listings with owner and deleter, newest deletion first (admins: all; others: their own). */
    deleted: (query: PageQuery = {}, opts?: Opts) => page<DeletedPropertyDto>('/properties/deleted', query, opts),
    /** GET /properties/mine?page&limit -> the caller's listings with status, pendingChanges and the last rejection. */
    mine: (query: PageQuery = {}, opts?: Opts) => page<StaffPropertyDto>('/properties/mine', query, opts),
    /** GET /properties/moderation-queue?page&limit -> {property, kind, changes[{field, before, after}], owner, images, refNames}, oldest first. */
    moderationQueue: (query: PageQuery = {}, opts?: Opts) => page<ModerationReviewDto>('/properties/moderation-queue', query, opts),
    /** GET /properties/moderation-queue/{id} -> one listing on moderation (ApiError 404 when it no longer awaits it). */
    moderationItem: (id: string, opts?: Opts) =>
      getData<ModerationReviewDto>(`/properties/moderation-queue/${segment(id)}`, { ...langQuery }, opts),
    /** POST /properties/{id}/approve {comment?} -> the listing, active with its waiting changes applied. */
    approve: (id: string, comment?: string, opts?: Opts) =>
      write<StaffPropertyDto>('POST', `${path(id)}/approve`, comment ? { comment } : {}, { ...opts, query: langQuery }),
    /** GET /properties/form-options -> the form's reference lists (categories with subcategories, types, districts, complexes). */
    formOptions: (opts?: Opts) => getData<ListingFormOptionsDto>('/properties/form-options', langQuery, opts),
    /** GET /properties/{id}/edit -> the listing as its author edits it (proposed values while an edit waits) with its images, main first. */
    forEdit: (id: string, opts?: Opts) => getData<StaffPropertyEditDto>(`${path(id)}/edit`, langQuery, opts),
    /** PUT /properties/{id}/images {order} -> the images in the new order; the first is the main image. */
    reorderImages: (id: string, order: string[], opts?: Opts) =>
      write<StaffPropertyImageDto[]>('PUT', `${path(id)}/images`, { order }, { ...opts, query: langQuery }),
    /** POST /properties/{id}/reject {reason, notes?} -> the listing with `rejection` (a never-approved one becomes inactive). */
    reject: (id: string, reason: string, notes?: string, opts?: Opts) =>
      write<StaffPropertyDto>('POST', `${path(id)}/reject`, notes ? { reason, notes } : { reason }, { ...opts, query: langQuery }),
  };
}
