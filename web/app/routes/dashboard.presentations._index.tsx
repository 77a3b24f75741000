import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import {
  PRESENTATION_STATUSES,
  PRESENTATIONS_PAGE_SIZE,
  type PageMeta,
  type PresentationDto,
  type PresentationStatsDto,
  type PresentationStatus,
} from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { AuthenticityTokenInput } from '~/components/csrf';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState, type Column } from '~/components/staff/DataTable';
import { ConfirmPanel, FilterSelect, ScopeTabs, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { formatDayTime } from '~/lib/crm-schedule/schedule-format';
import { CRM_PAGE_ROLES, SUPERVISOR_ROLES, readOrFail, uuidOf, writeAndReturn } from '~/lib/crm-schedule/schedule.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { PRESENTATIONS_PATH } from '~/lib/presentations/paths';
import { readStaffPost } from '~/lib/staff/staff-form.server';
import { backToTable, defineTable, oneOfFilter, readTableQuery, tableHref, type TableQuery } from '~/lib/staff/table-query';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import presentationsCss from '~/styles/presentations.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: presentationsCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORTS = ['created'] as const;
const TABLE = defineTable({
  path: PRESENTATIONS_PATH,
  sorts: SORTS,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: { status: oneOfFilter(PRESENTATION_STATUSES), batch: (raw: string) => (UUID.test(raw) ? raw.toLowerCase() : '') },
  scope: 'mine',
});
type Query = TableQuery<keyof typeof TABLE.filters, (typeof SORTS)[number]>;

/**
 * /dashboard/presentations (issue 23; spec 02 §2 "Presentations: generate one or in bulk, list,
 * open, delete, download as pdf or pptx"; decision 037): the list (title, format, language,
 * status, download count, created) newest first, with "my / all" (supervisors), status and batch
 * filters and paging in the URL; per row: download (completed), retry (failed), delete (with a
 * confirmation, ?confirm=<id>, no JavaScript needed); the overview counts above. Never cached;
 * refreshed every 5 minutes (spec 02 §9) and every 3 s while one of the rows is generating.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'presentations');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const query: Query = readTableQuery(TABLE, params);
  const supervisor = SUPERVISOR_ROLES.includes(auth.user.role);
  const { value, failed } = await readOrFail(request, auth, () =>
    Promise.all([
      auth.api.presentations.list({
        scope: supervisor && query.scope === 'all' ? 'all' : 'my',
        status: (query.filters.status || undefined) as PresentationStatus | undefined,
        batchId: query.filters.batch || undefined,
        page: query.page,
        limit: PRESENTATIONS_PAGE_SIZE,
      }),
      auth.api.presentations.stats(),
    ]),
  );
  const [list, stats] = value ?? [null, null];
  const meta: PageMeta = list?.meta ?? { total: 0, page: 1, limit: PRESENTATIONS_PAGE_SIZE, totalPages: 0 };
  const rows = list?.items ?? [];
  const confirmId = uuidOf(params.get('confirm'));
  return data(
    {
      title: td('meta.title', { page: t('title') }),
      lang: auth.lang,
      supervisor,
      query,
      rows,
      meta,
      stats: stats as PresentationStatsDto | null,
      failed,
      confirm: rows.find((r) => r.id === confirmId && r.editable) ?? null,
    },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** intent=retry | delete (id): back to the list with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, CRM_PAGE_ROLES, PRESENTATIONS_PATH);
  const back = backToTable(PRESENTATIONS_PATH, form.get('back'));
  const t = await i18nServer.getFixedT(auth.lang, 'presentations');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const id = uuidOf(form.get('id'));
  if (!id || (intent !== 'retry' && intent !== 'delete'))
    return redirectWithToast(request, back, { title: td('error'), variant: 'destructive' }, { headers: await auth.headers() });
  if (intent === 'retry') return writeAndReturn(request, auth, back, () => auth.api.presentations.retry(id), t('retried'));
  // After a delete, the list without ?confirm.
  const listHref = back.replace(/([?&])confirm=[^&]*&?/, '$1').replace(/[?&]$/, '');
  return writeAndReturn(request, auth, listHref, () => auth.api.presentations.remove(id), t('deleted'));
}

function StatusBadge({ row }: { row: PresentationDto }) {
  const { t } = useTranslation('presentations');
  return (
    <>
      <span className={`presentation-badge presentation-badge--${row.status}`} data-status={row.status}>
        {t(`status.${row.status}`)}
      </span>
      {row.status === 'failed' && row.error ? <span className="presentation-error">{t('failedReason', { reason: row.error })}</span> : null}
    </>
  );
}

function RowActions({ row, here }: { row: PresentationDto; here: string }) {
  const { t } = useTranslation('presentations');
  const confirmHref = `${here}${here.includes('?') ? '&' : '?'}confirm=${row.id}`;
  return (
    <div className="presentation-actions">
      {row.status === 'completed' ? (
        <a
          href={`/resources/presentations/${row.id}/download`}
          className="btn btn-small btn-secondary"
          download
          aria-label={t('downloadTitle', { title: row.title })}
        >
          {t('download')}
        </a>
      ) : null}
      {row.status === 'failed' && row.editable ? (
        <Form method="post">
          <AuthenticityTokenInput />
          <input type="hidden" name="back" value={here} />
          <input type="hidden" name="id" value={row.id} />
          <button type="submit" name="intent" value="retry" className="btn btn-small btn-secondary">
            {t('retry')}
          </button>
        </Form>
      ) : null}
      {row.editable ? (
        <Link to={confirmHref} className="btn btn-small btn-danger" preventScrollReset>
          {t('delete')}
        </Link>
      ) : null}
    </div>
  );
}

export default function PresentationsPage() {
  const { query, rows, meta, failed, lang, supervisor, stats, confirm } = useLoaderData<typeof loader>();
  const { t } = useTranslation('presentations');
  const location = useLocation();
  useStaffRefresh('presentations');
  useGeneratingRefresh(rows.some((r) => r.status === 'generating'));
  const scope = query.scope ?? 'mine';
  const here = tableHref(TABLE, query);
  const columns: Column<PresentationDto>[] = [
    {
      id: 'title',
      header: t('columns.title'),
      cell: (r) => (
        <>
          {r.title}
          {r.batchId ? (
            <>
              {' '}
              <Link to={`${PRESENTATIONS_PATH}/batches/${r.batchId}`} className="presentation-batch-link">
                ({t('batchLink')})
              </Link>
            </>
          ) : null}
        </>
      ),
    },
    { id: 'format', header: t('columns.format'), cell: (r) => r.format.toUpperCase() },
    { id: 'language', header: t('columns.language'), cell: (r) => t(`language.${r.language}`) },
    { id: 'status', header: t('columns.status'), cell: (r) => <StatusBadge row={r} /> },
    { id: 'downloads', header: t('columns.downloads'), cell: (r) => String(r.downloadCount) },
    { id: 'created', header: t('columns.created'), cell: (r) => <time dateTime={r.createdAt}>{formatDayTime(r.createdAt, lang)}</time> },
    { id: 'actions', header: t('columns.actions'), headerHidden: true, cell: (r) => <RowActions row={r} here={here} /> },
  ];
  return (
    <section aria-labelledby="presentations-title" className="presentations">
      <div className="page-head">
        <h1 id="presentations-title">{t('title')}</h1>
        <div className="page-head__actions">
          <Link to={`${PRESENTATIONS_PATH}/new`} className="btn btn-primary">
            {t('generate')}
          </Link>
          <Link to={`${PRESENTATIONS_PATH}/bulk`} className="btn btn-secondary">
            {t('bulk')}
          </Link>
        </div>
      </div>
      <p>{t('intro')}</p>
      {stats ? (
        <dl className="presentation-stats">
          <div>
            <dt>{t('stats.total')}</dt>
            <dd>{stats.total}</dd>
          </div>
          <div>
            <dt>{t('stats.completed')}</dt>
            <dd>{stats.byStatus.completed}</dd>
          </div>
          <div>
            <dt>{t('stats.generating')}</dt>
            <dd>{stats.byStatus.generating}</dd>
          </div>
          <div>
            <dt>{t('stats.failed')}</dt>
            <dd>{stats.byStatus.failed}</dd>
          </div>
          <div>
            <dt>{t('stats.downloads')}</dt>
            <dd>{stats.downloads}</dd>
          </div>
        </dl>
      ) : null}

      {supervisor ? <ScopeTabs scope={scope} hrefFor={(s) => tableHref(TABLE, query, { scope: s })} /> : null}

      <TableFilters
        path={PRESENTATIONS_PATH}
        label={t('filters')}
        keep={{ scope: scope === 'mine' ? undefined : scope, batch: query.filters.batch || undefined }}
        resetHref={tableHref(TABLE, { ...query, filters: { status: '', batch: '' } })}
      >
        <FilterSelect
          name="status"
          label={t('statusFilter')}
          value={query.filters.status}
          anyLabel={t('allStatuses')}
          options={PRESENTATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </TableFilters>

      {confirm ? (
        <ConfirmPanel
          title={t('deleteConfirmTitle')}
          text={t('deleteConfirmText', { title: confirm.title })}
          confirmLabel={t('delete')}
          cancelHref={location.pathname + location.search.replace(/([?&])confirm=[^&]*&?/, '$1').replace(/[?&]$/, '')}
          intent="delete"
          hidden={{ id: confirm.id }}
        />
      ) : null}

      {failed ? (
        <ErrorState title={t('loadError')} retryHref={here} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {t('found', { count: meta.total })}
          </p>
          <DataTable
            label={t('title')}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-id': r.id, 'data-status': r.status })}
            columns={columns}
            empty={
              <EmptyState
                title={t('empty')}
                hint={t('emptyHint')}
                action={
                  <Link to={`${PRESENTATIONS_PATH}/new`} className="btn btn-primary">
                    {t('generate')}
                  </Link>
                }
              />
            }
            paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(page) => tableHref(TABLE, query, { page })} />}
          />
        </>
      )}
    </section>
  );
}

/** Reloads the list every 3 s while a row is generating (with JavaScript; without it the page's links refresh). */
function useGeneratingRefresh(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState !== 'hidden') revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

export const ErrorBoundary = DashboardErrorBoundary;
