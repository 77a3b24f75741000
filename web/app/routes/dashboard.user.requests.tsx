import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import { formatDate } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { EmptyState } from '~/components/ListingStates';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/** One enquiry as GET /api/user/inquiries lists it (UserLeadDto of the property-leads API). */
interface UserLead {
  id: string;
  kind: 'inquiry' | 'lead';
  propertyId: string | null;
  propertySlug: string | null;
  propertyTitle: string | null;
  topic: string;
  message: string;
  status: string;
  createdAt: string;
}

/**
 * /dashboard/user/requests (spec 02 §2): the user's own enquiries, newest first. An API without
 * the list (404) shows the empty state.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  let items: UserLead[] = [];
  try {
    items = await auth.api.leads.mine();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) await rethrowAuthError(request, auth, error);
  }
  return data({ title: t('meta.title', { page: t('userLeads.title') }), lang: auth.lang, items }, { headers: await auth.headers() });
}

export default function UserLeadsPage() {
  const { items, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="leads-title">
      <h1 id="leads-title">{t('userLeads.title')}</h1>
      {items.length ? (
        <ul className="lead-list">
          {items.map((r) => (
            <li key={r.id} className="lead-item">
              <div className="lead-item__head">
                <strong>{r.propertyTitle || r.topic}</strong>
                <span className="status-badge">{t(`userLeads.statuses.${r.status}`, { defaultValue: r.status })}</span>
              </div>
              <p className="lead-item__meta">
                <time dateTime={r.createdAt}>{formatDate(r.createdAt, lang)}</time>
                {r.propertyId || r.propertySlug ? (
                  <>
                    {' · '}
                    <Link to={`/property/${encodeURIComponent(r.propertySlug || r.propertyId || '')}`}>{t('userLeads.open')}</Link>
                  </>
                ) : null}
              </p>
              {r.message ? <p className="lead-item__message">{r.message}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('userLeads.empty')} hint={t('userLeads.emptyHint')} resetHref="/catalog" resetLabel={t('user.toCatalog')} />
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
