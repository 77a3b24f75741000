import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { BLOG_QUERY_LIMITS, type BlogCategoryDto, type BlogPostListItem, type Language } from '@realty/contracts';
import { formatDate, pickText } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { EyeIcon, SearchIcon } from '~/components/Icons';
import { EmptyState, ErrorState, LoadingOverlay } from '~/components/ListingStates';
import { Pagination } from '~/components/Pagination';
import { i18nServer } from '~/i18n.server';
import { apiFor } from '~/lib/api/api.server';
import type { PreloadHandle } from '~/lib/serving/head-preloads';
import { newsHref } from '~/lib/serving/content-links';
import { breadcrumbJsonLd, canonicalUrl, excerpt, seoMeta, type Seo } from '~/lib/serving/seo';
import catalogCss from '~/styles/catalog.css?url';
import newsCss from '~/styles/news.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogCss },
  { rel: 'stylesheet', href: newsCss },
];

/**
 * /news (spec 01 §2 News list, §7 blog calls, §9: page size 20, language filter ru, featured =
 * the first post with viewsCount above 100). The URL holds search, category and page, so the
 * search is a plain GET form and category chips are links (works without JavaScript).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, BLOG_QUERY_LIMITS.searchMaxLength);
  const categorySlug = url.searchParams.get('category') ?? '';
  const pageParam = Number(url.searchParams.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 1000 ? pageParam : 1;
  const { api, lang } = await apiFor(request);
  const [t, tc] = await Promise.all([i18nServer.getFixedT(lang, 'news'), i18nServer.getFixedT(lang, 'company')]);

  let categories: BlogCategoryDto[] = [];
  let posts: BlogPostListItem[] = [];
  let totalPages = 0;
  let total = 0;
  let failed = false;
  try {
    categories = await api.blog.categories();
    const category = categories.find((c) => c.slug === categorySlug);
    const result = await api.blog.posts({
      page,
      limit: BLOG_QUERY_LIMITS.limitDefault,
      language: 'ru',
      categoryId: category?.id,
      search: search || undefined,
    });
    posts = result.items;
    totalPages = result.meta.totalPages;
    total = result.meta.total;
  } catch (error) {
    console.error('news: load failed', error);
    failed = true;
  }
  const category = categories.some((c) => c.slug === categorySlug) ? categorySlug : '';
  // spec 01 §2: "one featured article (the first with viewsCount above 100)", on the first page of an unfiltered list.
  const featured =
    page === 1 && !search && !category ? (posts.find((p) => p.viewsCount > BLOG_QUERY_LIMITS.featuredViewsAbove) ?? null) : null;

  const canonical = canonicalUrl(request, `/news${page > 1 ? `?page=${page}` : ''}`);
  const seo: Seo = {
    title: t('meta.title'),
    description: excerpt(t('meta.description')),
    keywords: t('meta.keywords'),
    canonical,
    noindex: !!(search || (category && page > 1)),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: t('title'),
        url: canonical,
        inLanguage: lang,
        mainEntity: {
          '@type': 'ItemList',
          itemListElement: posts.map((p, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: pickText(p.title, lang),
            url: canonicalUrl(request, newsHref(p)),
          })),
        },
      },
      breadcrumbJsonLd([
        { name: tc('breadcrumbs.home'), url: canonicalUrl(request, '/') },
        { name: t('title'), url: canonicalUrl(request, '/news') },
      ]),
    ],
  };
  // Dates are formatted here: the browser's Intl data for kk and zh differs from Node's, and a different text would break hydration.
  const dates = Object.fromEntries(posts.map((p) => [p.id, formatDate(p.publishedAt ?? p.createdAt, lang)]));
  return data(
    { lang, search, category, page, totalPages, total, categories, posts, featured, dates, failed, seo },
    { status: failed ? 502 : 200 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => seoMeta(d?.seo);

/** The post whose cover is the first on the page: the featured one, else the grid's first. */
function firstCoverPost(d: { featured: BlogPostListItem | null; posts: BlogPostListItem[] }): BlogPostListItem | null {
  return d.featured ?? d.posts[0] ?? null;
}

/**
 * The first cover is the page's largest paint (on a phone the featured article fills the
 * screen): preloaded ahead of the scripts (lib/serving/head-preloads.tsx; it was found only once the
 * scripts named before it had started; decision 031).
 */
export const handle: PreloadHandle = {
  lcpImage: (data) => {
    const d = data as { featured?: BlogPostListItem | null; posts?: BlogPostListItem[] } | undefined;
    const url = d?.posts ? firstCoverPost({ featured: d.featured ?? null, posts: d.posts })?.coverImageUrl : null;
    return url ? { src: url, webp: null, width: 1200, height: 630 } : null;
  },
};

/**
 * A news card: cover, category, title, excerpt, date, reading time, views. Its title is an h2
 * when the card is the featured one or when no featured card precedes the grid, else an h3 (no
 * skipped heading level under the page's h1).
 */
export function NewsCard({
  post,
  lang,
  dateLabel,
  large = false,
  eager = large,
  level = large ? 2 : 3,
}: {
  post: BlogPostListItem;
  lang: Language;
  dateLabel: string;
  large?: boolean;
  eager?: boolean;
  level?: 2 | 3;
}) {
  const { t } = useTranslation('news');
  const title = pickText(post.title, lang);
  const date = post.publishedAt ?? post.createdAt;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className={`news-card${large ? ' news-card--featured' : ''}`}>
      {post.coverImageUrl ? (
        <img className="news-card__image" src={post.coverImageUrl} alt="" width={1200} height={630} loading={eager ? 'eager' : 'lazy'} />
      ) : (
        <div className="news-card__image news-card__image--empty" />
      )}
      <div className="news-card__body">
        {large ? <span className="badge badge--neutral">{t('featured')}</span> : null}
        <span className="news-card__category">{post.category ? pickText(post.category.name, lang) : t('article.defaultCategory')}</span>
        <Heading className="news-card__title">
          <Link to={newsHref(post)}>{title}</Link>
        </Heading>
        <p className="news-card__excerpt">{pickText(post.excerpt, lang)}</p>
        <p className="news-card__meta">
          <time dateTime={date}>{dateLabel}</time>
          <span>{t('readTime', { n: post.readingTimeMinutes })}</span>
          <span>
            <EyeIcon size={14} /> {t('views', { n: post.viewsCount })}
          </span>
        </p>
      </div>
    </article>
  );
}

export default function NewsPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('news');
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/news';
  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') params.delete(k);
      else params.set(k, v);
    }
    const qs = params.toString();
    return `/news${qs ? `?${qs}` : ''}`;
  };
  const grid = d.featured ? d.posts.filter((p) => p.id !== d.featured!.id) : d.posts;

  return (
    <div className="container news-page">
      <header className="news-head">
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
      </header>
      <Form method="get" action="/news" className="news-search" role="search" aria-label={t('searchLabel')}>
        {d.category ? <input type="hidden" name="category" value={d.category} /> : null}
        <label>
          <span className="sr-only">{t('searchLabel')}</span>
          <SearchIcon size={18} />
          <input type="search" name="search" defaultValue={d.search} key={d.search} placeholder={t('searchPlaceholder')} maxLength={100} />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('searchSubmit')}
        </button>
      </Form>
      <nav className="chips" aria-label={t('categoriesLabel')}>
        <ul>
          <li>
            <Link to={hrefWith({ category: null, page: null })} aria-current={!d.category ? 'page' : undefined}>
              {t('all')}
            </Link>
          </li>
          {d.categories.map((c) => (
            <li key={c.id}>
              <Link to={hrefWith({ category: c.slug, page: null })} aria-current={d.category === c.slug ? 'page' : undefined}>
                {pickText(c.name, d.lang)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="news-body" aria-busy={loading || undefined}>
        {loading ? <LoadingOverlay label={t('title')} /> : null}
        {d.failed ? (
          <ErrorState title={t('error')} reloadLabel={t('reload')} />
        ) : d.posts.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <>
            {d.search ? (
              <p className="news-found" role="status">
                {t('found', { n: d.total })}
              </p>
            ) : null}
            {d.featured ? <NewsCard post={d.featured} lang={d.lang} dateLabel={d.dates[d.featured.id]} large /> : null}
            <ul className="news-grid">
              {grid.map((p, i) => (
                <li key={p.id}>
                  {/* Without a featured post the first card's cover is preloaded (handle): not lazy. */}
                  <NewsCard post={p} lang={d.lang} dateLabel={d.dates[p.id]} eager={!d.featured && i === 0} level={d.featured ? 3 : 2} />
                </li>
              ))}
            </ul>
            <Pagination page={d.page} totalPages={d.totalPages} hrefFor={(p) => hrefWith({ page: p > 1 ? String(p) : null })} />
          </>
        )}
      </div>
    </div>
  );
}
