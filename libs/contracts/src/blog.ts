import type { LocalizedText } from './enums';

/**
 * News and articles (spec 01 §2 News list and article, §3 Blog post / Article, §4 "Blog
 * posts: requested only with status published", §7 blog calls, §9 "News page size 20").
 */

/** Post lifecycle; only 'published' posts are public. */
export const BLOG_POST_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export const BLOG_QUERY_LIMITS = {
  /** spec 01 §9 "News page size 20". */
  limitDefault: 20,
  limitMax: 100,
  pageMax: 10_000,
  searchMaxLength: 100,
  /** spec 01 §9 "related articles 2". */
  relatedDefault: 2,
  relatedMax: 12,
  /** spec 01 §9 "featured threshold viewsCount above 100". */
  featuredViewsAbove: 100,
} as const;

/** spec 01 §9: "Article read time is content length divided by 1000, rounded up, in minutes" (at least 1). */
export function readingTimeMinutes(content: string): number {
  return Math.max(1, Math.ceil(content.length / 1000));
}

export interface BlogCategoryDto {
  id: number;
  slug: string;
  name: LocalizedText;
  /** spec 01 §3 "Blog category: id, nameRu". */
  nameRu: string;
}

export interface BlogAuthorDto {
  firstName: string;
  lastName: string;
  /** Display role, e.g. 'Автор' (spec 01 §9 default). */
  role: LocalizedText | null;
}

/** A card of the news list (spec 01 §3 "Blog post (list)"). */
export interface BlogPostListItem {
  id: string;
  slug: string;
  title: LocalizedText;
  excerpt: LocalizedText;
  titleRu: string;
  excerptRu: string;
  coverImageUrl: string | null;
  publishedAt: string | null;
  createdAt: string;
  readingTimeMinutes: number;
  viewsCount: number;
  category: BlogCategoryDto | null;
  status: BlogPostStatus;
}

/** GET /api/blog/{id or slug} (spec 01 §3 "Article (single)"). `content` is sanitised HTML (spec 01 §5). */
export interface BlogPostDetail extends BlogPostListItem {
  content: LocalizedText;
  imageUrl: string | null;
  seoTitle: LocalizedText | null;
  seoDescription: LocalizedText | null;
  seoKeywords: LocalizedText | null;
  author: BlogAuthorDto | null;
  updatedAt: string;
}
