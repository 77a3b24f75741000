import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { CalendarEventWriteDto, almatyDay, isScheduleDay, type CalendarEventDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { EventFields, eventFormValues, eventInput, type EventFormValues } from '~/components/crm-schedule/EventFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { CRM_PAGE_ROLES, SUPERVISOR_ROLES, uuidOf } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/**
 * /dashboard/calendar/new (issue 22 "Calendar"): a calendar event (meeting, call, reminder,
 * other) with its start and end (Almaty time). ?date= presets the day (10:00-11:00).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const day = params.get('date') ?? '';
  const supervisor = SUPERVISOR_ROLES.includes(auth.user.role);
  const staff = supervisor ? ((await auth.api.crmSchedule.viewings.options().catch(() => null))?.agents ?? []) : [];
  return data(
    {
      title: td('meta.title', { page: t('calendar.event.create') }),
      staff,
      preset: {
        ownerId: auth.user.id,
        startsAt: isScheduleDay(day) ? `${day}T10:00` : '',
        endsAt: isScheduleDay(day) ? `${day}T11:00` : '',
        leadId: uuidOf(params.get('leadId')) ?? '',
        clientId: uuidOf(params.get('clientId')) ?? '',
        dealId: uuidOf(params.get('dealId')) ?? '',
      },
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth } = await readStaffPost(request, CRM_PAGE_ROLES, '/dashboard/calendar/new');
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const { input, values } = eventInput(form);
  return submitStaffForm({
    request,
    auth,
    Dto: CalendarEventWriteDto,
    input,
    values,
    write: (value) => auth.api.crmSchedule.calendar.create(value),
    success: (e: CalendarEventDto) => ({
      to: `/dashboard/calendar?view=day&date=${almatyDay(e.startsAt)}`,
      toast: { title: t('calendar.event.created') },
    }),
  });
}

export default function NewEventPage() {
  const { staff, preset } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('crmSchedule');
  const values = eventFormValues(null, { ...preset, ...((result?.values as Partial<EventFormValues> | undefined) ?? {}) });
  return (
    <section aria-labelledby="event-new-title" className="crm-schedule">
      <p>
        <Link to="/dashboard/calendar">← {t('calendar.title')}</Link>
      </p>
      <h1 id="event-new-title">{t('calendar.event.create')}</h1>
      <StaffForm
        errors={result?.errors}
        formError={result?.formError}
        submitLabel={t('common.save')}
        secondary={
          <Link to="/dashboard/calendar" className="btn btn-secondary">
            {t('common.cancel')}
          </Link>
        }
      >
        <EventFields values={values} errors={result?.errors ?? {}} staff={staff} editing={false} />
      </StaffForm>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
