import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError, ApiValidationError } from '@realty/api-client';
import {
  LEAD_QUALITIES,
  LEAD_SORTS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEADS_PAGE_SIZE,
  type CrmAgentDto,
  type CrmLeadItemDto,
  type LeadQuality,
  type LeadSource,
  type LeadStatus,
  type PageMeta,
  supervisesCrm,
} from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { DataTable, EmptyState, ErrorState, KeysetPaging, type Column } from '~/components/staff/DataTable';
import { FilterInput, FilterSelect, ScopeTabs, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError, STAFF_ROLES } from '~/lib/auth/auth.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { readStaffPost, redirectStaff } from '~/lib/staff/staff-form.server';
import {
  backToTable,
  dateFilter,
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
import crmLeadsCss from '~/styles/crm/leads.css?url';
import crmLeadFilesCss from '~/styles/crm/lead-files.css?url';
import { LeadExportLinks } from '~/components/crm/LeadExportLinks';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmLeadsCss },
  { rel: 'stylesheet', href: crmLeadFilesCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm/leads';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABLE = defineTable({
  path: PATH,
  sorts: LEAD_SORTS,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: {
    q: textFilter(100),
    status: oneOfFilter(LEAD_STATUSES),
    quality: oneOfFilter(LEAD_QUALITIES),
    source: oneOfFilter(LEAD_SOURCES),
    agentId: (raw: string) => (UUID.test(raw) ? raw.toLowerCase() : ''),
    createdFrom: dateFilter,
    createdTo: dateFilter,
  },
  scope: 'mine',
});
type Query = TableQuery<keyof typeof TABLE.filters, (typeof LEAD_SORTS)[number]>;
const NO_FILTERS = { q: '', status: '', quality: '', source: '', agentId: '', createdFrom: '', createdTo: '' };

/** "12 min", "2 h 5 min" of a wait in minutes. */
export function waitLabel(minutes: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  return minutes < 60 ? t('minutes', { count: minutes }) : t('hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** The list's filters as the API reads them (LeadsQuery): the page's "mine" is the API's "my". */
function apiFilters(query: Query) {
  const f = query.filters;
  return {
    scope: query.scope === 'all' ? ('all' as const) : ('my' as const),
    q: f.q || undefined,
    status: (f.status || undefined) as LeadStatus | undefined,
    quality: (f.quality || undefined) as LeadQuality | undefined,
    source: (f.source || undefined) as LeadSource | undefined,
    agentId: f.agentId || undefined,
    createdFrom: f.createdFrom || undefined,
    createdTo: f.createdTo || undefined,
  };
}

/** The export links' query string: the set filters of `filters`. */
function toExportSearch(filters: ReturnType<typeof apiFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
}

/**
 * /dashboard/crm/leads (issue 22 "Leads"; spec 02 §2): the lead list on the staff table pattern:
 * "my / all" tabs ('my' by default), filters (status, quality, source, agent, created period,
 * search), sortable columns, keyset paging (GET /api/crm/leads), how long each new lead has
 * waited (highlighted past the first-contact limit), the duplicate badge, "assign to me" for the
 * checked rows (a POST form: works without JavaScript), and the "New lead" button. Reloads
 * every 2 minutes while open (spec 02 §9 "leads").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmLeads');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const query: Query = readTableQuery(TABLE, new URL(request.url).searchParams);
  let rows: CrmLeadItemDto[] = [];
  let meta: PageMeta = { total: 0, page: 1, limit: LEADS_PAGE_SIZE, totalPages: 0, nextCursor: null };
  let agents: CrmAgentDto[] = [];
  let failed = false;
  const filters = apiFilters(query);
  try {
    const [list, people] = await Promise.all([
      auth.api.crmLeads.list({
        ...filters,
        sort: query.sort,
        dir: query.dir,
        cursor: query.cursor || undefined,
        limit: LEADS_PAGE_SIZE,
      }),
      auth.api.crmLeads.agents().catch((): CrmAgentDto[] => []),
    ]);
    rows = list.items;
    meta = list.meta;
    agents = people;
  } catch (error) {
    if (error instanceof ApiValidationError && error.fields.cursor) return redirectStaff(auth, tableHref(TABLE, query, { cursor: '' }));
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
    failed = true;
  }
  // The export carries the list's filters; an employee exports only their own leads (the API's rule).
  const canExport = filters.scope === 'my' || supervisesCrm(auth.user.role);
  const exportSearch = canExport ? toExportSearch(filters) : null;
  return data(
    { title: dt('meta.title', { page: t('title') }), lang: auth.lang, query, rows, meta, agents, failed, exportSearch },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** "Assign to me" for the checked rows (intent assignToMe, ids): each through the API's rules; back with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, STAFF_ROLES, PATH);
  const back = backToTable(PATH, form.get('back'));
  const t = await i18nServer.getFixedT(auth.lang, 'crmLeads');
  const ids = form.getAll('ids').filter((v): v is string => typeof v === 'string' && UUID.test(v));
  const toast = async (title: string, description?: string, destructive = false) =>
    redirectWithToast(
      request,
      back,
      { title, description, ...(destructive ? { variant: 'destructive' as const } : {}) },
      { headers: await auth.headers() },
    );
  if (intent !== 'assignToMe' || !ids.length) return toast(t('nothingSelected'), undefined, true);
  let done = 0;
  let refused = 0;
  for (const id of ids) {
    try {
      await auth.api.crmLeads.assign(id, auth.user.id);
      done += 1;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
      refused += 1;
    }
  }
  return toast(
    done ? t('bulkAssigned', { count: done }) : t('toast.failed'),
    refused ? t('bulkRefused', { count: refused }) : undefined,
    !done,
  );
}

export default function CrmLeadsPage() {
  const { query, rows, meta, agents, failed, lang, exportSearch } = useLoaderData<typeof loader>();
  useStaffRefresh('leads');
  const { t } = useTranslation('crmLeads');
  const { t: tc } = useTranslation('crm');
  const { t: tf } = useTranslation('crmFiles');
  const scope = query.scope ?? 'mine';
  const sortOf = (key: Query['sort']) => ({ href: sortHref(TABLE, query, key), active: query.sort === key ? query.dir : null });
  const columns: Column<CrmLeadItemDto>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      sort: sortOf('name'),
      cell: (r) => (
        <>
          <Link to={`${PATH}/${r.id}`} className="crm-lead-link">
            {r.name || '—'}
          </Link>
          {r.duplicateOfId ? (
            <span className="crm-badge crm-badge--duplicate" title={t('duplicateOf')}>
              {t('duplicate')}
            </span>
          ) : null}
          <div className="crm-lead-topic">{r.topic}</div>
        </>
      ),
    },
    {
      id: 'contact',
      header: t('columns.contact'),
      cell: (r) => (
        <>
          {r.phone ? <div>{r.phone}</div> : null}
          {r.email ? <div>{r.email}</div> : null}
        </>
      ),
    },
    { id: 'source', header: t('columns.source'), cell: (r) => tc(`leadSource.${r.source}`, { defaultValue: r.source }) },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (r) => <span className={`crm-badge crm-status crm-status--${r.status}`}>{tc(`leadStatus.${r.status}`)}</span>,
    },
    {
      id: 'quality',
      header: t('columns.quality'),
      cell: (r) => <span className={`crm-badge crm-quality crm-quality--${r.quality}`}>{tc(`leadQuality.${r.quality}`)}</span>,
    },
    { id: 'owner', header: t('columns.owner'), cell: (r) => r.owner?.name || <span className="crm-muted">{t('unassigned')}</span> },
    {
      id: 'waiting',
      header: t('columns.waiting'),
      numeric: true,
      cell: (r) =>
        r.waitingMinutes === null ? (
          '—'
        ) : (
          <span
            className={r.waitingTooLong ? 'crm-waiting crm-waiting--late' : 'crm-waiting'}
            title={r.waitingTooLong ? t('waitingTooLong') : undefined}
          >
            {waitLabel(r.waitingMinutes, t)}
            {r.waitingTooLong ? <span className="sr-only"> ({t('waitingTooLong')})</span> : null}
          </span>
        ),
    },
    { id: 'created', header: t('columns.created'), sort: sortOf('created'), cell: (r) => formatDateTime(r.createdAt, lang) },
  ];
  const keep = {
    scope: scope === 'mine' ? undefined : scope,
    sort: query.sort !== 'created' || query.dir !== 'desc' ? query.sort : undefined,
    dir: query.sort !== 'created' || query.dir !== 'desc' ? query.dir : undefined,
  };

  return (
    <section aria-labelledby="crm-leads-title" className="crm-leads">
      <div className="page-head">
        <h1 id="crm-leads-title">{t('title')}</h1>
        <div className="page-head__actions">
          <Link to={`${PATH}/import`} className="btn btn-secondary">
            {tf('import.title')}
          </Link>
          <Link to={`${PATH}/new`} className="btn btn-primary">
            {t('newLead')}
          </Link>
        </div>
      </div>
      {exportSearch !== null ? <LeadExportLinks search={exportSearch} /> : null}

      <ScopeTabs scope={scope} hrefFor={(s) => tableHref(TABLE, query, { scope: s })} />

      <TableFilters
        path={PATH}
        label={t('filters')}
        keep={keep}
        resetHref={tableHref(TABLE, { ...query, filters: NO_FILTERS }, { cursor: '' })}
      >
        <FilterInput name="q" type="search" label={t('search')} value={query.filters.q} />
        <FilterSelect
          name="status"
          label={t('status')}
          value={query.filters.status}
          anyLabel={t('allStatuses')}
          options={LEAD_STATUSES.map((s) => ({ value: s, label: tc(`leadStatus.${s}`) }))}
        />
        <FilterSelect
          name="quality"
          label={t('quality')}
          value={query.filters.quality}
          anyLabel={t('allQualities')}
          options={LEAD_QUALITIES.map((s) => ({ value: s, label: tc(`leadQuality.${s}`) }))}
        />
        <FilterSelect
          name="source"
          label={t('source')}
          value={query.filters.source}
          anyLabel={t('allSources')}
          options={LEAD_SOURCES.map((s) => ({ value: s, label: tc(`leadSource.${s}`) }))}
        />
        <FilterSelect
          name="agentId"
          label={t('agent')}
          value={query.filters.agentId}
          anyLabel={t('allAgents')}
          options={agents.map((a) => ({ value: a.id, label: a.name }))}
        />
        <FilterInput name="createdFrom" type="date" label={t('createdFrom')} value={query.filters.createdFrom} />
        <FilterInput name="createdTo" type="date" label={t('createdTo')} value={query.filters.createdTo} />
      </TableFilters>

      {failed ? (
        <ErrorState title={t('loadError')} retryHref={tableHref(TABLE, query)} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {meta.totalEstimated ? '≈ ' : ''}
            {t('found', { count: meta.total })}
          </p>
          <DataTable
            label={t('title')}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-id': r.id, 'data-status': r.status })}
            columns={columns}
            bulk={{
              actions: [{ intent: 'assignToMe', label: t('assignToMe') }],
              rowLabel: (r: CrmLeadItemDto) => r.name || r.phone || r.email,
            }}
            empty={<EmptyState title={t('empty')} hint={t('emptyHint')} />}
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
