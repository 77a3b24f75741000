import { Link } from '@remix-run/react';
import type { Language } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { PropertyCard, type CardProperty } from '~/components/PropertyCard';
import { ArrowRightIcon } from './icons';
import { SectionHeader } from './SectionHeader';

/**
 * Featured properties (spec 01 §2 Home, 6 cards). `properties` is null when the API call
 * failed: the section then shows only its loading text (the spec's quirk).
 */
export function FeaturedProperties({ properties, lang }: { properties: CardProperty[] | null; lang: Language }) {
  const { t } = useTranslation('home');
  const viewAll = (
    <Link to="/catalog" className="btn btn-secondary home-link-button">
      <span>{t('featured.viewAll')}</span>
      <ArrowRightIcon />
    </Link>
  );
  return (
    <section className="home-section home-featured" aria-labelledby="home-featured-title">
      <div className="container">
        <SectionHeader id="home-featured-title" title={t('featured.title')} lead={t('featured.subtitle')} aside={viewAll} />
        {properties === null ? (
          <p className="home-featured-loading" role="status">
            <span className="home-spinner" aria-hidden="true" />
            {t('featured.loading')}
          </p>
        ) : properties.length === 0 ? (
          <p className="home-featured-empty">{t('featured.empty')}</p>
        ) : (
          <ul className="home-featured-grid">
            {properties.map((property) => (
              <li key={property.id}>
                <PropertyCard property={property} lang={lang} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
