import {
  propertyFilterParams,
  type BlogPostStatus,
  type DealType,
  type DistrictSlug,
  type PropertySort,
  type PropertyTypeSlug,
} from '@realty/contracts';
import type { QueryInput } from './transport';

/**
 * The query objects of the typed calls (camelCase keys) and how they become query strings.
 * The catalogue filters' names come from the one table of @realty/contracts
 * (PROPERTY_FILTER_FIELDS, spec 01 §7 spelling).
 */

/**
 * Filters of GET /properties and /properties/map (spec 01 §7). Empty values, 'all', false
 * flags and a zero rooms minimum are not sent (spec 01 §7 "empty and 'all' values are skipped").
 */
export interface PropertyFilterQuery {
  q?: string;
  dealType?: DealType | 'all';
  type?: PropertyTypeSlug | 'all';
  category?: string;
  subcategory?: string;
  district?: DistrictSlug | 'all';
  /** ₸. */
  priceMin?: number;
  priceMax?: number;
  /** m². */
  areaMin?: number;
  areaMax?: number;
  furniture?: boolean;
  parking?: boolean;
  airConditioning?: boolean;
  roomsMin?: number;
  featured?: boolean;
}

export interface PropertyListQuery extends PropertyFilterQuery {
  sort?: PropertySort;
  page?: number;
  /** 1..100; the API's default is 50. */
  limit?: number;
}

/** The API's parameter names (spec 01 §7 spelling: snake_case), filters first, then order and paging. */
export function propertyQueryParams(query: PropertyListQuery): QueryInput {
  return { ...propertyFilterParams(query), sort: query.sort, page: query.page, limit: query.limit };
}

/** GET /partners query (spec 01 §7; issue 5 filters). */
export interface PartnerListQuery {
  page?: number;
  limit?: number;
  featured?: boolean;
  category?: string;
  q?: string;
  isInBusinessCenter?: boolean;
}

/** GET /blog/posts query (spec 01 §7: page, limit, status, language, categoryId, search). */
export interface BlogPostsListQuery {
  page?: number;
  limit?: number;
  status?: BlogPostStatus;
  language?: string;
  categoryId?: number;
  search?: string;
}

/** GET /admin/users query (spec 02 §7 Users): search text, role name (ROLES), status (USER_STATUSES), paging; '' = any. */
export interface AdminUsersListQuery {
  q?: string;
  role?: string;
  status?: string;
  page?: number;
  limit?: number;
}

/** A page query (GET /user/favorites). */
export interface PageQuery {
  page?: number;
  limit?: number;
}

/**
 * GET /admin/audit-logs query (spec 02 §2, §7 Audit): actor (user id or e-mail substring),
 * entity, action (exact or `user.*`), from, to (YYYY-MM-DD or ISO date-time, inclusive), paging; '' = any.
 */
export interface AuditLogsListQuery {
  actor?: string;
  entity?: string;
  action?: string;
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
}

/** GET /admin/audit-logs/export query: the list's filters and a format. */
export type AuditLogsExportQuery = Omit<AuditLogsListQuery, 'page' | 'limit'> & { format: 'csv' | 'xlsx' | 'json' };
