import type { ReferenceListParams } from '@realty/api-client';
import { ADMIN_USERS_PAGE_SIZE, type ReferenceSort } from '@realty/contracts';
import { defineTable, textFilter, type TableQuery, type TableSpec } from '~/lib/staff/table-query';

/**
 * The table of the reference-data screens (issue 21; spec 02 §2 admin property-categories,
 * property-types, building-complexes): search (?q), sort by order, name, slug or usage (?sort,
 * ?dir), paging (?page); used by the loaders and the pages alike.
 */

export const REFERENCE_SORT_KEYS = ['order', 'name', 'slug', 'listings'] as const;
export type ReferenceSortKey = (typeof REFERENCE_SORT_KEYS)[number];
export type ReferenceTable = TableSpec<'q', ReferenceSortKey>;
export type ReferenceQuery = TableQuery<'q', ReferenceSortKey>;

/** The table of a reference screen at `path`: ?q, ?sort & ?dir, ?page. */
export function referenceTable(path: string): ReferenceTable {
  return defineTable({ path, sorts: REFERENCE_SORT_KEYS, defaultSort: 'order', defaultDir: 'asc', filters: { q: textFilter(100) } });
}

/** The API's list query of a table state ('-' for descending). */
export function apiListParams(query: ReferenceQuery): ReferenceListParams {
  const sort = (query.dir === 'desc' ? `-${query.sort}` : query.sort) as ReferenceSort;
  return { q: query.filters.q, sort, page: query.page, limit: ADMIN_USERS_PAGE_SIZE };
}
