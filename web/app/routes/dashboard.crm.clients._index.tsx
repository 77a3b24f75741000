import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import {
  CLIENT_SORTS,
  CLIENT_TYPES,
  CLIENTS_PAGE_SIZE,
  STAFF_ROLES,
  type ClientListItemDto,
  type ClientType,
  type PageMeta,
} from '@realty/contracts';
import { formatDate } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState, type Column } from '~/components/staff/DataTable';
import { FilterInput, FilterSelect, ScopeTabs, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { defineTable, oneOfFilter, readTableQuery, sortHref, tableHref, textFilter, type TableQuery } from '~/lib/staff/table-query';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import crmDealsCss from '~/styles/crm/deals.css?url';
import crmSharedCss from '~/styles/crm/shared.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmDealsCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm/clients';
const TABLE = defineTable({
  path: PATH,
  sorts: CLIENT_SORTS,
  defaultSort: 'updated',
  defaultDir: 'desc',
  filters: { q: textFilter(100), type: oneOfFilter(CLIENT_TYPES), isVip: oneOfFilter(['true', 'false']) },
  scope: 'mine',
});
type Query = TableQuery<keyof typeof TABLE.filters, (typeof CLIENT_SORTS)[number]>;

/**
 * /dashboard/crm/clients (issue 22 "Clients"; spec 02 §2 'my' versus 'all', §9 clients refresh
 * every 2 minutes): the client list (GET /api/crm/clients) with search (name, company, phone,
 * e-mail, BIN), type and VIP filters, sortable columns, page paging, VIP badges, and links to
 * each client and to a new one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const [t, td] = await Promise.all([i18nServer.getFixedT(auth.lang, 'crmDeals'), i18nServer.getFixedT(auth.lang, 'dashboard')]);
  const query: Query = readTableQuery(TABLE, new URL(request.url).searchParams);
  const f = query.filters;
  let rows: ClientListItemDto[] = [];
  let meta: PageMeta = { total: 0, page: 1, limit: CLIENTS_PAGE_SIZE, totalPages: 0 };
  let failed = false;
  try {
    const list = await auth.api.crmDeals.clients({
      scope: query.scope === 'all' ? 'all' : 'my',
      q: f.q || undefined,
      type: (f.type || undefined) as ClientType | undefined,
      isVip: f.isVip ? f.isVip === 'true' : undefined,
      sort: query.sort,
      dir: query.dir,
      page: query.page,
      limit: CLIENTS_PAGE_SIZE,
    });
    rows = list.items;
    meta = list.meta;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
    failed = true;
  }
  return data(
    { title: td('meta.title', { page: t('clients.title') }), lang: auth.lang, query, rows, meta, failed },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export default function ClientsPage() {
  const { query, rows, meta, failed, lang } = useLoaderData<typeof loader>();
  useStaffRefresh('clients');
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  const scope = query.scope ?? 'mine';
  const sortOf = (key: Query['sort']) => ({ href: sortHref(TABLE, query, key), active: query.sort === key ? query.dir : null });
  const columns: Column<ClientListItemDto>[] = [
    {
      id: 'name',
      header: t('clients.name'),
      sort: sortOf('name'),
      cell: (r) => (
        <>
          <Link to={`${PATH}/${r.id}`}>{r.name}</Link>
          {r.isVip ? <strong className="crm-vip">{t('client.vipBadge')}</strong> : null}
        </>
      ),
    },
    { id: 'type', header: t('client.type'), cell: (r) => tc(`clientType.${r.type}`) },
    { id: 'phone', header: t('client.phone'), cell: (r) => r.phone || '—' },
    { id: 'email', header: t('client.email'), cell: (r) => r.email || '—' },
    { id: 'openDeals', header: t('clients.openDeals'), numeric: true, cell: (r) => r.openDeals },
    { id: 'owner', header: t('fields.owner'), cell: (r) => r.owner?.name ?? tc('unassigned') },
    { id: 'updated', header: t('clients.updated'), sort: sortOf('updated'), cell: (r) => formatDate(r.updatedAt, lang) },
    { id: 'created', header: t('clients.created'), sort: sortOf('created'), cell: (r) => formatDate(r.createdAt, lang) },
  ];
  return (
    <section aria-labelledby="crm-clients-title" className="crm-clients">
      <div className="page-head">
        <h1 id="crm-clients-title">{t('clients.title')}</h1>
        <Link to={`${PATH}/new`} className="btn btn-primary">
          {t('clients.create')}
        </Link>
      </div>
      <ScopeTabs scope={scope} hrefFor={(s) => tableHref(TABLE, query, { scope: s })} />
      <TableFilters
        path={PATH}
        label={t('filters')}
        keep={{ scope: scope === 'mine' ? undefined : scope }}
        resetHref={tableHref(TABLE, { ...query, filters: { q: '', type: '', isVip: '' } })}
      >
        <FilterInput name="q" type="search" label={t('clients.search')} value={query.filters.q} />
        <FilterSelect
          name="type"
          label={t('client.type')}
          value={query.filters.type}
          anyLabel={t('allTypes')}
          options={CLIENT_TYPES.map((c) => ({ value: c, label: tc(`clientType.${c}`) }))}
        />
        <FilterSelect
          name="isVip"
          label={t('client.vip')}
          value={query.filters.isVip}
          anyLabel={t('clients.anyVip')}
          options={[
            { value: 'true', label: t('clients.vipOnly') },
            { value: 'false', label: t('clients.notVip') },
          ]}
        />
      </TableFilters>
      {failed ? (
        <ErrorState title={t('loadError')} retryHref={tableHref(TABLE, query)} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {t('clients.found', { count: meta.total })}
          </p>
          <DataTable
            label={t('clients.title')}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-id': r.id })}
            columns={columns}
            empty={<EmptyState title={t('clients.empty')} />}
            paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => tableHref(TABLE, query, { page: p })} />}
          />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
