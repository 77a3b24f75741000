import type {
  AdminUserDto,
  AuditLogDto,
  AuthNoticeDto,
  AuthSessionDto,
  AuthUserDto,
  CaughtMailDto,
  CaughtMailSummaryDto,
  ChangePasswordDto,
  CreatePropertyLeadDto,
  CreateLeadBody,
  FavoriteStateDto,
  PropertyLeadCreatedDto,
  LeadCreatedDto,
  LoginDto,
  PageMeta,
  PropertyListItem,
  RegisterDto,
  ResetPasswordDto,
  RoleDto,
  UpdateProfileDto,
  UserLeadDto,
  UserStatus,
} from '@realty/contracts';
import { segment } from './public-reads';
import type { AdminUsersListQuery, AuditLogsExportQuery, AuditLogsListQuery, PageQuery } from './queries';
import type { CallOptions, Paged, Transport } from './transport';

/**
 * The calls of accounts, favourites, leads and the administration (spec 01 §6-§7, spec 02 §7).
 * Writes carry the CSRF header when the client has a CSRF store (spec 02 §7). Errors, as for
 * every call: ApiValidationError (400 with fields), ApiError (401 not signed in, 403 wrong role
 * or CSRF, 404, 409, 429...), ApiNetworkError (spec 01 §8).
 */

type Opts = CallOptions;

const list = <T>(data: T[] | null | undefined): T[] => (Array.isArray(data) ? data : []);

/** A page of `items` with the answer's paging, or one synthesised from the items. */
function paged<T>(data: T[] | null, meta: PageMeta | undefined, page: number, limit: number): Paged<T> {
  const items = list(data);
  return { items, meta: meta ?? { total: items.length, page, limit, totalPages: items.length ? 1 : 0 } };
}

/** POST/GET/PATCH /auth/... (spec 01 §7 auth calls, spec 02 §3 sessions). */
export function authCalls({ getData, write }: Transport) {
  return {
    /** POST /auth/login {email, password, rememberMe?} -> {tokens, user}; 401 wrong e-mail or password, 403 blocked. */
    login: (body: LoginDto, opts?: Opts) => write<AuthSessionDto>('POST', '/auth/login', body, opts),
    /** POST /auth/register {email, password, firstName, lastName, phone?, language?} -> 201 {tokens, user}; 409 e-mail taken. */
    register: (body: RegisterDto, opts?: Opts) => write<AuthSessionDto>('POST', '/auth/register', body, opts),
    /** POST /auth/refresh {refreshToken} -> a new {tokens, user} (the old refresh token is spent); 401 expired, revoked or reused. */
    refresh: (refreshToken: string, opts?: Opts) => write<AuthSessionDto>('POST', '/auth/refresh', { refreshToken }, opts),
    /** POST /auth/logout {refreshToken} -> 204 (null): ends the token's session. Idempotent. */
    logout: (refreshToken: string, opts?: Opts) => write<null>('POST', '/auth/logout', { refreshToken }, opts),
    /** POST /auth/forgot-password {email} -> a generic notice whether or not the account exists (spec 01 §7). */
    forgotPassword: (email: string, opts?: Opts) => write<AuthNoticeDto>('POST', '/auth/forgot-password', { email }, opts),
    /** POST /auth/reset-password {token, password} -> a notice; 400 for an unknown or used token. */
    resetPassword: (body: Pick<ResetPasswordDto, 'token' | 'password'>, opts?: Opts) =>
      write<AuthNoticeDto>('POST', '/auth/reset-password', body, opts),
    /** GET /auth/me -> the signed-in user's profile; 401 without a valid token. */
    me: (opts?: Opts) => getData<AuthUserDto>('/auth/me', undefined, opts),
    /** PATCH /auth/me {firstName?, lastName?, phone? (null clears), language?} -> the updated profile. */
    updateMe: (body: Partial<UpdateProfileDto>, opts?: Opts) => write<AuthUserDto>('PATCH', '/auth/me', body, opts),
    /** POST /auth/change-password {currentPassword, newPassword} -> 204 (null); 400 when the current password is wrong. */
    changePassword: (body: Pick<ChangePasswordDto, 'currentPassword' | 'newPassword'>, opts?: Opts) =>
      write<null>('POST', '/auth/change-password', body, opts),
  };
}

/** The signed-in user's favourites (spec 01 §3 "Favourites", §7 POST/DELETE /properties/{id}/favorites, GET /user/favorites). */
export function favoriteCalls({ request, getData, write }: Transport, langQuery: { lang?: string }) {
  const path = (idOrSlug: string) => `/properties/${segment(idOrSlug)}/favorites`;
  return {
    /** GET /user/favorites/ids -> ids of the user's public favourite listings (the hearts on cards). */
    ids: async (opts?: Opts) => list(await getData<string[] | null>('/user/favorites/ids', undefined, opts)),
    /** GET /user/favorites?page&limit -> one page of the user's favourites as cards, newest first. */
    async list(query: PageQuery = {}, opts?: Opts): Promise<Paged<PropertyListItem>> {
      const result = await request<PropertyListItem[] | null>('GET', '/user/favorites', { ...opts, query: { ...query, ...langQuery } });
      return paged(result.data, result.meta, query.page ?? 1, query.limit ?? 50);
    },
    /** POST /properties/{id or slug}/favorites -> the state after the call (idempotent); 404 unknown listing. */
    add: (idOrSlug: string, opts?: Opts) => write<FavoriteStateDto>('POST', path(idOrSlug), undefined, opts),
    /** DELETE /properties/{id or slug}/favorites -> the state after the call (idempotent). */
    remove: (idOrSlug: string, opts?: Opts) => write<FavoriteStateDto>('DELETE', path(idOrSlug), undefined, opts),
  };
}

/** Leads: the site's forms and the signed-in user's own list (spec 01 §7 "Create lead", "POST /inquiries"; spec 02 §2). */
export function leadCalls({ getData, write }: Transport) {
  return {
    /** POST /leads (home contact form, contact page, quiz) -> 201 {id, status} (200 with duplicate:true when reused); 400 with fields. */
    create: (body: CreateLeadBody, opts?: Opts) => write<LeadCreatedDto>('POST', '/leads', body, opts),
    /** POST /inquiries (a property page's form) {propertyId, name, phone, email, message} -> {id, leadId}; 404 unknown listing. */
    createForProperty: (body: Omit<CreatePropertyLeadDto, 'email' | 'message'> & { email?: string; message?: string }, opts?: Opts) =>
      write<PropertyLeadCreatedDto>('POST', '/inquiries', body, opts),
    /** GET /user/inquiries -> the signed-in user's own leads, newest first (at most 100). */
    mine: async (opts?: Opts) => list(await getData<UserLeadDto[] | null>('/user/inquiries', undefined, opts)),
  };
}

/** The administration (spec 02 §7 "Users"; admin and super_admin, else 403). */
export function adminCalls({ request, getData, write, open }: Transport) {
  const userPath = (userId: string) => `/admin/users/${segment(userId)}`;
  return {
    users: {
      /** GET /admin/users?q&role&status&page&limit -> one page of users, newest first. */
      async list(query: AdminUsersListQuery = {}, opts?: Opts): Promise<Paged<AdminUserDto>> {
        const result = await request<AdminUserDto[] | null>('GET', '/admin/users', { ...opts, query: { ...query } });
        return paged(result.data, result.meta, query.page ?? 1, query.limit ?? 50);
      },
      /** PATCH /admin/users/{id}/role {roleId} -> the user; 403 / 409 for own account, last super_admin, super_admin accounts of an admin. */
      setRole: (userId: string, roleId: number, opts?: Opts) => write<AdminUserDto>('PATCH', `${userPath(userId)}/role`, { roleId }, opts),
      /** PATCH /admin/users/{id}/status {status: active | blocked} -> the user (blocking ends their sessions). */
      setStatus: (userId: string, status: UserStatus, opts?: Opts) =>
        write<AdminUserDto>('PATCH', `${userPath(userId)}/status`, { status }, opts),
      /** DELETE /admin/users/{id} -> 204 (null); 404 unknown; 409 'users.inUse' while records refer to the user. */
      remove: (userId: string, opts?: Opts) => write<null>('DELETE', userPath(userId), undefined, opts),
    },
    /** GET /admin/roles -> {id, name, title} of every role (the ids setRole takes). */
    roles: async (opts?: Opts) => list(await getData<RoleDto[] | null>('/admin/roles', undefined, opts)),
    auditLogs: {
      /** GET /admin/audit-logs?actor&entity&action&from&to&page&limit -> one page of audit rows, newest first (50 per page by default). */
      async list(query: AuditLogsListQuery = {}, opts?: Opts): Promise<Paged<AuditLogDto>> {
        const result = await request<AuditLogDto[] | null>('GET', '/admin/audit-logs', { ...opts, query: { ...query } });
        return paged(result.data, result.meta, query.page ?? 1, query.limit ?? 50);
      },
      /** GET /audit-logs/{id} -> one audit row with its before/after; ApiError 404 for an unknown id. */
      get: (logId: string, opts?: Opts) => getData<AuditLogDto>(`/audit-logs/${segment(logId)}`, undefined, opts),
      /**
       * GET /admin/audit-logs/export?format&<filters> -> the raw Response of the file (body not
       * read: stream `response.body`; Content-Type and Content-Disposition
       * `attachment; filename="audit-logs-YYYY-MM-DD.<ext>"` in its headers). The timeout covers
       * the headers only. ApiValidationError (400 fields.format, fields.to...), ApiError 401/403.
       */
      export: (query: AuditLogsExportQuery, opts?: Opts) => open('/admin/audit-logs/export', { ...query }, opts),
    },
    mail: {
      /** GET /admin/mail: the local mail sink's mails, newest first; ApiError 404 MAIL_SINK_OFF when it is not configured. */
      list: async (opts?: Opts) => list(await getData<CaughtMailSummaryDto[] | null>('/admin/mail', undefined, opts)),
      /** GET /admin/mail/{id}: one mail with its text and HTML bodies; ApiError 404 NOT_FOUND (or MAIL_SINK_OFF). */
      get: (mailId: string, opts?: Opts) => getData<CaughtMailDto>(`/admin/mail/${segment(mailId)}`, undefined, opts),
    },
  };
}
