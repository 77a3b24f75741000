import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** Breadcrumb (Главная / page) and the page heading block of the company pages. */
export function PageHero({ title, text, eyebrow }: { title: string; text?: string; eyebrow?: string }) {
  const { t } = useTranslation('company');
  return (
    <header className="company-hero">
      <div className="container">
        <nav aria-label={t('breadcrumbs.label')} className="breadcrumbs">
          <ol>
            <li>
              <Link to="/">{t('breadcrumbs.home')}</Link>
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        {eyebrow ? <p className="company-hero__eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {text ? <p className="company-hero__text">{text}</p> : null}
      </div>
    </header>
  );
}

/** The closing call to action with buttons to /catalog and /contact (spec 01 §2 Business centre, About). */
export function CallToAction({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('company');
  return (
    <section className="company-cta" aria-labelledby="company-cta-title">
      <div className="container company-cta__inner">
        <div>
          <h2 id="company-cta-title">{title}</h2>
          <p>{text}</p>
        </div>
        <div className="actions">
          <Link to="/catalog" className="btn btn-primary">
            {t('cta.catalog')}
          </Link>
          <Link to="/contact" className="btn btn-secondary">
            {t('cta.contact')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Keys of a keyed resource object, in order (lists are objects in the resources). */
export function useKeysOf(ns: string) {
  const { t } = useTranslation(ns);
  return (key: string): string[] => {
    const value: unknown = t(key, { returnObjects: true });
    return value && typeof value === 'object' ? Object.keys(value as object) : [];
  };
}
