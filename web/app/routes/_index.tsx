import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AboutBlock } from '~/components/home/AboutBlock';
import { FaqAccordion } from '~/components/home/FaqAccordion';
import { FeaturedProperties } from '~/components/home/FeaturedProperties';
import { loadFeatured } from '~/components/home/featured.server';
import { HeroSearch } from '~/components/home/HeroSearch';
import { InfrastructureGrid } from '~/components/home/InfrastructureGrid';
import { PartnersPreview } from '~/components/home/PartnersPreview';
import { StatsBand } from '~/components/home/StatsBand';
import { Testimonials } from '~/components/home/Testimonials';
import { getLanguage, i18nServer } from '~/i18n.server';
import { absoluteUrl, excerpt, seoMeta } from '~/lib/seo';
import catalogStylesHref from '~/styles/catalog.css?url';
import homeStylesHref from '~/styles/home.css?url';

/** catalog.css carries the shared PropertyCard styles used by the featured section. */
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStylesHref },
  { rel: 'stylesheet', href: homeStylesHref },
];

/**
 * Home (spec 01 §2): the page language, its search-engine data and the featured properties.
 * The featured call never throws: null means "not loaded" and the section shows its loading text.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = await getLanguage(request);
  const [t, tc, featured] = await Promise.all([
    i18nServer.getFixedT(lang, 'home'),
    i18nServer.getFixedT(lang, 'common'),
    loadFeatured(lang, request.signal),
  ]);
  const canonical = absoluteUrl(request, '/');
  return {
    lang,
    featured,
    seo: {
      title: t('meta.title'),
      description: excerpt(t('meta.description'), 160),
      keywords: t('meta.keywords'),
      canonical,
      jsonLd: [agencyJsonLd(canonical, lang, tc)],
    },
  };
}

/**
 * The agency's structured data (spec 01 §1: agency data; hours Mon-Fri 09:00-19:00,
 * Sat 10:00-16:00, Sun closed). Contact texts come from the 'common' footer resources.
 */
function agencyJsonLd(url: string, lang: string, tc: (key: string) => string) {
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
    currenciesAccepted: 'KZT',
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '19:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Saturday', opens: '10:00', closes: '16:00' },
    ],
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [...seoMeta(data.seo), { property: 'og:type', content: 'website' }] : [{ title: 'Алматы Бизнес Центр' }];

/** Home page sections in the order of spec 01 §2 "Home". */
export default function Home() {
  const { lang, featured } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      <HeroSearch />
      <StatsBand />
      <FeaturedProperties properties={featured} lang={lang} />
      <AboutBlock />
      {/* HOME-QUIZ-PLACEHOLDER: the four-step office quiz (spec 01 §2 "Office quiz") comes with the forms issue. */}
      {/* HOME-CALCULATOR-PLACEHOLDER: the rent calculator (spec 01 §2 "Rent calculator") comes with the forms issue. */}
      <InfrastructureGrid />
      <PartnersPreview />
      <Testimonials />
      <FaqAccordion />
      {/* HOME-CONTACT-FORM-PLACEHOLDER: the home contact form (spec 01 §5, lead source 'website_contact_form') comes with the forms issue. */}
    </div>
  );
}
