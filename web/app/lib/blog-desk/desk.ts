import { BLOG_DESK_SORTS, BLOG_MODERATION_STATUSES, BLOG_POST_STATUSES, type BlogKind } from '@realty/contracts';
import { defineTable, oneOfFilter, textFilter, type TableQuery } from '~/lib/staff/table-query';
import type { FieldKind } from '~/lib/staff/staff-form.server';

/**
 * The blog desk's screens (issue 23; spec 02 §2 /dashboard/admin/blog and /dashboard/admin/news):
 * one desk, two lists: `kind` comes from the path. Roles (the API's too): manager (marketing),
 * admin, super_admin; moderation buttons only for admin and super_admin.
 */
export const DESK_ROLES = ['manager', 'admin', 'super_admin'] as const;
export const MODERATOR_ROLES: readonly string[] = ['admin', 'super_admin'];

export const deskPath = (kind: BlogKind) => `/dashboard/admin/${kind}`;
export const kindOfPath = (pathname: string): BlogKind => (pathname.startsWith('/dashboard/admin/news') ? 'news' : 'blog');

export const deskTable = (kind: BlogKind) =>
  defineTable({
    path: deskPath(kind),
    sorts: BLOG_DESK_SORTS,
    defaultSort: 'updated',
    defaultDir: 'desc',
    filters: { q: textFilter(100), status: oneOfFilter(BLOG_POST_STATUSES), moderation: oneOfFilter(BLOG_MODERATION_STATUSES) },
  });
export type DeskQuery = TableQuery<'q' | 'status' | 'moderation', (typeof BLOG_DESK_SORTS)[number]>;

/** The post form's fields (formInput kinds). */
export const POST_FORM_FIELDS: Record<string, FieldKind> = {
  kind: 'text',
  title: 'localized',
  excerpt: 'localized',
  content: 'localized',
  slug: 'text',
  categoryId: 'text',
  coverImageKey: 'optionalText',
};
