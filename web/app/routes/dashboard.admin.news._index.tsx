import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { DeskListPage } from '~/components/blog-desk/DeskPages';
import { deskListAction, deskListLoader } from '~/lib/blog-desk/desk.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';
import blogDeskCss from '~/styles/blog-desk.css?url';

/** /dashboard/admin/news (issue 23; spec 02 §2): the blog desk's list of news posts and the auto-month (DeskListPage). */
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
  { rel: 'stylesheet', href: blogDeskCss },
];
export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);
export const loader = ({ request }: LoaderFunctionArgs) => deskListLoader(request);
export const action = ({ request }: ActionFunctionArgs) => deskListAction(request);
export default DeskListPage;
export const ErrorBoundary = DashboardErrorBoundary;
