import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/** The count `read` gives, or null when its endpoint does not exist (yet): 404. */
async function total(read: () => Promise<number>): Promise<number | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** /dashboard/user (spec 02 §2 User): greeting, favourites and enquiries counts, links. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  let favorites: number | null = null;
  let leads: number | null = null;
  try {
    [favorites, leads] = await Promise.all([
      // The paging total of a one-item page; the user's leads are a plain list.
      total(async () => (await auth.api.favorites.list({ limit: 1 })).meta.total),
      total(async () => (await auth.api.leads.mine()).length).catch(() => null),
    ]);
  } catch (error) {
    await rethrowAuthError(request, auth, error);
  }
  return data(
    { title: t('meta.title', { page: t('user.title') }), firstName: auth.user.firstName, favorites: favorites ?? 0, leads: leads ?? 0 },
    { headers: await auth.headers() },
  );
}

export default function UserDashboard() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('user.greeting', { name: d.firstName })}</h1>
      <p className="dashboard-lead">{t('user.text')}</p>
      <ul className="dashboard-stats">
        <li>
          <span className="dashboard-stats__value">{d.favorites}</span>
          <span className="dashboard-stats__label">{t('user.favorites')}</span>
          <Link to="/dashboard/user/favorites">{t('user.toFavorites')}</Link>
        </li>
        <li>
          <span className="dashboard-stats__value">{d.leads}</span>
          <span className="dashboard-stats__label">{t('user.leads')}</span>
          <Link to="/dashboard/user/requests">{t('user.toLeads')}</Link>
        </li>
      </ul>
      <div className="actions">
        <Link to="/catalog" className="btn btn-primary">
          {t('user.toCatalog')}
        </Link>
        <Link to="/dashboard/profile" className="btn btn-secondary">
          {t('user.toProfile')}
        </Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
