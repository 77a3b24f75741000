import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { DeskNewPage } from '~/components/blog-desk/DeskPages';
import { deskNewAction, deskNewLoader } from '~/lib/blog-desk/desk.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';
import blogDeskCss from '~/styles/blog-desk.css?url';
import newsCss from '~/styles/news.css?url';

/** /dashboard/admin/news/new (issue 23): a new news post: Tiptap per language (HTML fallback), preview (DeskNewPage). */
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
  { rel: 'stylesheet', href: newsCss },
  { rel: 'stylesheet', href: blogDeskCss },
];
export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);
export const loader = ({ request }: LoaderFunctionArgs) => deskNewLoader(request);
export const action = ({ request }: ActionFunctionArgs) => deskNewAction(request);
export default DeskNewPage;
export const ErrorBoundary = DashboardErrorBoundary;
