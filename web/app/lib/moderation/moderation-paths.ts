import { defineTable } from '~/lib/staff/table-query';

/**
 * Paths and table declarations of the admin's moderation screens (issue 21; spec 02 §2
 * /dashboard/admin/moderation and /deleted-properties).
 */

export const MODERATION_PATH = '/dashboard/admin/moderation';
export const DELETED_PATH = '/dashboard/admin/deleted-properties';

/** Rows a page (the API's default page size for staff lists). */
export const MODERATION_PAGE_SIZE = 20;

/** The review of one listing on moderation. */
export const reviewPath = (id: string) => `${MODERATION_PATH}/${encodeURIComponent(id)}`;

/** The queue: oldest change first (the API's one order), offset paging. */
export const MODERATION_TABLE = defineTable({
  path: MODERATION_PATH,
  sorts: ['submitted'] as const,
  defaultSort: 'submitted',
  defaultDir: 'asc',
  filters: {},
});

/** Deleted listings: newest deletion first (the API's one order), offset paging. */
export const DELETED_TABLE = defineTable({
  path: DELETED_PATH,
  sorts: ['deleted'] as const,
  defaultSort: 'deleted',
  defaultDir: 'desc',
  filters: {},
});
