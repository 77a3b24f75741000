import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import { DEAL_TYPES, LANGUAGES, PROPERTY_STATUSES, type DealType, type Language, type PropertyStatus } from './enums';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';
import { PageNumber } from './users.dto';

/**
 * The staff listing list, bulk status change and the employee dashboard (issue 21; spec 02 §2
 * "/dashboard/employee/properties" with 'my' versus 'all', §4 states, §7 "GET /analytics/dashboard").
 * One query DTO, StaffListingsQuery, is read by the page (validateInput on the URL) and by the
 * API (ValidationPipe).
 */

/** 'mine': the caller's listings; 'all': every listing (agents see colleagues' read-only). */
export const STAFF_LISTING_SCOPES = ['mine', 'all'] as const;
export type StaffListingScope = (typeof STAFF_LISTING_SCOPES)[number];

/** Sort keys of the staff list (each with a direction): last change, price, area, creation. */
export const STAFF_LISTING_SORTS = ['updated', 'price', 'area', 'created'] as const;
export type StaffListingSort = (typeof STAFF_LISTING_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Page size of the staff list: default 25, at most 100. */
export const STAFF_LISTINGS_PAGE_SIZE = 25;
export const STAFF_LISTINGS_LIMIT_MAX = 100;
/** Longest search text and cursor accepted. */
export const STAFF_LISTINGS_Q_MAX = 100;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,300}$/;

const msg = (key: MessageKey) => ({ message: key });

/**
 * GET /api/properties/manage: scope (mine), q (title in any language or address, substring,
 * case-insensitive), status, dealType, categoryId, sort (updated) + dir (desc), cursor (the
 * previous page's meta.nextCursor: keyset paging), limit (1..100, 25), lang. Empty and 'all'
 * filter values mean no filter (spec 01 §7, as the catalogue).
 */
export class StaffListingsQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(STAFF_LISTING_SCOPES as unknown as string[], msg('field.enum'))
  scope?: StaffListingScope;

  @IsOptional()
  @QueryRules.filterText()
  @QueryRules.IsQueryText(STAFF_LISTINGS_Q_MAX)
  q?: string;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(PROPERTY_STATUSES)
  status?: PropertyStatus;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(DEAL_TYPES)
  dealType?: DealType;

  @IsOptional()
  @QueryRules.filterNumber()
  @QueryRules.IsQueryNumber({ min: 1, max: 2_147_483_647, integer: true })
  categoryId?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(STAFF_LISTING_SORTS as unknown as string[], msg('field.enum'))
  sort?: StaffListingSort;

  @IsOptional()
  @LowerEnum()
  @IsIn(SORT_DIRECTIONS as unknown as string[], msg('field.enum'))
  dir?: SortDirection;

  /** Opaque (base64url); one made for another sort is answered 400 fields.cursor. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : value))
  @Check('cursor', (v) => (typeof v === 'string' && CURSOR_PATTERN.test(v) ? null : 'field.invalid'))
  cursor?: string;

  @IsOptional()
  @PageNumber(STAFF_LISTINGS_LIMIT_MAX, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** One row of the staff list (spec 02 §3 "Property (staff side)"). */
export interface StaffListingItemDto {
  id: string;
  slug: string;
  /** The title in ru (the others in `titles`). */
  title: string;
  titles: { ru: string; en: string; kk: string; zh: string };
  address: string;
  dealType: DealType;
  categoryId: number;
  price: number;
  area: number;
  status: PropertyStatus;
  owner: { id: string; name: string } | null;
  /** True when the caller may change it (their own, or the caller is an admin). */
  editable: boolean;
  /** An edit of the active listing waits for moderation. */
  hasPendingChanges: boolean;
  rejection: { reason: string; notes: string | null; at: string } | null;
  /** The main image's card-size URL, or null. */
  imageUrl: string | null;
  viewsCount: number;
  favoritesCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Statuses a bulk change may ask for (see BulkStatusDto). */
export const BULK_STATUSES = PROPERTY_STATUSES;
export const BULK_STATUS_MAX = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/properties/bulk-status {ids (1..100 uuids), status}. Rules (docs/decisions in the
 * service): an employee or manager changes only their own listings, active -> inactive
 * (withdraw) and inactive -> pending (resubmit; refused while the listing carries a rejection:
 * it is fixed through the edit form, which resubmits it); admins set active or inactive on any.
 */
export class BulkStatusDto {
  @Transform(({ value }) => (typeof value === 'string' ? [value] : value))
  @IsArray(msg('field.invalid'))
  @ArrayMinSize(1, msg('listing.bulkIds'))
  @ArrayMaxSize(BULK_STATUS_MAX, msg('listing.bulkIds'))
  @Check('bulkIds', (v) => (Array.isArray(v) && v.every((id) => typeof id === 'string' && UUID.test(id)) ? null : 'listing.bulkIds'))
  ids: string[];

  @LowerEnum()
  @IsIn(BULK_STATUSES as unknown as string[], msg('field.enum'))
  status: PropertyStatus;
}

/** Why one listing of a bulk change was left as it was. */
export const BULK_REFUSALS = ['notFound', 'notOwner', 'notAllowed', 'rejected', 'unchanged'] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];

export interface BulkStatusResultDto {
  updated: string[];
  refused: Array<{ id: string; reason: BulkRefusal }>;
}

/** GET /api/analytics/dashboard: the caller's listings and what waits on them (spec 02 §7). */
export interface EmployeeDashboardDto {
  /** Not deleted listings owned by the caller, by status. */
  listings: Record<PropertyStatus, number> & { total: number };
  /** The window of the counts below: [from, to), 30 days to now. */
  period: { from: string; to: string; days: number };
  /** Page views of their listings' public pages (bots left out), favourites added, enquiries. */
  views: number;
  favorites: number;
  enquiries: number;
  /** Their listings rejected (reason to fix), newest rejection first, at most 20. */
  rejected: Array<{ id: string; title: string; status: PropertyStatus; reason: string; notes: string | null; at: string }>;
  /** Their listings whose changes wait for moderation (or that are pending), oldest first, at most 20. */
  onModeration: Array<{ id: string; title: string; status: PropertyStatus; since: string }>;
}

/** Days counted by the dashboard. */
export const DASHBOARD_DAYS = 30;
