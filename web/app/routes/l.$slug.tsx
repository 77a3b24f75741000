import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import { landingPath } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { LandingLeadForm } from '~/components/forms/LandingLeadForm';
import { PropertyGrid } from '~/components/PropertyGrid';
import { i18nServer } from '~/i18n.server';
import { apiFor } from '~/lib/api/api.server';
import { toCardProperties, type CardProperty } from '~/lib/catalog/property-card';
import { landingLeadAction } from '~/lib/forms/public-forms.server';
import { readPostedForm } from '~/lib/forms/forms.server';
import { resultOf } from '~/lib/forms/public-forms';
import { pageMeta } from '~/lib/i18n/error-meta';
import { keptRouteHeaders } from '~/lib/serving/route-headers';
import { breadcrumbJsonLd, canonicalUrl, excerpt, seoMeta, type Seo } from '~/lib/serving/seo';
import catalogCss from '~/styles/catalog.css?url';
import landingCss from '~/styles/landing.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogCss },
  { rel: 'stylesheet', href: landingCss },
];

/**
 * /l/{slug}: an active landing page (issue 23 "Landing pages"; spec 02 §2, §7): server rendered
 * and indexable, with its own SEO title and description (written by the worker from its
 * template, editable by marketing), canonical and hreflang alternates (lib/serving/seo), JSON-LD
 * (a breadcrumb and the listings as an ItemList), its listings as the catalogue's cards and an
 * enquiry form whose leads carry the landing (source 'landing'). A draft, inactive or unknown
 * landing answers 404 (noindex). Page views are counted as on every public page (root loader
 * and AnalyticsTracker), which feeds the landing's analytics. Not put in the anonymous page
 * cache: a landing switched off must stop answering at once.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = (params.slug ?? '').toLowerCase();
  const { api, lang } = await apiFor(request);
  const t = await i18nServer.getFixedT(lang, 'landings');
  const tc = await i18nServer.getFixedT(lang, 'company');
  const path = landingPath(slug);
  const read = await api.landings.publicPage(slug).then(
    (landing) => ({ ok: true as const, landing }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (!read.ok) {
    const notFound = read.error instanceof ApiError && (read.error.status === 404 || read.error.status === 400);
    if (!notFound) console.error(`landing ${slug}: load failed`, read.error);
    const seo: Seo = {
      title: t('page.notFound'),
      description: t('page.notFoundText'),
      canonical: canonicalUrl(request, path),
      noindex: true,
    };
    return data(
      { landing: null, listings: [] as CardProperty[], lang, seo, path },
      { status: notFound ? 404 : 502, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  const landing = read.landing;
  const canonical = canonicalUrl(request, path);
  const seo: Seo = {
    title: landing.seoTitle || landing.title,
    description: landing.seoDescription || excerpt(landing.intro || landing.title),
    canonical,
    jsonLd: [
      breadcrumbJsonLd([
        { name: tc('breadcrumbs.home'), url: canonicalUrl(request, '/') },
        { name: landing.title, url: canonical },
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: landing.title,
        inLanguage: landing.language,
        url: canonical,
        numberOfItems: landing.listings.length,
        itemListElement: landing.listings.map((p, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: canonicalUrl(request, `/property/${encodeURIComponent(p.slug || p.id)}`),
        })),
      },
    ],
  };
  // Cards in the landing's own language: the page is written in it.
  const listings = toCardProperties(landing.listings, landing.language);
  return data({
    landing: { id: landing.id, title: landing.title, intro: landing.intro, language: landing.language },
    listings,
    lang,
    seo,
    path,
  });
}

/** The enquiry form: POST /api/landings/public/{slug}/leads (source 'landing'). */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const slug = (params.slug ?? '').toLowerCase();
  return landingLeadAction(request, form, { slug, path: landingPath(slug) });
}

/** The 404's `no-store` reaches the browser (a landing may be published later). */
export const headers = keptRouteHeaders;

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, () => seoMeta(args.data?.seo));

/** A form this page cannot read (400) shows the site's error screen here, under the visitor's header and language. */
export { ErrorBoundary } from '~/root';

export default function LandingPage() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const location = useLocation();
  const { t } = useTranslation('landings');
  if (!d.landing) {
    return (
      <section className="container state-page" aria-labelledby="landing-nf">
        <div className="state-block">
          <h1 id="landing-nf">{t('page.notFound')}</h1>
          <p>{t('page.notFoundText')}</p>
          <Link to="/catalog" className="btn btn-primary">
            {t('page.toCatalog')}
          </Link>
        </div>
      </section>
    );
  }
  const landing = d.landing;
  return (
    <article className="container landing-page" lang={landing.language}>
      <nav aria-label={t('page.breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">{t('page.home')}</Link>
          </li>
          <li aria-current="page">{landing.title}</li>
        </ol>
      </nav>
      <header className="landing-hero">
        <h1>{landing.title}</h1>
        {landing.intro ? <p className="landing-intro">{landing.intro}</p> : null}
      </header>
      <section className="landing-listings" aria-labelledby="landing-listings-title">
        <h2 id="landing-listings-title">{t('page.listings')}</h2>
        {d.listings.length ? (
          <PropertyGrid properties={d.listings} lang={landing.language} label={landing.title} />
        ) : (
          <p>{t('page.noListings')}</p>
        )}
      </section>
      <LandingLeadForm action={location.pathname} initial={resultOf(posted, 'landing-lead')} />
    </article>
  );
}
