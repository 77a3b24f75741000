import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import type { DeletedPropertyDto, PageMeta, StaffPersonDto } from '@realty/contracts';
import { formatDateTime, pickText } from '@realty/i18n';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState } from '~/components/staff/DataTable';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { failureToast } from '~/lib/forms/forms.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { DELETED_PATH, DELETED_TABLE, MODERATION_PAGE_SIZE } from '~/lib/moderation/moderation-paths';
import { readStaffPost } from '~/lib/staff/staff-form.server';
import { backToTable, readTableQuery, tableHref } from '~/lib/staff/table-query';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /dashboard/admin/deleted-properties (issue 21; spec 02 §2 "Deleted properties: list, restore",
 * §7 GET /properties/deleted with page, limit; POST /properties/{id}/restore): deleted listings,
 * newest deletion first, 20 a page: when, the owner, who deleted it (from the audit log) and the
 * status it returns to. Restore asks to confirm first (?confirm=<id>, a plain POST form: works
 * without JavaScript) and comes back to the list with a toast. admin and super_admin only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'moderation');
  const params = new URL(request.url).searchParams;
  const query = readTableQuery(DELETED_TABLE, params);
  let items: DeletedPropertyDto[] = [];
  let meta: PageMeta = { total: 0, page: query.page, limit: MODERATION_PAGE_SIZE, totalPages: 0 };
  let failed = false;
  try {
    const list = await auth.api.listings.deleted({ page: query.page, limit: MODERATION_PAGE_SIZE });
    items = list.items;
    meta = list.meta;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    else if (error instanceof ApiError && error.status === 403)
      throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
    else failed = true;
  }
  const confirmId = params.get('confirm');
  const confirm = confirmId ? (items.find((p) => p.id === confirmId) ?? null) : null;
  return data(
    { title: t('deleted.title'), lang: auth.lang, query, items, meta, failed, confirm },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** intent=restore, id: the listing back in its previous status; back to the list with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, ADMIN_ROLES, DELETED_PATH);
  const back = backToTable(DELETED_PATH, form.get('back'));
  const t = await i18nServer.getFixedT(auth.lang, 'moderation');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const id = String(form.get('id') ?? '');
  const headers = { headers: await auth.headers() };
  if (intent !== 'restore' || !UUID.test(id))
    return redirectWithToast(request, back, { title: td('error'), description: td('loadError'), variant: 'destructive' }, headers);
  try {
    await auth.api.listings.restore(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const toast = failureToast(error, { title: td('error'), fallback: td('loadError'), network: td('loadError') });
    return redirectWithToast(request, back, toast, headers);
  }
  return redirectWithToast(request, back, { title: t('deleted.restored') }, headers);
}

export default function DeletedPropertiesPage() {
  const { query, items, meta, failed, confirm, lang } = useLoaderData<typeof loader>();
  useStaffRefresh('properties');
  const { t } = useTranslation('moderation');
  const titleOf = (p: DeletedPropertyDto) => pickText(p.title, lang);
  const person = (x: StaffPersonDto | null) => (x ? x.name || x.email : t('deleted.unknown'));
  const listHref = tableHref(DELETED_TABLE, query);
  return (
    <section aria-labelledby="deleted-title" className="admin-deleted">
      <h1 id="deleted-title">{t('deleted.title')}</h1>
      <p>{t('deleted.intro')}</p>
      {confirm ? (
        <ConfirmPanel
          title={t('deleted.confirmTitle')}
          text={t('deleted.confirmText', { title: titleOf(confirm), status: t(`statuses.${confirm.status}`) })}
          confirmLabel={t('deleted.confirm')}
          cancelHref={listHref}
          intent="restore"
          hidden={{ id: confirm.id }}
          destructive={false}
        />
      ) : null}
      {failed ? (
        <ErrorState title={t('deleted.error')} hint={t('deleted.errorHint')} retryHref={listHref} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {t('deleted.found', { count: meta.total })}
          </p>
          <DataTable
            label={t('deleted.title')}
            rows={items}
            rowKey={(p) => p.id}
            rowProps={(p) => ({ 'data-listing': p.id })}
            columns={[
              {
                id: 'listing',
                header: t('deleted.listing'),
                cell: (p) => (
                  <>
                    {titleOf(p)}
                    <br />
                    <small>{p.address}</small>
                  </>
                ),
              },
              { id: 'owner', header: t('deleted.owner'), cell: (p) => person(p.owner) },
              { id: 'deletedAt', header: t('deleted.deletedAt'), cell: (p) => (p.deletedAt ? formatDateTime(p.deletedAt, lang) : '—') },
              { id: 'deletedBy', header: t('deleted.deletedBy'), cell: (p) => person(p.deletedBy) },
              { id: 'status', header: t('deleted.status'), cell: (p) => t(`statuses.${p.status}`) },
              {
                id: 'actions',
                header: t('deleted.actions'),
                headerHidden: true,
                cell: (p) => (
                  <Link
                    to={tableHref(DELETED_TABLE, query, { extra: { confirm: p.id } })}
                    className="btn btn-secondary btn-small"
                    aria-label={t('deleted.restoreOf', { title: titleOf(p) })}
                    preventScrollReset
                  >
                    {t('deleted.restore')}
                  </Link>
                ),
              },
            ]}
            empty={<EmptyState title={t('deleted.empty')} hint={t('deleted.emptyHint')} />}
            paging={
              <Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => tableHref(DELETED_TABLE, query, { page: p })} />
            }
          />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
