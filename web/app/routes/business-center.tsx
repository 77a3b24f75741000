import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '~/components/Icons';
import { CallToAction, PageHero, useKeysOf } from '~/components/company/PageHero';
import { seoMeta } from '~/lib/serving/seo';
import { staticPage } from '~/lib/serving/static-page.server';
import companyCss from '~/styles/company.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: companyCss }];

/** /business-center (spec 01 §2 Business centre): facts of spec 01 §9 (2015, class A, 25 floors, 120,000 m², 500+ parking, 12 lifts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return staticPage(request, {
    section: 'businessCenter',
    path: '/business-center',
    heading: 'businessCenter.hero.title',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Place',
        name: 'Almaty Business Center',
        address: { '@type': 'PostalAddress', streetAddress: 'пр. Аль-Фараби, 77/8', addressLocality: 'Almaty', addressCountry: 'KZ' },
        geo: { '@type': 'GeoCoordinates', latitude: 43.2187, longitude: 76.9275 },
        amenityFeature: [
          { '@type': 'LocationFeatureSpecification', name: 'Parking', value: '500+' },
          { '@type': 'LocationFeatureSpecification', name: 'Lifts', value: 12 },
          { '@type': 'LocationFeatureSpecification', name: 'Floors', value: 25 },
        ],
      },
    ],
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function BusinessCenterPage() {
  const { t } = useTranslation('company');
  const keys = useKeysOf('company');
  return (
    <div className="company-page">
      <PageHero eyebrow={t('businessCenter.hero.eyebrow')} title={t('businessCenter.hero.title')} text={t('businessCenter.hero.text')} />
      <section className="container company-section" aria-labelledby="bc-about">
        <h2 id="bc-about">{t('businessCenter.about.title')}</h2>
        <p>{t('businessCenter.about.p1')}</p>
        <p>{t('businessCenter.about.p2')}</p>
      </section>
      <section className="container company-section" aria-labelledby="bc-features">
        <h2 id="bc-features">{t('businessCenter.featuresTitle')}</h2>
        <ul className="tile-grid">
          {keys('businessCenter.features').map((k) => (
            <li key={k} className="tile">
              <h3>{t(`businessCenter.features.${k}.title`)}</h3>
              <p>{t(`businessCenter.features.${k}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="container company-section" aria-labelledby="bc-specs">
        <h2 id="bc-specs">{t('businessCenter.specsTitle')}</h2>
        <dl className="spec-grid">
          {keys('businessCenter.specs').map((k) => (
            <div key={k}>
              <dt>{t(`businessCenter.specs.${k}.label`)}</dt>
              <dd>{t(`businessCenter.specs.${k}.value`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="container company-section" aria-labelledby="bc-location">
        <h2 id="bc-location">{t('businessCenter.locationTitle')}</h2>
        <ul className="check-list">
          {keys('businessCenter.location').map((k) => (
            <li key={k}>
              <CheckIcon size={18} />
              {t(`businessCenter.location.${k}`)}
            </li>
          ))}
        </ul>
      </section>
      <CallToAction title={t('businessCenter.ctaTitle')} text={t('businessCenter.ctaText')} />
    </div>
  );
}
