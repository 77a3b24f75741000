import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ApiError, ApiValidationError } from '@realty/api-client';
import { AUDIT_EXPORT_FORMATS, AUDIT_LOGS_PAGE_SIZE, type AuditLogDto, type PageMeta } from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { AUDIT_PATH, auditExportHref, auditListHref, readAuditFilters, type AuditPageFilters } from '~/lib/audit/audit-filters';
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

/** One text filter with its label and, when the API refused it, its message. */
function FilterField(props: { name: keyof AuditPageFilters; label: string; value: string; type?: string; error?: string }) {
  const id = `audit-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.value}
        maxLength={254}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error ? (
        <p id={`${id}-error`} className="field-error">
          {props.error}
        </p>
      ) : null}
    </div>
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

      <Form method="get" action={AUDIT_PATH} className="users-filters audit-filters" aria-label={t('audit.filters')}>
        <FilterField name="actor" label={t('audit.actor')} value={filters.actor} error={fieldErrors.actor} />
        <FilterField name="entity" label={t('audit.entity')} value={filters.entity} error={fieldErrors.entity} />
        <FilterField name="action" label={t('audit.action')} value={filters.action} error={fieldErrors.action} />
        <FilterField name="from" label={t('audit.from')} value={filters.from} type="date" error={fieldErrors.from} />
        <FilterField name="to" label={t('audit.to')} value={filters.to} type="date" error={fieldErrors.to} />
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t('audit.apply')}
          </button>
          <Link to={AUDIT_PATH} className="btn btn-secondary">
            {t('audit.reset')}
          </Link>
        </div>
      </Form>

      {failed ? (
        <div className="state-block" role="alert">
          <h2>{t('audit.error')}</h2>
          <p>{t('audit.errorHint')}</p>
        </div>
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
          {rows.length ? (
            <div className="table-wrap">
              <table className="users-table audit-table">
                <thead>
                  <tr>
                    <th scope="col">{t('audit.time')}</th>
                    <th scope="col">{t('audit.actor')}</th>
                    <th scope="col">{t('audit.action')}</th>
                    <th scope="col">{t('audit.entity')}</th>
                    <th scope="col">{t('audit.id')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id} data-audit={r.id}>
                      <td>
                        <Link to={`${AUDIT_PATH}/${r.id}`}>{formatDateTime(r.occurredAt, lang)}</Link>
                      </td>
                      <td>{r.actor.email || t('audit.system')}</td>
                      <td>
                        <code>{r.action}</code>
                      </td>
                      <td>{r.entity}</td>
                      <td>
                        <code>{r.entityId ?? '—'}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <div className="state-block">
              <h2>{t('audit.empty')}</h2>
              <p>{t('audit.emptyHint')}</p>
            </div>
          )}
          <Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => auditListHref({ ...filters, page: p })} />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
