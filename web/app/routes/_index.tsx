import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { HomeContactForm } from '~/components/forms/HomeContactForm';
import { OfficeQuiz } from '~/components/forms/OfficeQuiz';
import { RentCalculator } from '~/components/forms/RentCalculator';
import { AboutBlock } from '~/components/home/AboutBlock';
import { FaqAccordion } from '~/components/home/FaqAccordion';
import { FeaturedProperties } from '~/components/home/FeaturedProperties';
import { loadFeatured } from '~/components/home/featured.server';
import { HeroSearch } from '~/components/home/HeroSearch';
import { InfrastructureGrid } from '~/components/home/InfrastructureGrid';
import { PartnersPreview } from '~/components/home/PartnersPreview';
import { loadFeaturedPartners } from '~/components/home/partners.server';
import { StatsBand } from '~/components/home/StatsBand';
import { Testimonials } from '~/components/home/Testimonials';
import { getLanguage, i18nServer } from '~/i18n.server';
import { cacheablePage, cacheablePageHeaders } from '~/lib/serving/page-cache';
import { agencyJsonLd, canonicalUrl, excerpt, seoMeta } from '~/lib/serving/seo';
import catalogStylesHref from '~/styles/catalog.css?url';
import { homeAction } from '~/lib/forms/public-forms.server';
import { resultOf } from '~/lib/forms/public-forms';
import homeStylesHref from '~/styles/home.css?url';
import partnersStylesHref from '~/styles/partners.css?url';
import { pageMeta } from '~/lib/i18n/error-meta';

/** catalog.css carries the shared PropertyCard styles used by the featured section. */
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStylesHref },
  { rel: 'stylesheet', href: homeStylesHref },
  { rel: 'stylesheet', href: partnersStylesHref },
];

/**
 * Home (spec 01 §2): the page language, its search-engine data and the featured properties.
 * The featured call never throws: null means "not loaded" and the section shows its loading text.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = await getLanguage(request);
  const [t, tc, featured, partners] = await Promise.all([
    i18nServer.getFixedT(lang, 'home'),
    i18nServer.getFixedT(lang, 'common'),
    loadFeatured(lang, request),
    loadFeaturedPartners(lang, request),
  ]);
  const canonical = canonicalUrl(request, '/');
  return data(
    {
      lang,
      featured,
      partners,
      seo: {
        title: t('meta.title'),
        description: excerpt(t('meta.description'), 160),
        keywords: t('meta.keywords'),
        canonical,
        jsonLd: [agencyJsonLd(canonical, lang, tc)],
      },
    },
    // With the featured listings loaded, the page is the same for every anonymous visitor: the
    // page cache may keep it (lib/serving/page-cache.server.ts).
    { headers: featured !== null ? cacheablePage() : undefined },
  );
}

/** Home's forms: the contact form (intent home-contact) and the office quiz (intent quiz). */
export async function action({ request }: ActionFunctionArgs) {
  return homeAction(request);
}

/** Complete pages go to the anonymous page cache (lib/serving/page-cache.server.ts). */
export const headers = cacheablePageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, () => (args.data ? seoMeta(args.data.seo) : [{ title: 'Алматы Бизнес Центр' }]));

/** A form this page cannot read (400) shows the site's error screen here, under the visitor's header and language. */
export { ErrorBoundary } from '~/root';

/** Home page sections in the order of spec 01 §2 "Home". */
export default function Home() {
  const { lang, featured, partners } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return (
    <div className="home">
      <HeroSearch />
      <StatsBand />
      <FeaturedProperties properties={featured} lang={lang} />
      <AboutBlock />
      <OfficeQuiz initial={resultOf(posted, 'quiz')} />
      <RentCalculator />
      <InfrastructureGrid />
      <PartnersPreview partners={partners} lang={lang} />
      <Testimonials />
      <FaqAccordion />
      <HomeContactForm initial={resultOf(posted, 'home-contact')} />
    </div>
  );
}
