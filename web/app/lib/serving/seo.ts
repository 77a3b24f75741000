import type { MetaDescriptor } from '@remix-run/node';
import { LANGUAGES } from '@realty/contracts';

/** Search-engine data of a page (spec 01 §1: title, description, keywords, canonical, structured data). */
export interface Seo {
  title: string;
  description: string;
  keywords?: string;
  /** Absolute URL; keeps `?lng=xx` for a page served with it (see canonicalUrl). */
  canonical: string;
  /** JSON-LD objects. */
  jsonLd?: object[];
  noindex?: boolean;
  /** Open Graph type; default 'website'. */
  ogType?: 'website' | 'article';
  /** Absolute image URL for Open Graph. */
  image?: string | null;
}

/** `origin + path` of the incoming request (the production server trusts the proxy's host and protocol). */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).toString();
}

const OG_LOCALE: Record<string, string> = { ru: 'ru_RU', en: 'en_US', kk: 'kk_KZ', zh: 'zh_CN' };

/**
 * The canonical URL of `path` for this request: every language version is its own indexable
 * page, so a page served with `?lng=en|kk|zh` keeps that parameter; ru (the fallback) has none
 * (docs/decisions/010).
 */
export function canonicalUrl(request: Request, path: string): string {
  const url = new URL(absoluteUrl(request, path));
  url.searchParams.delete('lng');
  const lng = new URL(request.url).searchParams.get('lng');
  if (lng && (LANGUAGES as readonly string[]).includes(lng) && lng !== 'ru') url.searchParams.set('lng', lng);
  return url.toString();
}

/** `url` in language `lang`: ru without `lng`, the others with `?lng=`. */
export function languageUrl(url: string, lang: string): string {
  const u = new URL(url);
  u.searchParams.delete('lng');
  if (lang !== 'ru') u.searchParams.set('lng', lang);
  return u.toString();
}

/**
 * Meta descriptors: title, description, keywords, canonical, hreflang alternates (ru without
 * `lng`, en/kk/zh with `?lng=`, x-default = ru), Open Graph, JSON-LD.
 */
export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const lang = new URL(seo.canonical).searchParams.get('lng') ?? 'ru';
  // spec 01 §9 "SEO description cut to 160 characters", whatever the page passed.
  const description = excerpt(seo.description, 160);
  const out: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: description },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: seo.canonical },
    { property: 'og:type', content: seo.ogType ?? 'website' },
    { property: 'og:locale', content: OG_LOCALE[lang] ?? OG_LOCALE.ru },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
  ];
  if (seo.image) out.push({ property: 'og:image', content: seo.image });
  if (seo.keywords) out.push({ name: 'keywords', content: seo.keywords });
  if (seo.noindex) out.push({ name: 'robots', content: 'noindex' });
  else {
    for (const l of LANGUAGES) out.push({ tagName: 'link', rel: 'alternate', hrefLang: l, href: languageUrl(seo.canonical, l) });
    out.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: languageUrl(seo.canonical, 'ru') });
  }
  for (const ld of seo.jsonLd ?? []) out.push({ 'script:ld+json': ld });
  return out;
}

/** Cuts a text to about `max` characters at a word boundary. */
export function excerpt(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trim()}…`;
}

/** BreadcrumbList JSON-LD from (name, absolute URL) pairs. */
export function breadcrumbJsonLd(items: Array<{ name: string; url: string }>): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

/**
 * The agency's structured data (spec 01 §1 "agency data"; opening hours Mon-Fri 09:00-19:00,
 * Sat 10:00-16:00, Sun closed). `tc` is the 'common' namespace (brand and footer contacts).
 */
export function agencyJsonLd(url: string, lang: string, tc: (key: string) => string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: tc('brand'),
    description: tc('brandTagline'),
    url,
    inLanguage: lang,
    telephone: tc('footer.phone'),
    email: tc('footer.email'),
    address: { '@type': 'PostalAddress', streetAddress: tc('footer.address'), addressLocality: 'Almaty', addressCountry: 'KZ' },
    geo: { '@type': 'GeoCoordinates', latitude: 43.2187, longitude: 76.9275 },
    currenciesAccepted: 'KZT',
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '19:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Saturday', opens: '10:00', closes: '16:00' },
    ],
  };
}

/**
 * A listing as schema.org data (issue 5 "the listing on property pages"): a Product with an
 * Offer (the shape search engines accept for commercial space), with its
 * price in ₸ (per month for rent: unitText MONTH), the floor area and the address.
 */
export function listingJsonLd(
  p: { price: number; dealType: 'rent' | 'sale'; area: number; address: string; createdAt: string },
  meta: { url: string; title: string; description: string; image: string | null },
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: meta.title,
    description: meta.description,
    url: meta.url,
    ...(meta.image ? { image: meta.image } : {}),
    category: 'Commercial real estate',
    additionalProperty: [
      { '@type': 'PropertyValue', name: 'floorSize', value: p.area, unitCode: 'MTK' },
      { '@type': 'PropertyValue', name: 'address', value: p.address },
    ],
    offers: {
      '@type': 'Offer',
      url: meta.url,
      price: p.price,
      priceCurrency: 'KZT',
      availability: 'https://schema.org/InStock',
      businessFunction: p.dealType === 'rent' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
      ...(p.dealType === 'rent'
        ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: p.price, priceCurrency: 'KZT', unitText: 'MONTH' } }
        : {}),
    },
  };
}
