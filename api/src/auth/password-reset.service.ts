import { HttpStatus, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LANGUAGES, type Language } from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiException } from '../common/api.exception';
import type { RequestClient } from '../common/decorators';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limit';
import { EmailQueue } from './email-queue';
import { LoginThrottle } from './login-throttle';
import { Passwords, newOpaqueToken, sha256Hex } from './passwords';
import { SessionsService } from './sessions.service';

/** A reset link works this long (minutes). */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** The web page that reads the token: PUBLIC_WEB_URL (default http://localhost:3000) + /auth/reset-password?token=. */
export function resetLink(token: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = (env.PUBLIC_WEB_URL || 'http://localhost:3000').replace(/\/+$/, '');
  return `${base}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

/** Marks every open reset link of the user used (a new link, a reset or a password change makes them void). */
export async function spendOpenResetTokens(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
}

/** 400 with fields.token: the link is invalid, expired or already used. */
function invalidResetToken(): ApiException {
  return new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_ERROR', 'VALIDATION_ERROR', { token: 'auth.resetTokenInvalid' });
}

/**
 * Forgotten password (spec 01 §5 "Forgot password", "Password reset"; §8 texts). The request
 * always gets the same answer, whether or not the account exists; the token is made and the
 * e-mail enqueued after the answer, so the timing does not tell either.
 */
@Injectable()
export class PasswordResetService implements OnApplicationShutdown {
  private readonly logger = new Logger('PasswordReset');
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: Passwords,
    private readonly sessions: SessionsService,
    private readonly emails: EmailQueue,
    private readonly limiter: RateLimiter,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * When an active account has this e-mail: creates a single-use token (stored as SHA-256,
   * valid 60 minutes; the account's earlier open tokens are spent) and enqueues JobName.SendEmail with the link, in the account's language.
   * At most 3 e-mails per account per hour (further requests send nothing). Failures (Redis
   * down, ...) are logged; the caller always answers 200.
   */
  async requestReset(email: string, client: RequestClient): Promise<void> {
    const rows: Array<{ id: string; email: string; first_name: string; language: string }> = await this.db.query(
      `SELECT id, email, first_name, language FROM users WHERE lower(email) = $1 AND status = 'active'`,
      [email],
    );
    if (!rows.length) return;
    const user = rows[0];
    const language = (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : client.language;
    const work = this.sendLink({ id: user.id, email: user.email, firstName: user.first_name, language }, client.ip)
      .catch((err: Error) => this.logger.error(`reset e-mail for user ${user.id} not sent: ${err.message}`))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /**
   * Sets a new password with a token from the e-mail. 400 fields.token when the token is
   * unknown, expired or used. On success: the token and every other open token of the user
   * are spent, every session of the user is ended, and the account's sign-in backoff and this
   * IP's failed-login counter for it are cleared (the owner is let in again at once).
   */
  async reset(token: string, password: string, client: RequestClient): Promise<void> {
    const tokenHash = sha256Hex(token);
    // Check before hashing, so invalid tokens cost no argon2 work.
    const open: unknown[] = await this.db.query(
      `SELECT 1 FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    if (!open.length) throw invalidResetToken();
    const passwordHash = await this.passwords.hash(password);
    const email = await this.db.transaction(async (m) => {
      const [claimed]: [Array<{ user_id: string }>, number] = await m.query(
        `UPDATE password_reset_tokens SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [tokenHash],
      );
      if (!claimed.length) throw invalidResetToken();
      const userId = claimed[0].user_id;
      await spendOpenResetTokens(m, userId);
      const [updated]: [Array<{ email: string }>, number] = await m.query(
        `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING email`,
        [userId, passwordHash],
      );
      await this.sessions.revokeAllOfUser(userId, 'password_reset', { manager: m });
      return updated[0]?.email;
    });
    if (email) await this.throttle.clearAccount(email, client.ip);
  }

  private async sendLink(user: { id: string; email: string; firstName: string; language: Language }, ip: string): Promise<void> {
    const { max, windowSeconds } = RATE_LIMITS.resetMailsPerAccount;
    const hit = await this.limiter.hit(`reset-mail:${user.id}`, windowSeconds * 1000);
    if (hit && hit.count > max) {
      this.logger.warn(`reset e-mail for user ${user.id} skipped: ${max} already sent this hour`);
      return;
    }
    const token = newOpaqueToken();
    // Only the newest link works: the new one spends the open ones (issue 19 item 7). Requests
    // over the mail limit above spend nothing, so nobody can void a link by asking for more.
    const rows: Array<{ id: string }> = await this.db.transaction(async (m) => {
      await spendOpenResetTokens(m, user.id);
      return m.query(
        `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, requested_ip)
         VALUES ($1, $2, now() + make_interval(mins => $3), $4) RETURNING id`,
        [user.id, sha256Hex(token), RESET_TOKEN_TTL_MINUTES, ip],
      );
    });
    await this.emails.send(
      {
        to: user.email,
        template: 'password-reset',
        locale: user.language,
        data: { resetUrl: resetLink(token), firstName: user.firstName, expiresInMinutes: RESET_TOKEN_TTL_MINUTES },
      },
      `password-reset-${rows[0].id}`,
    );
  }

  /** Resolves once every reset e-mail requested so far is enqueued (or has failed and been logged). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Lets in-flight reset e-mails finish before the database closes. */
  onApplicationShutdown(): Promise<void> {
    return this.idle();
  }
}
