import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import { ROLES } from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { AuthenticityTokenInput } from '~/components/csrf';
import { Pagination } from '~/components/Pagination';
import { EmptyState, ErrorState } from '~/components/staff/DataTable';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { pageOf, uuidOf } from '~/lib/crm/messaging.server';
import { failureToast } from '~/lib/forms/forms.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { loadList } from '~/lib/reference/reference.server';
import { readStaffPost } from '~/lib/staff/staff-form.server';
import messagingCss from '~/styles/crm/messaging.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: messagingCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/notifications';

function hrefOf(unread: boolean, page: number): string {
  const q = new URLSearchParams();
  if (unread) q.set('unread', '1');
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `${PATH}?${s}` : PATH;
}

/** Only this screen's own paths go back (no open redirect). */
const backOf = (raw: FormDataEntryValue | null) => (typeof raw === 'string' && (raw === PATH || raw.startsWith(`${PATH}?`)) ? raw : PATH);
/** A notification's link is followed only inside the dashboard. */
const safeLink = (link: string | null | undefined) => (link && /^\/dashboard\/[\w\-/]*$/.test(link) ? link : null);

/**
 * /dashboard/notifications (issue 22 "Notifications"; spec 02 §2): the signed-in user's
 * notifications, newest first, unread ones marked; all / unread in the URL, page paging; each can
 * be marked read or opened (marked read, then its page), and all marked read at once. Plain POST
 * forms with the CSRF token (no JavaScript needed). The header's unread count follows on the
 * next navigation (the dashboard layout reads it).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const t = await i18nServer.getFixedT(auth.lang, 'crmMessaging');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const unread = params.get('unread') === '1';
  const page = pageOf(params.get('page'));
  const list = await loadList(request, auth, page, () => auth.api.crmMessaging.notifications.list({ unread, page, limit: 20 }));
  return data(
    { title: dt('meta.title', { page: t('notifications.title') }), lang: auth.lang, unread, page, ...list },
    { status: list.failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, ROLES, PATH);
  const t = await i18nServer.getFixedT(auth.lang, 'crmMessaging');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const back = backOf(form.get('back'));
  const calls = auth.api.crmMessaging.notifications;
  try {
    if (intent === 'read-all') {
      await calls.markAllRead();
      return redirectWithToast(request, back, { title: t('notifications.markedAllRead') }, { headers: await auth.headers() });
    }
    const id = uuidOf(form.get('id'));
    if (id && (intent === 'read' || intent === 'open')) {
      const n = await calls.markRead(id);
      const to = intent === 'open' ? (safeLink(n.link) ?? back) : back;
      return redirectWithToast(request, to, { title: t('notifications.markedRead') }, { headers: await auth.headers() });
    }
    return redirectWithToast(request, back, { title: dt('form.failed'), variant: 'destructive' }, { headers: await auth.headers() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const toast = failureToast(error, {
      title: dt('error'),
      fallback: dt('form.failed'),
      network: dt('form.network'),
      networkTitle: dt('form.networkTitle'),
    });
    return redirectWithToast(request, back, toast, { headers: await auth.headers() });
  }
}

export default function NotificationsPage() {
  const { items, meta, failed, unread, page, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation('crmMessaging');
  const back = hrefOf(unread, page);
  return (
    <section aria-labelledby="notifications-title" className="crm-notifications">
      <div className="reference-head">
        <h1 id="notifications-title">{t('notifications.title')}</h1>
        <Form method="post" className="crm-notifications__all">
          <AuthenticityTokenInput />
          <input type="hidden" name="back" value={back} />
          <button type="submit" name="intent" value="read-all" className="btn btn-secondary">
            {t('notifications.markAllRead')}
          </button>
        </Form>
      </div>
      <nav aria-label={t('notifications.filter')} className="crm-notifications__filter">
        <Link to={hrefOf(false, 1)} aria-current={!unread ? 'page' : undefined} className={!unread ? 'is-active' : undefined}>
          {t('notifications.all')}
        </Link>
        <Link to={hrefOf(true, 1)} aria-current={unread ? 'page' : undefined} className={unread ? 'is-active' : undefined}>
          {t('notifications.unread')}
        </Link>
      </nav>
      {failed ? (
        <ErrorState title={t('notifications.failed')} retryHref={back} />
      ) : items.length === 0 ? (
        <EmptyState title={unread ? t('notifications.emptyUnread') : t('notifications.empty')} />
      ) : (
        <>
          <ul className="crm-notifications__list">
            {items.map((n) => (
              <li key={n.id} className={`crm-notification${n.read ? '' : ' crm-notification--unread'}`} data-type={n.type}>
                <div className="crm-notification__text">
                  {n.read ? null : <span className="crm-notification__new">{t('notifications.isNew')}</span>}
                  <p>{n.text}</p>
                  <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, lang)}</time>
                </div>
                <Form method="post" className="crm-notification__actions">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="back" value={back} />
                  <input type="hidden" name="id" value={n.id} />
                  {safeLink(n.link) ? (
                    <button type="submit" name="intent" value="open" className="btn btn-secondary btn-small">
                      {t('notifications.open')}
                    </button>
                  ) : null}
                  {n.read ? null : (
                    <button
                      type="submit"
                      name="intent"
                      value="read"
                      className="btn btn-secondary btn-small"
                      aria-label={t('notifications.markReadOf', { text: n.text })}
                    >
                      {t('notifications.markRead')}
                    </button>
                  )}
                </Form>
              </li>
            ))}
          </ul>
          <Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => hrefOf(unread, p)} />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
