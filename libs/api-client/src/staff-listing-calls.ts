import type {
  BulkStatusResultDto,
  EmployeeDashboardDto,
  PageMeta,
  PropertyStatus,
  StaffListingItemDto,
  StaffListingsQuery,
} from '@realty/contracts';
import type { CallOptions, Paged, Transport } from './transport';

/**
 * The staff listing list, bulk status change and the employee dashboard (issue 21; spec 02 §2
 * "/dashboard/employee/properties", §4, §7 "GET /analytics/dashboard"). Staff only (ApiError
 * 401 / 403). ApiValidationError (400) for a bad filter or a cursor of another sort.
 */
export function staffListingCalls({ request, write, getData }: Transport, langQuery: { lang?: string }) {
  return {
    /**
     * GET /properties/manage -> {items, meta {total, page, limit, totalPages, nextCursor}};
     * pass meta.nextCursor as `cursor` for the next page (keyset; null on the last).
     */
    async list(query: Omit<StaffListingsQuery, 'lang'> = {}, opts?: CallOptions): Promise<Paged<StaffListingItemDto>> {
      // The query string is built here: the transport skips 'all' values (spec 02 §7 filters),
      // and scope=all is a value of its own, not "no filter".
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...langQuery, ...query }))
        if (value !== undefined && value !== null && String(value) !== '') params.set(key, String(value));
      const qs = params.toString();
      const result = await request<StaffListingItemDto[] | null>('GET', `/properties/manage${qs ? `?${qs}` : ''}`, opts);
      const items = Array.isArray(result.data) ? result.data : [];
      const meta: PageMeta = result.meta ?? { total: items.length, page: 1, limit: query.limit ?? 25, totalPages: 1, nextCursor: null };
      return { items, meta };
    },
    /** POST /properties/bulk-status {ids, status} -> {updated, refused [{id, reason}]}. */
    bulkStatus: (ids: string[], status: PropertyStatus, opts?: CallOptions) =>
      write<BulkStatusResultDto>('POST', '/properties/bulk-status', { ids, status }, { ...opts, query: langQuery }),
    /** GET /analytics/dashboard -> the caller's listings by status, 30-day activity, what waits on them. */
    dashboard: (opts?: CallOptions) => getData<EmployeeDashboardDto>('/analytics/dashboard', langQuery, opts),
  };
}
