import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import {
  ADMIN_USERS_PAGE_SIZE,
  ROLES,
  USER_STATUSES,
  UpdateUserRoleDto,
  UpdateUserStatusDto,
  validateInput,
  type AdminUserDto,
  type PageMeta,
  type RoleDto,
} from '@realty/contracts';
import { formatDate } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { AuthenticityTokenInput } from '~/components/csrf';
import { Pagination } from '~/components/Pagination';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { validateCsrf } from '~/lib/auth/csrf.server';
import { readForm } from '~/lib/forms/forms.server';
import { safeRedirectPath } from '~/lib/auth/safe-redirect';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/admin/users';

interface Filters {
  q: string;
  role: string;
  status: string;
  page: number;
}

function readFilters(params: URLSearchParams): Filters {
  const role = params.get('role') ?? '';
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    role: (ROLES as readonly string[]).includes(role) ? role : '',
    status: (USER_STATUSES as readonly string[]).includes(status) ? status : '',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The list URL for `filters` (only non-empty values). */
function listHref(filters: Partial<Filters> & { confirm?: string }): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.role) params.set('role', filters.role);
  if (filters.status) params.set('status', filters.status);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  if (filters.confirm) params.set('confirm', filters.confirm);
  const qs = params.toString();
  return qs ? `${PATH}?${qs}` : PATH;
}

/**
 * /dashboard/admin/users (spec 02 §2, §7 Users): search, role and status filters, paging; change
 * role, block / unblock, delete after a confirmation step (?confirm=<id>, works without
 * JavaScript). admin and super_admin only; the API's refusals (own account, last super_admin,
 * super_admin accounts for an admin) come back as error toasts. While open and visible, the list
 * reloads every 2 minutes (spec 02 §9 "users"; useStaffRefresh).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const filters = readFilters(params);
  let users: AdminUserDto[] = [];
  let meta: PageMeta = { total: 0, page: filters.page, limit: ADMIN_USERS_PAGE_SIZE, totalPages: 0 };
  let roles: RoleDto[] = [];
  try {
    const [list, roleList] = await Promise.all([
      auth.api.admin.users.list({
        q: filters.q,
        role: filters.role,
        status: filters.status,
        page: filters.page,
        limit: ADMIN_USERS_PAGE_SIZE,
      }),
      auth.api.admin.roles(),
    ]);
    users = list.items;
    meta = list.meta;
    roles = roleList;
  } catch (error) {
    await rethrowAuthError(request, auth, error);
  }
  const confirmId = params.get('confirm');
  const confirm = confirmId ? (users.find((u) => u.id === confirmId) ?? null) : null;
  return data(
    { title: t('meta.title', { page: t('users.title') }), lang: auth.lang, me: auth.user, filters, users, meta, roles, confirm },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  // Back to the list as it was (filters, page), and only to the list: checked once normalised.
  const asked = safeRedirectPath(form.get('back'), PATH, new URL(request.url).origin);
  const back = asked.startsWith(PATH) && /^(?:[?#]|$)/.test(asked.slice(PATH.length)) ? asked : PATH;
  await validateCsrf(request, form, back);
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const userId = String(form.get('userId') ?? '');
  const intent = form.get('intent');
  const fail = async (description: string) =>
    redirectWithToast(request, back, { title: t('error'), description, variant: 'destructive' }, { headers: await auth.headers() });
  const done = async (title: string) => redirectWithToast(request, back, { title }, { headers: await auth.headers() });
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return fail(t('loadError'));

  try {
    if (intent === 'role') {
      const checked = await validateInput(UpdateUserRoleDto, { roleId: Number(form.get('roleId')) }, auth.lang);
      if (!checked.ok) return fail(Object.values(checked.errors)[0]);
      await auth.api.admin.users.setRole(userId, checked.value.roleId);
      return done(t('users.roleChanged'));
    }
    if (intent === 'status') {
      const checked = await validateInput(UpdateUserStatusDto, { status: String(form.get('status') ?? '') }, auth.lang);
      if (!checked.ok) return fail(Object.values(checked.errors)[0]);
      const updated = await auth.api.admin.users.setStatus(userId, checked.value.status);
      return done(updated.status === 'blocked' ? t('users.blocked') : t('users.unblocked'));
    }
    if (intent === 'delete') {
      await auth.api.admin.users.remove(userId);
      // The deleted user's confirmation page would be empty: back to the list.
      return done(t('users.deleted'));
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    if (error instanceof ApiError) return fail(error.status >= 500 ? t('loadError') : error.serverMessage || error.message);
    return fail(error instanceof Error ? error.message : t('loadError'));
  }
  return fail(t('loadError'));
}

export default function AdminUsersPage() {
  const { filters, users, meta, roles, me, confirm, lang } = useLoaderData<typeof loader>();
  useStaffRefresh('users');
  const { t } = useTranslation('dashboard');
  const location = useLocation();
  const navigation = useNavigation();
  const busyUser = navigation.state !== 'idle' ? navigation.formData?.get('userId') : null;
  // Actions come back to this list (without the confirmation step).
  const back = listHref(filters);
  const roleName = (name: string) => t(`roles.${name}`, { defaultValue: name });
  const isSuper = me.role === 'super_admin';

  return (
    <section aria-labelledby="users-title" className="admin-users">
      <h1 id="users-title">{t('users.title')}</h1>

      <Form method="get" className="users-filters" aria-label={t('users.filters')}>
        <label className="users-filters__search">
          <span className="sr-only">{t('users.search')}</span>
          <input type="search" name="q" defaultValue={filters.q} placeholder={t('users.search')} maxLength={100} />
        </label>
        <label>
          <span>{t('users.role')}</span>
          <select name="role" defaultValue={filters.role}>
            <option value="">{t('users.allRoles')}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('users.status')}</span>
          <select name="status" defaultValue={filters.status}>
            <option value="">{t('users.allStatuses')}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`users.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary">
          {t('users.apply')}
        </button>
        <Link to={PATH} className="btn btn-secondary">
          {t('users.reset')}
        </Link>
      </Form>

      {confirm ? (
        <div className="confirm-panel" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">
          <h2 id="confirm-title">{t('users.confirmTitle')}</h2>
          <p id="confirm-text">{t('users.confirmText', { email: confirm.email })}</p>
          <Form method="post" action={`${PATH}${location.search}`} className="actions">
            <AuthenticityTokenInput />
            <input type="hidden" name="userId" value={confirm.id} />
            <input type="hidden" name="back" value={back} />
            <button type="submit" name="intent" value="delete" className="btn btn-danger" disabled={busyUser === confirm.id}>
              {t('users.confirmDelete')}
            </button>
            <Link to={back} className="btn btn-secondary">
              {t('users.cancel')}
            </Link>
          </Form>
        </div>
      ) : null}

      <p className="listing-count" aria-live="polite">
        {t('users.found', { count: meta.total })}
      </p>

      {users.length ? (
        <div className="table-wrap">
          <table className="users-table">
            <thead>
              <tr>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.email')}</th>
                <th scope="col">{t('users.role')}</th>
                <th scope="col">{t('users.status')}</th>
                <th scope="col">{t('users.created')}</th>
                <th scope="col">{t('users.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => {
                const self = u.id === me.id;
                const locked = self || (u.role === 'super_admin' && !isSuper);
                const busy = busyUser === u.id;
                return (
                  <tr key={u.id} data-user={u.email} aria-busy={busy || undefined}>
                    <td>
                      {u.firstName} {u.lastName}
                      {self ? <span className="badge badge--muted">{t('users.you')}</span> : null}
                    </td>
                    <td>{u.email}</td>
                    <td>
                      {locked ? (
                        roleName(u.role)
                      ) : (
                        <Form method="post" className="inline-form">
                          <AuthenticityTokenInput />
                          <input type="hidden" name="userId" value={u.id} />
                          <input type="hidden" name="back" value={back} />
                          <label className="sr-only" htmlFor={`role-${u.id}`}>
                            {t('users.newRole', { email: u.email })}
                          </label>
                          <select id={`role-${u.id}`} name="roleId" defaultValue={u.roleId}>
                            {roles
                              .filter((r) => isSuper || r.name !== 'super_admin')
                              .map((r) => (
                                <option key={r.id} value={r.id}>
                                  {roleName(r.name)}
                                </option>
                              ))}
                          </select>
                          <button type="submit" name="intent" value="role" className="btn btn-secondary btn-small" disabled={busy}>
                            {t('users.saveRole')}
                          </button>
                        </Form>
                      )}
                    </td>
                    <td>
                      <span className={`status-badge status-badge--${u.status}`}>{t(`users.statuses.${u.status}`)}</span>
                    </td>
                    <td>{formatDate(u.createdAt, lang)}</td>
                    <td>
                      {locked ? null : (
                        <div className="row-actions">
                          <Form method="post" className="inline-form">
                            <AuthenticityTokenInput />
                            <input type="hidden" name="userId" value={u.id} />
                            <input type="hidden" name="back" value={back} />
                            <input type="hidden" name="status" value={u.status === 'blocked' ? 'active' : 'blocked'} />
                            <button type="submit" name="intent" value="status" className="btn btn-secondary btn-small" disabled={busy}>
                              {u.status === 'blocked' ? t('users.unblock') : t('users.block')}
                            </button>
                          </Form>
                          <Link
                            to={listHref({ ...filters, confirm: u.id })}
                            className="btn btn-danger-outline btn-small"
                            preventScrollReset
                          >
                            {t('users.delete')}
                          </Link>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="state-block">{t('users.empty')}</p>
      )}

      <Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => listHref({ ...filters, page: p })} />
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
