import type { MetaDescriptor } from '@remix-run/node';
import { LANGUAGES } from '@realty/contracts';

/** Search-engine data of a page (spec 01 §1: title, description, keywords, canonical, structured data). */
export interface Seo {
  title: string;
  description: string;
  keywords?: string;
  /** Absolute URL. */
  canonical: string;
  /** JSON-LD objects. */
  jsonLd?: object[];
  noindex?: boolean;
}

/** `origin + path` of the incoming request (the production server trusts the proxy's host and protocol). */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).toString();
}

/** Meta descriptors: title, description, keywords, canonical, hreflang alternates (?lng=), JSON-LD. */
export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const out: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
  ];
  if (seo.keywords) out.push({ name: 'keywords', content: seo.keywords });
  if (seo.noindex) out.push({ name: 'robots', content: 'noindex' });
  else {
    const sep = seo.canonical.includes('?') ? '&' : '?';
    for (const lang of LANGUAGES) out.push({ tagName: 'link', rel: 'alternate', hrefLang: lang, href: `${seo.canonical}${sep}lng=${lang}` });
    out.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: seo.canonical });
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
