import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BLOG_QUERY_LIMITS,
  SLUG_PATTERN,
  type BlogCategoryDto,
  type BlogPostDetail,
  type BlogPostListItem,
  type BlogPostsQuery,
  type PageMeta,
} from '@realty/contracts';
import { BlogCategory, BlogPost, type FileStorage } from '@realty/db';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { ApiException } from '../common/api.exception';
import { Paged } from '../common/envelope.interceptor';
import { likeContains } from '../common/like-pattern';
import { toBlogCategoryDto, toBlogDetail, toBlogListItem } from './blog.mapper';

/** Injection token of the file storage used to build cover image URLs. */
export const BLOG_FILE_STORAGE = Symbol('BLOG_FILE_STORAGE');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The public predicate: published, dated and approved by moderation (spec 01 §4 "requested only
 * with status published"; issue 23 blog desk: a post waiting for or refused moderation is not public).
 */
const PUBLISHED = `"b"."status" = 'published' AND "b"."published_at" IS NOT NULL AND "b"."moderation_status" = 'approved'`;

/** Public reads of news and articles (spec 01 §7 blog calls). Drafts and archived posts are never visible here. */
@Injectable()
export class BlogService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(BLOG_FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private published(): SelectQueryBuilder<BlogPost> {
    return this.db.getRepository(BlogPost).createQueryBuilder('b').leftJoinAndSelect('b.category', 'c').where(PUBLISHED);
  }

  /** GET /api/blog/categories: every category in sort order. */
  async categories(): Promise<BlogCategoryDto[]> {
    const rows = await this.db.getRepository(BlogCategory).find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    return rows.map(toBlogCategoryDto);
  }

  /**
   * GET /api/blog/posts: published posts, newest first (publishedAt, id), filtered by
   * categoryId, language (a title in that language) and search (title or excerpt, any
   * language). A status other than 'published' gives an empty page: drafts are not public.
   */
  async posts(query: BlogPostsQuery): Promise<Paged<BlogPostListItem>> {
    const page = query.page ?? 1;
    const limit = query.limit ?? BLOG_QUERY_LIMITS.limitDefault;
    if (query.status && query.status !== 'published') return new Paged([], { total: 0, page, limit, totalPages: 0 });
    const qb = this.published();
    if (query.categoryId !== undefined) qb.andWhere('b.categoryId = :categoryId', { categoryId: query.categoryId });
    if (query.language) qb.andWhere(`COALESCE("b"."title" ->> :language, '') <> ''`, { language: query.language });
    if (query.search)
      qb.andWhere(`lower("b"."title"::text || ' ' || "b"."excerpt"::text) LIKE :search`, { search: likeContains(query.search) });
    qb.orderBy('b.publishedAt', 'DESC').addOrderBy('b.id', 'DESC');
    const [rows, total] = await qb
      .skip((page - 1) * limit)
      .take(limit)
      .getManyAndCount();
    const meta: PageMeta = { total, page, limit, totalPages: Math.ceil(total / limit) };
    return new Paged(
      rows.map((r) => toBlogListItem(r, this.storage)),
      meta,
    );
  }

  private async find(idOrSlug: string): Promise<BlogPost> {
    const qb = this.published().leftJoinAndSelect('b.author', 'a');
    if (UUID.test(idOrSlug)) qb.andWhere('b.id = :id', { id: idOrSlug });
    else if (SLUG_PATTERN.test(idOrSlug) || /^[a-z0-9][a-z0-9_-]{0,219}$/i.test(idOrSlug))
      qb.andWhere('b.slug = :slug', { slug: idOrSlug.toLowerCase() });
    else throw ApiException.notFound();
    const row = await qb.getOne();
    if (!row) throw ApiException.notFound();
    return row;
  }

  /** GET /api/blog/:idOrSlug: one published article with sanitised bodies; counts a view. 404 otherwise. */
  async detail(idOrSlug: string): Promise<BlogPostDetail> {
    const row = await this.find(idOrSlug);
    await this.db.query(`UPDATE blog_posts SET views_count = views_count + 1 WHERE id = $1`, [row.id]);
    row.viewsCount += 1;
    return toBlogDetail(row, this.storage);
  }

  /**
   * GET /api/blog/:idOrSlug/related: other published posts, the same category first, then
   * the newest (spec 01 §2 'Похожие статьи', 2 by default). Does not count a view.
   */
  async related(idOrSlug: string, limit: number): Promise<BlogPostListItem[]> {
    const post = await this.find(idOrSlug);
    const rows = await this.published()
      .andWhere('b.id <> :id', { id: post.id })
      .addSelect(`CASE WHEN "b"."category_id" = :categoryId THEN 0 ELSE 1 END`, 'other_category')
      .orderBy('other_category', 'ASC')
      .addOrderBy('b.publishedAt', 'DESC')
      .addOrderBy('b.id', 'DESC')
      .setParameter('categoryId', post.categoryId ?? -1)
      // many-to-one joins only: LIMIT is safe (take() would add a DISTINCT sub-query)
      .limit(limit)
      .getMany();
    return rows.map((r) => toBlogListItem(r, this.storage));
  }
}
