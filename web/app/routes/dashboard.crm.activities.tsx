import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiValidationError } from '@realty/api-client';
import { ACTIVITY_TYPES, FEED_PAGE_SIZE, type ActivityType, type FeedItemDto } from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { EmptyState, ErrorState, KeysetPaging } from '~/components/staff/DataTable';
import { FilterInput, FilterSelect, ScopeTabs, TableFilters } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { CRM_PAGE_ROLES, readOrFail } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { dateFilter, defineTable, oneOfFilter, readTableQuery, tableHref, type TableQuery } from '~/lib/staff/table-query';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm/activities';
const SORTS = ['newest'] as const;
const TABLE = defineTable({
  path: PATH,
  sorts: SORTS,
  defaultSort: 'newest',
  defaultDir: 'desc',
  filters: { type: oneOfFilter(ACTIVITY_TYPES), from: dateFilter, to: dateFilter },
  scope: 'mine',
});
type Query = TableQuery<keyof typeof TABLE.filters, (typeof SORTS)[number]>;

/** The `from -> to` of a status or stage change in labels, else null. */
function change(a: FeedItemDto, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  const { from, to } = a.data as { from?: string; to?: string };
  const group = a.type === 'stage_change' ? 'dealStage' : a.type === 'status_change' ? 'leadStatus' : null;
  if (!to || !group) return null;
  const label = (v: string | undefined) => (v ? t(`${group}.${v}`, { defaultValue: v }) : '—');
  return t('changedFromTo', { from: label(from), to: label(to) });
}

/**
 * /dashboard/crm/activities (issue 22 "Activities"; spec 02 §2): the activity feed of the CRM,
 * newest first: "my" (mine or on my leads, clients, deals) / "all", type and period filters,
 * keyset paging ("more"). Each entry links to its lead, client or deal. Notes are written on
 * those records' pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const query: Query = readTableQuery(TABLE, new URL(request.url).searchParams);
  const result = await readOrFail(request, auth, async () => {
    try {
      return await auth.api.crmSchedule.activities.list({
        scope: query.scope === 'all' ? 'all' : 'my',
        type: (query.filters.type || undefined) as ActivityType | undefined,
        from: query.filters.from || undefined,
        to: query.filters.to || undefined,
        cursor: query.cursor || undefined,
        limit: FEED_PAGE_SIZE,
      });
    } catch (error) {
      // a stale or made-up cursor: the first page of the same feed
      if (error instanceof ApiValidationError && error.fields.cursor)
        throw redirect(tableHref(TABLE, query, { cursor: '' }), { headers: await auth.headers() });
      throw error;
    }
  });
  return data(
    {
      title: td('meta.title', { page: t('activities.title') }),
      lang: auth.lang,
      query,
      items: result.value?.items ?? [],
      nextCursor: result.value?.meta.nextCursor ?? null,
      failed: result.failed,
    },
    { status: result.failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export default function ActivitiesPage() {
  const { query, items, nextCursor, failed, lang } = useLoaderData<typeof loader>();
  useStaffRefresh('leads');
  const { t } = useTranslation('crmSchedule');
  const { t: tc } = useTranslation('crm');
  const scope = query.scope ?? 'mine';
  return (
    <section aria-labelledby="activities-title" className="crm-schedule">
      <h1 id="activities-title">{t('activities.title')}</h1>
      <ScopeTabs scope={scope} hrefFor={(s) => tableHref(TABLE, query, { scope: s })} />
      <TableFilters
        path={PATH}
        label={t('activities.filters')}
        keep={{ scope: scope === 'mine' ? undefined : scope }}
        resetHref={tableHref(TABLE, { ...query, filters: { type: '', from: '', to: '' } }, { cursor: '' })}
      >
        <FilterSelect
          name="type"
          label={t('activities.type')}
          value={query.filters.type}
          anyLabel={t('activities.allTypes')}
          options={ACTIVITY_TYPES.map((v) => ({ value: v, label: tc(`activityType.${v}`) }))}
        />
        <FilterInput name="from" type="date" label={t('activities.from')} value={query.filters.from} />
        <FilterInput name="to" type="date" label={t('activities.to')} value={query.filters.to} />
      </TableFilters>
      {failed ? (
        <ErrorState title={t('common.loadError')} retryHref={tableHref(TABLE, query)} />
      ) : items.length === 0 ? (
        <EmptyState title={t('activities.empty')} hint={t('activities.emptyHint')} />
      ) : (
        <>
          <ol className="activity-feed">
            {items.map((a) => {
              const moved = change(a, tc);
              return (
                <li key={a.id} data-type={a.type}>
                  <p className="activity-feed__head">
                    <strong>{tc(`activityType.${a.type}`)}</strong> · {a.actor?.name || t('activities.system')} ·{' '}
                    <time dateTime={a.createdAt}>{formatDateTime(a.createdAt, lang)}</time>
                    {a.subject ? (
                      <>
                        {' '}
                        · {t('activities.on')}{' '}
                        <Link to={`/dashboard/crm/${a.subject.kind}s/${a.subject.id}`}>
                          {t(`common.subject.${a.subject.kind}`)}: {a.subject.name || '—'}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  {moved ? <p className="activity-feed__body">{moved}</p> : null}
                  {a.body ? <p className="activity-feed__body">{a.body}</p> : null}
                </li>
              );
            })}
          </ol>
          <KeysetPaging
            prevHref={query.cursor ? tableHref(TABLE, query, { cursor: '' }) : null}
            nextHref={nextCursor ? tableHref(TABLE, query, { cursor: nextCursor }) : null}
          />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
