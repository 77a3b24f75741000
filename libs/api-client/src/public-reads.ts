import type {
  BlogCategoryDto,
  BlogPostDetail,
  BlogPostListItem,
  CatalogVersionDto,
  CategoryDto,
  MapMarkerDto,
  PageMeta,
  PartnerDto,
  PartnerListDto,
  PropertyDetail,
  PropertyListItem,
  SubcategoryDto,
} from '@realty/contracts';
import { ApiError } from './errors';
import {
  propertyQueryParams,
  type BlogPostsListQuery,
  type PartnerListQuery,
  type PropertyFilterQuery,
  type PropertyListQuery,
} from './queries';
import type { CallOptions, Paged, Transport } from './transport';

/**
 * The public read calls (spec 01 §7): the catalogue, partners and the blog. Each group is built
 * on the client's transport; `lang` is sent as `?lang=` where the API reads it.
 */

/** A path segment: an id or slug, URL-encoded. */
export const segment = (idOrSlug: string | number) => encodeURIComponent(String(idOrSlug));

type Opts = CallOptions;

/** GET /properties..., the catalogue (spec 01 §7 "Property reads"). */
export function propertyCalls({ request, getData }: Transport, langQuery: { lang?: string }) {
  const id = segment;
  return {
    /** GET /properties: one page of cards with its paging. */
    async list(query: PropertyListQuery = {}, opts?: Opts): Promise<Paged<PropertyListItem>> {
      const result = await request<PropertyListItem[] | null>('GET', '/properties', {
        ...opts,
        query: { ...propertyQueryParams(query), ...langQuery },
      });
      const items = Array.isArray(result.data) ? result.data : [];
      const limit = query.limit ?? 50;
      const meta: PageMeta = result.meta ?? {
        total: items.length,
        page: query.page ?? 1,
        limit,
        totalPages: items.length ? 1 : 0,
      };
      return { items, meta };
    },
    /** GET /properties/map: markers for the same filters (paging and sort are not sent). */
    async map(query: PropertyFilterQuery = {}, opts?: Opts): Promise<MapMarkerDto[]> {
      const { sort: _s, page: _p, limit: _l, ...filters } = propertyQueryParams(query);
      const data = await getData<MapMarkerDto[] | null>('/properties/map', { ...filters, ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
    /** GET /properties/version: the catalogue version the API works under (0 when it does not track one). */
    async version(opts?: Opts): Promise<number> {
      const data = await getData<CatalogVersionDto | null>('/properties/version', {}, opts);
      return typeof data?.version === 'number' ? data.version : 0;
    },
    /** GET /properties/{id or slug}; a missing listing is ApiError 404 NOT_FOUND. */
    get(idOrSlug: string | number, opts?: Opts): Promise<PropertyDetail> {
      return getData<PropertyDetail>(`/properties/${id(idOrSlug)}`, { ...langQuery }, opts);
    },
    /** GET /properties/{id or slug}/similar?limit=n (spec 01 §7 "Similar properties", 4 by default). */
    async similar(idOrSlug: string | number, limit = 4, opts?: Opts): Promise<PropertyListItem[]> {
      const data = await getData<PropertyListItem[] | null>(`/properties/${id(idOrSlug)}/similar`, { limit, ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
    /** GET /properties/categories. */
    async categories(opts?: Opts): Promise<CategoryDto[]> {
      const data = await getData<CategoryDto[] | null>('/properties/categories', { ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
    /** GET /properties/categories/{id or slug}/subcategories. */
    async subcategories(categoryIdOrSlug: string | number, opts?: Opts): Promise<SubcategoryDto[]> {
      const data = await getData<SubcategoryDto[] | null>(
        `/properties/categories/${id(categoryIdOrSlug)}/subcategories`,
        { ...langQuery },
        opts,
      );
      return Array.isArray(data) ? data : [];
    },
  };
}

/** GET /partners... (spec 01 §7 "Partners"). */
export function partnerCalls({ getData }: Transport, langQuery: { lang?: string }) {
  const id = segment;
  const partners = {
    /** GET /partners: one page, `{items, pagination: {total, totalPages, page, limit}}` (spec 01 §7). */
    async list(query: PartnerListQuery = {}, opts?: Opts): Promise<PartnerListDto> {
      const data = await getData<PartnerListDto | PartnerDto[] | null>(
        '/partners',
        { ...query, q: query.q?.trim() || undefined, ...langQuery },
        opts,
      );
      // spec 01 §7: "data.items or data as a list"; anything else is spec 01 §8 'Invalid data format from API'.
      if (Array.isArray(data))
        return { items: data, pagination: { total: data.length, totalPages: data.length ? 1 : 0, page: 1, limit: data.length } };
      if (!data || !Array.isArray(data.items)) throw new ApiError(502, 'INVALID_RESPONSE', 'Invalid data format from API');
      return data;
    },
    /**
     * Every partner matching the filters (spec 01 §7): page 1 of 100 first, then pages 2 to
     * totalPages in parallel, combined in order.
     */
    async all(query: Omit<PartnerListQuery, 'page' | 'limit'> = {}, opts?: Opts): Promise<PartnerDto[]> {
      const limit = 100;
      const first = await partners.list({ ...query, page: 1, limit }, opts);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, first.pagination.totalPages - 1) }, (_, i) =>
          partners.list({ ...query, page: i + 2, limit }, opts),
        ),
      );
      return [first, ...rest].flatMap((p) => p.items);
    },
    /** GET /partners?featured=true&limit=8 (home page; 4 are shown). */
    async featured(limit = 8, opts?: Opts): Promise<PartnerDto[]> {
      return (await partners.list({ featured: true, limit }, opts)).items;
    },
    /** GET /partners/{id or slug}; a missing partner is ApiError 404 NOT_FOUND. */
    get(idOrSlug: string, opts?: Opts): Promise<PartnerDto> {
      return getData<PartnerDto>(`/partners/${id(idOrSlug)}`, { ...langQuery }, opts);
    },
  };
  return partners;
}

/** GET /blog... (spec 01 §7 "GET blog posts", "GET /api/blog/{id}"). */
export function blogCalls({ request, getData }: Transport, langQuery: { lang?: string }) {
  const id = segment;
  return {
    /** GET /blog/categories. */
    async categories(opts?: Opts): Promise<BlogCategoryDto[]> {
      const data = await getData<BlogCategoryDto[] | null>('/blog/categories', { ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
    /** GET /blog/posts: one page of published posts (spec 01 §4: requested only with status published). */
    async posts(query: BlogPostsListQuery = {}, opts?: Opts): Promise<Paged<BlogPostListItem>> {
      const result = await request<BlogPostListItem[] | null>('GET', '/blog/posts', {
        ...opts,
        query: { status: 'published', ...query, search: query.search?.trim() || undefined, ...langQuery },
      });
      const items = Array.isArray(result.data) ? result.data : [];
      return {
        items,
        meta: result.meta ?? { total: items.length, page: query.page ?? 1, limit: query.limit ?? 20, totalPages: items.length ? 1 : 0 },
      };
    },
    /** GET /blog/{id or slug}: the article (sanitised bodies); a missing one is ApiError 404. */
    get(idOrSlug: string, opts?: Opts): Promise<BlogPostDetail> {
      return getData<BlogPostDetail>(`/blog/${id(idOrSlug)}`, { ...langQuery }, opts);
    },
    /** GET /blog/{id or slug}/related?limit=2 ('Похожие статьи'). */
    async related(idOrSlug: string, limit = 2, opts?: Opts): Promise<BlogPostListItem[]> {
      const data = await getData<BlogPostListItem[] | null>(`/blog/${id(idOrSlug)}/related`, { limit, ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
  };
}
