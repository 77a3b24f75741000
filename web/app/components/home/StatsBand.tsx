import { useTranslation } from 'react-i18next';

const STATS = ['properties', 'clients', 'partners', 'years'] as const;

/** Statistics band (spec 01 §2 Home): 150+ properties, 500+ clients, 500+ partners, 15 years. */
export function StatsBand() {
  const { t } = useTranslation('home');
  return (
    <section className="home-stats" aria-labelledby="home-stats-title">
      <div className="container">
        <h2 id="home-stats-title" className="sr-only">
          {t('stats.title')}
        </h2>
        <ul className="home-stats-list">
          {STATS.map((key) => (
            <li key={key}>
              <span className="home-stats-value">{t(`stats.${key}.value`)}</span>{' '}
              <span className="home-stats-label">{t(`stats.${key}.label`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
