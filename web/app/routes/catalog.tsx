import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { PROPERTY_SORTS } from '@realty/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogFilters } from '~/components/CatalogFilters';
import { FilterIcon, SearchIcon } from '~/components/Icons';
import { EmptyState, ErrorState, LoadingOverlay } from '~/components/ListingStates';
import { MapView, type MapPoint } from '~/components/MapView';
import { Pagination } from '~/components/Pagination';
import { PropertyGrid } from '~/components/PropertyGrid';
import { firstCardImage, type PreloadHandle } from '~/lib/serving/head-preloads';
import { ViewToggle } from '~/components/ViewToggle';
import { i18nServer } from '~/i18n.server';
import { apiFor, mapTiles } from '~/lib/api/api.server';
import { mapPointsUrl, type MapPointData, type MapPointsAnswer } from '~/lib/catalog/map-points';
import { toCardProperties } from '~/lib/catalog/property-card';
import {
  CATALOG_CONFIG,
  canonicalRedirect,
  clearedState,
  countActiveFilters,
  listingHref,
  parseListing,
  Q_MAX_LENGTH,
  serializeListing,
  toApiQuery,
  type ListingState,
} from '~/lib/catalog/listing-params';
import { cacheablePage, cacheablePageHeaders } from '~/lib/serving/page-cache';
import { canonicalUrl, seoMeta } from '~/lib/serving/seo';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { useListingForm } from '~/lib/catalog/use-listing-form';
import catalogCss from '~/styles/catalog.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];

/**
 * /catalog (spec 01 §2 Catalogue, §7). The URL holds the whole state (listing-params.ts); a
 * non-canonical query (defaults, deal_type spelling, e.g. after a no-JavaScript submit) is
 * redirected to its canonical form first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const canonical = canonicalRedirect(url, CATALOG_CONFIG);
  if (canonical) throw redirect(canonical);

  const { api, lang } = await apiFor(request);
  const state = parseListing(url.searchParams, CATALOG_CONFIG);
  const query = toApiQuery(state, CATALOG_CONFIG);
  // The map view's points are not part of the document: the page fetches them once it runs
  // (GET /resources/map-points, useMapPoints).
  const [list, t] = await Promise.all([
    api.properties.list(query).then(
      (page) => ({ ok: true as const, page }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    i18nServer.getFixedT(lang, 'catalog'),
  ]);

  if (list.ok && state.page > list.page.meta.totalPages && list.page.meta.totalPages > 0) {
    throw redirect(listingHref(url.pathname, state, CATALOG_CONFIG, { page: list.page.meta.totalPages }, url.searchParams));
  }
  if (!list.ok) console.error('catalog: list failed', list.error);

  const qs = serializeListing(state, CATALOG_CONFIG).toString();
  const seo = {
    title: t('meta.catalogTitle'),
    description: t('meta.catalogDescription'),
    keywords: t('meta.catalogKeywords'),
    canonical: canonicalUrl(request, `/catalog${qs ? `?${qs}` : ''}`),
    noindex: !!state.q,
  };
  return data(
    {
      lang,
      state,
      // Only what the cards show: the page's inline data (spec 01 §2 Catalogue, issue 6).
      items: list.ok ? toCardProperties(list.page.items, lang) : [],
      total: list.ok ? list.page.meta.total : 0,
      totalPages: list.ok ? list.page.meta.totalPages : 0,
      failed: !list.ok,
      tiles: mapTiles(),
      seo,
    },
    // A complete answer is the same for every anonymous visitor: the page cache may keep it.
    { status: list.ok ? 200 : 502, headers: list.ok ? cacheablePage() : undefined },
  );
}

/** Complete pages go to the anonymous page cache (lib/serving/page-cache.server.ts). */
export const headers = cacheablePageHeaders;

/** The first card's image is the largest paint: preloaded ahead of the scripts (lib/serving/head-preloads.tsx). */
export const handle: PreloadHandle = { lcpImage: firstCardImage };

/**
 * The points of the map view (GET /resources/map-points `url`), fetched once the page runs:
 * undefined while they load (or with no `url`), null when they could not be loaded.
 */
function useMapPoints(url: string | null): MapPointData[] | null | undefined {
  const [loaded, setLoaded] = useState<{ url: string; points: MapPointData[] | null }>();
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return ((await res.json()) as MapPointsAnswer).points;
      })
      .then(
        (points) => setLoaded({ url, points }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('catalog: map points not loaded', error);
          setLoaded({ url, points: null });
        },
      );
    return () => controller.abort();
  }, [url]);
  return url && loaded?.url === url ? loaded.points : undefined;
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => seoMeta(d?.seo);

export default function CatalogPage() {
  const { lang, state, items, total, totalPages, failed, tiles } = useLoaderData<typeof loader>();
  const { t } = useTranslation('catalog');
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const { draft, update, onSubmit, cancel } = useListingForm(CATALOG_CONFIG, state as ListingState);
  const active = countActiveFilters(state as ListingState, CATALOG_CONFIG);

  const current = new URLSearchParams(location.search);
  const href = (o: Partial<ListingState>) => listingHref(location.pathname, state as ListingState, CATALOG_CONFIG, o, current);
  const clearHref = listingHref(location.pathname, clearedState(state as ListingState, CATALOG_CONFIG, true), CATALOG_CONFIG, {}, current);
  const resetHref = listingHref(location.pathname, clearedState(state as ListingState, CATALOG_CONFIG, false), CATALOG_CONFIG, {}, current);

  const markers = useMapPoints(
    state.view === 'map' && hydrated ? mapPointsUrl(serializeListing(state as ListingState, CATALOG_CONFIG), lang) : null,
  );
  const points = useMemo<MapPoint[]>(() => (markers ?? []).map((p) => ({ ...p, id: p.href, linkText: t('map.details') })), [markers, t]);

  return (
    <div className="container listing-page catalog-page">
      <header className="listing-header">
        <h1>{t('catalog.title')}</h1>
        <p className="listing-count" aria-live="polite" aria-atomic="true">
          {loading ? t('catalog.loading') : failed ? '' : t('catalog.found', { count: total })}
        </p>
      </header>

      <Form method="get" action={location.pathname} className="catalog-form" onSubmit={onSubmit} aria-label={t('catalog.formLabel')}>
        <div className="catalog-toolbar">
          <div className="search-field" role="search">
            <label htmlFor="catalog-q" className="sr-only">
              {t('catalog.searchLabel')}
            </label>
            <SearchIcon className="search-field__icon" />
            <input
              id="catalog-q"
              type="search"
              name="q"
              value={draft.q}
              maxLength={Q_MAX_LENGTH}
              placeholder={t('catalog.searchPlaceholder')}
              autoComplete="off"
              onChange={(e) => update('q', e.target.value, 'typing')}
            />
            <button type="submit" className="btn btn-primary">
              {t('catalog.searchSubmit')}
            </button>
          </div>
          <div className="toolbar-field">
            <label htmlFor="catalog-sort">{t('sort.label')}</label>
            <select id="catalog-sort" name="sort" value={draft.sort} onChange={(e) => update('sort', e.target.value, 'now')}>
              {PROPERTY_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sort.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <ViewToggle views={CATALOG_CONFIG.views} current={state.view} hrefFor={(v) => href({ view: v })} onNavigate={cancel} />
        </div>
        {state.view !== CATALOG_CONFIG.views[0] ? <input type="hidden" name="view" value={state.view} /> : null}

        <details className="filters-panel">
          <summary>
            <FilterIcon />
            <span>{t('filters.title')}</span>
            {active > 0 ? (
              <span className="filter-badge">
                <span aria-hidden="true">{active}</span>
                <span className="sr-only">{t('filters.active', { count: active })}</span>
              </span>
            ) : null}
          </summary>
          <CatalogFilters
            config={CATALOG_CONFIG}
            draft={draft}
            update={update}
            idPrefix="catalog"
            clearHref={clearHref}
            onClear={cancel}
            hydrated={hydrated}
            lang={lang}
          />
        </details>
      </Form>

      <section className="listing-results" aria-labelledby="catalog-results" aria-busy={loading || undefined}>
        <h2 id="catalog-results" className="sr-only">
          {t('catalog.results')}
        </h2>
        {loading ? <LoadingOverlay label={t('catalog.loading')} /> : null}
        {failed ? (
          <ErrorState title={t('catalog.error')} reloadLabel={t('catalog.reload')} />
        ) : items.length === 0 ? (
          <EmptyState
            title={t('catalog.empty')}
            hint={t('catalog.emptyHint')}
            resetHref={resetHref}
            resetLabel={t('catalog.resetFilters')}
            onReset={cancel}
          />
        ) : (
          <>
            {state.view === 'map' ? (
              <div className="catalog-map" aria-busy={(hydrated && markers === undefined) || undefined}>
                {markers === null ? (
                  <p className="inline-alert" role="alert">
                    {t('map.markersError')}
                  </p>
                ) : null}
                <MapView
                  points={points}
                  zoom={12}
                  height={480}
                  tileUrl={tiles.url}
                  attribution={tiles.attribution}
                  label={t('map.catalogLabel')}
                />
              </div>
            ) : null}
            <PropertyGrid properties={items} lang={lang} label={t('catalog.results')} />
            <Pagination page={state.page} totalPages={totalPages} hrefFor={(p) => href({ page: p })} />
          </>
        )}
      </section>
    </div>
  );
}
