import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError, ApiValidationError } from '@realty/api-client';
import {
  BulkStatusDto,
  DEAL_TYPES,
  PROPERTY_STATUSES,
  STAFF_LISTING_SORTS,
  STAFF_LISTINGS_PAGE_SIZE,
  validateInput,
  type CategoryDto,
  type PageMeta,
  type PropertyStatus,
  type StaffListingItemDto,
} from '@realty/contracts';
import { formatArea, formatDate, formatPrice, pickText } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { ListingActionsCell, ListingStatusCell, ListingTitleCell } from '~/components/staff-listings/ListingCells';
import { DataTable, EmptyState, ErrorState, KeysetPaging, type BulkAction, type Column } from '~/components/staff/DataTable';
import { FilterInput, FilterSelect, ScopeTabs, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError, STAFF_ROLES } from '~/lib/auth/auth.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { readStaffPost, redirectStaff } from '~/lib/staff/staff-form.server';
import {
  backToTable,
  defineTable,
  idFilter,
  oneOfFilter,
  readTableQuery,
  sortHref,
  tableHref,
  textFilter,
  type TableQuery,
} from '~/lib/staff/table-query';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import staffListingsCss from '~/styles/staff-listings.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffListingsCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/employee/properties';
const TABLE = defineTable({
  path: PATH,
  sorts: STAFF_LISTING_SORTS,
  defaultSort: 'updated',
  defaultDir: 'desc',
  filters: { q: textFilter(100), status: oneOfFilter(PROPERTY_STATUSES), dealType: oneOfFilter(DEAL_TYPES), categoryId: idFilter },
  scope: 'mine',
});
type Query = TableQuery<keyof typeof TABLE.filters, (typeof STAFF_LISTING_SORTS)[number]>;

/** The bulk status changes a role is offered (the API decides per listing: spec 02 §4, docs/api.md). */
function bulkStatuses(admin: boolean): PropertyStatus[] {
  return admin ? ['active', 'inactive'] : ['inactive', 'pending'];
}

/**
 * /dashboard/employee/properties (spec 02 §2; issue 21): the staff listing list of every staff
 * role: "my / all" (ScopeTabs; agents see colleagues' listings read-only), search, status, deal
 * type and category filters, sortable columns, keyset paging (GET /api/properties/manage), status
 * badges with the rejection reason, links to the edit and create screens, and a bulk status
 * change (a POST form with checkboxes: works without JavaScript; employees and managers on their
 * own listings, admins on any). Reloads every 5 minutes while open (spec 02 §9 "properties").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const query: Query = readTableQuery(TABLE, new URL(request.url).searchParams);
  let rows: StaffListingItemDto[] = [];
  let meta: PageMeta = { total: 0, page: 1, limit: STAFF_LISTINGS_PAGE_SIZE, totalPages: 0, nextCursor: null };
  let categories: Array<{ id: number; name: string }> = [];
  let failed = false;
  try {
    const f = query.filters;
    const [list, cats] = await Promise.all([
      auth.api.staffListings.list({
        scope: query.scope,
        q: f.q || undefined,
        status: (f.status || undefined) as PropertyStatus | undefined,
        dealType: (f.dealType || undefined) as (typeof DEAL_TYPES)[number] | undefined,
        categoryId: f.categoryId ? Number(f.categoryId) : undefined,
        sort: query.sort,
        dir: query.dir,
        cursor: query.cursor || undefined,
        limit: STAFF_LISTINGS_PAGE_SIZE,
      }),
      auth.api.properties.categories().catch((): CategoryDto[] => []),
    ]);
    rows = list.items;
    meta = list.meta;
    categories = cats.map((c) => ({ id: c.id, name: pickText(c.name, auth.lang) }));
  } catch (error) {
    // A stale cursor (another sort, or made up): the first page of the same list.
    if (error instanceof ApiValidationError && error.fields.cursor) return redirectStaff(auth, tableHref(TABLE, query, { cursor: '' }));
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
    failed = true;
  }
  return data(
    {
      title: t('meta.title', { page: t('staffList.title') }),
      lang: auth.lang,
      admin: ADMIN_ROLES.includes(auth.user.role),
      query,
      rows,
      meta,
      categories,
      failed,
    },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** The bulk status form: intent = the new status, ids = the checked rows. Back to the list with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, STAFF_ROLES, PATH);
  const back = backToTable(PATH, form.get('back'));
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const ids = form.getAll('ids').filter((v): v is string => typeof v === 'string');
  const toast = async (title: string, description?: string, destructive = false) =>
    redirectWithToast(
      request,
      back,
      { title, description, ...(destructive ? { variant: 'destructive' as const } : {}) },
      { headers: await auth.headers() },
    );
  if (!ids.length) return toast(t('table.nothingSelected'), undefined, true);
  // The selection goes to the bulk presentations form (issue 23), which the API checks again.
  if (intent === 'presentations')
    return redirectStaff(auth, `/dashboard/presentations/bulk?ids=${encodeURIComponent(ids.slice(0, 1000).join(','))}`);
  const checked = await validateInput(BulkStatusDto, { ids, status: intent }, auth.lang);
  if (!checked.ok) return toast(t('error'), Object.values(checked.errors)[0], true);
  try {
    const result = await auth.api.staffListings.bulkStatus(checked.value.ids, checked.value.status);
    const reasons = [...new Set(result.refused.map((r) => t(`staffList.refusals.${r.reason}`)))].join('; ');
    const refused = result.refused.length ? t('staffList.bulkRefused', { count: result.refused.length, reasons }) : undefined;
    if (!result.updated.length) return toast(t('staffList.bulkNothing'), refused, true);
    return toast(t('staffList.bulkDone', { count: result.updated.length }), refused);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const message = error instanceof ApiError && error.status < 500 ? error.serverMessage || error.message : t('loadError');
    return toast(t('error'), message, true);
  }
}

export default function StaffPropertiesPage() {
  const { query, rows, meta, categories, failed, admin, lang } = useLoaderData<typeof loader>();
  useStaffRefresh('properties');
  const { t } = useTranslation('dashboard');
  const scope = query.scope ?? 'mine';
  const sortOf = (key: Query['sort']) => ({ href: sortHref(TABLE, query, key), active: query.sort === key ? query.dir : null });
  const { t: tp } = useTranslation('presentations');
  const bulkActions: BulkAction[] = [
    ...bulkStatuses(admin).map((s) => ({
      intent: s,
      label: t(s === 'inactive' ? 'staffList.withdraw' : s === 'pending' ? 'staffList.resubmit' : 'staffList.publish'),
      destructive: s === 'inactive',
    })),
    { intent: 'presentations', label: tp('nav') },
  ];
  const columns: Column<StaffListingItemDto>[] = [
    {
      id: 'title',
      header: t('staffList.columns.title'),
      cell: (r) => <ListingTitleCell row={r} />,
    },
    ...(scope === 'all'
      ? [{ id: 'owner', header: t('staffList.columns.owner'), cell: (r: StaffListingItemDto) => r.owner?.name ?? '—' }]
      : []),
    { id: 'status', header: t('staffList.columns.status'), cell: (r) => <ListingStatusCell row={r} /> },
    {
      id: 'price',
      header: t('staffList.columns.price'),
      numeric: true,
      sort: sortOf('price'),
      cell: (r) => formatPrice(r.price, r.dealType, lang),
    },
    { id: 'area', header: t('staffList.columns.area'), numeric: true, sort: sortOf('area'), cell: (r) => formatArea(r.area, lang) },
    { id: 'updated', header: t('staffList.columns.updated'), sort: sortOf('updated'), cell: (r) => formatDate(r.updatedAt, lang) },
    { id: 'created', header: t('staffList.columns.created'), sort: sortOf('created'), cell: (r) => formatDate(r.createdAt, lang) },
    {
      id: 'stats',
      header: t('staffList.columns.stats'),
      numeric: true,
      cell: (r) => t('staffList.stats', { views: r.viewsCount, favorites: r.favoritesCount }),
    },
    {
      id: 'actions',
      header: t('staffList.columns.actions'),
      headerHidden: true,
      cell: (r) => <ListingActionsCell row={r} />,
    },
  ];
  const keep = {
    scope: scope === 'mine' ? undefined : scope,
    sort: query.sort !== 'updated' || query.dir !== 'desc' ? query.sort : undefined,
    dir: query.sort !== 'updated' || query.dir !== 'desc' ? query.dir : undefined,
  };
  // Bulk changes: on their own listings for agents (the "all" tab is read-only), on any for admins.
  const bulk = admin || scope === 'mine' ? { actions: bulkActions, rowLabel: (r: StaffListingItemDto) => r.title || r.slug } : undefined;

  return (
    <section aria-labelledby="staff-list-title" className="staff-properties">
      <div className="page-head">
        <h1 id="staff-list-title">{t('staffList.title')}</h1>
        <Link to="/dashboard/employee/create" className="btn btn-primary">
          {t('staffList.create')}
        </Link>
      </div>

      <ScopeTabs scope={scope} hrefFor={(s) => tableHref(TABLE, query, { scope: s })} />

      <TableFilters
        path={PATH}
        label={t('staffList.filters')}
        keep={keep}
        resetHref={tableHref(TABLE, { ...query, filters: { q: '', status: '', dealType: '', categoryId: '' } }, { cursor: '' })}
      >
        <FilterInput name="q" type="search" label={t('staffList.search')} value={query.filters.q} />
        <FilterSelect
          name="status"
          label={t('staffList.status')}
          value={query.filters.status}
          anyLabel={t('staffList.allStatuses')}
          options={PROPERTY_STATUSES.map((s) => ({ value: s, label: t(`staffList.statuses.${s}`) }))}
        />
        <FilterSelect
          name="dealType"
          label={t('staffList.dealType')}
          value={query.filters.dealType}
          anyLabel={t('staffList.allDeals')}
          options={DEAL_TYPES.map((d) => ({ value: d, label: t(`staffList.dealTypes.${d}`) }))}
        />
        <FilterSelect
          name="categoryId"
          label={t('staffList.category')}
          value={query.filters.categoryId}
          anyLabel={t('staffList.allCategories')}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
      </TableFilters>

      {failed ? (
        <ErrorState title={t('staffList.loadError')} retryHref={tableHref(TABLE, query)} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {meta.totalEstimated ? '≈ ' : ''}
            {t('staffList.found', { count: meta.total })}
          </p>
          <DataTable
            label={t('staffList.title')}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-id': r.id, 'data-status': r.status })}
            columns={columns}
            bulk={bulk}
            empty={<EmptyState title={t('staffList.empty')} hint={t('staffList.emptyHint')} />}
            paging={
              <KeysetPaging
                prevHref={query.cursor ? tableHref(TABLE, query, { cursor: '', page: 1 }) : null}
                nextHref={meta.nextCursor ? tableHref(TABLE, query, { cursor: meta.nextCursor }) : null}
              />
            }
          />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
