import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import {
  CALENDAR_ITEMS_MAX,
  CALENDAR_TYPE_FILTERS,
  CALENDAR_VIEWS,
  almatyDay,
  type CalendarItemDto,
  type CalendarTypeFilter,
} from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { CalendarGrid } from '~/components/crm-schedule/CalendarViews';
import { ErrorState } from '~/components/staff/DataTable';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { calendarHref, itemsByDay, neighbours, readCalendarParams, viewDays, viewRange } from '~/lib/crm-schedule/calendar-grid';
import { formatLongDay, formatMonth, formatShortDay } from '~/lib/crm-schedule/schedule-format';
import { CRM_PAGE_ROLES, readOrFail, SUPERVISOR_ROLES, uuidOf } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/calendar';

/**
 * /dashboard/calendar (issue 22 "Calendar"; spec 02 §2): month, week and day views
 * (?view=month|week|day&date=YYYY-MM-DD; previous / next / today links) of the caller's tasks,
 * viewings and events (GET /api/calendar), Asia/Almaty days, rendered on the server as plain
 * tables and lists (works without JavaScript). ?type= filters the kind; supervisors pick whose
 * (?agent=<id> | all; default their own). Each item links to its task, viewing or event.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const today = almatyDay(Date.now());
  const { view, date } = readCalendarParams(params, today);
  const rawType = params.get('type') ?? '';
  const type = (CALENDAR_TYPE_FILTERS as readonly string[]).includes(rawType) ? (rawType as CalendarTypeFilter) : undefined;
  const supervisor = SUPERVISOR_ROLES.includes(auth.user.role);
  const agentParam = params.get('agent') ?? '';
  const agent = supervisor ? (agentParam === 'all' ? 'all' : (uuidOf(agentParam) ?? '')) : '';
  const range = viewRange(view, date);
  const [items, options] = await Promise.all([
    readOrFail(request, auth, () =>
      auth.api.crmSchedule.calendar.range({
        ...range,
        type,
        agentId: supervisor ? (agent === 'all' ? undefined : agent || auth.user.id) : undefined,
      }),
    ),
    supervisor ? auth.api.crmSchedule.viewings.options().catch(() => null) : Promise.resolve(null),
  ]);
  const days = viewDays(view, date);
  const byDay = Object.fromEntries(itemsByDay(days, items.value ?? []));
  return data(
    {
      title: td('meta.title', { page: t('calendar.title') }),
      lang: auth.lang,
      view,
      date,
      today,
      days,
      byDay: byDay as Record<string, CalendarItemDto[]>,
      truncated: (items.value?.length ?? 0) >= CALENDAR_ITEMS_MAX,
      failed: items.failed,
      type: type ?? '',
      agent,
      staff: options?.agents ?? [],
      supervisor,
    },
    { status: items.failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export default function CalendarPage() {
  const { lang, view, date, today, days, byDay, truncated, failed, type, agent, staff, supervisor } = useLoaderData<typeof loader>();
  useStaffRefresh('tasks');
  const { t } = useTranslation('crmSchedule');
  const keep = { type: type || undefined, agent: agent || undefined };
  const { prev, next } = neighbours(view, date);
  const heading =
    view === 'month'
      ? formatMonth(date, lang)
      : view === 'week'
        ? `${formatShortDay(days[0], lang)} – ${formatShortDay(days[6], lang)} ${days[6].slice(0, 4)}`
        : formatLongDay(date, lang);
  return (
    <section aria-labelledby="calendar-title" className="crm-schedule">
      <div className="page-head">
        <h1 id="calendar-title">{t('calendar.title')}</h1>
        <Link to={`${PATH}/new?date=${date}`} className="btn btn-primary">
          {t('calendar.newEvent')}
        </Link>
      </div>
      <div className="calendar-toolbar">
        <nav aria-label={t('calendar.viewLabel')}>
          {CALENDAR_VIEWS.map((v) => (
            <Link
              key={v}
              to={calendarHref(PATH, v, date, keep)}
              aria-current={v === view ? 'page' : undefined}
              className="btn btn-small btn-secondary"
            >
              {t(`calendar.views.${v}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={heading}>
          <Link to={calendarHref(PATH, view, prev, keep)} rel="prev" className="btn btn-small btn-secondary">
            ← {t('calendar.prev')}
          </Link>
          <Link to={calendarHref(PATH, view, today, keep)} className="btn btn-small btn-secondary">
            {t('calendar.today')}
          </Link>
          <Link to={calendarHref(PATH, view, next, keep)} rel="next" className="btn btn-small btn-secondary">
            {t('calendar.next')} →
          </Link>
        </nav>
        <h2 className="calendar-heading" aria-live="polite">
          {heading}
        </h2>
        <Form method="get" className="schedule-search">
          <input type="hidden" name="view" value={view} />
          <input type="hidden" name="date" value={date} />
          <label>
            {t('calendar.type')}{' '}
            <select name="type" defaultValue={type}>
              <option value="">{t('calendar.allTypes')}</option>
              {CALENDAR_TYPE_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {f === 'task' || f === 'viewing' || f === 'event' ? t(`calendar.kinds.${f}`) : t(`calendar.eventType.${f}`)}
                </option>
              ))}
            </select>
          </label>
          {supervisor ? (
            <label>
              {t('calendar.agent')}{' '}
              <select name="agent" defaultValue={agent}>
                <option value="">{t('calendar.mine')}</option>
                <option value="all">{t('calendar.everyone')}</option>
                {staff.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button type="submit" className="btn btn-small btn-secondary">
            {t('calendar.show')}
          </button>
        </Form>
      </div>
      {failed ? (
        <ErrorState title={t('common.loadError')} retryHref={calendarHref(PATH, view, date, keep)} />
      ) : (
        <>
          {truncated ? <p role="status">{t('calendar.tooMany')}</p> : null}
          <CalendarGrid view={view} date={date} today={today} days={days} byDay={byDay} lang={lang} path={PATH} keep={keep} />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
