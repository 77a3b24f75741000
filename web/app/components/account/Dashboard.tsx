import { isRouteErrorResponse, Link, NavLink, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { loader as rootLoader } from '~/root';

const STAFF = ['super_admin', 'admin', 'employee', 'manager'];
const ADMINS = ['super_admin', 'admin'];

/**
 * Side navigation of the dashboard (spec 02 §2 routes), by role. `mailSink`: the local demo's
 * caught mails page is linked for admins (docs/decisions/028).
 */
export function DashboardNav({ role, mailSink = false }: { role: string; mailSink?: boolean }) {
  const { t } = useTranslation('dashboard');
  const staff = STAFF.includes(role);
  const items = [
    ...(staff ? [{ to: '/dashboard/employee', label: t('nav.employee'), end: true }] : []),
    ...(ADMINS.includes(role) ? [{ to: '/dashboard/admin/users', label: t('nav.users'), end: false }] : []),
    ...(ADMINS.includes(role) ? [{ to: '/dashboard/admin/audit-logs', label: t('nav.audit'), end: false }] : []),
    ...(ADMINS.includes(role) ? [{ to: '/dashboard/admin/moderation', label: t('nav.moderation'), end: false }] : []),
    ...(ADMINS.includes(role) ? [{ to: '/dashboard/admin/deleted-properties', label: t('nav.deletedProperties'), end: false }] : []),
    ...(ADMINS.includes(role) && mailSink ? [{ to: '/dashboard/admin/mail', label: t('nav.mail'), end: false }] : []),
    { to: '/dashboard/user', label: t('nav.overview'), end: true },
    { to: '/dashboard/user/favorites', label: t('nav.favorites'), end: false },
    { to: '/dashboard/user/requests', label: t('nav.leads'), end: false },
    { to: '/dashboard/profile', label: t('nav.profile'), end: false },
  ];
  return (
    <nav className="dashboard-nav" aria-label={t('nav.label')}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} prefetch="intent">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The 403 screen of a dashboard page ('Недостаточно прав доступа'). */
export function Forbidden() {
  const { t } = useTranslation('dashboard');
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const home = root?.user && STAFF.includes(root.user.role) ? '/dashboard/employee' : '/dashboard/user';
  return (
    <section className="dashboard-forbidden" aria-labelledby="forbidden-title">
      <h1 id="forbidden-title">{t('forbidden.title')}</h1>
      <p>{t('forbidden.text')}</p>
      <div className="actions">
        <Link to={home} className="btn btn-primary">
          {t('forbidden.dashboard')}
        </Link>
        <Link to="/" className="btn btn-secondary">
          {t('forbidden.home')}
        </Link>
      </div>
    </section>
  );
}

/**
 * ErrorBoundary of the dashboard pages: the 403 page for the wrong role, the error screen of
 * spec 01 §8 otherwise. Exported by each page so the side navigation stays.
 */
export function DashboardErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  if (typeof window !== 'undefined') console.error(error);
  return (
    <section className="dashboard-error" aria-labelledby="dashboard-error-title">
      <h1 id="dashboard-error-title">{t('errors.title')}</h1>
      <p>{t('errors.text')}</p>
      <div className="actions">
        <a className="btn btn-primary" href="">
          {t('errors.reload')}
        </a>
        <Link className="btn btn-secondary" to="/">
          {t('errors.home')}
        </Link>
      </div>
    </section>
  );
}
