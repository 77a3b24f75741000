import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import type { CrmOverviewDto, CrmScope } from '@realty/contracts';
import { formatDateTime, formatMoney } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { ErrorState } from '~/components/staff/DataTable';
import { ScopeTabs } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError, STAFF_ROLES } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import sharedCss from '~/styles/crm/shared.css?url';
import messagingCss from '~/styles/crm/messaging.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: sharedCss },
  { rel: 'stylesheet', href: messagingCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm';

/**
 * /dashboard/crm (issue 22; spec 02 §2 "CRM"): the overview of the working day — the deal
 * funnel (open stages with count and sum ₸, as a table with CSS bars), won and lost this month,
 * the caller's tasks due today or overdue, the leads waiting for a first contact (oldest first,
 * minutes waited) and the new leads of today and this week; 'my' (default) or 'all' in the URL
 * (?scope=all). Refreshed every minute while open (deals and tasks, spec 02 §9).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmMessaging');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const scope: CrmScope = new URL(request.url).searchParams.get('scope') === 'all' ? 'all' : 'my';
  let overview: CrmOverviewDto | null = null;
  try {
    overview = await auth.api.crmMessaging.overview(scope);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
  }
  return data(
    { title: dt('meta.title', { page: t('overview.title') }), lang: auth.lang, scope, overview },
    { status: overview ? 200 : 503, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** 1440 -> '1 дн', 95 -> '1 ч 35 мин', 12 -> '12 мин'. */
function useWaited() {
  const { t } = useTranslation('crmMessaging');
  return (minutes: number) =>
    minutes >= 1440
      ? t('overview.waitingDays', { days: Math.floor(minutes / 1440) })
      : minutes >= 60
        ? t('overview.waitingHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
        : t('overview.waitingMinutes', { minutes });
}

export default function CrmOverviewPage() {
  const { overview, scope, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation('crmMessaging');
  const { t: tc } = useTranslation('crm');
  const waited = useWaited();
  useStaffRefresh('deals');
  const href = (s: CrmScope) => (s === 'all' ? `${PATH}?scope=all` : PATH);
  if (!overview)
    return (
      <section aria-labelledby="crm-title">
        <h1 id="crm-title">{t('overview.title')}</h1>
        <ErrorState title={t('overview.failed')} retryHref={href(scope)} />
      </section>
    );
  const max = Math.max(1, ...overview.funnel.map((f) => f.count));
  return (
    <section aria-labelledby="crm-title" className="crm-overview">
      <div className="reference-head">
        <h1 id="crm-title">{t('overview.title')}</h1>
        <ScopeTabs scope={scope === 'all' ? 'all' : 'mine'} hrefFor={(s) => href(s === 'all' ? 'all' : 'my')} />
      </div>

      <div className="crm-overview__stats">
        <p className="crm-stat">
          <span className="crm-stat__label">{t('overview.newToday')}</span>
          <span className="crm-stat__value" data-testid="new-today">
            {overview.newLeads.today}
          </span>
        </p>
        <p className="crm-stat">
          <span className="crm-stat__label">{t('overview.newWeek')}</span>
          <span className="crm-stat__value">{overview.newLeads.week}</span>
        </p>
        <p className="crm-stat crm-stat--won">
          <span className="crm-stat__label">{t('overview.wonThisMonth')}</span>
          <span className="crm-stat__value">{formatMoney(overview.wonThisMonth.amount)}</span>
          <span className="crm-stat__note">{t('overview.dealsCount', { count: overview.wonThisMonth.count })}</span>
        </p>
        <p className="crm-stat crm-stat--lost">
          <span className="crm-stat__label">{t('overview.lostThisMonth')}</span>
          <span className="crm-stat__value">{formatMoney(overview.lostThisMonth.amount)}</span>
          <span className="crm-stat__note">{t('overview.dealsCount', { count: overview.lostThisMonth.count })}</span>
        </p>
      </div>

      <section aria-labelledby="funnel-title" className="crm-overview__block">
        <h2 id="funnel-title">{t('overview.funnel')}</h2>
        <table className="crm-funnel">
          <caption className="sr-only">{t('overview.funnelCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('overview.stage')}</th>
              <th scope="col" className="crm-funnel__bar-col">
                <span className="sr-only">{t('overview.share')}</span>
              </th>
              <th scope="col" className="num">
                {t('overview.count')}
              </th>
              <th scope="col" className="num">
                {t('overview.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.funnel.map((f) => (
              <tr key={f.stage} data-stage={f.stage}>
                <th scope="row">{tc(`dealStage.${f.stage}`)}</th>
                <td className="crm-funnel__bar-col" aria-hidden="true">
                  <span className="crm-funnel__bar" style={{ width: `${Math.round((f.count / max) * 100)}%` }} />
                </td>
                <td className="num">{f.count}</td>
                <td className="num">{formatMoney(f.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="crm-overview__columns">
        <section aria-labelledby="tasks-title" className="crm-overview__block">
          <h2 id="tasks-title">{t('overview.todayTasks')}</h2>
          {overview.todayTasks.length === 0 ? (
            <p className="form-hint">{t('overview.tasksEmpty')}</p>
          ) : (
            <ul className="crm-overview__list">
              {overview.todayTasks.map((task) => (
                <li key={task.id} className={task.overdue ? 'is-overdue' : undefined}>
                  <Link to={task.leadId ? `/dashboard/crm/leads/${task.leadId}` : '/dashboard/crm/tasks'}>{task.title}</Link>
                  <span className="crm-overview__meta">
                    {t('overview.due')}: <time dateTime={task.dueDate}>{formatDateTime(task.dueDate, lang)}</time>
                    {' · '}
                    {tc(`taskPriority.${task.priority}`, { defaultValue: task.priority })}
                    {task.overdue ? <strong className="crm-badge crm-badge--danger"> {t('overview.overdue')}</strong> : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="waiting-title" className="crm-overview__block">
          <h2 id="waiting-title">{t('overview.waiting')}</h2>
          {overview.waitingLeads.length === 0 ? (
            <p className="form-hint">{t('overview.waitingEmpty')}</p>
          ) : (
            <>
              <p className="form-hint">{t('overview.waitingTotal', { count: overview.waitingTotal })}</p>
              <table className="crm-waiting">
                <thead>
                  <tr>
                    <th scope="col">{t('overview.lead')}</th>
                    <th scope="col">{t('overview.source')}</th>
                    <th scope="col">{t('overview.owner')}</th>
                    <th scope="col" className="num">
                      {t('overview.waitedFor')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {overview.waitingLeads.map((l) => (
                    <tr key={l.id}>
                      <th scope="row">
                        <Link to={`/dashboard/crm/leads/${l.id}`}>{l.name || '—'}</Link>
                      </th>
                      <td>{tc(`leadSource.${l.source}`, { defaultValue: l.source })}</td>
                      <td>{l.ownerName ?? tc('unassigned')}</td>
                      <td className="num">
                        <time dateTime={l.createdAt}>{waited(l.waitingMinutes)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p>
                <Link to="/dashboard/crm/leads">{t('overview.allLeads')}</Link>
              </p>
            </>
          )}
        </section>
      </div>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
