import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { TaskWriteDto, type TaskDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { TASK_FORM_FIELDS, TaskFields, taskFormValues, type TaskFormValues } from '~/components/crm-schedule/TaskFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { CRM_PAGE_ROLES, SUPERVISOR_ROLES, uuidOf } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/**
 * /dashboard/crm/tasks/new (issue 22 "Tasks"): the task form (TaskWriteDto, validated on the page
 * and by the API). ?leadId= / ?clientId= / ?dealId= link the new task to that record (the
 * subject pages link here). Supervisors choose the assignee; an employee's task is theirs.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const supervisor = SUPERVISOR_ROLES.includes(auth.user.role);
  const staff = supervisor ? ((await auth.api.crmSchedule.viewings.options().catch(() => null))?.agents ?? []) : [];
  return data(
    {
      title: td('meta.title', { page: t('tasks.create') }),
      staff,
      me: auth.user.id,
      links: {
        leadId: uuidOf(params.get('leadId')) ?? '',
        clientId: uuidOf(params.get('clientId')) ?? '',
        dealId: uuidOf(params.get('dealId')) ?? '',
      },
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth } = await readStaffPost(request, CRM_PAGE_ROLES, '/dashboard/crm/tasks/new');
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const input = formInput(form, TASK_FORM_FIELDS);
  return submitStaffForm({
    request,
    auth,
    Dto: TaskWriteDto,
    input,
    values: input,
    write: (value) => auth.api.crmSchedule.tasks.create(value),
    success: (task: TaskDto) => ({ to: `/dashboard/crm/tasks/${task.id}`, toast: { title: t('tasks.created') } }),
  });
}

export default function NewTaskPage() {
  const { staff, me, links: linked } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('crmSchedule');
  const posted = (result?.values ?? null) as Partial<Record<keyof TaskFormValues, string | null>> | null;
  const values = taskFormValues(null, {
    assignedTo: me,
    ...linked,
    ...(posted ? Object.fromEntries(Object.entries(posted).map(([k, v]) => [k, v ?? ''])) : {}),
  });
  return (
    <section aria-labelledby="task-new-title" className="crm-schedule">
      <p>
        <Link to="/dashboard/crm/tasks">← {t('tasks.title')}</Link>
      </p>
      <h1 id="task-new-title">{t('tasks.create')}</h1>
      <StaffForm
        errors={result?.errors}
        formError={result?.formError}
        submitLabel={t('common.save')}
        secondary={
          <Link to="/dashboard/crm/tasks" className="btn btn-secondary">
            {t('common.cancel')}
          </Link>
        }
      >
        <TaskFields values={values} errors={result?.errors ?? {}} staff={staff} editing={false} />
      </StaffForm>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
