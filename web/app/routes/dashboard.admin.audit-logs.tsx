import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError, ApiValidationError } from '@realty/api-client';
import { AUDIT_EXPORT_FORMATS, AUDIT_LOGS_PAGE_SIZE, type AuditLogDto, type PageMeta } from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState } from '~/components/staff/DataTable';
import { FilterInput, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { AUDIT_PATH, auditExportHref, auditListHref, readAuditFilters } from '~/lib/audit/audit-filters';
import { dashboardMeta } from '~/lib/i18n/error-meta';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/**
 * /dashboard/admin/audit-logs (spec 02 §2 "Audit logs: list, open one, export by format and
 * filters"): the audit log newest first, 50 a page, with a GET filter form (actor, entity,
 * action, from, to) and paging links that keep the filters, so it all works without JavaScript.
 * Each row opens /dashboard/admin/audit-logs/:id (before -> after). Export links (CSV, XLSX,
 * JSON) carry the current filters to /resources/audit-logs/:format, which streams the API's file.
 * admin and super_admin only (403 page otherwise). Filters the API refuses are shown at their
 * fields (400 status); an API failure shows the error state (503).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const filters = readAuditFilters(new URL(request.url).searchParams);
  let rows: AuditLogDto[] = [];
  let meta: PageMeta = { total: 0, page: filters.page, limit: AUDIT_LOGS_PAGE_SIZE, totalPages: 0 };
  let fieldErrors: Record<string, string> = {};
  let failed = false;
  try {
    const { page, ...rest } = filters;
    const list = await auth.api.admin.auditLogs.list({ ...rest, page, limit: AUDIT_LOGS_PAGE_SIZE });
    rows = list.items;
    meta = list.meta;
  } catch (error) {
    if (error instanceof ApiValidationError) fieldErrors = { ...error.fields };
    else if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    // The role changed since the session was read: the 403 page.
    else if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
    else failed = true;
  }
  const status = failed ? 503 : Object.keys(fieldErrors).length ? 400 : 200;
  return data(
    { title: t('meta.title', { page: t('audit.title') }), lang: auth.lang, filters, rows, meta, fieldErrors, failed },
    { status, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export default function AuditLogsPage() {
  const { filters, rows, meta, fieldErrors, failed, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation('dashboard');
  const hasErrors = Object.keys(fieldErrors).length > 0;
  return (
    <section aria-labelledby="audit-title" className="admin-audit">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <p>{t('audit.intro')}</p>

      <TableFilters path={AUDIT_PATH} label={t('audit.filters')} applyLabel={t('audit.apply')} resetHref={AUDIT_PATH}>
        <FilterInput name="actor" label={t('audit.actor')} value={filters.actor} error={fieldErrors.actor} />
        <FilterInput name="entity" label={t('audit.entity')} value={filters.entity} error={fieldErrors.entity} />
        <FilterInput name="action" label={t('audit.action')} value={filters.action} error={fieldErrors.action} />
        <FilterInput name="from" label={t('audit.from')} value={filters.from} type="date" error={fieldErrors.from} />
        <FilterInput name="to" label={t('audit.to')} value={filters.to} type="date" error={fieldErrors.to} />
      </TableFilters>

      {failed ? (
        <ErrorState title={t('audit.error')} hint={t('audit.errorHint')} />
      ) : hasErrors ? (
        <div className="state-block" role="alert">
          <h2>{t('audit.badFilters')}</h2>
        </div>
      ) : (
        <>
          <div className="listing-count">
            <p>{t('audit.found', { count: meta.total })}</p>
            <nav aria-label={t('audit.export')} className="audit-export">
              <span>{t('audit.export')}:</span>{' '}
              {AUDIT_EXPORT_FORMATS.map((format) => (
                <a
                  key={format}
                  href={auditExportHref(format, filters)}
                  className="btn btn-secondary btn-small"
                  download
                  aria-label={t('audit.exportAs', { format: format.toUpperCase() })}
                >
                  {format.toUpperCase()}
                </a>
              ))}
            </nav>
          </div>
          <DataTable
            label={t('audit.title')}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-audit': r.id })}
            columns={[
              {
                id: 'time',
                header: t('audit.time'),
                cell: (r) => <Link to={`${AUDIT_PATH}/${r.id}`}>{formatDateTime(r.occurredAt, lang)}</Link>,
              },
              { id: 'actor', header: t('audit.actor'), cell: (r) => r.actor.email || t('audit.system') },
              { id: 'action', header: t('audit.action'), cell: (r) => <code>{r.action}</code> },
              { id: 'entity', header: t('audit.entity'), cell: (r) => r.entity },
              { id: 'id', header: t('audit.id'), cell: (r) => <code>{r.entityId ?? '—'}</code> },
            ]}
            empty={<EmptyState title={t('audit.empty')} hint={t('audit.emptyHint')} />}
            paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => auditListHref({ ...filters, page: p })} />}
          />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
