import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RoleName } from '@realty/contracts';
import type { SessionRevokeReason } from '@realty/db';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiException } from '../common/api.exception';
import { Clock } from '../common/clock';
import { newOpaqueToken, sha256Hex } from './passwords';

/** Refresh-token lifetime, seconds: 30 days with rememberMe, else 1 day (issue 3). */
export const REFRESH_TTL_SECONDS = { rememberMe: 30 * 24 * 3600, session: 24 * 3600 } as const;

/**
 * SESSION_MAX_AGE_DAYS (default 90): how long a session lives from its sign-in, however often
 * its refresh token rotates (issue 19 item 7); then the user signs in again. In seconds; throws
 * on a value that is not a positive number.
 */
export function sessionMaxAgeSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SESSION_MAX_AGE_DAYS;
  if (raw === undefined || raw.trim() === '') return 90 * 24 * 3600;
  const days = Number(raw);
  if (!Number.isFinite(days) || days <= 0) throw new Error(`SESSION_MAX_AGE_DAYS must be a positive number of days, got "${raw}"`);
  return Math.round(days * 24 * 3600);
}

/** Where a sign-in comes from (kept on the session). */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

/** A refresh token just handed out. */
export interface IssuedRefreshToken {
  sessionId: string;
  refreshToken: string;
  expiresAt: Date;
}

/** The account behind a rotated refresh token. */
export interface RotatedSession extends IssuedRefreshToken {
  userId: string;
  role: RoleName;
}

/** 401 'Сессия истекла. Войдите снова' for every refresh-token failure (no detail to an attacker). */
export function sessionExpired(): ApiException {
  return new ApiException(HttpStatus.UNAUTHORIZED, 'UNAUTHORIZED', 'auth.sessionExpired');
}

/**
 * Sign-in sessions and their rotating refresh tokens (DESIGN "Auth and sessions"). A session
 * is one refresh-token family. Tokens are opaque (32 random bytes), stored as SHA-256, single
 * use: a refresh marks the token used and issues the next one; presenting a used token again
 * is reuse (a stolen copy) and revokes the whole family. A session ends SESSION_MAX_AGE_DAYS
 * after its sign-in whatever its rotations: no refresh token expires later than that.
 * Times compared with "now" come from the injected Clock.
 */
@Injectable()
export class SessionsService {
  /** Absolute session lifetime, seconds (SESSION_MAX_AGE_DAYS). */
  readonly maxAgeSeconds = sessionMaxAgeSeconds();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Opens a session for the user and issues its first refresh token. */
  async start(
    userId: string,
    rememberMe: boolean,
    client: SessionClient,
    manager: EntityManager = this.db.manager,
  ): Promise<IssuedRefreshToken> {
    const now = this.clock.date();
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO auth_sessions (user_id, remember_me, user_agent, ip, created_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
      [userId, rememberMe, client.userAgent, client.ip, now],
    );
    return this.issue(manager, rows[0].id, rememberMe, now, now);
  }

  /**
   * Swaps a refresh token for the next one (rotation); the new one expires after the refresh
   * TTL or at the session's absolute end, whichever comes first. 401 when the token is unknown,
   * expired, already used (then the whole session is revoked: reuse detection), its session
   * was revoked or is older than SESSION_MAX_AGE_DAYS, or the account is blocked. Two
   * concurrent refreshes with one token: the second one is reuse.
   */
  async rotate(refreshToken: string): Promise<RotatedSession> {
    const tokenHash = sha256Hex(refreshToken);
    const now = this.clock.date();
    const outcome = await this.db.transaction(async (m) => {
      // TypeORM answers UPDATE/DELETE with [rows, affected count].
      const [claimed]: [Array<{ session_id: string; user_id: string; remember_me: boolean; role: RoleName; created_at: Date }>, number] =
        await m.query(
          `UPDATE refresh_tokens t SET used_at = $2
           FROM auth_sessions s, users u, roles r
          WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2
            AND s.id = t.session_id AND s.revoked_at IS NULL AND s.created_at > $2::timestamptz - make_interval(secs => $3)
            AND u.id = s.user_id AND u.status = 'active' AND r.id = u.role_id
          RETURNING t.session_id, s.user_id, s.remember_me, r.name AS role, s.created_at`,
          [tokenHash, now, this.maxAgeSeconds],
        );
      if (!claimed.length) return null;
      const { session_id, user_id, remember_me, role, created_at } = claimed[0];
      await m.query(`UPDATE auth_sessions SET last_used_at = $2 WHERE id = $1`, [session_id, now]);
      const issued = await this.issue(m, session_id, remember_me, new Date(created_at), now);
      return { ...issued, userId: user_id, role };
    });
    if (outcome) return outcome;
    // Not claimable: a used token of a live session is a replay -> end the family.
    await this.db.query(
      `UPDATE auth_sessions s SET revoked_at = now(), revoked_reason = 'reuse'
         FROM refresh_tokens t
        WHERE t.token_hash = $1 AND t.used_at IS NOT NULL AND s.id = t.session_id AND s.revoked_at IS NULL`,
      [tokenHash],
    );
    throw sessionExpired();
  }

  /** Ends the session of a refresh token (used or not). Unknown tokens are ignored (logout is idempotent). */
  async revokeByToken(refreshToken: string, reason: SessionRevokeReason): Promise<void> {
    await this.db.query(
      `UPDATE auth_sessions s SET revoked_at = now(), revoked_reason = $2
         FROM refresh_tokens t
        WHERE t.token_hash = $1 AND s.id = t.session_id AND s.revoked_at IS NULL`,
      [sha256Hex(refreshToken), reason],
    );
  }

  /** Ends every open session of the user except `keepSessionId`; returns how many were ended. */
  async revokeAllOfUser(
    userId: string,
    reason: SessionRevokeReason,
    options: { keepSessionId?: string; manager?: EntityManager } = {},
  ): Promise<number> {
    const [, count] = await (options.manager ?? this.db.manager).query(
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2
        WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
      [userId, reason, options.keepSessionId ?? null],
    );
    return Number(count ?? 0);
  }

  /** A new refresh token of the session, valid the refresh TTL but never past the session's absolute end. */
  private async issue(
    manager: EntityManager,
    sessionId: string,
    rememberMe: boolean,
    sessionStart: Date,
    now: Date,
  ): Promise<IssuedRefreshToken> {
    const refreshToken = newOpaqueToken();
    const ttlMs = (rememberMe ? REFRESH_TTL_SECONDS.rememberMe : REFRESH_TTL_SECONDS.session) * 1000;
    const expiresAt = new Date(Math.min(now.getTime() + ttlMs, sessionStart.getTime() + this.maxAgeSeconds * 1000));
    await manager.query(`INSERT INTO refresh_tokens (session_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)`, [
      sessionId,
      sha256Hex(refreshToken),
      expiresAt,
      now,
    ]);
    return { sessionId, refreshToken, expiresAt };
  }
}
