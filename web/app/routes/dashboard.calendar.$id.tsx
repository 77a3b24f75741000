import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { CalendarEventWriteDto, almatyDay } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { EventFields, eventFormValues, eventInput, type EventFormValues } from '~/components/crm-schedule/EventFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { formatDayTime } from '~/lib/crm-schedule/schedule-format';
import { CRM_PAGE_ROLES, readOrFail, SUPERVISOR_ROLES, uuidOf, writeAndReturn } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

function notFound(): never {
  throw data({ code: 'NOT_FOUND' }, { status: 404 });
}

/**
 * /dashboard/calendar/{id} (issue 22 "Calendar"): a calendar event's edit form and its delete
 * after a confirmation step (?confirm=delete). The owner or a supervisor changes it; others read.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const id = uuidOf(params.id) ?? notFound();
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const supervisor = SUPERVISOR_ROLES.includes(auth.user.role);
  const [event, options] = await Promise.all([
    readOrFail(request, auth, () => auth.api.crmSchedule.calendar.get(id)),
    supervisor ? auth.api.crmSchedule.viewings.options().catch(() => null) : Promise.resolve(null),
  ]);
  if (event.failed || !event.value) throw data({ code: 'SERVICE_UNAVAILABLE' }, { status: 503, headers: await auth.headers() });
  return data(
    {
      title: td('meta.title', { page: t('calendar.event.editTitle', { title: event.value.title }) }),
      lang: auth.lang,
      event: event.value,
      staff: options?.agents ?? [],
      confirm: new URL(request.url).searchParams.get('confirm') === 'delete',
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = uuidOf(params.id) ?? notFound();
  const self = `/dashboard/calendar/${id}`;
  const { form, auth, intent } = await readStaffPost(request, CRM_PAGE_ROLES, self);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const calendar = auth.api.crmSchedule.calendar;
  if (intent === 'delete')
    return writeAndReturn(request, auth, '/dashboard/calendar', () => calendar.remove(id), t('calendar.event.deleted'), self);
  const { input, values } = eventInput(form);
  return submitStaffForm({
    request,
    auth,
    Dto: CalendarEventWriteDto,
    input,
    values,
    write: (value) => calendar.update(id, value),
    success: () => ({ to: self, toast: { title: t('calendar.event.saved') } }),
  });
}

export default function EventPage() {
  const { event, staff, confirm, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('crmSchedule');
  const self = `/dashboard/calendar/${event.id}`;
  const values = eventFormValues(event, (result?.values as Partial<EventFormValues> | undefined) ?? {});
  return (
    <section aria-labelledby="event-title" className="crm-schedule">
      <p>
        <Link to={`/dashboard/calendar?view=day&date=${almatyDay(event.startsAt)}`}>← {t('calendar.title')}</Link>
      </p>
      <h1 id="event-title">{t('calendar.event.editTitle', { title: event.title })}</h1>
      {confirm && event.editable ? (
        <ConfirmPanel
          title={t('calendar.event.confirmDelete', { title: event.title })}
          confirmLabel={t('common.delete')}
          cancelHref={self}
          intent="delete"
        />
      ) : null}
      {event.editable ? (
        <StaffForm
          key={event.updatedAt}
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
          <EventFields values={values} errors={result?.errors ?? {}} staff={staff} editing />
        </StaffForm>
      ) : (
        <>
          <p role="note">{t('calendar.event.readOnly')}</p>
          <dl className="schedule-meta">
            <dt>{t('calendar.event.fields.startsAt')}</dt>
            <dd>{formatDayTime(event.startsAt, lang)}</dd>
            <dt>{t('calendar.event.fields.endsAt')}</dt>
            <dd>{formatDayTime(event.endsAt, lang)}</dd>
            <dt>{t('calendar.event.fields.type')}</dt>
            <dd>{t(`calendar.eventType.${event.type}`)}</dd>
            <dt>{t('calendar.event.fields.status')}</dt>
            <dd>{t(`calendar.eventStatus.${event.status}`)}</dd>
          </dl>
          {event.description ? <p className="activity-feed__body">{event.description}</p> : null}
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
