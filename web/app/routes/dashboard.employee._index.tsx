import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, STAFF_ROLES } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/** /dashboard/employee (spec 02 §2): the staff landing page (super_admin, admin, employee, manager). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  return data(
    {
      title: t('meta.title', { page: t('employee.title') }),
      firstName: auth.user.firstName,
      role: auth.user.role,
      admin: ADMIN_ROLES.includes(auth.user.role),
    },
    { headers: await auth.headers() },
  );
}

export default function EmployeeDashboard() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="employee-title">
      <h1 id="employee-title">{t('employee.greeting', { name: d.firstName })}</h1>
      <p className="dashboard-lead">{t('employee.role', { role: t(`roles.${d.role}`) })}</p>
      <p>{t('employee.text')}</p>
      <div className="actions">
        <Link to="/catalog" className="btn btn-primary">
          {t('employee.catalog')}
        </Link>
        {d.admin ? (
          <Link to="/dashboard/admin/users" className="btn btn-secondary">
            {t('employee.users')}
          </Link>
        ) : null}
        <Link to="/dashboard/profile" className="btn btn-secondary">
          {t('employee.profile')}
        </Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
