import { isRouteErrorResponse, Link, NavLink, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { loader as rootLoader } from '~/root';

const STAFF = ['super_admin', 'admin', 'employee', 'manager'];
const ADMINS = ['super_admin', 'admin'];
const BLOG_DESK = ['super_admin', 'admin', 'manager'];

/** One link of the side navigation. */
interface NavItem {
  to: string;
  label: string;
  /** Active only on this exact path (an overview), not under it. */
  end?: boolean;
  /** A count shown as a badge after the label (unread notifications), with its accessible text. */
  badge?: { count: number; label: string };
}

/**
 * Side navigation of the dashboard (spec 02 §2 routes, §6 roles), in groups by role (each list
 * named by its group's label: not a heading, as the page's h1 comes after the navigation): what a role
 * may not open is not shown (the pages and the API refuse it anyway). `mailSink`: the local
 * demo's caught mails page is linked for admins (docs/decisions/028). `unread`: the unread
 * notifications, shown as a badge on 'notifications' ("3 unread" for screen readers; none at 0).
 */
export function DashboardNav({ role, mailSink = false, unread = null }: { role: string; mailSink?: boolean; unread?: number | null }) {
  const { t } = useTranslation('dashboard');
  const { t: tm } = useTranslation('crmMessaging');
  const { t: tp } = useTranslation('presentations');
  const { t: tb } = useTranslation('blogDesk');
  const { t: tl } = useTranslation('landings');
  const groups: Array<{ id: string; label: string; items: NavItem[] }> = [];
  if (STAFF.includes(role)) {
    groups.push({
      id: 'work',
      label: t('nav.work'),
      items: [
        { to: '/dashboard/employee', label: t('nav.employee'), end: true },
        { to: '/dashboard/employee/properties', label: t('nav.properties') },
        { to: '/dashboard/employee/create', label: t('nav.create') },
        { to: '/dashboard/calendar', label: t('nav.calendar') },
        { to: '/dashboard/presentations', label: tp('nav') },
        { to: '/dashboard/landings', label: tl('dashboard.title') },
        {
          to: '/dashboard/notifications',
          label: t('nav.notifications'),
          badge: unread ? { count: unread, label: tm('notifications.badge', { count: unread }) } : undefined,
        },
      ],
    });
    groups.push({
      id: 'crm',
      label: t('nav.crm'),
      items: [
        { to: '/dashboard/crm', label: t('nav.crmOverview'), end: true },
        { to: '/dashboard/crm/leads', label: t('nav.crmLeads') },
        { to: '/dashboard/crm/clients', label: t('nav.crmClients') },
        { to: '/dashboard/crm/deals', label: t('nav.crmDeals') },
        { to: '/dashboard/crm/tasks', label: t('nav.crmTasks') },
        { to: '/dashboard/crm/viewings', label: t('nav.crmViewings') },
        { to: '/dashboard/crm/activities', label: t('nav.crmActivities') },
      ],
    });
  }
  if (ADMINS.includes(role)) {
    groups.push({
      id: 'admin',
      label: t('nav.admin'),
      items: [
        { to: '/dashboard/admin/moderation', label: t('nav.moderation') },
        { to: '/dashboard/admin/deleted-properties', label: t('nav.deleted') },
        { to: '/dashboard/admin/property-categories', label: t('nav.categories') },
        { to: '/dashboard/admin/property-types', label: t('nav.types') },
        { to: '/dashboard/admin/building-complexes', label: t('nav.complexes') },
        { to: '/dashboard/admin/users', label: t('nav.users') },
        { to: '/dashboard/admin/audit-logs', label: t('nav.audit') },
        { to: '/dashboard/admin/message-templates', label: t('nav.messageTemplates') },
        { to: '/dashboard/admin/ai-system', label: t('nav.aiSystem') },
        ...(mailSink ? [{ to: '/dashboard/admin/mail', label: t('nav.mail') }] : []),
      ],
    });
  }
  if (BLOG_DESK.includes(role)) {
    // The blog desk (issue 23): marketing (manager) and administrators.
    groups.push({
      id: 'marketing',
      label: tb('nav.group'),
      items: [
        { to: '/dashboard/admin/blog', label: tb('nav.blog') },
        { to: '/dashboard/admin/news', label: tb('nav.news') },
        // Managers may open the AI status too (the AI writes their drafts); admins have it under "admin".
        ...(ADMINS.includes(role) ? [] : [{ to: '/dashboard/admin/ai-system', label: t('nav.aiSystem') }]),
      ],
    });
  }
  groups.push({
    id: 'account',
    label: t('nav.account'),
    items: [
      { to: '/dashboard/user', label: t('nav.overview'), end: true },
      { to: '/dashboard/user/favorites', label: t('nav.favorites') },
      { to: '/dashboard/user/requests', label: t('nav.leads') },
      { to: '/dashboard/profile', label: t('nav.profile') },
    ],
  });
  const grouped = groups.length > 1;
  return (
    <nav className="dashboard-nav" aria-label={t('nav.label')}>
      {groups.map((group) => (
        <div key={group.id} className="dashboard-nav__group">
          {grouped ? (
            <p className="dashboard-nav__heading" id={`nav-${group.id}`}>
              {group.label}
            </p>
          ) : null}
          <ul aria-labelledby={grouped ? `nav-${group.id}` : undefined}>
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end ?? false} prefetch="intent">
                  {item.label}
                  {item.badge ? (
                    <span className="nav-badge" data-testid="unread-badge">
                      <span aria-hidden="true">{item.badge.count > 99 ? '99+' : item.badge.count}</span>
                      <span className="sr-only">{` (${item.badge.label})`}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
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
