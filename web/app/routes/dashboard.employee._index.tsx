import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import { PROPERTY_STATUSES, type EmployeeDashboardDto } from '@realty/contracts';
import { formatDate } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError, STAFF_ROLES } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import staffListingsCss from '~/styles/staff-listings.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffListingsCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const LIST = '/dashboard/employee/properties';

/**
 * /dashboard/employee (spec 02 §2; issue 21): the staff landing page (super_admin, admin,
 * employee, manager): my listings by status (each a link to the filtered list), their views,
 * favourites and enquiries in the last 30 days (GET /api/analytics/dashboard, spec 02 §7), and
 * what waits on me: rejected listings to fix (links to the edit screen) and those on moderation.
 * Reloads every 5 minutes while open (spec 02 §9 "properties").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  let dashboard: EmployeeDashboardDto | null = null;
  try {
    dashboard = await auth.api.staffListings.dashboard();
  } catch (error) {
    // 401 signs out; anything else leaves the page with its error note
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
  }
  return data(
    {
      title: t('meta.title', { page: t('employee.title') }),
      lang: auth.lang,
      firstName: auth.user.firstName,
      role: auth.user.role,
      admin: ADMIN_ROLES.includes(auth.user.role),
      dashboard,
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export default function EmployeeDashboard() {
  const d = useLoaderData<typeof loader>();
  useStaffRefresh('properties');
  const { t } = useTranslation('dashboard');
  const s = d.dashboard;
  return (
    <section aria-labelledby="employee-title" className="employee-home">
      <h1 id="employee-title">{t('employee.greeting', { name: d.firstName })}</h1>
      <p className="dashboard-lead">{t('employee.role', { role: t(`roles.${d.role}`) })}</p>
      <div className="actions">
        <Link to={LIST} className="btn btn-primary">
          {t('employee.toList')}
        </Link>
        <Link to="/dashboard/employee/create" className="btn btn-secondary">
          {t('employee.create')}
        </Link>
        {d.admin ? (
          <Link to="/dashboard/admin/users" className="btn btn-secondary">
            {t('employee.users')}
          </Link>
        ) : null}
      </div>

      {!s ? (
        <p role="alert" className="form-error">
          {t('employee.loadError')}
        </p>
      ) : (
        <>
          <section aria-labelledby="employee-listings" className="stat-group">
            <h2 id="employee-listings">{t('employee.listings')}</h2>
            <ul className="stat-cards">
              <li className="stat-card">
                <Link to={LIST}>
                  <span className="stat-card__value">{s.listings.total}</span>
                  <span className="stat-card__label">{t('employee.total')}</span>
                </Link>
              </li>
              {PROPERTY_STATUSES.map((status) => (
                <li key={status} className="stat-card" data-status={status}>
                  <Link to={`${LIST}?status=${status}`}>
                    <span className="stat-card__value">{s.listings[status]}</span>
                    <span className="stat-card__label">{t(`employee.statuses.${status}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="employee-activity" className="stat-group">
            <h2 id="employee-activity">{t('employee.activity', { days: s.period.days })}</h2>
            <ul className="stat-cards">
              {(['views', 'favorites', 'enquiries'] as const).map((k) => (
                <li key={k} className="stat-card" data-stat={k}>
                  <span className="stat-card__value">{s[k]}</span>
                  <span className="stat-card__label">{t(`employee.${k}`)}</span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="employee-waits" className="stat-group">
            <h2 id="employee-waits">{t('employee.waits')}</h2>
            {!s.rejected.length && !s.onModeration.length ? <p>{t('employee.nothingWaits')}</p> : null}
            {s.rejected.length ? (
              <>
                <h3>{t('employee.rejected')}</h3>
                <ul className="waits-list" data-testid="rejected-list">
                  {s.rejected.map((r) => (
                    <li key={r.id}>
                      <Link to={`/dashboard/employee/edit/${r.id}`}>{r.title || r.id}</Link>
                      <span className="badge badge--danger">{t('staffList.rejected')}</span>
                      <p>
                        {t('employee.reason', { reason: r.reason })}
                        {r.notes ? ` — ${r.notes}` : ''} <small>({formatDate(r.at, d.lang)})</small>
                      </p>
                      <Link to={`/dashboard/employee/edit/${r.id}`} className="btn btn-secondary btn-sm">
                        {t('employee.fix')}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {s.onModeration.length ? (
              <>
                <h3>{t('employee.onModeration')}</h3>
                <ul className="waits-list">
                  {s.onModeration.map((r) => (
                    <li key={r.id}>
                      <Link to={`/dashboard/employee/edit/${r.id}`}>{r.title || r.id}</Link>{' '}
                      <small>{t('employee.since', { date: formatDate(r.since, d.lang) })}</small>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
