import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { VIEWING_STATUSES, VIEWINGS_PAGE_SIZE, type PageMeta, type ViewingDto, type ViewingStatus } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState, type Column } from '~/components/staff/DataTable';
import { FilterSelect, ScopeTabs, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { formatDayTime, formatTime } from '~/lib/crm-schedule/schedule-format';
import { CRM_PAGE_ROLES, readOrFail } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { defineTable, oneOfFilter, readTableQuery, tableHref, type TableQuery } from '~/lib/staff/table-query';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm/viewings';
const SORTS = ['upcoming'] as const;
const TABLE = defineTable({
  path: PATH,
  sorts: SORTS,
  defaultSort: 'upcoming',
  defaultDir: 'asc',
  filters: { status: oneOfFilter(VIEWING_STATUSES) },
  scope: 'mine',
});
type Query = TableQuery<keyof typeof TABLE.filters, (typeof SORTS)[number]>;

/**
 * /dashboard/crm/viewings (issue 22 "Viewings"): upcoming first (soonest first), then past ones;
 * "my / all" (my = I am the agent), status filter, page paging; each row links to the viewing
 * (outcome, cancel); "Book a viewing" opens the booking form. Works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const query: Query = readTableQuery(TABLE, new URL(request.url).searchParams);
  const { value, failed } = await readOrFail(request, auth, () =>
    auth.api.crmSchedule.viewings.list({
      scope: query.scope === 'all' ? 'all' : 'my',
      status: (query.filters.status || undefined) as ViewingStatus | undefined,
      page: query.page,
      limit: VIEWINGS_PAGE_SIZE,
    }),
  );
  const meta: PageMeta = value?.meta ?? { total: 0, page: 1, limit: VIEWINGS_PAGE_SIZE, totalPages: 0 };
  return data(
    { title: td('meta.title', { page: t('viewings.title') }), lang: auth.lang, query, rows: value?.items ?? [], meta, failed },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export default function ViewingsPage() {
  const { query, rows, meta, failed, lang } = useLoaderData<typeof loader>();
  useStaffRefresh('tasks');
  const { t } = useTranslation('crmSchedule');
  const { t: tc } = useTranslation('crm');
  const scope = query.scope ?? 'mine';
  const columns: Column<ViewingDto>[] = [
    {
      id: 'when',
      header: t('viewings.columns.when'),
      cell: (r) => (
        <Link to={`${PATH}/${r.id}`}>
          <time dateTime={r.startsAt}>{formatDayTime(r.startsAt, lang)}</time>–{formatTime(r.endsAt, lang)}
        </Link>
      ),
    },
    { id: 'property', header: t('viewings.columns.property'), cell: (r) => r.property.title },
    { id: 'agent', header: t('viewings.columns.agent'), cell: (r) => r.agent.name || '—' },
    {
      id: 'subject',
      header: t('viewings.columns.subject'),
      cell: (r) => (r.subject ? `${t(`common.subject.${r.subject.kind}`)}: ${r.subject.name}` : '—'),
    },
    {
      id: 'duration',
      header: t('viewings.columns.duration'),
      numeric: true,
      cell: (r) => t('viewings.minutes', { count: r.durationMinutes }),
    },
    {
      id: 'status',
      header: t('viewings.columns.status'),
      cell: (r) => <span className={`schedule-badge schedule-badge--${r.status}`}>{tc(`viewingStatus.${r.status}`)}</span>,
    },
  ];
  return (
    <section aria-labelledby="viewings-title" className="crm-schedule">
      <div className="page-head">
        <h1 id="viewings-title">{t('viewings.title')}</h1>
        <Link to={`${PATH}/new`} className="btn btn-primary">
          {t('viewings.create')}
        </Link>
      </div>
      <ScopeTabs scope={scope} hrefFor={(s) => tableHref(TABLE, query, { scope: s })} />
      <TableFilters
        path={PATH}
        label={t('viewings.filters')}
        keep={{ scope: scope === 'mine' ? undefined : scope }}
        resetHref={tableHref(TABLE, { ...query, filters: { status: '' } })}
      >
        <FilterSelect
          name="status"
          label={t('viewings.status')}
          value={query.filters.status}
          anyLabel={t('viewings.allStatuses')}
          options={VIEWING_STATUSES.map((s) => ({ value: s, label: tc(`viewingStatus.${s}`) }))}
        />
      </TableFilters>
      {failed ? (
        <ErrorState title={t('common.loadError')} retryHref={tableHref(TABLE, query)} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {t('common.found', { count: meta.total })}
          </p>
          <DataTable
            label={t('viewings.title')}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-id': r.id, 'data-status': r.status })}
            columns={columns}
            empty={<EmptyState title={t('viewings.empty')} hint={t('viewings.emptyHint')} />}
            paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(page) => tableHref(TABLE, query, { page })} />}
          />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
