import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
// The errors module alone: the client's index would bring every call and DTO into every page.
import { ApiError } from '@realty/api-client/errors';
import type { Language } from '@realty/contracts';
import { fallbackLanguage } from '@realty/i18n';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AnalyticsTracker } from '~/components/AnalyticsTracker';
import { IconSprite } from '~/components/Icons';
import { SiteFooter } from '~/components/SiteFooter';
import { SiteHeader } from '~/components/SiteHeader';
import { ToastProvider } from '~/components/toast/Toaster';
import { getLanguage } from '~/i18n.server';
import { errorMeta } from '~/lib/i18n/error-meta';
import { DocumentLinks } from '~/lib/serving/inline-css';
import { HeadPreloads } from '~/lib/serving/head-preloads';
import { useNonce } from '~/lib/serving/nonce';
import { createI18n, ensureTranslations, hasTranslations, translationsFor, TranslationsScript } from '~/lib/i18n/i18n';
import { countDocumentView } from '~/lib/analytics/analytics.server';
import { getAuth } from '~/lib/auth/auth.server';
import { commitCsrfToken } from '~/lib/auth/csrf.server';
import { readToast } from '~/lib/forms/toast.server';
import { languageCookieUpdate, readTheme } from '~/lib/serving/visitor.server';
import stylesHref from '~/styles/app.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Root loader: the request's language (spec 01 §1), the theme from its cookie. A `?lng=` choice
 * is saved in the cookie (spec 01 §1: every change is saved). The language's translations are
 * not loader data: the layout writes them into the document (TranslationsScript).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = await getLanguage(request);
  const theme = await readTheme(request);
  const headers = new Headers();
  const languageCookie = await languageCookieUpdate(request, lang);
  if (languageCookie) headers.append('Set-Cookie', languageCookie);
  headers.set('Vary', 'Cookie, Accept-Language');
  const { toast, setCookie } = await readToast(request);
  if (setCookie) headers.append('Set-Cookie', setCookie);
  // Website analytics: a document request of a public page is counted here (works without
  // JavaScript); the browser tracker then skips this first view.
  const pageView = countDocumentView(request, lang);
  if (pageView.setCookie) headers.append('Set-Cookie', pageView.setCookie);
  // The signed-in user (never the tokens), the CSRF token of the page's forms, and the ids of
  // the user's favourites for the hearts on every card (fetched once per page load and after
  // each form post, when this loader revalidates).
  const [auth, csrf] = await Promise.all([getAuth(request), commitCsrfToken(request)]);
  if (csrf.setCookie) headers.append('Set-Cookie', csrf.setCookie);
  let favoriteIds: string[] = [];
  if (auth.user) {
    try {
      favoriteIds = await auth.api.favorites.ids();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) auth.signOut();
      else console.error('favourite ids: load failed', error);
    }
  }
  (await auth.headers()).forEach((value, key) => headers.append(key, value));
  return data(
    {
      lang,
      theme,
      toast,
      year: new Date().getFullYear(),
      user: auth.user,
      csrf: csrf.token,
      favoriteIds,
      pageViewCounted: pageView.counted,
    },
    { headers },
  );
}

/** Pages served in several languages vary by the language cookie and Accept-Language. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const out = new Headers();
  const vary = loaderHeaders.get('Vary');
  if (vary) out.set('Vary', vary);
  return out;
};

/**
 * The root data (language, theme) only changes with ?lng= or after a form post
 * (theme, sign-in): filter changes in the catalogue do not reload the translations.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  return currentUrl.searchParams.get('lng') !== nextUrl.searchParams.get('lng');
};

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const lang: Language = root?.lang ?? fallbackLanguage;
  // Remix's inline scripts carry the response's CSP nonce (lib/serving/security-headers.server.ts).
  const nonce = useNonce();
  // The language switcher loads a new document; should the root data bring another language
  // without one (a client-side link with another ?lng=), its translations are fetched and the
  // page re-renders with them. No clientLoader: one that awaits serverLoader() turns every
  // revalidation interrupted by a navigation into a logged AbortError.
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!hasTranslations(lang)) void ensureTranslations(lang).then(() => setLoaded((n) => n + 1));
  }, [lang]);
  const bundle = translationsFor(lang);
  const i18n = useMemo(() => createI18n(lang, bundle), [lang, bundle]);
  return (
    <html lang={lang} data-theme={root?.theme ?? 'system'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <DocumentLinks />
        <HeadPreloads />
      </head>
      <body>
        <IconSprite />
        <I18nextProvider i18n={i18n}>
          <ToastProvider initial={root?.toast ?? null}>
            <SiteHeader lang={lang} theme={root?.theme ?? 'system'} user={root?.user ?? null} />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter year={root?.year ?? new Date().getFullYear()} />
          </ToastProvider>
        </I18nextProvider>
        <AnalyticsTracker serverCounted={root?.pageViewCounted ?? false} />
        {/* After the content: the browser parses and paints the page before these ~60 KB of text. */}
        <TranslationsScript lang={lang} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The title of the screens the root ErrorBoundary renders (spec 01 §2 not-found, §8 error
 * screen), in the page's language: the route that failed gives none, and a page without a
 * <title> fails WCAG 2.4.2. Pages that render normally take their routes' own meta.
 */
export const meta: MetaFunction<typeof loader> = ({ error, data }) => (error ? errorMeta(error, data?.lang ?? fallbackLanguage) : []);

/**
 * The error screen of spec 01 §8; 404s render the not-found page. Pages whose action may throw
 * 400 export it as their own boundary (`export { ErrorBoundary } from '~/root'`), so the root
 * loader still runs and the screen has the visitor's language, theme and header.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound path={typeof error.data === 'string' ? error.data : ''} />;
  }
  if (typeof window !== 'undefined') console.error(error);
  // 400: a request the site cannot read (lib/forms.server readForm), not a fault of ours.
  const bad = isRouteErrorResponse(error) && error.status === 400;
  return (
    <section className="container error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{t(bad ? 'errors.badRequestTitle' : 'errors.title')}</h1>
      <p>{t(bad ? 'errors.badRequestText' : 'errors.text')}</p>
      <div className="actions">
        <a className="btn btn-primary" href="">
          {t('errors.reload')}
        </a>
        <a className="btn btn-secondary" href="/">
          {t('errors.home')}
        </a>
      </div>
    </section>
  );
}

/** '404 Page Not Found' with a developer-style hint (spec 01 §2). */
export function NotFound({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <section className="container not-found" aria-labelledby="nf-title">
      <h1 id="nf-title">{t('notFound.title')}</h1>
      <p>
        <code>{t('notFound.hint', { path })}</code>
      </p>
      <div className="actions">
        <a className="btn btn-primary" href="/">
          {t('notFound.home')}
        </a>
        <a className="btn btn-secondary" href="/catalog">
          {t('notFound.catalog')}
        </a>
      </div>
    </section>
  );
}
