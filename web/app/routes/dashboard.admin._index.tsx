import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { ADMIN_ROLES, requireUser } from '~/lib/auth/auth.server';

/**
 * /dashboard/admin (spec 02 §2): the administration opens on its daily work, the moderation
 * queue. admin and super_admin only (the 403 page otherwise).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  throw redirect('/dashboard/admin/moderation', { headers: await auth.headers() });
}

export const ErrorBoundary = DashboardErrorBoundary;
