import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { dashboardPathFor, requireUser } from '~/lib/auth/auth.server';

/** /dashboard: the area of the user's role (spec 01 §6). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  throw redirect(dashboardPathFor(auth.user.role), { headers: await auth.headers() });
}
