import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { PageMeta, PropertyListItem } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { EmptyState } from '~/components/ListingStates';
import { Pagination } from '~/components/Pagination';
import { PropertyGrid } from '~/components/PropertyGrid';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { toCardProperties } from '~/lib/catalog/property-card';
import catalogCss from '~/styles/catalog.css?url';
import { dashboardMeta } from '~/lib/i18n/error-meta';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];
export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/** Cards per page of the favourites list. */
export const FAVORITES_PER_PAGE = 24;

/** /dashboard/user/favorites (spec 02 §2, spec 01 §7 GET /user/favorites): the user's favourites as cards, newest first, with paging. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const raw = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  let items: PropertyListItem[] = [];
  let meta: PageMeta = { total: 0, page, limit: FAVORITES_PER_PAGE, totalPages: 0 };
  try {
    ({ items, meta } = await auth.api.favorites.list({ page, limit: FAVORITES_PER_PAGE }));
  } catch (error) {
    await rethrowAuthError(request, auth, error);
  }
  return data(
    { title: t('meta.title', { page: t('favorites.title') }), lang: auth.lang, items: toCardProperties(items, auth.lang), meta },
    { headers: await auth.headers() },
  );
}

export default function FavoritesPage() {
  const { items, meta, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="favorites-title">
      <h1 id="favorites-title">{t('favorites.title')}</h1>
      {meta.total > 0 ? <p className="dashboard-lead">{t('favorites.count', { count: meta.total })}</p> : null}
      {items.length ? (
        <>
          <PropertyGrid properties={items} lang={lang} label={t('favorites.title')} />
          <Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => (p > 1 ? `?page=${p}` : '?')} />
        </>
      ) : (
        <EmptyState
          title={t('favorites.empty')}
          hint={t('favorites.emptyHint')}
          resetHref="/catalog"
          resetLabel={t('favorites.toCatalog')}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
