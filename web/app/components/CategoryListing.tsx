import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { PROPERTY_SORTS } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { CATEGORY_CONFIG, SUBCATEGORY_CONFIG, clearedState, listingHref, type ListingState } from '~/lib/catalog/listing-params';
import type { CategoryPageData } from '~/lib/catalog/category.server';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { useListingForm } from '~/lib/catalog/use-listing-form';
import { CatalogFilters } from './CatalogFilters';
import { CategoryIcon, FilterIcon } from './Icons';
import { EmptyState, ErrorState, LoadingOverlay } from './ListingStates';
import { Pagination } from './Pagination';
import { PropertyGrid } from './PropertyGrid';
import { ViewToggle } from './ViewToggle';

/**
 * Category and subcategory listing (spec 01 §2): breadcrumb, heading with icon, description,
 * object count (the real count from the API, not the old site's static 124/89/56), updated
 * label, left filter panel, grid/list toggle, sort, cards, loading/error/empty states.
 */
export function CategoryListing({ page }: { page: CategoryPageData }) {
  const { t } = useTranslation('catalog');
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const config = page.isSubcategory ? SUBCATEGORY_CONFIG : CATEGORY_CONFIG;
  const state = page.state as ListingState;
  const { draft, update, onSubmit, cancel } = useListingForm(config, state);
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;

  const current = new URLSearchParams(location.search);
  const href = (o: Partial<ListingState>) => listingHref(location.pathname, state, config, o, current);
  const clearHref = listingHref(location.pathname, clearedState(state, config, true), config, {}, current);
  const formId = 'category-filters';

  return (
    <div className="container listing-page category-page">
      <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
        <ol>
          <li>
            <Link to="/catalog">{t('breadcrumbs.catalog')}</Link>
          </li>
          <li>
            {page.subcategory ? (
              <Link to={`/category/${page.categorySlug}`}>{page.categoryName}</Link>
            ) : (
              <span aria-current="page">{page.categoryName}</span>
            )}
          </li>
          {page.subcategory ? (
            <li>
              <span aria-current="page">{page.subcategory.name}</span>
            </li>
          ) : null}
        </ol>
      </nav>

      <header className="category-hero">
        <span className="category-hero__icon">
          <CategoryIcon icon={page.category?.icon} slug={page.categorySlug} size={32} />
        </span>
        <div>
          <h1>{page.subcategory?.name ?? page.categoryName}</h1>
          {page.description ? <p className="category-hero__text">{page.description}</p> : null}
          <p className="category-hero__meta">
            {!page.error ? <span>{t('category.count', { count: page.total })}</span> : null}
            {page.updatedLabel ? <span>{page.updatedLabel}</span> : null}
          </p>
        </div>
      </header>

      {!page.isSubcategory && page.category && page.category.subcategories.length ? (
        <nav className="subcategory-links" aria-label={t('category.subcategories')}>
          <ul>
            {page.category.subcategories.map((s) => (
              <li key={s.slug}>
                <Link to={`/category/${page.categorySlug}/${s.slug}`} className="chip">
                  {s.name[page.lang] || s.name.ru || s.slug}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className="category-layout">
        <aside className="category-aside" aria-labelledby="category-filters-title">
          <Form method="get" action={location.pathname} id={formId} onSubmit={onSubmit}>
            <details className="aside-panel">
              <summary>
                <FilterIcon />
                <span>{t('filters.title')}</span>
              </summary>
              <h2 id="category-filters-title" className="aside-panel__title">
                {t('filters.title')}
              </h2>
              <CatalogFilters
                config={config}
                draft={draft}
                update={update}
                idPrefix="category"
                clearHref={clearHref}
                onClear={cancel}
                hydrated={hydrated}
                lang={page.lang}
              />
            </details>
            {state.view !== config.views[0] ? <input type="hidden" name="view" value={state.view} /> : null}
          </Form>
        </aside>

        <section className="listing-results" aria-labelledby="category-results" aria-busy={loading || undefined}>
          <h2 id="category-results" className="sr-only">
            {t('catalog.results')}
          </h2>
          <div className="results-toolbar">
            <p className="listing-count" aria-live="polite" aria-atomic="true">
              {loading ? t('category.loading') : page.error ? '' : t('catalog.found', { count: page.total })}
            </p>
            <div className="toolbar-field">
              <label htmlFor="category-sort">{t('sort.label')}</label>
              <select
                id="category-sort"
                name="sort"
                form={formId}
                value={draft.sort}
                onChange={(e) => update('sort', e.target.value, 'now')}
              >
                {PROPERTY_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`sort.${s}`)}
                  </option>
                ))}
              </select>
            </div>
            <ViewToggle views={config.views} current={state.view} hrefFor={(v) => href({ view: v })} onNavigate={cancel} />
          </div>
          {loading ? <LoadingOverlay label={t('category.loading')} /> : null}
          {page.error ? (
            <ErrorState title={t('category.error')} message={page.error || t('category.unknownError')} reloadLabel={t('catalog.reload')} />
          ) : page.items.length === 0 ? (
            <EmptyState
              title={t('category.empty')}
              hint={t('catalog.emptyHint')}
              resetHref={clearHref}
              resetLabel={t('catalog.resetFilters')}
              onReset={cancel}
            />
          ) : (
            <>
              <PropertyGrid
                properties={page.items}
                lang={page.lang}
                layout={state.view === 'list' ? 'list' : 'grid'}
                label={t('catalog.results')}
              />
              <Pagination page={state.page} totalPages={page.totalPages} hrefFor={(p) => href({ page: p })} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
