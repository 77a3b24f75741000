import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary, DashboardNav } from '~/components/account/Dashboard';
import { requireUser } from '~/lib/auth/auth.server';
import accountCss from '~/styles/account.css?url';
import { errorMeta, languageOf } from '~/lib/i18n/error-meta';
import { keptRouteHeaders } from '~/lib/serving/route-headers';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }];

/** Dashboards are private: never indexed (and, being under /dashboard/, never tracked as public pages). */
export const meta: MetaFunction = ({ error, matches }) =>
  error ? errorMeta(error, languageOf(matches)) : [{ name: 'robots', content: 'noindex' }];

/**
 * /dashboard/* layout (spec 02 §2): signed-in users only (anonymous -> /auth?redirectTo=...).
 * `mailSink`: MAIL_SINK_DIR is set (the local demo's mail sink runs), so admins get its page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  return data(
    { user: auth.user, mailSink: Boolean(process.env.MAIL_SINK_DIR) },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

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
  const { user, mailSink } = useLoaderData<typeof loader>();
  return (
    <div className="container dashboard">
      <aside className="dashboard-aside">
        <DashboardNav role={user.role} mailSink={mailSink} />
      </aside>
      <div className="dashboard-main">
        <ScreenLoading />
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
