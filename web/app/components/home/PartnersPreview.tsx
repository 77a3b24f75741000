import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, PartnersIcon } from './icons';

/**
 * Partners preview (spec 01 §2 Home). Until the partners API exists this is a text block
 * with a link to /partners; the 4 featured partners (GET /partners?featured=true&limit=8,
 * 4 shown, spec 01 §7) come with the partners work. No invented partner data.
 */
export function PartnersPreview() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-partners" aria-labelledby="home-partners-title">
      <div className="container">
        <div className="home-partners-card">
          <span className="home-partners-icon">
            <PartnersIcon />
          </span>
          <div className="home-partners-copy">
            <h2 id="home-partners-title">{t('partners.title')}</h2>
            <p>{t('partners.text')}</p>
          </div>
          <Link to="/partners" className="btn btn-primary">
            <span>{t('partners.link')}</span>
            <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </section>
  );
}
