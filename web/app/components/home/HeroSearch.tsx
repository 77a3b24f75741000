import { useNavigate } from '@remix-run/react';
import { PROPERTY_TYPES } from '@realty/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, SearchIcon, TowerIllustration } from './icons';

/** The 'any type' choice: a select item must not carry an empty value (spec 01 §5). */
export const ANY_TYPE = 'all';

/**
 * /catalog?type=..&q=.. from the form values: 'all' and an empty text are left out, so the
 * catalogue URL only carries real filters (spec 01 §2 Home, §7 "empty and 'all' are skipped").
 */
export function catalogSearchHref(type: string, q: string): string {
  const params = new URLSearchParams();
  if (type && type !== ANY_TYPE) params.set('type', type);
  const text = q.trim();
  if (text) params.set('q', text);
  const search = params.toString();
  return search ? `/catalog?${search}` : '/catalog';
}

const POINTS = ['rent', 'parking', 'security'] as const;

/**
 * Hero with the property search (spec 01 §2 Home). A plain GET form to /catalog, so it works
 * without JavaScript (the catalogue skips type=all); with JavaScript the clean URL is built
 * and the app navigates client-side.
 */
export function HeroSearch() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    event.preventDefault();
    navigate(catalogSearchHref(String(form.get('type') ?? ANY_TYPE), String(form.get('q') ?? '')));
  }

  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="container home-hero-inner">
        <div className="home-hero-copy">
          <p className="home-hero-eyebrow">{t('hero.eyebrow')}</p>
          <h1 id="home-hero-title">{t('hero.title')}</h1>
          <p className="home-hero-subtitle">{t('hero.subtitle')}</p>

          <form method="get" action="/catalog" role="search" aria-label={t('hero.formLabel')} className="home-search" onSubmit={onSubmit}>
            <div className="home-search-field">
              <label htmlFor="home-search-type">{t('hero.typeLabel')}</label>
              <select id="home-search-type" name="type" defaultValue={ANY_TYPE}>
                <option value={ANY_TYPE}>{t('hero.typeAll')}</option>
                {PROPERTY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`hero.types.${type}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="home-search-field home-search-text">
              <label htmlFor="home-search-q">{t('hero.queryLabel')}</label>
              <input
                id="home-search-q"
                name="q"
                type="search"
                maxLength={100}
                autoComplete="off"
                enterKeyHint="search"
                placeholder={t('hero.queryPlaceholder')}
              />
            </div>
            <button type="submit" className="btn btn-primary home-search-submit">
              <SearchIcon />
              <span>{t('hero.submit')}</span>
            </button>
          </form>

          <ul className="home-hero-points">
            {POINTS.map((point) => (
              <li key={point}>
                <CheckIcon />
                <span>{t(`hero.points.${point}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="home-hero-art">
          <TowerIllustration className="home-hero-tower" />
        </div>
      </div>
    </section>
  );
}
