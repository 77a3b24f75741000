import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { DeskEditPage } from '~/components/blog-desk/DeskPages';
import { deskEditAction, deskEditLoader } from '~/lib/blog-desk/desk.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';
import blogDeskCss from '~/styles/blog-desk.css?url';
import newsCss from '~/styles/news.css?url';

/** /dashboard/admin/blog/{id} (issue 23): one blog post: moderation, status, schedule, edit, preview, delete (DeskEditPage). */
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
  { rel: 'stylesheet', href: newsCss },
  { rel: 'stylesheet', href: blogDeskCss },
];
export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);
export const loader = ({ request, params }: LoaderFunctionArgs) => deskEditLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => deskEditAction(request, params.id);
export default DeskEditPage;
export const ErrorBoundary = DashboardErrorBoundary;
