import { useTranslation } from 'react-i18next';
import { PageHero, useKeysOf } from './PageHero';

/** /terms and /privacy: a title, the version date and numbered sections from the 'company' resources. */
export function LegalPage({ section }: { section: 'terms' | 'privacy' }) {
  const { t } = useTranslation('company');
  const keys = useKeysOf('company');
  return (
    <div className="company-page legal-page">
      <PageHero title={t(`${section}.title`)} text={t(`${section}.updated`)} />
      <div className="container legal-body">
        <ol>
          {keys(`${section}.sections`).map((k) => (
            <li key={k}>
              <h2>{t(`${section}.sections.${k}.title`)}</h2>
              <p>{t(`${section}.sections.${k}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
