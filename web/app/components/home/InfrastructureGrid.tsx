import { useTranslation } from 'react-i18next';
import { InfrastructureIcon, type InfrastructureKey } from './icons';
import { SectionHeader } from './SectionHeader';

/** The 8 static categories of spec 01 §2 Home, in the spec's order. */
export const INFRASTRUCTURE: readonly InfrastructureKey[] = [
  'banks',
  'restaurants',
  'coffee',
  'fitness',
  'medical',
  'shopping',
  'business',
  'education',
];

/** Infrastructure grid: icon, label and a short text per category. */
export function InfrastructureGrid() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-infra" aria-labelledby="home-infra-title">
      <div className="container">
        <SectionHeader id="home-infra-title" title={t('infrastructure.title')} lead={t('infrastructure.subtitle')} />
        <ul className="home-infra-grid">
          {INFRASTRUCTURE.map((key) => (
            <li key={key} className="home-infra-item">
              <span className="home-infra-icon">
                <InfrastructureIcon name={key} />
              </span>
              <h3>{t(`infrastructure.items.${key}.label`)}</h3>
              <p>{t(`infrastructure.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
