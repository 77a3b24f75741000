import { Transform } from 'class-transformer';
import { IsIn, IsOptional, MaxLength } from 'class-validator';
import {
  Check,
  LowerEnum,
  NormalizeEmail,
  Trim,
  TrimToNull,
  emailProblem,
  newPasswordProblem,
  personNameProblem,
  phoneProblem,
} from './auth.dto';
import { LANGUAGES, ROLES, USER_STATUSES, type Language, type RoleName, type UserStatus } from './enums';
import type { MessageKey } from './messages';
import { PROPERTY_QUERY_LIMITS } from './properties.filters';

/**
 * User administration (spec 02 §7 "Users": GET, POST /admin/users; PATCH /admin/users/{id}/role
 * {roleId}; PATCH /admin/users/{id}/status {status}; DELETE /admin/users/{id}). Field rules
 * are those of registration (spec 01 §5).
 */

const msg = (key: MessageKey) => ({ message: key });

/** A whole number from 1 to `max` given as digits ('' means the default); one message per value. */
export const PageNumber = (max: number, range: MessageKey) => (target: object, key: string | symbol) => {
  Transform(({ value }) =>
    typeof value === 'string' ? (value.trim() === '' ? undefined : /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value) : value,
  )(target, key);
  Check('pageNumber', (v) => (typeof v !== 'number' || !Number.isInteger(v) ? 'field.integer' : v < 1 || v > max ? range : null))(
    target,
    key,
  );
};

/** Page and size of a list (1..10000, 1..100, default 1 and 20) plus `lang` for error texts. */
export class PageQuery {
  @IsOptional()
  @PageNumber(PROPERTY_QUERY_LIMITS.pageMax, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(PROPERTY_QUERY_LIMITS.limitMax, 'field.limit')
  limit?: number;

  /** ru | en | kk | zh: language of the error texts. */
  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** Default page size of the staff lists. */
export const ADMIN_USERS_PAGE_SIZE = 20;

/** GET /api/admin/users: search and filters, newest first. */
export class AdminUsersQuery extends PageQuery {
  /** Case-insensitive substring of the e-mail, first name, last name or "first last"; at most 100 characters. */
  @IsOptional()
  @Trim()
  @MaxLength(100, msg('field.tooLong'))
  q?: string;

  @IsOptional()
  @LowerEnum()
  @IsIn(ROLES as unknown as string[], msg('field.enum'))
  role?: RoleName;

  @IsOptional()
  @LowerEnum()
  @IsIn(USER_STATUSES as unknown as string[], msg('field.enum'))
  status?: UserStatus;
}

/** A role id: a positive whole number (GET /api/admin/roles lists them). */
const RoleId = () =>
  Check('roleId', (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647 ? null : 'field.integer'));

/** POST /api/admin/users: a staff member or user created by an administrator. */
export class CreateUserDto {
  @NormalizeEmail()
  @Check('email', emailProblem)
  email: string;

  @Check('newPassword', newPasswordProblem)
  password: string;

  @Trim()
  @Check('firstName', (v) => personNameProblem(v, 'person.firstNameRequired'))
  firstName: string;

  @Trim()
  @Check('lastName', (v) => personNameProblem(v, 'person.lastNameRequired'))
  lastName: string;

  @IsOptional()
  @TrimToNull()
  @Check('phone', phoneProblem)
  phone?: string | null;

  /** Only a super_admin may create a super_admin (403 otherwise); unknown id: 400 fields.roleId. */
  @RoleId()
  roleId: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  language?: Language;
}

/** PATCH /api/admin/users/:id/role. */
export class UpdateUserRoleDto {
  @RoleId()
  roleId: number;
}

/** PATCH /api/admin/users/:id/status: blocked users cannot sign in and lose their sessions. */
export class UpdateUserStatusDto {
  @LowerEnum()
  @IsIn(USER_STATUSES as unknown as string[], msg('field.enum'))
  status: UserStatus;
}

/** A user as the administration sees it (spec 02 §3 "User: id, email, role, firstName, roleId, status"). */
export interface AdminUserDto {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  language: Language;
  role: RoleName;
  roleId: number;
  status: UserStatus;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/roles. */
export interface RoleDto {
  id: number;
  name: RoleName;
  /** Russian title, e.g. 'Администратор'. */
  title: string;
}

// ---------------------------------------------------------------------------------------
// The signed-in user's favourites (spec 01 §3 "Favourites", §7 POST/DELETE /properties/{id}/favorites, GET /user/favorites).

/** Answer of POST and DELETE /api/properties/{id}/favorites: the state after the call. */
export interface FavoriteStateDto {
  propertyId: string;
  /** true after POST, false after DELETE (both idempotent). */
  favorited: boolean;
  /** The listing's favourites count after the call (exact: one per user). */
  favoritesCount: number;
}

/** GET /api/user/favorites: page and size (default 50, as the catalogue). */
export class FavoritesQuery extends PageQuery {}

/** Default page size of GET /api/user/favorites. */
export const FAVORITES_PAGE_SIZE = 50;
