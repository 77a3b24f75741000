import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import {
  LANDING_EDITOR_ROLES,
  LANDING_STATUSES,
  LANDINGS_PAGE_SIZE,
  STAFF_ROLES,
  type LandingDto,
  type LandingsOverviewDto,
  type LandingStatus,
  type PageMeta,
} from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState, type Column } from '~/components/staff/DataTable';
import { FilterInput, FilterSelect, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { readOrFail } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { defineTable, oneOfFilter, readTableQuery, sortHref, tableHref, textFilter, type TableQuery } from '~/lib/staff/table-query';
import crmSharedCss from '~/styles/crm/shared.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: crmSharedCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/landings';
const SORTS = ['created', 'title', 'status'] as const;
const TABLE = defineTable({
  path: PATH,
  sorts: SORTS,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: { q: textFilter(100), status: oneOfFilter(LANDING_STATUSES) },
});
type Query = TableQuery<keyof typeof TABLE.filters, (typeof SORTS)[number]>;

/**
 * /dashboard/landings (issue 23 "Landing pages"; spec 02 §2; decision 037's pattern): the
 * overview (counts, 7-day visits and enquiries), the list (title, address, status, visits in the
 * last 7 days) with search, status filter, sorting and paging, and the way to the generate form
 * (manager, admin, super_admin). Works without JavaScript; never cached.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'landings');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const query: Query = readTableQuery(TABLE, new URL(request.url).searchParams);
  const [list, overview] = await Promise.all([
    readOrFail(request, auth, () =>
      auth.api.landings.list({
        q: query.filters.q || undefined,
        status: (query.filters.status || undefined) as LandingStatus | undefined,
        sort: query.sort,
        dir: query.dir,
        page: query.page,
        limit: LANDINGS_PAGE_SIZE,
      }),
    ),
    auth.api.landings.overview().catch(() => null as LandingsOverviewDto | null),
  ]);
  const meta: PageMeta = list.value?.meta ?? { total: 0, page: 1, limit: LANDINGS_PAGE_SIZE, totalPages: 0 };
  return data(
    {
      title: td('meta.title', { page: t('dashboard.title') }),
      query,
      rows: list.value?.items ?? [],
      meta,
      failed: list.failed,
      overview,
      canEdit: (LANDING_EDITOR_ROLES as readonly string[]).includes(auth.user.role),
    },
    { status: list.failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export default function LandingsPage() {
  const { query, rows, meta, failed, overview, canEdit } = useLoaderData<typeof loader>();
  const { t } = useTranslation('landings');
  const sortOf = (key: Query['sort']) => ({ href: sortHref(TABLE, query, key), active: query.sort === key ? query.dir : null });
  const columns: Column<LandingDto>[] = [
    {
      id: 'title',
      header: t('dashboard.columns.title'),
      sort: sortOf('title'),
      cell: (r) => <Link to={`${PATH}/${r.id}`}>{r.title}</Link>,
    },
    { id: 'slug', header: t('dashboard.columns.slug'), cell: (r) => <code>/l/{r.slug}</code> },
    {
      id: 'status',
      header: t('dashboard.columns.status'),
      sort: sortOf('status'),
      cell: (r) =>
        r.generating ? (
          <span className="schedule-badge">{t('dashboard.generating')}</span>
        ) : (
          <span className={`schedule-badge schedule-badge--${r.status}`}>{t(`dashboard.statuses.${r.status}`)}</span>
        ),
    },
    { id: 'visits', header: t('dashboard.columns.visits'), cell: (r) => r.visits7d },
    {
      id: 'created',
      header: t('dashboard.columns.created'),
      sort: sortOf('created'),
      cell: (r) => <time dateTime={r.createdAt}>{r.createdAt.slice(0, 10)}</time>,
    },
  ];
  const keep = {
    sort: query.sort !== 'created' || query.dir !== 'desc' ? query.sort : undefined,
    dir: query.sort !== 'created' || query.dir !== 'desc' ? query.dir : undefined,
  };
  return (
    <section aria-labelledby="landings-title" className="landings-screen">
      <div className="page-head">
        <h1 id="landings-title">{t('dashboard.title')}</h1>
        {canEdit ? (
          <Link to={`${PATH}/new`} className="btn btn-primary">
            {t('dashboard.create')}
          </Link>
        ) : null}
      </div>

      {overview ? (
        <section aria-labelledby="landings-overview" className="crm-overview-cards">
          <h2 id="landings-overview" className="sr-only">
            {t('dashboard.overview.title')}
          </h2>
          <dl className="schedule-meta" data-testid="landings-overview">
            <dt>{t('dashboard.overview.total')}</dt>
            <dd>{overview.total}</dd>
            <dt>{t('dashboard.overview.active')}</dt>
            <dd>{overview.byStatus.active}</dd>
            <dt>{t('dashboard.overview.visits7d')}</dt>
            <dd>{overview.visits7d}</dd>
            <dt>{t('dashboard.overview.enquiries7d')}</dt>
            <dd>{overview.enquiries7d}</dd>
          </dl>
        </section>
      ) : null}

      <TableFilters
        path={PATH}
        label={t('dashboard.filters')}
        keep={keep}
        resetHref={tableHref(TABLE, { ...query, filters: { q: '', status: '' } })}
      >
        <FilterInput name="q" type="search" label={t('dashboard.search')} value={query.filters.q} />
        <FilterSelect
          name="status"
          label={t('dashboard.status')}
          value={query.filters.status}
          anyLabel={t('dashboard.allStatuses')}
          options={LANDING_STATUSES.map((s) => ({ value: s, label: t(`dashboard.statuses.${s}`) }))}
        />
      </TableFilters>

      {failed ? (
        <ErrorState title={t('dashboard.loadError')} retryHref={tableHref(TABLE, query)} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {t('dashboard.found', { count: meta.total })}
          </p>
          <DataTable
            label={t('dashboard.title')}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-id': r.id, 'data-status': r.status })}
            columns={columns}
            empty={<EmptyState title={t('dashboard.empty')} hint={t('dashboard.emptyHint')} />}
            paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(page) => tableHref(TABLE, query, { page })} />}
          />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
