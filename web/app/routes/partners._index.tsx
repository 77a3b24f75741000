import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import { PARTNER_CATEGORIES, partnerCategoryStyle, type PartnerDto } from '@realty/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListIcon, MapIcon, SearchIcon } from '~/components/Icons';
import { EmptyState, ErrorState, LoadingOverlay } from '~/components/ListingStates';
import { MapView } from '~/components/MapView';
import { PartnerCard, partnerCardTexts } from '~/components/partners/PartnerCard';
import { PartnerCategoryIcon } from '~/components/partners/PartnerIcons';
import { categoryDisplay, partnerHref } from '~/components/partners/partner-utils';
import { i18nServer } from '~/i18n.server';
import { apiFor, mapTiles } from '~/lib/api/api.server';
import { toCardPartner } from '~/lib/catalog/partner-card';
import { breadcrumbJsonLd, canonicalUrl, excerpt, seoMeta, type Seo } from '~/lib/serving/seo';
import { useTexts } from '~/lib/i18n/texts';
import catalogCss from '~/styles/catalog.css?url';
import partnersCss from '~/styles/partners.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogCss },
  { rel: 'stylesheet', href: partnersCss },
];

/** View modes of spec 01 §2 Partners; the map is hidden on small screens, split exists on large ones only (CSS). */
const VIEWS = ['split', 'list', 'map'] as const;
type View = (typeof VIEWS)[number];

/** The business centre (spec 01: pr. Al-Farabi 77/8); the map centre when nothing is selected. */
const BC_CENTER: [number, number] = [43.2187, 76.9275];

/** spec 01 §2 zoom rules: 17 when a partner is selected, 15 when more than one partner, 16 otherwise. */
export function partnersMapView(
  points: Array<{ id: string; lat: number; lng: number }>,
  selectedId: string | null,
): { center: [number, number]; zoom: number } {
  const selected = selectedId ? points.find((p) => p.id === selectedId) : undefined;
  if (selected) return { center: [selected.lat, selected.lng], zoom: 17 };
  if (points.length > 1) return { center: BC_CENTER, zoom: 15 };
  if (points.length === 1) return { center: [points[0].lat, points[0].lng], zoom: 16 };
  return { center: BC_CENTER, zoom: 16 };
}

/**
 * /partners (spec 01 §2 Partners, §7 "GET /api/partners?limit=100&page=n": page 1 first, then
 * the rest in parallel). The URL holds the filters (q, inBc, category, view), so every state
 * is a plain GET that works without JavaScript. The category bar counts come from the loaded
 * partners (the search and the in-centre filter apply, the category does not).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const inBc = url.searchParams.get('inBc') === '1';
  const categoryParam = url.searchParams.get('category') ?? 'all';
  const viewParam = url.searchParams.get('view') ?? 'split';
  const view: View = (VIEWS as readonly string[]).includes(viewParam) ? (viewParam as View) : 'split';
  const { api, lang } = await apiFor(request);
  const t = await i18nServer.getFixedT(lang, 'partners');
  const tc = await i18nServer.getFixedT(lang, 'company');

  let all: PartnerDto[] = [];
  let failed = false;
  try {
    all = await api.partners.all({ q: q || undefined, isInBusinessCenter: inBc ? true : undefined });
  } catch (error) {
    console.error('partners: load failed', error);
    failed = true;
  }
  const counts: Record<string, number> = {};
  for (const p of all) {
    const key = categoryDisplay(p).key;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  const known = [...PARTNER_CATEGORIES, 'other'];
  const category = known.includes(categoryParam) ? categoryParam : 'all';
  // The cards' data only (lib/catalog/partner-card.ts), in the page's language.
  const partners = (category === 'all' ? all : all.filter((p) => categoryDisplay(p).key === category)).map((p) => toCardPartner(p, lang));

  const canonical = canonicalUrl(request, '/partners');
  const seo: Seo = {
    title: t('meta.title'),
    description: excerpt(t('meta.description')),
    keywords: t('meta.keywords'),
    canonical,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: t('title'),
        url: canonical,
        inLanguage: lang,
        mainEntity: {
          '@type': 'ItemList',
          numberOfItems: all.length,
          itemListElement: all
            .slice(0, 50)
            .map((p, i) => ({ '@type': 'ListItem', position: i + 1, name: p.name, url: canonicalUrl(request, partnerHref(p)) })),
        },
      },
      breadcrumbJsonLd([
        { name: tc('breadcrumbs.home'), url: canonicalUrl(request, '/') },
        { name: t('title'), url: canonical },
      ]),
    ],
  };
  return data(
    { lang, q, inBc, category, view, partners, total: all.length, counts, failed, seo, tiles: mapTiles() },
    { status: failed ? 502 : 200 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => seoMeta(d?.seo);

export default function PartnersPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('partners');
  const cardTexts = useTexts('partners', partnerCardTexts);
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/partners';

  /** This page's URL with some parameters changed ('' or null removes one). */
  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') params.delete(k);
      else params.set(k, v);
    }
    const qs = params.toString();
    return `/partners${qs ? `?${qs}` : ''}`;
  };

  const points = useMemo(
    () =>
      d.partners
        .filter((p) => p.latitude !== null && p.longitude !== null)
        .map((p) => ({
          id: p.id,
          lat: p.latitude as number,
          lng: p.longitude as number,
          title: p.name,
          subtitle: p.address,
          href: p.href,
        })),
    [d.partners],
  );
  const toggle = (id: string) => setSelectedId((cur) => (cur === id ? null : id));
  const selected = selectedId ? (d.partners.find((p) => p.id === selectedId) ?? null) : null;
  const mapView = partnersMapView(points, selected ? selected.id : null);
  const categories = [...PARTNER_CATEGORIES, ...(d.counts.other ? ['other'] : [])];

  return (
    <div className="container partners-page">
      <header className="partners-head">
        <div>
          <h1>{t('title')}</h1>
          <p className="partners-count" role="status">
            {loading ? t('states.loading') : t('countLine', { n: d.partners.length })}
          </p>
          <p className="partners-subtitle">{t('subtitle')}</p>
        </div>
        <nav className="partners-views" aria-label={t('views.label')}>
          {VIEWS.map((v) => (
            <Link
              key={v}
              to={hrefWith({ view: v === 'split' ? null : v })}
              className={`partners-view partners-view--${v}`}
              aria-current={d.view === v ? 'true' : undefined}
              preventScrollReset
            >
              {v === 'list' ? <ListIcon size={18} /> : <MapIcon size={18} />}
              <span>{t(`views.${v}`)}</span>
            </Link>
          ))}
        </nav>
      </header>

      <Form method="get" action="/partners" className="partners-filters" aria-label={t('filters.label')} preventScrollReset>
        {d.category !== 'all' ? <input type="hidden" name="category" value={d.category} /> : null}
        {d.view !== 'split' ? <input type="hidden" name="view" value={d.view} /> : null}
        <label className="partners-search">
          <span className="sr-only">{t('filters.searchLabel')}</span>
          <SearchIcon size={18} />
          <input type="search" name="q" defaultValue={d.q} placeholder={t('filters.searchPlaceholder')} maxLength={100} key={d.q} />
        </label>
        <label className="partners-check">
          <input
            type="checkbox"
            name="inBc"
            value="1"
            defaultChecked={d.inBc}
            key={String(d.inBc)}
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true, replace: true })}
          />
          <span>{t('filters.inBcOnly')}</span>
        </label>
        <button type="submit" className="btn btn-primary">
          {t('filters.submit')}
        </button>
      </Form>

      <nav className="partners-categories" aria-label={t('categoriesLabel')}>
        <ul>
          <li>
            <Link to={hrefWith({ category: null })} aria-current={d.category === 'all' ? 'page' : undefined} preventScrollReset>
              {t('all')} <span className="partners-categories__count">{d.total}</span>
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c}>
              <Link to={hrefWith({ category: c })} aria-current={d.category === c ? 'page' : undefined} preventScrollReset>
                <PartnerCategoryIcon icon={partnerCategoryStyle(c).icon} size={16} />
                {t(`categories.${c}`)} <span className="partners-categories__count">{d.counts[c] ?? 0}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className={`partners-body partners-body--${d.view}`} aria-busy={loading || undefined}>
        {loading ? <LoadingOverlay label={t('states.loading')} /> : null}
        {d.failed ? (
          <ErrorState title={t('states.error')} message={t('states.errorHint')} reloadLabel={t('states.reload')} />
        ) : d.partners.length === 0 ? (
          <EmptyState title={t('states.empty')} hint={t('states.emptyHint')} resetHref="/partners" resetLabel={t('filters.reset')} />
        ) : (
          <>
            {d.view !== 'list' ? (
              <section className="partners-map" aria-label={t('map.label')}>
                <div className="partners-map__bar">
                  <span>{t('map.count', { n: points.length })}</span>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => setSelectedId(null)}>
                    {t('map.center')}
                  </button>
                </div>
                <MapView
                  points={points}
                  center={mapView.center}
                  zoom={mapView.zoom}
                  view={mapView}
                  height={560}
                  tileUrl={d.tiles.url}
                  attribution={d.tiles.attribution}
                  label={t('map.label')}
                  selectedId={selected?.id ?? null}
                  onSelect={toggle}
                />
                {selected ? (
                  <div className="partners-map__selected" role="region" aria-label={t('map.selected')}>
                    <button
                      type="button"
                      className="icon-btn partners-map__close"
                      onClick={() => setSelectedId(null)}
                      aria-label={t('map.close')}
                    >
                      ×
                    </button>
                    <PartnerCard partner={selected} texts={cardTexts} />
                  </div>
                ) : null}
              </section>
            ) : null}
            {d.view !== 'map' ? (
              <ul className="partners-list">
                {d.partners.map((p) => (
                  <li key={p.id}>
                    <PartnerCard
                      partner={p}
                      texts={cardTexts}
                      selected={p.id === selectedId}
                      onSelect={d.view === 'split' ? toggle : undefined}
                      headingLevel={2}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              // Map view: the list stays for small screens (the map is hidden there) and for assistive technology.
              <ul className="partners-list partners-list--map-fallback">
                {d.partners.map((p) => (
                  <li key={p.id}>
                    <PartnerCard partner={p} texts={cardTexts} selected={p.id === selectedId} onSelect={toggle} headingLevel={2} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
