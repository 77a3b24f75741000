import 'reflect-metadata';
import { IsOptional } from 'class-validator';
import { BLOG_POST_STATUSES, BLOG_QUERY_LIMITS, type BlogPostStatus } from './blog';
import { LANGUAGES, type Language } from './enums';
import { QueryRules } from './query-rules';

const { filterText, filterEnum, optionEnum, optionNumber, IsQueryNumber, IsQueryEnum, IsQueryText } = QueryRules;

/** Query DTOs of the blog API (spec 01 §7); kept apart from blog.ts so pages can import its constants without the validators. */

/** `?lang=` only. */
export class BlogDetailQuery {
  @IsOptional()
  @optionEnum()
  @IsQueryEnum(LANGUAGES)
  lang?: Language;
}

/** GET /api/blog/{id or slug}/related. */
export class BlogRelatedQuery extends BlogDetailQuery {
  /** 1..12, default 2. */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: BLOG_QUERY_LIMITS.relatedMax, integer: true, rangeMessage: 'field.similarLimit' })
  limit?: number;
}

/** GET /api/blog/posts (spec 01 §7: page, limit, status, language, categoryId, search). */
export class BlogPostsQuery extends BlogDetailQuery {
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: BLOG_QUERY_LIMITS.pageMax, integer: true, rangeMessage: 'field.page' })
  page?: number;

  /** 1..100, default 20. */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: BLOG_QUERY_LIMITS.limitMax, integer: true, rangeMessage: 'field.limit' })
  limit?: number;

  /** draft | published | archived; default published. Only published posts are public: any other status gives an empty list. */
  @IsOptional()
  @filterEnum()
  @IsQueryEnum(BLOG_POST_STATUSES)
  status?: BlogPostStatus;

  /** ru | en | kk | zh: posts that have a title in that language (spec 01 §9 "language filter ru"). */
  @IsOptional()
  @filterEnum()
  @IsQueryEnum(LANGUAGES)
  language?: Language;

  /** A blog category id (spec 01 §7 categoryId, optional). Unknown id: empty list. */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: 2_147_483_647, integer: true })
  categoryId?: number;

  /** Free text in the title or excerpt, any language, case-insensitive. */
  @IsOptional()
  @filterText()
  @IsQueryText(BLOG_QUERY_LIMITS.searchMaxLength)
  search?: string;
}
