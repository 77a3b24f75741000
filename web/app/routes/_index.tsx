import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';

export const meta: MetaFunction = () => [{ title: 'Алматы Бизнес Центр' }];

/** Home (spec 01 §2 "Home"): sections arrive with the home page work. */
export default function Home() {
  const { t } = useTranslation();
  return (
    <section className="container">
      <h1>{t('brand')}</h1>
      <p>{t('brandTagline')}</p>
    </section>
  );
}
