import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import type { ModerationReviewDto, PageMeta } from '@realty/contracts';
import { formatDateTime, pickText } from '@realty/i18n';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState } from '~/components/staff/DataTable';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { MODERATION_PAGE_SIZE, MODERATION_PATH, MODERATION_TABLE, reviewPath } from '~/lib/moderation/moderation-paths';
import { readStaffPost, redirectStaff } from '~/lib/staff/staff-form.server';
import { backToTable, readTableQuery, tableHref } from '~/lib/staff/table-query';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import moderationCss from '~/styles/moderation.css?url';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationCss }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /dashboard/admin/moderation (issue 21; spec 02 §2 "Moderation: a queue of properties, each
 * approved (with a comment) or rejected (with a reason and notes)", §7 GET
 * /properties/moderation-queue): listings on moderation, oldest first, 20 a page: new listings
 * and edits of published ones, their author, when sent and how many fields changed. Each opens
 * its review (/dashboard/admin/moderation/:id: side by side, approve or reject). Selected rows
 * can be approved at once (bulk form, works without JavaScript). admin and super_admin only (403
 * page otherwise); an API failure shows the error state (503). While open and visible the list
 * reloads at the "properties" interval of spec 02 §9 (useStaffRefresh).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'moderation');
  const query = readTableQuery(MODERATION_TABLE, new URL(request.url).searchParams);
  let items: ModerationReviewDto[] = [];
  let meta: PageMeta = { total: 0, page: query.page, limit: MODERATION_PAGE_SIZE, totalPages: 0 };
  let failed = false;
  try {
    const list = await auth.api.listings.moderationQueue({ page: query.page, limit: MODERATION_PAGE_SIZE });
    items = list.items;
    meta = list.meta;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    else if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
    else failed = true;
  }
  return data(
    { title: t('queue.title'), lang: auth.lang, query, items, meta, failed },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** Bulk approve (intent=approve, ids=<uuid>...): each selected listing approved without a comment; one toast with the counts. */
export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, ADMIN_ROLES, MODERATION_PATH);
  const back = backToTable(MODERATION_PATH, form.get('back'));
  const t = await i18nServer.getFixedT(auth.lang, 'moderation');
  const ids = [...new Set(form.getAll('ids').filter((v): v is string => typeof v === 'string' && UUID.test(v)))].slice(
    0,
    MODERATION_PAGE_SIZE,
  );
  if (intent !== 'approve' || !ids.length) return redirectStaff(auth, back);
  let approved = 0;
  let failed = 0;
  for (const id of ids) {
    try {
      await auth.api.listings.approve(id);
      approved++;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
      failed++;
    }
  }
  const toast = failed
    ? {
        title: t('queue.bulkApproved', { count: approved }),
        description: t('queue.bulkFailed', { count: failed }),
        variant: 'destructive' as const,
      }
    : { title: t('queue.bulkApproved', { count: approved }) };
  return redirectWithToast(request, back, toast, { headers: await auth.headers() });
}

export default function ModerationQueuePage() {
  const { query, items, meta, failed, lang } = useLoaderData<typeof loader>();
  useStaffRefresh('properties');
  const { t } = useTranslation('moderation');
  const titleOf = (item: ModerationReviewDto) => pickText(item.property.title, lang);
  return (
    <section aria-labelledby="moderation-title" className="admin-moderation">
      <h1 id="moderation-title">{t('queue.title')}</h1>
      <p>{t('queue.intro')}</p>
      {failed ? (
        <ErrorState title={t('queue.error')} hint={t('queue.errorHint')} retryHref={tableHref(MODERATION_TABLE, query)} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {t('queue.found', { count: meta.total })}
          </p>
          <DataTable
            label={t('queue.title')}
            rows={items}
            rowKey={(item) => item.property.id}
            rowProps={(item) => ({ 'data-listing': item.property.id, 'data-kind': item.kind })}
            bulk={{ actions: [{ intent: 'approve', label: t('queue.bulkApprove') }], rowLabel: titleOf }}
            columns={[
              {
                id: 'listing',
                header: t('queue.listing'),
                cell: (item) => {
                  const image = item.images[0];
                  return (
                    <div className="moderation-listing">
                      {image ? <img src={image.thumbUrl ?? image.url} alt="" width={64} height={43} loading="lazy" /> : null}
                      <div>
                        <Link to={reviewPath(item.property.id)}>{titleOf(item)}</Link>
                        <br />
                        <small>{item.property.address}</small>
                      </div>
                    </div>
                  );
                },
              },
              {
                id: 'kind',
                header: t('queue.kind'),
                cell: (item) => <span className={`status-badge status-badge--${item.kind}`}>{t(`kinds.${item.kind}`)}</span>,
              },
              {
                id: 'changes',
                header: t('queue.changes'),
                cell: (item) => (item.kind === 'new' ? t('queue.allFields') : t('queue.changed', { count: item.changes.length })),
              },
              {
                id: 'owner',
                header: t('queue.owner'),
                cell: (item) => (item.owner ? `${item.owner.name || item.owner.email}` : '—'),
              },
              { id: 'updated', header: t('queue.updated'), cell: (item) => formatDateTime(item.property.updatedAt, lang) },
              {
                id: 'review',
                header: t('queue.review'),
                headerHidden: true,
                cell: (item) => (
                  <Link
                    to={reviewPath(item.property.id)}
                    className="btn btn-secondary btn-small"
                    aria-label={t('queue.reviewOf', { title: titleOf(item) })}
                  >
                    {t('queue.review')}
                  </Link>
                ),
              },
            ]}
            empty={<EmptyState title={t('queue.empty')} hint={t('queue.emptyHint')} />}
            paging={
              <Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => tableHref(MODERATION_TABLE, query, { page: p })} />
            }
          />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
