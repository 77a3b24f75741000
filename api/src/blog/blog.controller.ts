import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  BLOG_QUERY_LIMITS,
  BlogDetailQuery,
  BlogPostsQuery,
  BlogRelatedQuery,
  type BlogCategoryDto,
  type BlogPostDetail,
  type BlogPostListItem,
} from '@realty/contracts';
import { Public } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { BlogService } from './blog.service';

/**
 * Public news and articles API (spec 01 §2 News list and article, §7 blog calls). No sign-in.
 * Only published posts are ever answered (spec 01 §4). Texts stay {ru,en,kk,zh}; article
 * bodies are sanitised HTML (spec 01 §5). Static routes come before ':idOrSlug'.
 */
@Controller('blog')
@Public()
export class BlogController {
  constructor(private readonly blog: BlogService) {}

  /** GET /api/blog/categories — 200: data = BlogCategoryDto[] {id, slug, name, nameRu} in sort order. */
  @Get('categories')
  categories(@Query() _query: BlogDetailQuery): Promise<BlogCategoryDto[]> {
    return this.blog.categories();
  }

  /**
   * GET /api/blog/posts (and GET /api/blog, the old client's related call `?limit=2`) — query:
   * page (default 1), limit (1..100, default 20), status (published default; another status
   * gives an empty list), language, categoryId, search, lang.
   * 200: data = BlogPostListItem[] newest first, meta = {total, page, limit, totalPages}.
   */
  @Get(['', 'posts'])
  posts(@Query() query: BlogPostsQuery): Promise<Paged<BlogPostListItem>> {
    return this.blog.posts(query);
  }

  /** GET /api/blog/:idOrSlug — one published article (uuid or slug); counts a view. 404 NOT_FOUND otherwise. */
  @Get(':idOrSlug')
  detail(@Param('idOrSlug') idOrSlug: string, @Query() _query: BlogDetailQuery): Promise<BlogPostDetail> {
    return this.blog.detail(idOrSlug);
  }

  /** GET /api/blog/:idOrSlug/related — limit (1..12, default 2): same category first, then newest. 404 for an unknown post. */
  @Get(':idOrSlug/related')
  related(@Param('idOrSlug') idOrSlug: string, @Query() query: BlogRelatedQuery): Promise<BlogPostListItem[]> {
    return this.blog.related(idOrSlug, query.limit ?? BLOG_QUERY_LIMITS.relatedDefault);
  }
}
