import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary, DashboardNav } from '~/components/account/Dashboard';
import { isStaff, requireUser } from '~/lib/auth/auth.server';
import accountCss from '~/styles/account.css?url';
import navBadgeCss from '~/styles/crm/nav-badge.css?url';
import { errorMeta, languageOf } from '~/lib/i18n/error-meta';
import { keptRouteHeaders } from '~/lib/serving/route-headers';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: accountCss },
  { rel: 'stylesheet', href: navBadgeCss },
];

/** Dashboards are private: never indexed (and, being under /dashboard/, never tracked as public pages). */
export const meta: MetaFunction = ({ error, matches }) =>
  error ? errorMeta(error, languageOf(matches)) : [{ name: 'robots', content: 'noindex' }];

/**
 * /dashboard/* layout (spec 02 §2): signed-in users only (anonymous -> /auth?redirectTo=...).
 * `mailSink`: MAIL_SINK_DIR is set (the local demo's mail sink runs), so admins get its page.
 * `unread`: the staff member's unread notifications (issue 22 "an unread count in the header"),
 * null for other users or when the API did not answer (the badge is then left out).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const unread = isStaff(auth.user.role)
    ? await auth.api.crmMessaging.notifications
        .unreadCount()
        .then((r) => r.count)
        .catch(() => null)
    : null;
  return data(
    { user: auth.user, mailSink: Boolean(process.env.MAIL_SINK_DIR), unread },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/**
 * The unread count follows every navigation inside the dashboard and every form post (Remix
 * keeps a parent's data on a move between its children otherwise).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/** Its `no-store` reaches the browser, for every dashboard page (they have no `headers` of their own). */
export const headers = keptRouteHeaders;

/**
 * Spec 02 §2: "a full-screen spinner shows while a dashboard area loads": while the app moves to
 * another dashboard screen (a filter or page change of the same screen only dims its table). The
 * spinner fades in after 300 ms (CSS), so a quick move shows nothing.
 */
function ScreenLoading() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location?.pathname;
  if (navigation.state !== 'loading' || !next || next === location.pathname || !next.startsWith('/dashboard')) return null;
  return (
    <div className="screen-loading" role="status">
      <span className="screen-loading__spinner" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}

export default function DashboardLayout() {
  const { user, mailSink, unread } = useLoaderData<typeof loader>();
  return (
    <div className="container dashboard">
      <aside className="dashboard-aside">
        <DashboardNav role={user.role} mailSink={mailSink} unread={unread} />
      </aside>
      <div className="dashboard-main">
        <ScreenLoading />
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
