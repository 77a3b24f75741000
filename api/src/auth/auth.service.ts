import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AuthSessionDto,
  AuthUserDto,
  ChangePasswordDto,
  Language,
  LoginDto,
  RegisterDto,
  RoleName,
  UpdateProfileDto,
  UserStatus,
} from '@realty/contracts';
import type { DataSource } from 'typeorm';
import { ApiException } from '../common/api.exception';
import type { AuthUser, RequestClient } from '../common/decorators';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from '../common/guards.authenticator';
import { RATE_LIMITS, RateLimiter, tooManyRequests } from '../common/rate-limit';
import { LoginThrottle } from './login-throttle';
import { Passwords } from './passwords';
import { spendOpenResetTokens } from './password-reset.service';
import { SessionsService, type IssuedRefreshToken } from './sessions.service';

/** A users row joined with its role, as the auth queries select it. */
export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  language: Language;
  status: UserStatus;
  role: RoleName;
}

/** The columns of UserRow, for `SELECT ${USER_COLUMNS} FROM users u JOIN roles r ON r.id = u.role_id`. */
export const USER_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.phone, u.language, u.status, r.name AS role`;

/** data.user of spec 01 §7. */
export function toAuthUser(row: UserRow): AuthUserDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    language: row.language,
  };
}

/** True for a PostgreSQL unique violation (23505), optionally of one constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.driverError?.code;
  const name = e?.constraint ?? e?.driverError?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}

/** 409 CONFLICT with fields.email 'Пользователь с таким email уже зарегистрирован'. */
export function emailTaken(): ApiException {
  return new ApiException(HttpStatus.CONFLICT, 'CONFLICT', 'auth.emailTaken', { email: 'auth.emailTaken' });
}

/**
 * Registration, sign-in, token refresh, sign-out and the own profile (spec 01 §5, §7; issue 3).
 * Every answer that signs in is {tokens: {accessToken, refreshToken, expiresIn, refreshExpiresAt},
 * user: {id, email, role, firstName, lastName, phone, language}}.
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: Passwords,
    private readonly sessions: SessionsService,
    private readonly accessTokens: AccessTokens,
    private readonly limiter: RateLimiter,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * Creates an account with role 'user' and signs it in (session of 1 day). 409 CONFLICT with
   * fields.email when the e-mail is taken (case-insensitively), also under a race.
   */
  async register(dto: RegisterDto, client: RequestClient): Promise<AuthSessionDto> {
    const taken: unknown[] = await this.db.query(`SELECT 1 FROM users WHERE lower(email) = $1`, [dto.email]);
    if (taken.length) throw emailTaken();
    const passwordHash = await this.passwords.hash(dto.password);
    return this.db.transaction(async (m) => {
      let rows: UserRow[];
      try {
        rows = await m.query(
          `WITH u AS (
             INSERT INTO users (email, password_hash, first_name, last_name, phone, language, role_id)
             VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM roles WHERE name = 'user'))
             RETURNING *
           ) SELECT ${USER_COLUMNS} FROM u JOIN roles r ON r.id = u.role_id`,
          [dto.email, passwordHash, dto.firstName, dto.lastName, dto.phone ?? null, dto.language ?? client.language],
        );
      } catch (err) {
        if (isUniqueViolation(err, 'uq_users_email_lower')) throw emailTaken();
        throw err;
      }
      const refresh = await this.sessions.start(rows[0].id, false, client, m);
      return this.sessionAnswer(rows[0], refresh);
    });
  }

  /**
   * Signs in. 401 'Неверный email или пароль' for an unknown e-mail and a wrong password alike
   * (an unknown e-mail still costs one argon2 check). 403 'Учётная запись заблокирована' for a
   * blocked account with the right password. 429 RATE_LIMIT with Retry-After, before any
   * argon2 work, from the limits of LoginThrottle (5 failures per (account, IP) in 15 minutes;
   * 20 per IP across accounts; the account's growing lock after 10 failures from anywhere) and
   * when this process's argon2 gate and its queue are full (Retry-After 1 s).
   */
  async login(dto: LoginDto, client: RequestClient): Promise<AuthSessionDto> {
    const attempt = await this.throttle.admit(dto.email, client);
    const rows: Array<UserRow & { password_hash: string | null }> = await this.db.query(
      `SELECT ${USER_COLUMNS}, u.password_hash FROM users u JOIN roles r ON r.id = u.role_id WHERE lower(u.email) = $1`,
      [dto.email],
    );
    const user = rows[0];
    let ok: boolean;
    try {
      ok = await this.passwords.verify(user?.password_hash, dto.password);
    } catch (err) {
      await attempt.notChecked();
      throw err;
    }
    if (!user || !ok) {
      await attempt.failed();
      throw new ApiException(HttpStatus.UNAUTHORIZED, 'UNAUTHORIZED', 'auth.invalidCredentials');
    }
    await attempt.succeeded();
    if (user.status !== 'active') throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN', 'auth.blocked');
    if (user.password_hash && this.passwords.needsRehash(user.password_hash)) await this.rehash(user.id, dto.password);
    const refresh = await this.sessions.start(user.id, dto.rememberMe ?? false, client);
    return this.sessionAnswer(user, refresh);
  }

  /** Rotates the refresh token (see SessionsService.rotate) and answers a new pair with the current user. 401 otherwise. */
  async refresh(refreshToken: string): Promise<AuthSessionDto> {
    const rotated = await this.sessions.rotate(refreshToken);
    const user = await this.userRow(rotated.userId);
    return this.sessionAnswer(user, rotated);
  }

  /** Ends the session of the refresh token (idempotent). */
  async logout(refreshToken: string): Promise<void> {
    await this.sessions.revokeByToken(refreshToken, 'logout');
  }

  /** The signed-in user's profile. */
  async me(user: AuthUser): Promise<AuthUserDto> {
    return toAuthUser(await this.userRow(user.id));
  }

  /** Updates first name, last name, phone (null clears) and language; only the fields sent. */
  async updateProfile(user: AuthUser, dto: UpdateProfileDto): Promise<AuthUserDto> {
    const sets: string[] = [];
    const params: unknown[] = [user.id];
    const put = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (dto.firstName !== undefined) put('first_name', dto.firstName);
    if (dto.lastName !== undefined) put('last_name', dto.lastName);
    if (dto.phone !== undefined) put('phone', dto.phone);
    if (dto.language !== undefined) put('language', dto.language);
    if (sets.length) await this.db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
    return this.me(user);
  }

  /**
   * Changes the password: 400 fields.currentPassword when the current one is wrong, 400
   * fields.newPassword when the new one equals it. Ends every other session of the user (the
   * calling session stays signed in) and spends the user's open reset links. 429 RATE_LIMIT
   * (Retry-After) after 5 wrong current passwords per account in 15 minutes (counted before
   * the check; a success clears them), or when the argon2 gate is full.
   */
  async changePassword(user: AuthUser, dto: ChangePasswordDto, client: RequestClient): Promise<void> {
    const key = `change-password:${user.id}`;
    const { max, windowSeconds } = RATE_LIMITS.changePasswordFailures;
    const hit = await this.limiter.hit(key, windowSeconds * 1000);
    if (hit && hit.count > max) {
      client.retryAfter(hit.ttlMs);
      throw tooManyRequests();
    }
    const rows: Array<{ password_hash: string | null }> = await this.db.query(`SELECT password_hash FROM users WHERE id = $1`, [user.id]);
    if (!(await this.passwords.verify(rows[0]?.password_hash, dto.currentPassword))) {
      throw ApiException.validation({ currentPassword: 'auth.currentPasswordWrong' });
    }
    await this.limiter.reset(key);
    if (dto.newPassword === dto.currentPassword) throw ApiException.validation({ newPassword: 'auth.samePassword' });
    const passwordHash = await this.passwords.hash(dto.newPassword);
    await this.db.transaction(async (m) => {
      await m.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [user.id, passwordHash]);
      await this.sessions.revokeAllOfUser(user.id, 'password_change', { keepSessionId: user.sessionId, manager: m });
      await spendOpenResetTokens(m, user.id);
    });
  }

  /** The user row with its role; 401 when the account no longer exists. */
  private async userRow(id: string): Promise<UserRow> {
    const rows: UserRow[] = await this.db.query(`SELECT ${USER_COLUMNS} FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1`, [
      id,
    ]);
    if (!rows.length) throw new ApiException(HttpStatus.UNAUTHORIZED, 'UNAUTHORIZED');
    return rows[0];
  }

  private async sessionAnswer(user: UserRow, refresh: IssuedRefreshToken): Promise<AuthSessionDto> {
    return {
      tokens: {
        accessToken: await this.accessTokens.sign({ id: user.id, role: user.role }, refresh.sessionId),
        refreshToken: refresh.refreshToken,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
        refreshExpiresAt: refresh.expiresAt.toISOString(),
      },
      user: toAuthUser(user),
    };
  }

  /** Upgrades a hash made with older parameters; a failure only costs the upgrade. */
  private async rehash(userId: string, password: string): Promise<void> {
    try {
      await this.db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, await this.passwords.hash(password)]);
    } catch (err) {
      this.logger.warn(`password re-hash of ${userId} failed: ${(err as Error).message}`);
    }
  }
}
