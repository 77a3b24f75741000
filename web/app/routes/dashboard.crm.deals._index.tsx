import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import {
  DEAL_SORTS,
  DEAL_STAGES,
  DEAL_TYPES,
  DEALS_PAGE_SIZE,
  STAFF_ROLES,
  type DealCardDto,
  type DealStage,
  type DealType,
  type KanbanColumnDto,
  type PageMeta,
} from '@realty/contracts';
import { formatDate, formatMoney } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { KanbanBoard } from '~/components/crm-deals/KanbanBoard';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState, type Column } from '~/components/staff/DataTable';
import { FilterInput, FilterSelect, ScopeTabs, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { dealPost } from '~/lib/crm-deals/crm-deals.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { readStaffPost } from '~/lib/staff/staff-form.server';
import {
  backToTable,
  defineTable,
  oneOfFilter,
  readTableQuery,
  sortHref,
  tableHref,
  textFilter,
  type TableQuery,
} from '~/lib/staff/table-query';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import crmSharedCss from '~/styles/crm/shared.css?url';
import crmDealsCss from '~/styles/crm/deals.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmDealsCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm/deals';
const TABLE = defineTable({
  path: PATH,
  sorts: DEAL_SORTS,
  defaultSort: 'updated',
  defaultDir: 'desc',
  filters: { q: textFilter(100), type: oneOfFilter(DEAL_TYPES), stage: oneOfFilter(DEAL_STAGES), view: oneOfFilter(['list']) },
  scope: 'mine',
});
type Query = TableQuery<keyof typeof TABLE.filters, (typeof DEAL_SORTS)[number]>;

/**
 * /dashboard/crm/deals (issue 22 "Deals"; spec 02 §2 "Deals have a kanban view with stages; a
 * deal can be moved between stages and closed", §9 deals refresh every minute): the kanban board
 * (GET /api/crm/deals/kanban) with 'my' / 'all', search and deal type; ?view=list shows the same
 * deals as a sortable, paged table (GET /api/crm/deals). The action takes the board's moves and
 * closes (fetcher or plain form posts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmDeals');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const query: Query = readTableQuery(TABLE, new URL(request.url).searchParams);
  const f = query.filters;
  const scope = query.scope === 'all' ? 'all' : 'my';
  const common = { scope, q: f.q || undefined, type: (f.type || undefined) as DealType | undefined } as const;
  let columns: KanbanColumnDto[] = [];
  let rows: DealCardDto[] = [];
  let meta: PageMeta = { total: 0, page: 1, limit: DEALS_PAGE_SIZE, totalPages: 0 };
  let failed = false;
  try {
    if (f.view === 'list') {
      const list = await auth.api.crmDeals.deals({
        ...common,
        stage: (f.stage || undefined) as DealStage | undefined,
        sort: query.sort,
        dir: query.dir,
        page: query.page,
        limit: DEALS_PAGE_SIZE,
      });
      rows = list.items;
      meta = list.meta;
    } else columns = await auth.api.crmDeals.kanban(common);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
    failed = true;
  }
  return data(
    { title: td('meta.title', { page: t('title') }), lang: auth.lang, query, columns, rows, meta, failed },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** intent=move {id, stage, position, scope} or intent=close {id, result, reason}: see dealPost. */
export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, STAFF_ROLES, PATH);
  return dealPost(request, auth, form, intent, backToTable(PATH, form.get('back')));
}

export default function DealsPage() {
  const { query, columns, rows, meta, failed, lang } = useLoaderData<typeof loader>();
  useStaffRefresh('deals');
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  const scope = query.scope ?? 'mine';
  const list = query.filters.view === 'list';
  const here = tableHref(TABLE, query);
  const sortOf = (key: Query['sort']) => ({ href: sortHref(TABLE, query, key), active: query.sort === key ? query.dir : null });
  const columnsOfList: Column<DealCardDto>[] = [
    { id: 'title', header: t('fields.title'), sort: sortOf('title'), cell: (r) => <Link to={`${PATH}/${r.id}`}>{r.title}</Link> },
    { id: 'stage', header: t('fields.stage'), cell: (r) => tc(`dealStage.${r.stage}`) },
    { id: 'amount', header: t('fields.amount'), numeric: true, sort: sortOf('amount'), cell: (r) => formatMoney(r.amount) },
    { id: 'type', header: t('fields.type'), cell: (r) => tc(`dealType.${r.type}`) },
    { id: 'probability', header: t('fields.probability'), numeric: true, cell: (r) => `${r.probability}%` },
    {
      id: 'expectedClose',
      header: t('fields.expectedClose'),
      sort: sortOf('expectedClose'),
      cell: (r) => (r.expectedClose ? formatDate(r.expectedClose, lang) : '—'),
    },
    {
      id: 'client',
      header: t('fields.client'),
      cell: (r) => (r.client ? <Link to={`/dashboard/crm/clients/${r.client.id}`}>{r.client.name}</Link> : '—'),
    },
    { id: 'owner', header: t('fields.owner'), cell: (r) => r.owner?.name ?? tc('unassigned') },
  ];
  const emptyFilters = { q: '', type: '', stage: '', view: query.filters.view };

  return (
    <section aria-labelledby="crm-deals-title" className="crm-deals">
      <div className="page-head">
        <h1 id="crm-deals-title">{t('title')}</h1>
        <Link to={`${PATH}/new`} className="btn btn-primary">
          {t('create')}
        </Link>
      </div>

      <div className="crm-deals__bar">
        <ScopeTabs scope={scope} hrefFor={(s) => tableHref(TABLE, query, { scope: s })} />
        <nav className="crm-deals__views" aria-label={t('views')}>
          <Link to={tableHref(TABLE, query, { filters: { ...query.filters, view: '' } })} aria-current={!list ? 'page' : undefined}>
            {t('viewBoard')}
          </Link>
          <Link to={tableHref(TABLE, query, { filters: { ...query.filters, view: 'list' } })} aria-current={list ? 'page' : undefined}>
            {t('viewList')}
          </Link>
        </nav>
      </div>

      <TableFilters
        path={PATH}
        label={t('filters')}
        keep={{ scope: scope === 'mine' ? undefined : scope, view: list ? 'list' : undefined }}
        resetHref={tableHref(TABLE, { ...query, filters: emptyFilters })}
      >
        <FilterInput name="q" type="search" label={t('search')} value={query.filters.q} />
        <FilterSelect
          name="type"
          label={t('fields.type')}
          value={query.filters.type}
          anyLabel={t('allTypes')}
          options={DEAL_TYPES.map((d) => ({ value: d, label: tc(`dealType.${d}`) }))}
        />
        {list ? (
          <FilterSelect
            name="stage"
            label={t('fields.stage')}
            value={query.filters.stage}
            anyLabel={t('allStages')}
            options={DEAL_STAGES.map((s) => ({ value: s, label: tc(`dealStage.${s}`) }))}
          />
        ) : null}
      </TableFilters>

      {failed ? (
        <ErrorState title={t('loadError')} retryHref={here} />
      ) : list ? (
        <DataTable
          label={t('title')}
          rows={rows}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ 'data-id': r.id, 'data-stage': r.stage })}
          columns={columnsOfList}
          empty={<EmptyState title={t('empty')} />}
          paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => tableHref(TABLE, query, { page: p })} />}
        />
      ) : (
        <KanbanBoard
          columns={columns}
          scope={scope === 'all' ? 'all' : 'my'}
          view={{ q: query.filters.q, type: query.filters.type }}
          lang={lang}
          back={here}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
