import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import { LEAD_IMPORT_FIELDS, STAFF_ROLES, type LeadImportCounts, type LeadImportDto } from '@realty/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { AuthenticityTokenInput } from '~/components/csrf';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { importHref, LEAD_IMPORT_PATH } from '~/lib/crm/lead-import-paths';
import { leadImportAction } from '~/lib/crm/lead-import.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import crmFilesCss from '~/styles/crm/lead-files.css?url';
import crmSharedCss from '~/styles/crm/shared.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmFilesCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/** While the worker reads or imports the file, the page reloads its state this often (with JavaScript). */
const POLL_MS = 2000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /dashboard/crm/leads/import[?id=<import>] (issue 22 "POST /api/crm/leads/import (CSV or XLSX;
 * processed in the worker: column mapping, a dry-run preview, per-row errors downloadable,
 * duplicates by phone or e-mail flagged and merged on request, progress shown)"; spec 02 §2):
 * without an id the upload form; with one the import's state: the column mapping, the dry run's
 * counts, "merge duplicates", Run, the progress while the worker runs (reloaded every 2 s with
 * JavaScript, a Refresh link without), the final counts and the errors download. CRM roles
 * only; an unknown import shows "not found" (404).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmFiles');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const id = new URL(request.url).searchParams.get('id');
  let job: LeadImportDto | null = null;
  let missing = false;
  if (id && !UUID.test(id)) missing = true;
  else if (id) {
    try {
      job = await auth.api.crmLeadFiles.get(id);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) missing = true;
      else await rethrowAuthError(request, auth, error);
    }
  }
  return data(
    { title: dt('meta.title', { page: t('title') }), job, missing },
    { status: missing ? 404 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export const action = ({ request }: ActionFunctionArgs) => leadImportAction(request);

export default function LeadImportPage() {
  const { job, missing } = useLoaderData<typeof loader>();
  const { t } = useTranslation('crmFiles');
  return (
    <section aria-labelledby="lead-import-title" className="crm-lead-import">
      <p>
        <Link to="/dashboard/crm/leads">← {t('toLeads')}</Link>
      </p>
      <h1 id="lead-import-title">{t('title')}</h1>
      {missing ? (
        <div className="state-block" role="alert">
          <h2>{t('notFound')}</h2>
          <Link to={LEAD_IMPORT_PATH}>{t('upload.another')}</Link>
        </div>
      ) : job ? (
        <ImportState job={job} />
      ) : (
        <UploadForm />
      )}
    </section>
  );
}

function UploadForm() {
  const { t } = useTranslation('crmFiles');
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <p>{t('intro')}</p>
      <Form method="post" encType="multipart/form-data" className="crm-lead-import__upload" aria-labelledby="lead-import-file">
        <AuthenticityTokenInput />
        <h2 id="lead-import-file">{t('upload.heading')}</h2>
        <label htmlFor="lead-import-input">{t('upload.file')}</label>
        <input
          id="lead-import-input"
          type="file"
          name="file"
          required
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby="lead-import-hint"
        />
        <p id="lead-import-hint" className="crm-lead-import__hint">
          {t('upload.hint')}
        </p>
        <button type="submit" name="intent" value="upload" className="button button--primary" disabled={busy} aria-busy={busy}>
          {t('upload.submit')}
        </button>
      </Form>
    </>
  );
}

/** Reloads the loader every POLL_MS while `active` (the worker is reading or importing). */
function usePoll(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState !== 'hidden') revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

function ImportState({ job }: { job: LeadImportDto }) {
  const { t } = useTranslation('crmFiles');
  const working = job.status === 'uploaded' || job.status === 'running';
  usePoll(working);
  return (
    <>
      <div className="crm-lead-import__status" role="status" aria-live="polite">
        <p>
          <strong>{t('status.label')}:</strong> <span data-status={job.status}>{t(`status.${job.status}`)}</span>
        </p>
        <p>{t('fileName', { name: job.originalName || '—' })}</p>
        {job.status === 'running' && <Progress job={job} />}
        {job.status === 'failed' && <p className="crm-lead-import__failure">{t('failed', { reason: job.failure ?? '' })}</p>}
      </div>
      {working && (
        <p>
          <Link to={importHref(job.id)} reloadDocument>
            {t('refresh')}
          </Link>
        </p>
      )}
      {job.status === 'previewed' && job.dryRunResult && (
        <Counts
          heading={t('dryResult')}
          counts={job.dryRunResult}
          errorsHref={job.dryRunResult.errorCount > 0 ? errorsHref(job.id) : null}
        />
      )}
      {job.status === 'completed' && (
        <Counts
          heading={t('result')}
          counts={{ ...job, totalRows: job.totalRows ?? job.processedRows }}
          errorsHref={job.errorCount > 0 ? errorsHref(job.id) : null}
        />
      )}
      {job.status === 'previewed' && job.preview && <MappingForm job={job} />}
      {job.preview && job.status !== 'completed' && <PreviewTable job={job} />}
      {(job.status === 'completed' || job.status === 'failed') && (
        <p>
          <Link to={LEAD_IMPORT_PATH}>{t('upload.another')}</Link>
        </p>
      )}
    </>
  );
}

const errorsHref = (id: string) => `/resources/crm/lead-import-errors/${id}`;

function Progress({ job }: { job: LeadImportDto }) {
  const { t } = useTranslation('crmFiles');
  const total = job.totalRows ?? 0;
  return (
    <p>
      <label htmlFor="lead-import-progress">{t('progressLabel')}</label>{' '}
      <progress id="lead-import-progress" max={total || undefined} value={total ? job.processedRows : undefined} />{' '}
      {t('progress', { processed: job.processedRows, total: total || '…' })}
    </p>
  );
}

function Counts({ heading, counts, errorsHref }: { heading: string; counts: LeadImportCounts; errorsHref: string | null }) {
  const { t } = useTranslation('crmFiles');
  const rows: Array<[string, number]> = [
    [t('counts.total'), counts.totalRows],
    [t('counts.created'), counts.createdCount],
    [t('counts.duplicates'), counts.duplicateCount],
    [t('counts.merged'), counts.mergedCount],
    [t('counts.errors'), counts.errorCount],
  ];
  return (
    <section className="crm-lead-import__counts" aria-label={heading}>
      <h2>{heading}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString('ru-RU')}</dd>
          </div>
        ))}
      </dl>
      {errorsHref && (
        <p>
          <a href={errorsHref} download>
            {t('errorsDownload')}
          </a>
        </p>
      )}
    </section>
  );
}

function MappingForm({ job }: { job: LeadImportDto }) {
  const { t } = useTranslation('crmFiles');
  const busy = useNavigation().state === 'submitting';
  const preview = job.preview!;
  const samples = (i: number) =>
    preview.rows
      .slice(0, 3)
      .map((r) => Object.entries(r.values).find(([f]) => f === preview.mapping[i])?.[1] ?? '')
      .filter(Boolean);
  return (
    <Form method="post" className="crm-lead-import__mapping" aria-labelledby="lead-import-mapping">
      <AuthenticityTokenInput />
      <input type="hidden" name="id" value={job.id} />
      <input type="hidden" name="columns" value={preview.columns.length} />
      <h2 id="lead-import-mapping">{t('mapping.heading')}</h2>
      <p>{t('mapping.hint')}</p>
      <table className="crm-lead-import__table">
        <thead>
          <tr>
            <th scope="col">{t('mapping.column')}</th>
            <th scope="col">{t('mapping.field')}</th>
            <th scope="col">{t('mapping.sample')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.columns.map((column, i) => (
            <tr key={`${i}-${column}`}>
              <th scope="row">
                <label htmlFor={`col-${i}`}>{column}</label>
              </th>
              <td>
                <select id={`col-${i}`} name={`col.${i}`} defaultValue={preview.mapping[i] ?? ''}>
                  <option value="">{t('mapping.skip')}</option>
                  {LEAD_IMPORT_FIELDS.map((f) => (
                    <option key={f} value={f}>
                      {t(`field.${f}`)}
                    </option>
                  ))}
                </select>
              </td>
              <td className="crm-lead-import__sample">{samples(i).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="crm-lead-import__merge">
        <input
          id="lead-import-merge"
          type="checkbox"
          name="merge"
          defaultChecked={job.mergeDuplicates}
          aria-describedby="lead-import-merge-hint"
        />{' '}
        <label htmlFor="lead-import-merge">{t('merge')}</label>
      </p>
      <p id="lead-import-merge-hint" className="crm-lead-import__hint">
        {t('mergeHint')}
      </p>
      <p className="crm-lead-import__actions">
        <button type="submit" name="intent" value="dryRun" className="button" disabled={busy}>
          {t('dryRun')}
        </button>{' '}
        <button type="submit" name="intent" value="run" className="button button--primary" disabled={busy}>
          {t('run')}
        </button>
      </p>
    </Form>
  );
}

function PreviewTable({ job }: { job: LeadImportDto }) {
  const { t } = useTranslation('crmFiles');
  const rows = job.preview!.rows;
  const fields = LEAD_IMPORT_FIELDS.filter((f) => job.preview!.mapping.includes(f));
  if (!rows.length) return null;
  return (
    <section aria-labelledby="lead-import-preview" className="crm-lead-import__preview">
      <h2 id="lead-import-preview">{t('preview.heading')}</h2>
      <div className="crm-lead-import__scroll" tabIndex={0} role="region" aria-labelledby="lead-import-preview">
        <table className="crm-lead-import__table">
          <thead>
            <tr>
              <th scope="col">{t('preview.row')}</th>
              {fields.map((f) => (
                <th scope="col" key={f}>
                  {t(`field.${f}`)}
                </th>
              ))}
              <th scope="col">{t('preview.errors')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const problems = Object.entries(r.errors);
              return (
                <tr key={r.row} className={problems.length ? 'crm-lead-import__bad' : undefined}>
                  <th scope="row">{r.row}</th>
                  {fields.map((f) => (
                    <td key={f}>{r.values[f] ?? ''}</td>
                  ))}
                  <td>
                    {problems.length
                      ? problems.map(([f, m]) => `${t(`field.${f}`, { defaultValue: f })}: ${m}`).join('; ')
                      : t('preview.ok')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
