import { data, redirect } from '@remix-run/node';
import { ApiError, ApiNetworkError } from '@realty/api-client';
import type { CategoryDto, Language, PropertyListItem, SubcategoryDto } from '@realty/contracts';
import { CATEGORY_SLUGS, translateMessage } from '@realty/contracts';
import { formatDate, pickText } from '@realty/i18n';
import type { TFunction } from 'i18next';
import { i18nServer } from '~/i18n.server';
import { apiFor } from '../api/api.server';
import { toCardProperties } from './property-card';
import {
  CATEGORY_CONFIG,
  SUBCATEGORY_CONFIG,
  canonicalRedirect,
  listingHref,
  parseListing,
  serializeListing,
  toApiQuery,
} from './listing-params';
import { absoluteUrl, canonicalUrl, excerpt, type Seo } from '../serving/seo';
import { cacheablePage } from '../serving/page-cache';

/** spec 01 §2: an unknown category slug falls back to offices; office-space is the default subcategory. */
export const FALLBACK_CATEGORY = 'offices';
export const FALLBACK_SUBCATEGORY = 'office-space';

/** The text of a failed call (spec 01 §8 'Ошибка загрузки' + the message or 'Неизвестная ошибка'). */
export function loadErrorMessage(error: unknown, lang: Language, t: TFunction): string {
  if (error instanceof ApiNetworkError) return t('errors.network');
  if (error instanceof ApiError) {
    const known = translateMessage(error.code, lang);
    return known !== error.code ? known : error.message;
  }
  return t('category.unknownError');
}

/** Picks the category (fallback offices) and, on the subcategory page, the subcategory (fallback office-space). */
export function resolveCategory(
  categories: CategoryDto[],
  slug: string,
  subSlug: string | null,
): { category: CategoryDto | null; subcategory: SubcategoryDto | null } {
  let category = categories.find((c) => c.slug === slug) ?? categories.find((c) => c.slug === FALLBACK_CATEGORY) ?? categories[0] ?? null;
  if (subSlug === null) return { category, subcategory: null };
  const all = categories.flatMap((c) => c.subcategories ?? []);
  const subcategory =
    category?.subcategories?.find((s) => s.slug === subSlug) ??
    all.find((s) => s.slug === subSlug) ??
    all.find((s) => s.slug === FALLBACK_SUBCATEGORY) ??
    all[0] ??
    null;
  // The subcategory decides its category (e.g. /category/retail/coworking shows offices > coworking).
  if (subcategory && category?.id !== subcategory.categoryId) {
    category = categories.find((c) => c.id === subcategory.categoryId) ?? category;
  }
  return { category, subcategory };
}

/** Loader of /category/{slug} and /category/{slug}/{subSlug}. */
export async function loadCategoryPage(request: Request, slug: string, subSlug: string | null) {
  const config = subSlug === null ? CATEGORY_CONFIG : SUBCATEGORY_CONFIG;
  const url = new URL(request.url);
  const canonicalQuery = canonicalRedirect(url, config);
  if (canonicalQuery) throw redirect(canonicalQuery);

  const { api, lang } = await apiFor(request);
  const t = await i18nServer.getFixedT(lang, 'catalog');
  const state = parseListing(url.searchParams, config);

  let error: string | null = null;
  let category: CategoryDto | null = null;
  let subcategory: SubcategoryDto | null = null;
  let items: PropertyListItem[] = [];
  let total = 0;
  let totalPages = 0;
  try {
    ({ category, subcategory } = resolveCategory(await api.properties.categories(), slug, subSlug));
    const page = await api.properties.list({
      ...toApiQuery(state, config),
      category: category?.slug ?? FALLBACK_CATEGORY,
      subcategory: subSlug === null ? undefined : (subcategory?.slug ?? FALLBACK_SUBCATEGORY),
    });
    items = page.items;
    total = page.meta.total;
    totalPages = page.meta.totalPages;
    if (state.page > totalPages && totalPages > 0) {
      throw redirect(listingHref(url.pathname, state, config, { page: totalPages }, url.searchParams));
    }
  } catch (e) {
    if (e instanceof Response) throw e;
    console.error(`category ${slug}/${subSlug ?? ''}: load failed`, e);
    error = loadErrorMessage(e, lang, t);
  }

  const knownSlug = (CATEGORY_SLUGS as readonly string[]).includes(slug) ? slug : FALLBACK_CATEGORY;
  const categorySlug = category?.slug ?? knownSlug;
  const categoryName = category ? pickText(category.name, lang, categorySlug) : t(`categories.${knownSlug}`);
  const subName = subcategory ? pickText(subcategory.name, lang, subcategory.slug) : null;
  const name = subName ?? categoryName;
  const basePath = subcategory ? `/category/${categorySlug}/${subcategory.slug}` : `/category/${categorySlug}`;
  const qs = serializeListing(state, config).toString();
  const canonical = canonicalUrl(request, `${basePath}${qs ? `?${qs}` : ''}`);
  const description = pickText(subcategory?.description ?? category?.description, lang, '') || t('meta.categoryDescription', { name });
  // Newest listing date on this page: the 'updated' label.
  const updatedAt = items.reduce<string | null>((max, p) => (p.createdAt && (!max || p.createdAt > max) ? p.createdAt : max), null);

  const crumbs = [
    { name: t('breadcrumbs.catalog'), url: absoluteUrl(request, '/catalog') },
    { name: categoryName, url: absoluteUrl(request, `/category/${categorySlug}`) },
    ...(subcategory && subName ? [{ name: subName, url: absoluteUrl(request, basePath) }] : []),
  ];
  const seo: Seo = {
    title: t('meta.categoryTitle', { name }),
    description: excerpt(description),
    keywords: t('meta.categoryKeywords', { name: name.toLowerCase() }),
    canonical,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name,
        description: excerpt(description),
        url: canonical,
        inLanguage: lang,
        breadcrumb: {
          '@type': 'BreadcrumbList',
          itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
        },
      },
    ],
  };

  return data(
    {
      lang,
      state,
      isSubcategory: subSlug !== null,
      category: category
        ? { slug: categorySlug, name: categoryName, icon: category.icon, subcategories: category.subcategories ?? [] }
        : null,
      categorySlug,
      categoryName,
      subcategory: subcategory ? { slug: subcategory.slug, name: subName ?? subcategory.slug } : null,
      description,
      basePath,
      items: toCardProperties(items, lang),
      total,
      totalPages,
      // Formatted here: browsers differ in their date data (e.g. Kazakh month names), the server does not.
      updatedLabel: updatedAt ? t('category.updated', { date: formatDate(updatedAt, lang) }) : null,
      error,
      seo,
    },
    // Complete answers are the same for every anonymous visitor: the page cache may keep them.
    { status: error ? 502 : 200, headers: error ? undefined : cacheablePage() },
  );
}

export type CategoryPageData = Awaited<ReturnType<typeof loadCategoryPage>>['data'];
