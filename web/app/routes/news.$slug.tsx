import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import type { BlogPostDetail, BlogPostListItem } from '@realty/contracts';
import { formatDate, pickText } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { ShareButton } from '~/components/ShareButton';
import { i18nServer } from '~/i18n.server';
import { apiFor } from '~/lib/api/api.server';
import { absoluteUrl, breadcrumbJsonLd, canonicalUrl, excerpt, seoMeta, type Seo } from '~/lib/serving/seo';
import catalogCss from '~/styles/catalog.css?url';
import newsCss from '~/styles/news.css?url';
import { newsHref } from '~/lib/serving/content-links';
import type { PreloadHandle } from '~/lib/serving/head-preloads';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogCss },
  { rel: 'stylesheet', href: newsCss },
];

/** spec 01 §9: "related articles 2". */
const RELATED = 2;

/** Plain text of sanitised HTML (for the description and the share text). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * /news/{slug or id} (spec 01 §2 Article): category badge, title, date (long form), read time,
 * hero image, author (default 'Редакция' / 'Автор'), share, the body the API sanitised (spec
 * 01 §5) and 'Похожие статьи' (2). A missing article answers 404 'Статья не найдена'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params.slug ?? '';
  const { api, lang } = await apiFor(request);
  const [t, tc] = await Promise.all([i18nServer.getFixedT(lang, 'news'), i18nServer.getFixedT(lang, 'company')]);
  const [detail, related] = await Promise.all([
    api.blog.get(key).then(
      (post) => ({ ok: true as const, post }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    api.blog.related(key, RELATED).catch(() => [] as BlogPostListItem[]),
  ]);
  if (!detail.ok) {
    const notFound = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    if (!notFound) console.error(`article ${key}: load failed`, detail.error);
    const seo: Seo = {
      title: t('article.notFound'),
      description: t('article.notFoundText'),
      canonical: canonicalUrl(request, `/news/${encodeURIComponent(key)}`),
      noindex: true,
    };
    return data(
      { post: null as BlogPostDetail | null, related: [] as BlogPostListItem[], dates: {} as Record<string, string>, lang, seo, url: '' },
      { status: notFound ? 404 : 502 },
    );
  }
  const post = detail.post;
  const canonical = canonicalUrl(request, newsHref(post));
  const title = pickText(post.title, lang);
  const description = pickText(post.seoDescription, lang) || excerpt(pickText(post.excerpt, lang) || textOf(pickText(post.content, lang)));
  const image = post.imageUrl ? absoluteUrl(request, post.imageUrl) : null;
  const authorName = post.author ? `${post.author.firstName} ${post.author.lastName}`.trim() : t('article.defaultAuthor');
  const seo: Seo = {
    title: pickText(post.seoTitle, lang) || title,
    description,
    keywords: pickText(post.seoKeywords, lang) || undefined,
    canonical,
    ogType: 'article',
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: title.slice(0, 110),
        description,
        inLanguage: lang,
        mainEntityOfPage: canonical,
        url: canonical,
        ...(image ? { image: [image] } : {}),
        datePublished: post.publishedAt ?? post.createdAt,
        dateModified: post.updatedAt,
        articleSection: post.category ? pickText(post.category.name, lang) : t('article.defaultCategory'),
        author: post.author ? { '@type': 'Person', name: authorName } : { '@type': 'Organization', name: authorName },
        publisher: { '@type': 'Organization', name: 'Almaty Business Center', url: canonicalUrl(request, '/') },
      },
      breadcrumbJsonLd([
        { name: tc('breadcrumbs.home'), url: canonicalUrl(request, '/') },
        { name: t('title'), url: canonicalUrl(request, '/news') },
        { name: title, url: canonical },
      ]),
    ],
  };
  const shown = related.filter((r) => r.id !== post.id).slice(0, RELATED);
  // Dates are formatted here: the browser's Intl data for kk and zh differs from Node's, and a different text would break hydration.
  const dates = Object.fromEntries([post, ...shown].map((p) => [p.id, formatDate(p.publishedAt ?? p.createdAt, lang)]));
  return data({ post, related: shown, dates, lang, seo, url: canonical });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => seoMeta(d?.seo);

/**
 * The article's cover is its largest paint: preloaded ahead of the scripts (lib/serving/head-preloads.tsx,
 * as the news list's first cover): named after them it arrived late on a slow phone (issue 19
 * item 13; decision 031).
 */
export const handle: PreloadHandle = {
  lcpImage: (data) => {
    const url = (data as { post?: { imageUrl?: string | null } | null } | undefined)?.post?.imageUrl;
    return url ? { src: url, webp: null, width: 1200, height: 630 } : null;
  },
};

export default function ArticlePage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('news');
  const post = d.post;
  if (!post) {
    return (
      <section className="container state-page" aria-labelledby="article-nf">
        <div className="state-block">
          <h1 id="article-nf">{t('article.notFound')}</h1>
          <p>{t('article.notFoundText')}</p>
          <Link to="/news" className="btn btn-primary">
            {t('article.back')}
          </Link>
        </div>
      </section>
    );
  }
  const title = pickText(post.title, d.lang);
  const date = post.publishedAt ?? post.createdAt;
  const author = post.author ? `${post.author.firstName} ${post.author.lastName}`.trim() : t('article.defaultAuthor');
  const role = post.author ? pickText(post.author.role, d.lang) || t('article.defaultRole') : t('article.defaultRole');
  return (
    <article className="container article-page">
      <nav aria-label={t('article.breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">{t('article.home')}</Link>
          </li>
          <li>
            <Link to="/news">{t('title')}</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <header className="article-head">
        <span className="badge badge--rent">{post.category ? pickText(post.category.name, d.lang) : t('article.defaultCategory')}</span>
        <h1>{title}</h1>
        <p className="article-meta">
          <time dateTime={date}>{d.dates[post.id]}</time>
          <span>{t('readTime', { n: post.readingTimeMinutes })}</span>
        </p>
      </header>
      {post.imageUrl ? <img className="article-image" src={post.imageUrl} alt="" width={1200} height={630} /> : null}
      <div className="article-byline">
        <span className="article-author__avatar" aria-hidden="true">
          {[...author][0]}
        </span>
        <span>
          <strong>{author}</strong>
          <small>{role}</small>
        </span>
        <ShareButton url={d.url} title={title.slice(0, 100)} />
      </div>
      {/* The API sanitised the body with the allow-list of spec 01 §5 (sanitize-html) before it left the server. */}
      <div className="article-body" dangerouslySetInnerHTML={{ __html: pickText(post.content, d.lang) }} />
      {d.related.length ? (
        <section className="article-related" aria-labelledby="related-title">
          <h2 id="related-title">{t('article.related')}</h2>
          <ul>
            {d.related.map((r) => (
              <li key={r.id}>
                <Link to={newsHref(r)}>
                  <span className="news-card__category">
                    {r.category ? pickText(r.category.name, d.lang) : t('article.defaultCategory')}
                  </span>
                  <strong>{pickText(r.title, d.lang)}</strong>
                  <time dateTime={r.publishedAt ?? r.createdAt}>{d.dates[r.id]}</time>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to="/news">← {t('article.back')}</Link>
      </p>
    </article>
  );
}
