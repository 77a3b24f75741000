import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import type { AuditLogDto } from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { AUDIT_PATH, auditValueText } from '~/lib/audit/audit-filters';
import { dashboardMeta } from '~/lib/i18n/error-meta';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /dashboard/admin/audit-logs/:id (spec 02 §2 "open one"): one audit entry: when, who (e-mail,
 * role, ip, browser), action, entity and id, and its changed fields before -> after. admin and
 * super_admin only; 404 with a message for an unknown id.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const id = params.id ?? '';
  let entry: AuditLogDto | null = null;
  if (UUID.test(id)) {
    try {
      entry = await auth.api.admin.auditLogs.get(id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) await rethrowAuthError(request, auth, error);
    }
  }
  return data(
    { title: t('meta.title', { page: entry ? `${t('audit.entry')} ${entry.action}` : t('audit.title') }), lang: auth.lang, entry },
    { status: entry ? 200 : 404, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** The changed fields of an entry: every key of before or after, in order of first appearance. */
function changedKeys(entry: AuditLogDto): string[] {
  return [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
}

export default function AuditEntryPage() {
  const { entry, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation('dashboard');
  const back = (
    <p>
      <Link to={AUDIT_PATH}>← {t('audit.back')}</Link>
    </p>
  );
  if (!entry) {
    return (
      <section aria-labelledby="audit-entry-title" className="admin-audit">
        <h1 id="audit-entry-title">{t('audit.entry')}</h1>
        {back}
        <p className="state-block">{t('audit.notFound')}</p>
      </section>
    );
  }
  const keys = changedKeys(entry);
  return (
    <section aria-labelledby="audit-entry-title" className="admin-audit">
      {back}
      <h1 id="audit-entry-title">
        {t('audit.entry')}: <code>{entry.action}</code>
      </h1>
      <h2>{t('audit.details')}</h2>
      <dl className="audit-details">
        <dt>{t('audit.time')}</dt>
        <dd>{formatDateTime(entry.occurredAt, lang)}</dd>
        <dt>{t('audit.actor')}</dt>
        <dd>
          {entry.actor.email || t('audit.system')}
          {entry.actor.role ? ` (${t(`roles.${entry.actor.role}`, { defaultValue: entry.actor.role })})` : ''}
        </dd>
        <dt>{t('audit.action')}</dt>
        <dd>
          <code>{entry.action}</code>
        </dd>
        <dt>{t('audit.entity')}</dt>
        <dd>
          {entry.entity} <code>{entry.entityId ?? '—'}</code>
        </dd>
        <dt>{t('audit.ip')}</dt>
        <dd>{entry.ip ?? '—'}</dd>
        <dt>{t('audit.userAgent')}</dt>
        <dd>{entry.userAgent ?? '—'}</dd>
      </dl>
      <h2>{t('audit.changes')}</h2>
      {keys.length ? (
        <div className="table-wrap">
          <table className="users-table audit-changes">
            <thead>
              <tr>
                <th scope="col">{t('audit.field')}</th>
                <th scope="col">{t('audit.before')}</th>
                <th scope="col">{t('audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key} data-field={key}>
                  <th scope="row">
                    <code>{key}</code>
                  </th>
                  <td data-side="before">{entry.before ? auditValueText(entry.before[key]) : '—'}</td>
                  <td data-side="after">{entry.after ? auditValueText(entry.after[key]) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="state-block">{t('audit.noChanges')}</p>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
