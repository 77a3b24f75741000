import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { TaskWriteDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { AuthenticityTokenInput } from '~/components/csrf';
import { TASK_FORM_FIELDS, TaskFields, taskFormValues, type TaskFormValues } from '~/components/crm-schedule/TaskFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { formatDayTime } from '~/lib/crm-schedule/schedule-format';
import { CRM_PAGE_ROLES, readOrFail, SUPERVISOR_ROLES, uuidOf, writeAndReturn } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const LIST = '/dashboard/crm/tasks';

function notFound(): never {
  throw data({ code: 'NOT_FOUND' }, { status: 404 });
}

/**
 * /dashboard/crm/tasks/{id} (issue 22 "Tasks"): the task's edit form (StaffForm, TaskWriteDto),
 * complete, and delete after a confirmation step (?confirm=delete; works without JavaScript).
 * Read-only for an employee when the task is someone else's (the API refuses anyway).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const id = uuidOf(params.id) ?? notFound();
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const supervisor = SUPERVISOR_ROLES.includes(auth.user.role);
  const [task, options] = await Promise.all([
    readOrFail(request, auth, () => auth.api.crmSchedule.tasks.get(id)),
    supervisor ? auth.api.crmSchedule.viewings.options().catch(() => null) : Promise.resolve(null),
  ]);
  if (task.failed || !task.value) throw data({ code: 'SERVICE_UNAVAILABLE' }, { status: 503, headers: await auth.headers() });
  return data(
    {
      title: td('meta.title', { page: t('tasks.editTitle', { title: task.value.title }) }),
      lang: auth.lang,
      task: task.value,
      staff: options?.agents ?? [],
      confirm: new URL(request.url).searchParams.get('confirm') === 'delete',
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = uuidOf(params.id) ?? notFound();
  const self = `${LIST}/${id}`;
  const { form, auth, intent } = await readStaffPost(request, CRM_PAGE_ROLES, self);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const tasks = auth.api.crmSchedule.tasks;
  if (intent === 'complete') return writeAndReturn(request, auth, self, () => tasks.complete(id), t('tasks.completed'));
  if (intent === 'delete') return writeAndReturn(request, auth, LIST, () => tasks.remove(id), t('tasks.deleted'), self);
  const input = formInput(form, TASK_FORM_FIELDS);
  return submitStaffForm({
    request,
    auth,
    Dto: TaskWriteDto,
    input,
    values: input,
    write: (value) => tasks.update(id, value),
    success: () => ({ to: self, toast: { title: t('tasks.saved') } }),
  });
}

export default function TaskPage() {
  const { task, staff, confirm, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  useStaffRefresh('tasks');
  const { t } = useTranslation('crmSchedule');
  const { t: tc } = useTranslation('crm');
  const posted = (result?.values ?? null) as Partial<Record<keyof TaskFormValues, string | null>> | null;
  const values = taskFormValues(task, posted ? Object.fromEntries(Object.entries(posted).map(([k, v]) => [k, v ?? ''])) : {});
  const self = `${LIST}/${task.id}`;
  const open = task.status !== 'completed' && task.status !== 'cancelled';
  return (
    <section aria-labelledby="task-title" className="crm-schedule">
      <p>
        <Link to={LIST}>← {t('tasks.title')}</Link>
      </p>
      <h1 id="task-title">{t('tasks.editTitle', { title: task.title })}</h1>
      <dl className="schedule-meta">
        <dt>{t('tasks.columns.status')}</dt>
        <dd>
          {task.overdue ? (
            <span className="schedule-badge schedule-badge--overdue">{tc('taskStatus.overdue')}</span>
          ) : (
            <span className={`schedule-badge schedule-badge--${task.status}`}>{tc(`taskStatus.${task.status}`)}</span>
          )}
          {task.completedAt ? ` ${t('tasks.completedAt', { at: formatDayTime(task.completedAt, lang) })}` : null}
        </dd>
        <dt>{t('tasks.columns.due')}</dt>
        <dd>{task.dueDate ? <time dateTime={task.dueDate}>{formatDayTime(task.dueDate, lang)}</time> : t('tasks.noDue')}</dd>
        <dt>{t('tasks.columns.assignee')}</dt>
        <dd>{task.assignee?.name || '—'}</dd>
        {task.subject ? (
          <>
            <dt>{t('tasks.columns.subject')}</dt>
            <dd>
              <Link to={`/dashboard/crm/${task.subject.kind}s/${task.subject.id}`}>
                {t(`common.subject.${task.subject.kind}`)}: {task.subject.name}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>

      {confirm && task.editable ? (
        <ConfirmPanel
          title={t('tasks.confirmDelete', { title: task.title })}
          text={t('tasks.confirmDeleteText')}
          confirmLabel={t('common.delete')}
          cancelHref={self}
          intent="delete"
        />
      ) : null}

      {task.editable ? (
        <>
          {open ? (
            <Form method="post" className="schedule-section">
              <AuthenticityTokenInput />
              <button type="submit" name="intent" value="complete" className="btn btn-primary">
                {t('tasks.complete')}
              </button>
            </Form>
          ) : null}
          <StaffForm
            key={task.updatedAt}
            errors={result?.errors}
            formError={result?.formError}
            submitLabel={t('common.save')}
            secondary={
              <Link to={`${self}?confirm=delete`} className="btn btn-danger">
                {t('common.delete')}
              </Link>
            }
          >
            <input type="hidden" name="intent" value="save" />
            <TaskFields values={values} errors={result?.errors ?? {}} staff={staff} editing />
          </StaffForm>
        </>
      ) : (
        <>
          <p role="note">{t('tasks.readOnly')}</p>
          {task.description ? <p className="activity-feed__body">{task.description}</p> : null}
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
