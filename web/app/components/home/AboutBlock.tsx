import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, TowerIllustration } from './icons';

const FACTS = ['class', 'floors', 'area', 'lifts'] as const;

/** About block with a learn-more button to /business-center (spec 01 §2 Home; facts of §9). */
export function AboutBlock() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-about" aria-labelledby="home-about-title">
      <div className="container home-about-inner">
        <div className="home-about-copy">
          <p className="home-eyebrow">{t('about.eyebrow')}</p>
          <h2 id="home-about-title">{t('about.title')}</h2>
          <p>{t('about.text')}</p>
          <p>{t('about.text2')}</p>
          <Link to="/business-center" className="btn btn-primary" aria-describedby="home-about-title">
            <span>{t('about.more')}</span>
            <ArrowRightIcon />
          </Link>
        </div>
        <div className="home-about-panel">
          <TowerIllustration className="home-about-tower" idPrefix="about-tower" />
          <ul className="home-about-facts">
            {FACTS.map((key) => (
              <li key={key}>
                <span className="home-about-value">{t(`about.facts.${key}.value`)}</span>{' '}
                <span className="home-about-label">{t(`about.facts.${key}.label`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
