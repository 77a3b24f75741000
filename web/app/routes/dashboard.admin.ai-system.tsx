import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ApiError, ApiValidationError } from '@realty/api-client';
import {
  AI_QUEUE_PAGE_SIZE,
  type AiHourlyDto,
  type AiRequestDto,
  type AiStatusDto,
  type Language,
  type PageMeta,
  type RoleName,
} from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState } from '~/components/staff/DataTable';
import { FilterInput, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';

const HourlyChart = lazy(() => import('~/components/ai/HourlyChart'));

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/admin/ai-system';
/** manager, admin, super_admin (spec 02 §2 "AI system: status, queue, hourly statistics over a time range"). */
const AI_SYSTEM_ROLES: readonly RoleName[] = ['manager', 'admin', 'super_admin'];
/** Almaty (UTC+5, no daylight saving): the range fields are days there. */
const ALMATY_OFFSET = '+05:00';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day 'YYYY-MM-DD' (Almaty) -> the ISO instant of its start, or of the next day's start for
 * the range's end (`to` includes its whole day); '' or malformed -> undefined (the API's default).
 */
function toInstant(v: string | null, end = false): string | undefined {
  if (!v || !DAY.test(v)) return undefined;
  const start = new Date(`${v}T00:00:00${ALMATY_OFFSET}`);
  if (Number.isNaN(start.getTime())) return undefined;
  return new Date(start.getTime() + (end ? 86_400_000 : 0)).toISOString();
}

function pageHref(from: string, to: string, page: number): string {
  const q = new URLSearchParams();
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `${PATH}?${s}` : PATH;
}

/**
 * /dashboard/admin/ai-system (issue 23 "AI content"; spec 02 §2, §7 AI): the provider's status
 * (provider, model, configured, requests by status, the BullMQ queue, last error), the hourly
 * statistics over a from/to range (Almaty time; default the last 24 hours) as a chart (recharts,
 * browser only) and the same figures as a table (no JavaScript, screen readers), and the recent
 * requests newest first, 25 a page. manager, admin, super_admin (403 page otherwise). A range
 * the API refuses shows at its fields (400); an API failure the error state (503).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, AI_SYSTEM_ROLES);
  const [t, td] = await Promise.all([i18nServer.getFixedT(auth.lang, 'ai'), i18nServer.getFixedT(auth.lang, 'dashboard')]);
  const url = new URL(request.url);
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  let status: AiStatusDto | null = null;
  let hours: AiHourlyDto[] = [];
  let rows: AiRequestDto[] = [];
  let meta: PageMeta = { total: 0, page, limit: AI_QUEUE_PAGE_SIZE, totalPages: 0 };
  let fieldErrors: Record<string, string> = {};
  let failed = false;
  try {
    const [s, list] = await Promise.all([auth.api.ai.status(), auth.api.ai.queue({ page, limit: AI_QUEUE_PAGE_SIZE })]);
    status = s;
    rows = list.items;
    meta = list.meta;
    try {
      const f = toInstant(from);
      const e = toInstant(to, true);
      // One day given alone: that day (from) or the day before it (to).
      hours = await auth.api.ai.hourly({
        from: f ?? (e ? new Date(Date.parse(e) - 86_400_000).toISOString() : undefined),
        to: e ?? (f ? new Date(Date.parse(f) + 86_400_000).toISOString() : undefined),
      });
    } catch (error) {
      if (error instanceof ApiValidationError) fieldErrors = { ...error.fields };
      else throw error;
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    else if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
    else failed = true;
  }
  const code = failed ? 503 : Object.keys(fieldErrors).length ? 400 : 200;
  return data(
    { title: td('meta.title', { page: t('system.title') }), lang: auth.lang, from, to, status, hours, rows, meta, fieldErrors, failed },
    { status: code, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

const hourOf = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang === 'kk' ? 'kk-KZ' : lang === 'zh' ? 'zh-CN' : 'ru-RU', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Almaty',
  }).format(new Date(iso));

function StatusPanel({ status }: { status: AiStatusDto }) {
  const { t } = useTranslation('ai');
  return (
    <section aria-labelledby="ai-status-title" className="ai-status">
      <h2 id="ai-status-title">{t('system.status')}</h2>
      <dl className="ai-status__list">
        <dt>{t('system.provider')}</dt>
        <dd data-ai-provider={status.provider}>{status.provider}</dd>
        <dt>{t('system.model')}</dt>
        <dd>
          <code>{status.model}</code>
        </dd>
        <dt>{t('system.configured')}</dt>
        <dd>{status.configured ? t('system.yes') : t('system.no')}</dd>
        <dt>{t('system.counts')}</dt>
        <dd>
          {(['queued', 'running', 'completed', 'failed'] as const).map((s, i) => (
            <span key={s}>
              {i ? ', ' : ''}
              {t(`status.${s}`)}: <strong data-ai-count={s}>{status.counts[s]}</strong>
            </span>
          ))}
        </dd>
        <dt>{t('system.queue')}</dt>
        <dd>
          {status.queue
            ? (['waiting', 'active', 'delayed'] as const)
                .map((k) => `${t(`system.${k}`)}: ${status.queue![k]}`)
                .concat(`${t('system.failedJobs')}: ${status.queue.failed}`)
                .join(', ')
            : t('system.queueUnavailable')}
        </dd>
        <dt>{t('system.lastError')}</dt>
        <dd>{status.lastError ? `${status.lastError.kind ?? ''} ${status.lastError.message}`.trim() : t('system.noErrors')}</dd>
      </dl>
    </section>
  );
}

export default function AiSystemPage() {
  const { from, to, status, hours, rows, meta, fieldErrors, failed, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation('ai');
  const [client, setClient] = useState(false);
  useEffect(() => setClient(true), []);
  const bad = Object.keys(fieldErrors).length > 0;
  return (
    <section aria-labelledby="ai-system-title" className="ai-system">
      <h1 id="ai-system-title">{t('system.title')}</h1>
      <p>{t('system.intro')}</p>
      {failed || !status ? (
        <ErrorState title={t('system.loadError')} hint={t('system.loadErrorHint')} />
      ) : (
        <>
          <StatusPanel status={status} />

          <section aria-labelledby="ai-stats-title" className="ai-stats">
            <h2 id="ai-stats-title">{t('system.stats')}</h2>
            <TableFilters path={PATH} label={t('system.stats')} applyLabel={t('system.apply')} resetHref={PATH}>
              <FilterInput name="from" label={t('system.from')} value={from} type="date" error={fieldErrors.from} />
              <FilterInput name="to" label={t('system.to')} value={to} type="date" error={fieldErrors.to} />
            </TableFilters>
            {bad ? (
              <div className="state-block" role="alert">
                <h3>{t('system.badRange')}</h3>
              </div>
            ) : (
              <>
                {client ? (
                  <figure className="ai-chart" aria-hidden="true" data-ai-chart>
                    <Suspense fallback={null}>
                      <HourlyChart
                        hours={hours}
                        labels={{ requests: t('system.requests'), failures: t('system.failures') }}
                        hourLabel={(iso) => hourOf(iso, lang)}
                      />
                    </Suspense>
                  </figure>
                ) : null}
                <div className="table-scroll">
                  <table className="data-table ai-hourly" data-ai-hourly>
                    <caption>{t('system.tableCaption')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('system.hour')}</th>
                        <th scope="col">{t('system.requests')}</th>
                        <th scope="col">{t('system.failures')}</th>
                        <th scope="col">{t('system.tokens')}</th>
                        <th scope="col">{t('system.meanDuration')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {hours.map((h) => (
                        <tr key={h.hour}>
                          <th scope="row">
                            <time dateTime={h.hour}>{hourOf(h.hour, lang)}</time>
                          </th>
                          <td>{h.requests}</td>
                          <td>{h.failures}</td>
                          <td>{h.tokens}</td>
                          <td>{h.meanDurationMs ?? '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>

          <section aria-labelledby="ai-queue-title" className="ai-queue">
            <h2 id="ai-queue-title">{t('system.recent')}</h2>
            <DataTable
              label={t('system.recent')}
              rows={rows}
              rowKey={(r) => r.id}
              rowProps={(r) => ({ 'data-ai-request': r.id })}
              columns={[
                {
                  id: 'time',
                  header: t('system.time'),
                  cell: (r) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, lang)}</time>,
                },
                { id: 'kind', header: t('system.kind'), cell: (r) => t(`kind.${r.kind}`) },
                { id: 'status', header: t('system.state'), cell: (r) => <span data-status={r.status}>{t(`status.${r.status}`)}</span> },
                { id: 'model', header: t('system.model'), cell: (r) => (r.model ? <code>{r.model}</code> : '—') },
                { id: 'tokens', header: t('system.tokens'), cell: (r) => r.tokens },
                { id: 'duration', header: t('system.duration'), cell: (r) => r.durationMs ?? '—' },
                { id: 'error', header: t('system.error'), cell: (r) => r.error ?? '' },
              ]}
              empty={<EmptyState title={t('system.empty')} hint={t('system.emptyHint')} />}
              paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => pageHref(from, to, p)} />}
            />
          </section>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
