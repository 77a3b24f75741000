import type { LoaderFunctionArgs } from '@remix-run/node';
import { LANGUAGES, escapeHtml, landingPath } from '@realty/contracts';
import { apiFor } from '~/lib/api/api.server';
import { newsHref } from '~/lib/serving/content-links';
import { absoluteUrl, languageUrl } from '~/lib/serving/seo';

/** Public static pages of spec 01 §2 (the sign-in page and the dashboards are not indexed: robots.txt). */
export const STATIC_PATHS = [
  '/',
  '/catalog',
  '/business-center',
  '/partners',
  '/news',
  '/about',
  '/contact',
  '/faq',
  '/terms',
  '/privacy',
] as const;

interface Entry {
  path: string;
  lastmod?: string | null;
  priority?: number;
}

/** Reads every page of a paged API list (100 per page). */
async function allPages<T>(load: (page: number) => Promise<{ items: T[]; totalPages: number }>): Promise<T[]> {
  const first = await load(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => load(i + 2)));
  return [first, ...rest].flatMap((p) => p.items);
}

/**
 * /sitemap.xml (issue 5): every public page, listing, category, partner and article, each with
 * its four language versions as hreflang alternates (ru without `lng`, the others `?lng=`).
 * A part whose API call fails is left out (the rest is still served).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, 'ru');
  const entries: Entry[] = STATIC_PATHS.map((path) => ({ path, priority: path === '/' ? 1 : 0.8 }));
  const [categories, listings, partners, posts] = await Promise.all([
    api.properties.categories().catch(() => []),
    allPages((page) => api.properties.list({ page, limit: 100 }).then((r) => ({ items: r.items, totalPages: r.meta.totalPages }))).catch(
      () => [],
    ),
    api.partners.all().catch(() => []),
    allPages((page) => api.blog.posts({ page, limit: 100 }).then((r) => ({ items: r.items, totalPages: r.meta.totalPages }))).catch(
      () => [],
    ),
  ]);
  for (const c of categories) {
    entries.push({ path: `/category/${c.slug}`, priority: 0.7 });
    for (const s of c.subcategories ?? []) entries.push({ path: `/category/${c.slug}/${s.slug}`, priority: 0.6 });
  }
  for (const p of listings) entries.push({ path: `/property/${encodeURIComponent(p.slug || p.id)}`, lastmod: p.createdAt, priority: 0.6 });
  for (const p of partners) entries.push({ path: `/partners/${encodeURIComponent(p.slug || p.id)}`, priority: 0.4 });
  for (const p of posts) entries.push({ path: newsHref(p), lastmod: p.publishedAt ?? p.createdAt, priority: 0.5 });
  // the active landing pages (issue 23)
  for (const l of await api.landings.sitemap().catch(() => []))
    entries.push({ path: landingPath(l.slug), lastmod: l.updatedAt, priority: 0.6 });

  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map((e) => {
      const loc = absoluteUrl(request, e.path);
      const alternates = [...LANGUAGES.map((l) => [l, languageUrl(loc, l)]), ['x-default', loc]]
        .map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(href)}"/>`)
        .join('');
      const lastmod = e.lastmod ? `<lastmod>${escapeHtml(e.lastmod.slice(0, 10))}</lastmod>` : '';
      return `<url><loc>${escapeHtml(loc)}</loc>${lastmod}<priority>${(e.priority ?? 0.5).toFixed(1)}</priority>${alternates}</url>`;
    }),
    '</urlset>',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
