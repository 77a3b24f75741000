import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import type { CaughtMailSummaryDto } from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/** Where the mail sink's pages live (docs/decisions/028). */
export const MAIL_PATH = '/dashboard/admin/mail';

/**
 * /dashboard/admin/mail (issue 19 item 6): the mails the local demo's mail sink caught, newest
 * first, each linking to /dashboard/admin/mail/:id. admin and super_admin only (403 page for other
 * roles). When the sink is off (no MAIL_SINK_DIR: production, docker-compose with mailpit) the page
 * says so. Works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  let mails: CaughtMailSummaryDto[] = [];
  let off = false;
  try {
    mails = await auth.api.adminMail.list();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) off = true;
    else await rethrowAuthError(request, auth, error);
  }
  return data(
    { title: t('meta.title', { page: t('mail.title') }), lang: auth.lang, mails, off },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export default function AdminMailPage() {
  const { mails, off, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="mail-title" className="admin-mail">
      <h1 id="mail-title">{t('mail.title')}</h1>
      {off ? (
        <div className="state-block">
          <h2>{t('mail.off')}</h2>
          <p>{t('mail.offHint')}</p>
        </div>
      ) : (
        <>
          <p>{t('mail.intro')}</p>
          <p className="listing-count">
            {t('mail.found', { count: mails.length })}{' '}
            <Link to={MAIL_PATH} className="btn btn-secondary btn-small" reloadDocument>
              {t('mail.refresh')}
            </Link>
          </p>
          {mails.length ? (
            <div className="table-wrap">
              <table className="users-table mail-table">
                <thead>
                  <tr>
                    <th scope="col">{t('mail.received')}</th>
                    <th scope="col">{t('mail.subject')}</th>
                    <th scope="col">{t('mail.to')}</th>
                    <th scope="col">{t('mail.from')}</th>
                  </tr>
                </thead>
                <tbody>
                  {mails.map((m) => (
                    <tr key={m.id} data-mail={m.id}>
                      <td>{formatDateTime(m.receivedAt, lang)}</td>
                      <td>
                        <Link to={`${MAIL_PATH}/${m.id}`}>{m.subject || t('mail.noSubject')}</Link>
                      </td>
                      <td>{m.to.join(', ')}</td>
                      <td>{m.from}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <div className="state-block">
              <h2>{t('mail.empty')}</h2>
              <p>{t('mail.emptyHint')}</p>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
