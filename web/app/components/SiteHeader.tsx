import { Form, Link, NavLink, useFetcher, useLocation } from '@remix-run/react';
import type { Language } from '@realty/contracts';
import { LANGUAGE_NAMES, supportedLanguages } from '@realty/i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Theme } from '~/theme';
import { AuthenticityTokenInput } from './csrf';
import { safeRedirectPath } from '~/lib/auth/safe-redirect';

/** The signed-in user as the root loader shares it (no tokens). */
export interface HeaderUser {
  firstName: string;
  role: string;
}

const STAFF = ['super_admin', 'admin', 'employee', 'manager'];

/** Main navigation of spec 01 §2 (the /auth entry shows a login icon). */
const NAV = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/catalog', key: 'nav.catalog' },
  { to: '/business-center', key: 'nav.businessCenter' },
  { to: '/partners', key: 'nav.partners' },
  { to: '/news', key: 'nav.news' },
  { to: '/about', key: 'nav.about' },
  { to: '/faq', key: 'nav.faq' },
  { to: '/contact', key: 'nav.contact' },
] as const;

/** Link to the current page in another language; ?lng= is saved by the root loader. */
function languageHref(pathname: string, search: string, lng: Language): string {
  const params = new URLSearchParams(search);
  params.set('lng', lng);
  return `${pathname}?${params.toString()}`;
}

/** Header: brand, navigation (a <details> menu on small screens, works without JS), language and theme. */
export function SiteHeader({ lang, theme, user = null }: { lang: Language; theme: Theme; user?: HeaderUser | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The address is the visitor's to choose: http://site//evil.com renders the 404 page, whose
  // language links would otherwise be //evil.com?lng=en (issue 19 item 3). Odd paths give '/'.
  const here = safeRedirectPath(location.pathname + location.search);
  const { pathname, search } = new URL(here, 'http://site.invalid');
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <div className="container header-row">
        {/* Named by its text (brand and tagline): an aria-label of the brand alone would leave the
            visible tagline out of the name (WCAG 2.5.3, issue 19 item 12). */}
        <Link to="/" className="brand">
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 28 28">
            <rect x="4" y="3" width="12" height="22" rx="1.5" fill="currentColor" opacity=".85" />
            <rect x="17" y="10" width="7" height="15" rx="1.5" fill="currentColor" opacity=".55" />
          </svg>
          <span>
            <strong>{t('brand')}</strong>
            <small>{t('brandTagline')}</small>
          </span>
        </Link>
        <details className="nav-menu">
          <summary aria-label={t('nav.menu')}>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <nav aria-label={t('nav.label')}>
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={'end' in item} prefetch="intent">
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
              {user ? (
                <>
                  {/* Signed in (spec 01 §2): dashboard by role and logout instead of the login link. */}
                  <li>
                    <NavLink to={STAFF.includes(user.role) ? '/dashboard/employee' : '/dashboard/user'} className="dashboard-link">
                      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
                        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                        <path d="M4 21a8 8 0 0116 0" fill="none" stroke="currentColor" strokeWidth="2" />
                      </svg>
                      <span>{t('nav.dashboard')}</span>
                    </NavLink>
                  </li>
                  <li>
                    <Form method="post" action="/logout" className="logout-form">
                      <AuthenticityTokenInput />
                      <button type="submit" className="logout-link">
                        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
                          <path
                            d="M14 7l5 5-5 5M19 12H7M10 3H5a2 2 0 00-2 2v14a2 2 0 002 2h5"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="2"
                          />
                        </svg>
                        <span>{t('nav.logout')}</span>
                      </button>
                    </Form>
                  </li>
                </>
              ) : (
                <li>
                  <NavLink to="/auth" className="login-link">
                    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
                      <path
                        d="M10 17l5-5-5-5M15 12H3M14 3h5a2 2 0 012 2v14a2 2 0 01-2 2h-5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                      />
                    </svg>
                    <span>{t('nav.login')}</span>
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
        </details>
        <div className="header-tools">
          <LanguageSwitcher lang={lang} pathname={pathname} search={search} />
          <ThemeToggle theme={theme} redirectTo={here} />
        </div>
      </div>
    </header>
  );
}

function LanguageSwitcher({ lang, pathname, search }: { lang: Language; pathname: string; search: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('language.label')} className="lang-switch">
      <ul>
        {supportedLanguages.map((l) => (
          <li key={l}>
            <a
              href={languageHref(pathname, search, l)}
              hrefLang={l}
              lang={l}
              aria-current={l === lang ? 'true' : undefined}
              title={LANGUAGE_NAMES[l]}
            >
              {l.toUpperCase()}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Light / dark / system (spec 01 §4). A plain form post without JavaScript; with it a
 * fetcher saves the cookie and the <html data-theme> flips at once.
 */
function ThemeToggle({ theme, redirectTo }: { theme: Theme; redirectTo: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get('theme');
  const current = (typeof pending === 'string' ? pending : theme) as Theme;
  useEffect(() => {
    document.documentElement.dataset.theme = current;
  }, [current]);
  const options: Theme[] = ['light', 'dark', 'system'];
  return (
    <fetcher.Form method="post" action="/resources/theme">
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {/* The group is a <div>: a <form> may not take role="group" (W3C checker, issue 19 item 11). */}
      <div className="theme-toggle" role="group" aria-label={t('theme.label')}>
        {options.map((o) => (
          <button key={o} type="submit" name="theme" value={o} aria-pressed={current === o} title={t(`theme.${o}`)}>
            <ThemeIcon theme={o} />
            <span className="sr-only">{t(`theme.${o}`)}</span>
          </button>
        ))}
      </div>
    </fetcher.Form>
  );
}

function ThemeIcon({ theme }: { theme: Theme }) {
  if (theme === 'light')
    return (
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="5" fill="currentColor" />
        <path
          d="M12 1v3M12 20v3M1 12h3M20 12h3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    );
  if (theme === 'dark')
    return (
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
        <path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" fill="currentColor" />
      </svg>
    );
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
      <rect x="2" y="4" width="20" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 21h8M12 17v4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
