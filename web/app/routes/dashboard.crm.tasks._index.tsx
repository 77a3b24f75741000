import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react';
import {
  TASK_PRIORITIES,
  TASK_SORTS,
  TASK_STATUSES,
  TASK_TYPES,
  TASKS_PAGE_SIZE,
  TaskBulkCompleteDto,
  validateInput,
  type PageMeta,
  type TaskDto,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '@realty/contracts';
import { ApiError } from '@realty/api-client';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { AuthenticityTokenInput } from '~/components/csrf';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState, type Column } from '~/components/staff/DataTable';
import { FilterInput, FilterSelect, ScopeTabs, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { formatDayTime } from '~/lib/crm-schedule/schedule-format';
import { CRM_PAGE_ROLES, readOrFail, uuidOf, writeAndReturn } from '~/lib/crm-schedule/schedule.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { readStaffPost } from '~/lib/staff/staff-form.server';
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
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm/tasks';
const TABLE = defineTable({
  path: PATH,
  sorts: TASK_SORTS,
  defaultSort: 'due',
  defaultDir: 'asc',
  filters: {
    q: textFilter(100),
    status: oneOfFilter(TASK_STATUSES),
    priority: oneOfFilter(TASK_PRIORITIES),
    type: oneOfFilter(TASK_TYPES),
    dueFrom: dateFilter,
    dueTo: dateFilter,
  },
  scope: 'mine',
});
type Query = TableQuery<keyof typeof TABLE.filters, (typeof TASK_SORTS)[number]>;

/**
 * /dashboard/crm/tasks (issue 22 "Tasks"; spec 02 §2): "my / all", status (overdue included, the
 * overdue rows highlighted), priority, type and due-date filters, sortable due / priority /
 * created, page paging; a complete button per row (a POST form) and bulk complete of the checked
 * rows. Works without JavaScript. Refreshes every minute (spec 02 §9 "tasks").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const query: Query = readTableQuery(TABLE, new URL(request.url).searchParams);
  const f = query.filters;
  const { value, failed } = await readOrFail(request, auth, () =>
    auth.api.crmSchedule.tasks.list({
      scope: query.scope === 'all' ? 'all' : 'my',
      q: f.q || undefined,
      status: (f.status || undefined) as TaskStatus | undefined,
      priority: (f.priority || undefined) as TaskPriority | undefined,
      type: (f.type || undefined) as TaskType | undefined,
      dueFrom: f.dueFrom || undefined,
      dueTo: f.dueTo || undefined,
      sort: query.sort,
      dir: query.dir,
      page: query.page,
      limit: TASKS_PAGE_SIZE,
    }),
  );
  const meta: PageMeta = value?.meta ?? { total: 0, page: 1, limit: TASKS_PAGE_SIZE, totalPages: 0 };
  return data(
    { title: td('meta.title', { page: t('tasks.title') }), lang: auth.lang, query, rows: value?.items ?? [], meta, failed },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** intent=complete (id): one task; intent=completeSelected (ids): the checked ones. Back to the list with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, CRM_PAGE_ROLES, PATH);
  const back = backToTable(PATH, form.get('back'));
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const toast = async (title: string, description?: string, destructive = false) =>
    redirectWithToast(
      request,
      back,
      { title, description, ...(destructive ? { variant: 'destructive' as const } : {}) },
      { headers: await auth.headers() },
    );
  if (intent === 'complete') {
    const id = uuidOf(form.get('id'));
    if (!id) return toast(td('error'), undefined, true);
    return writeAndReturn(request, auth, back, () => auth.api.crmSchedule.tasks.complete(id), t('tasks.completed'));
  }
  const ids = form.getAll('ids').filter((v): v is string => typeof v === 'string');
  if (!ids.length) return toast(t('tasks.nothingSelected'), undefined, true);
  const checked = await validateInput(TaskBulkCompleteDto, { ids }, auth.lang);
  if (!checked.ok) return toast(td('error'), Object.values(checked.errors)[0], true);
  try {
    const r = await auth.api.crmSchedule.tasks.bulkComplete(checked.value.ids);
    const refused = r.refused.length ? t('tasks.bulkRefused', { count: r.refused.length }) : undefined;
    if (!r.completed.length) return toast(t('tasks.bulkNothing'), refused, true);
    return toast(t('tasks.bulkDone', { count: r.completed.length }), refused);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    return toast(
      td('error'),
      error instanceof ApiError && error.status < 500 ? error.serverMessage || error.message : td('loadError'),
      true,
    );
  }
}

/** The complete button of a row: its own POST form. */
function CompleteButton({ row }: { row: TaskDto }) {
  const { t } = useTranslation('crmSchedule');
  const location = useLocation();
  if (!row.editable || row.status === 'completed' || row.status === 'cancelled') return null;
  return (
    <Form method="post" className="task-complete">
      <AuthenticityTokenInput />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <input type="hidden" name="id" value={row.id} />
      <button
        type="submit"
        name="intent"
        value="complete"
        className="btn btn-small btn-secondary"
        aria-label={t('tasks.completeTitle', { title: row.title })}
      >
        {t('tasks.complete')}
      </button>
    </Form>
  );
}

export default function TasksPage() {
  const { query, rows, meta, failed, lang } = useLoaderData<typeof loader>();
  useStaffRefresh('tasks');
  const { t } = useTranslation('crmSchedule');
  const { t: tc } = useTranslation('crm');
  const scope = query.scope ?? 'mine';
  const sortOf = (key: Query['sort']) => ({ href: sortHref(TABLE, query, key), active: query.sort === key ? query.dir : null });
  const columns: Column<TaskDto>[] = [
    {
      id: 'title',
      header: t('tasks.columns.title'),
      cell: (r) => (
        <Link to={`${PATH}/${r.id}`} className="task-title">
          {r.title}
        </Link>
      ),
    },
    { id: 'type', header: t('tasks.columns.type'), cell: (r) => tc(`taskType.${r.type}`) },
    {
      id: 'priority',
      header: t('tasks.columns.priority'),
      sort: sortOf('priority'),
      cell: (r) => <span className={`task-priority task-priority--${r.priority}`}>{tc(`taskPriority.${r.priority}`)}</span>,
    },
    {
      id: 'status',
      header: t('tasks.columns.status'),
      cell: (r) =>
        r.overdue ? (
          <span className="schedule-badge schedule-badge--overdue">{tc('taskStatus.overdue')}</span>
        ) : (
          <span className={`schedule-badge schedule-badge--${r.status}`}>{tc(`taskStatus.${r.status}`)}</span>
        ),
    },
    {
      id: 'due',
      header: t('tasks.columns.due'),
      sort: sortOf('due'),
      cell: (r) => (r.dueDate ? <time dateTime={r.dueDate}>{formatDayTime(r.dueDate, lang)}</time> : t('tasks.noDue')),
    },
    ...(scope === 'all' ? [{ id: 'assignee', header: t('tasks.columns.assignee'), cell: (r: TaskDto) => r.assignee?.name || '—' }] : []),
    {
      id: 'subject',
      header: t('tasks.columns.subject'),
      cell: (r) => (r.subject ? `${t(`common.subject.${r.subject.kind}`)}: ${r.subject.name}` : '—'),
    },
    { id: 'actions', header: t('tasks.columns.actions'), headerHidden: true, cell: (r) => <CompleteButton row={r} /> },
  ];
  const keep = {
    scope: scope === 'mine' ? undefined : scope,
    sort: query.sort !== 'due' || query.dir !== 'asc' ? query.sort : undefined,
    dir: query.sort !== 'due' || query.dir !== 'asc' ? query.dir : undefined,
  };
  const opts = (values: readonly string[], ns: string) => values.map((v) => ({ value: v, label: tc(`${ns}.${v}`) }));

  return (
    <section aria-labelledby="tasks-title" className="crm-schedule">
      <div className="page-head">
        <h1 id="tasks-title">{t('tasks.title')}</h1>
        <Link to={`${PATH}/new`} className="btn btn-primary">
          {t('tasks.create')}
        </Link>
      </div>

      <ScopeTabs scope={scope} hrefFor={(s) => tableHref(TABLE, query, { scope: s })} />

      <TableFilters
        path={PATH}
        label={t('tasks.filters')}
        keep={keep}
        resetHref={tableHref(TABLE, { ...query, filters: { q: '', status: '', priority: '', type: '', dueFrom: '', dueTo: '' } })}
      >
        <FilterInput name="q" type="search" label={t('tasks.search')} value={query.filters.q} />
        <FilterSelect
          name="status"
          label={t('tasks.status')}
          value={query.filters.status}
          anyLabel={t('tasks.allStatuses')}
          options={opts(TASK_STATUSES, 'taskStatus')}
        />
        <FilterSelect
          name="priority"
          label={t('tasks.priority')}
          value={query.filters.priority}
          anyLabel={t('tasks.allPriorities')}
          options={opts(TASK_PRIORITIES, 'taskPriority')}
        />
        <FilterSelect
          name="type"
          label={t('tasks.type')}
          value={query.filters.type}
          anyLabel={t('tasks.allTypes')}
          options={opts(TASK_TYPES, 'taskType')}
        />
        <FilterInput name="dueFrom" type="date" label={t('tasks.dueFrom')} value={query.filters.dueFrom} />
        <FilterInput name="dueTo" type="date" label={t('tasks.dueTo')} value={query.filters.dueTo} />
      </TableFilters>

      {failed ? (
        <ErrorState title={t('common.loadError')} retryHref={tableHref(TABLE, query)} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {t('common.found', { count: meta.total })}
          </p>
          <DataTable
            label={t('tasks.title')}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({
              'data-id': r.id,
              'data-status': r.overdue ? 'overdue' : r.status,
              className: r.overdue ? 'task-row--overdue' : '',
            })}
            columns={columns}
            bulk={{ actions: [{ intent: 'completeSelected', label: t('tasks.completeSelected') }], rowLabel: (r) => r.title }}
            empty={<EmptyState title={t('tasks.empty')} hint={t('tasks.emptyHint')} />}
            paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(page) => tableHref(TABLE, query, { page })} />}
          />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
