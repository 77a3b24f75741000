import type { BulkStatusResultDto, EmployeeDashboardDto, PropertyStatus, StaffListingItemDto, StaffListingsQuery } from '@realty/contracts';
import type { CallOptions, QueryInput, Transport } from './transport';

/**
 * The staff listing list, bulk status change and the employee dashboard (issue 21; spec 02 §2
 * "/dashboard/employee/properties", §4, §7 "GET /analytics/dashboard"). Staff only (ApiError
 * 401 / 403). ApiValidationError (400) for a bad filter or a cursor of another sort.
 */
export function staffListingCalls({ getPage, write, getData }: Transport, langQuery: { lang?: string }) {
  return {
    /**
     * GET /properties/manage -> {items, meta {total, page, limit, totalPages, nextCursor}};
     * pass meta.nextCursor as `cursor` for the next page (keyset; null on the last).
     */
    list: (query: Omit<StaffListingsQuery, 'lang'> = {}, opts?: CallOptions) =>
      getPage<StaffListingItemDto>('/properties/manage', { ...langQuery, ...query } as QueryInput, opts),
    /** POST /properties/bulk-status {ids, status} -> {updated, refused [{id, reason}]}. */
    bulkStatus: (ids: string[], status: PropertyStatus, opts?: CallOptions) =>
      write<BulkStatusResultDto>('POST', '/properties/bulk-status', { ids, status }, { ...opts, query: langQuery }),
    /** GET /analytics/dashboard -> the caller's listings by status, 30-day activity, what waits on them. */
    dashboard: (opts?: CallOptions) => getData<EmployeeDashboardDto>('/analytics/dashboard', langQuery, opts),
  };
}
