import { Transform } from 'class-transformer';
import { IsIn, IsOptional, ValidateBy, isEmail, type ValidationArguments } from 'class-validator';
import { LANGUAGES, type Language, type RoleName } from './enums';
import type { MessageKey } from './messages';
import { isBlank } from './text';

/**
 * Bodies and answers of the accounts API (spec 01 §3 "User and session", §5 "Registration",
 * "Login schema", "Forgot password", "Password reset", §7 auth calls). Shared by the API's
 * ValidationPipe and the web's form actions, so a form and the API never disagree.
 *
 * Every validator returns ONE message id chosen from the value (so the field message does not
 * depend on decorator order); the API translates it into the request language (spec 01 §8
 * "400 with a fields map"). No framework import here: only class-validator and class-transformer.
 */

/** Password policy of spec 01 §5 ("at least 8 characters with lower case, upper case and a digit"). */
export const PASSWORD_POLICY = {
  minLength: 8,
  /** Upper bound so a hash request can never be made arbitrarily expensive. */
  maxLength: 128,
} as const;

/** Longest e-mail address accepted (RFC 5321 path limit; the users.email column is varchar(254)). */
export const EMAIL_MAX_LENGTH = 254;

/** A letter of the Latin or Cyrillic script (Kazakh letters included). */
const LETTER = '(?:(?=\\p{L})[\\p{Script=Latin}\\p{Script=Cyrillic}])';
/** A person name (spec 01 §5): Cyrillic or Latin words joined by single spaces or hyphens (length checked apart: 2-50). */
export const PERSON_NAME_PATTERN = new RegExp(`^${LETTER}+(?:[ -]${LETTER}+)*$`, 'u');

/** Phone characters of spec 01 §5: digits, an optional leading plus, spaces, hyphens and parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s()-]+$/;

/** Opaque tokens the API hands out (refresh, password reset): 32 random bytes, base64url. */
export const OPAQUE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// ---------------------------------------------------------------------------------------
// Problems: value -> message id or null. Exported so a form can check one field on its own.

/** E-mail (spec 01 §5): required ('Email обязателен для заполнения'), valid format ('Неверный формат email адреса'). */
export function emailProblem(value: unknown): MessageKey | null {
  if (isBlank(value)) return 'auth.emailRequired';
  if (typeof value !== 'string' || value.length > EMAIL_MAX_LENGTH || !isEmail(value)) return 'auth.emailInvalid';
  return null;
}

/** New password (spec 01 §5): 8..128 characters with a lower-case letter, an upper-case letter and a digit. */
export function newPasswordProblem(value: unknown): MessageKey | null {
  if (value === undefined || value === null || value === '') return 'auth.passwordRequired';
  if (typeof value !== 'string') return 'field.invalid';
  if (value.length < PASSWORD_POLICY.minLength) return 'auth.passwordMin';
  if (value.length > PASSWORD_POLICY.maxLength) return 'auth.passwordMax';
  if (!/\p{Ll}/u.test(value) || !/\p{Lu}/u.test(value) || !/\p{Nd}/u.test(value)) return 'auth.passwordClasses';
  return null;
}

/** A password being checked, not set (login, current password): non-empty ('Пароль обязателен для заполнения'). */
export function enteredPasswordProblem(value: unknown): MessageKey | null {
  if (value === undefined || value === null || value === '') return 'auth.passwordRequired';
  if (typeof value !== 'string') return 'field.invalid';
  if (value.length > PASSWORD_POLICY.maxLength) return 'auth.passwordMax';
  return null;
}

/** First or last name (spec 01 §5 "Person name"); `required` is the message when it is missing. */
export function personNameProblem(value: unknown, required: MessageKey): MessageKey | null {
  if (isBlank(value)) return required;
  if (typeof value !== 'string') return 'field.invalid';
  if (value.length < 2 || value.length > 50) return 'person.nameLength';
  if (!PERSON_NAME_PATTERN.test(value)) return 'person.nameChars';
  return null;
}

/**
 * Phone (spec 01 §5): only digits, an optional leading plus, spaces, hyphens and parentheses
 * ('Неверный формат номера телефона'); at least 10 digits ('Номер телефона должен содержать
 * минимум 10 цифр'); at most 15 digits (E.164) and 32 characters.
 */
export function phoneProblem(value: unknown): MessageKey | null {
  if (typeof value !== 'string' || !PHONE_PATTERN.test(value) || value.length > 32) return 'phone.format';
  const digits = value.replace(/\D/g, '').length;
  if (digits < 10) return 'phone.min';
  if (digits > 15) return 'phone.format';
  return null;
}

// ---------------------------------------------------------------------------------------
// Decorators

/** Runs `problem` on the value; the message is the id it returns. */
export function Check(name: string, problem: (value: unknown, args?: ValidationArguments) => MessageKey | null): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => problem(value, args) === null,
      defaultMessage: (args?: ValidationArguments) => problem(args?.value, args) ?? 'field.invalid',
    },
  });
}

/** Strings are trimmed; other values pass through unchanged (then rejected by the validator). */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** E-mail: trimmed and lower-cased (accounts are unique case-insensitively). */
export const NormalizeEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** Optional text: trimmed; '' becomes null ("no value"). */
export const TrimToNull = () => Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value));

/** Enum value: trimmed and lower-cased; '' becomes undefined (the default applies). */
export const LowerEnum = () =>
  Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value));

/** Boolean from JSON true/false or a form's 'true'/'false'/'on'. */
const ToBoolean = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    return v === 'true' || v === 'on' ? true : v === 'false' ? false : value;
  });

/** Equal to the sibling property `other` when given ('Пароли не совпадают', spec 01 §5). */
const MatchesPassword = (other: string) =>
  Check('matchesPassword', (value, args) => {
    if (value === undefined || value === null) return null;
    const o = (args?.object as Record<string, unknown> | undefined)?.[other];
    return value === o ? null : 'auth.passwordsMismatch';
  });

/** ru | en | kk | zh (spec 01 §1 "Only ru, en, kk, zh are accepted as a saved language"). */
const IsLanguage = () => IsIn(LANGUAGES as unknown as string[], { message: 'field.enum' satisfies MessageKey });

// ---------------------------------------------------------------------------------------
// Bodies

/** POST /api/auth/register (spec 01 §3 "Registration payload", §5 "Registration"). */
export class RegisterDto {
  /** Trimmed, lower-cased; unique case-insensitively (409 CONFLICT, fields.email). */
  @NormalizeEmail()
  @Check('email', emailProblem)
  email: string;

  /** 8..128 characters, lower and upper case and a digit. */
  @Check('newPassword', newPasswordProblem)
  password: string;

  /** Optional repeat of the form (spec 01 §3 "Auth form fields"); must equal `password` when sent. */
  @IsOptional()
  @MatchesPassword('password')
  confirmPassword?: string;

  @Trim()
  @Check('firstName', (v) => personNameProblem(v, 'person.firstNameRequired'))
  firstName: string;

  @Trim()
  @Check('lastName', (v) => personNameProblem(v, 'person.lastNameRequired'))
  lastName: string;

  /** Optional (spec 01 §5 "an optional phone"); '' means none. */
  @IsOptional()
  @TrimToNull()
  @Check('phone', phoneProblem)
  phone?: string | null;

  /** Interface language of the account (e-mails are written in it); default ru. */
  @IsOptional()
  @LowerEnum()
  @IsLanguage()
  language?: Language;
}

/** POST /api/auth/login (spec 01 §5 "Login schema", §7). */
export class LoginDto {
  @NormalizeEmail()
  @Check('email', emailProblem)
  email: string;

  @Check('enteredPassword', enteredPasswordProblem)
  password: string;

  /** true: the refresh token lives 30 days; otherwise 1 day (spec 02 §3 session storage). */
  @IsOptional()
  @ToBoolean()
  @Check('rememberMe', (v) => (typeof v === 'boolean' ? null : 'field.boolean'))
  rememberMe?: boolean;
}

/** POST /api/auth/refresh and /api/auth/logout: the opaque refresh token of data.tokens. */
export class RefreshTokenDto {
  @Check('refreshToken', (v) =>
    isBlank(v) ? 'auth.refreshTokenRequired' : typeof v === 'string' && v.length <= 256 ? null : 'field.invalid',
  )
  refreshToken: string;
}

/** POST /api/auth/forgot-password (spec 01 §5 "Forgot password"). */
export class ForgotPasswordDto {
  @NormalizeEmail()
  @Check('email', emailProblem)
  email: string;
}

/** POST /api/auth/reset-password (spec 01 §5 "Password reset"). */
export class ResetPasswordDto {
  /** The token of the e-mailed link; missing: 'Токен восстановления пароля не найден'. */
  @Trim()
  @Check('resetToken', (v) =>
    isBlank(v) ? 'auth.resetTokenMissing' : typeof v === 'string' && OPAQUE_TOKEN_PATTERN.test(v) ? null : 'auth.resetTokenInvalid',
  )
  token: string;

  @Check('newPassword', newPasswordProblem)
  password: string;

  @IsOptional()
  @MatchesPassword('password')
  confirmPassword?: string;
}

/** PATCH /api/auth/me: any subset; phone '' or null clears it. */
export class UpdateProfileDto {
  @IsOptional()
  @Trim()
  @Check('firstName', (v) => personNameProblem(v, 'person.firstNameRequired'))
  firstName?: string;

  @IsOptional()
  @Trim()
  @Check('lastName', (v) => personNameProblem(v, 'person.lastNameRequired'))
  lastName?: string;

  @IsOptional()
  @TrimToNull()
  @Check('phone', phoneProblem)
  phone?: string | null;

  @IsOptional()
  @LowerEnum()
  @IsLanguage()
  language?: Language;
}

/** POST /api/auth/change-password. */
export class ChangePasswordDto {
  @Check('enteredPassword', enteredPasswordProblem)
  currentPassword: string;

  @Check('newPassword', newPasswordProblem)
  newPassword: string;

  @IsOptional()
  @MatchesPassword('newPassword')
  confirmPassword?: string;
}

// ---------------------------------------------------------------------------------------
// Answers

/** data.user of the auth answers (spec 01 §3 "User: id, email, role, firstName", plus the profile). */
export interface AuthUserDto {
  id: string;
  email: string;
  role: RoleName;
  firstName: string;
  lastName: string;
  phone: string | null;
  language: Language;
}

/** data.tokens (spec 01 §7). */
export interface AuthTokensDto {
  /** JWT (HS256) for `Authorization: Bearer`; lives `expiresIn` seconds (15 minutes). */
  accessToken: string;
  /** Opaque, single use: POST /api/auth/refresh swaps it for a new pair. */
  refreshToken: string;
  /** Seconds the access token is valid for. */
  expiresIn: number;
  /** When the refresh token expires (ISO 8601): 30 days with rememberMe, else 1 day. */
  refreshExpiresAt: string;
}

/** Answer of register, login and refresh: {tokens, user}. */
export interface AuthSessionDto {
  tokens: AuthTokensDto;
  user: AuthUserDto;
}

/** Answer of forgot-password and reset-password: a text to show (spec 01 §8). */
export interface AuthNoticeDto {
  message: string;
}
