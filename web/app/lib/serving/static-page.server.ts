import type { Language } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { getLanguage } from '~/i18n.server';
import { agencyJsonLd, breadcrumbJsonLd, canonicalUrl, excerpt, type Seo } from './seo';

/**
 * Loader data of a static company page (spec 01 §2 Business centre, About, Contact, FAQ,
 * /terms, /privacy): its language and search-engine data from the 'company' namespace
 * (`{section}.meta.title|description|keywords`, the heading `{section}.title` or
 * `{section}.hero.title`), a breadcrumb, and the agency's data where `agency` is set
 * (spec 01 §1: RealEstateAgent with address and opening hours).
 */
export async function staticPage(
  request: Request,
  options: { section: string; path: string; agency?: boolean; heading?: string; jsonLd?: object[] },
): Promise<{ lang: Language; seo: Seo }> {
  const lang = await getLanguage(request);
  const [t, tc] = await Promise.all([i18nServer.getFixedT(lang, 'company'), i18nServer.getFixedT(lang, 'common')]);
  const canonical = canonicalUrl(request, options.path);
  const heading = t(options.heading ?? `${options.section}.title`);
  const jsonLd: object[] = [
    breadcrumbJsonLd([
      { name: t('breadcrumbs.home'), url: canonicalUrl(request, '/') },
      { name: heading, url: canonical },
    ]),
    ...(options.agency ? [agencyJsonLd(canonical, lang, tc)] : []),
    ...(options.jsonLd ?? []),
  ];
  return {
    lang,
    seo: {
      title: t(`${options.section}.meta.title`),
      description: excerpt(t(`${options.section}.meta.description`)),
      keywords: t(`${options.section}.meta.keywords`),
      canonical,
      jsonLd,
    },
  };
}
