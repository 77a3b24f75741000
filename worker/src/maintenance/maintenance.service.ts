import { Injectable, Logger } from '@nestjs/common';
import { JobName } from '@realty/jobs';
import { DataSource, type EntityManager } from 'typeorm';
import { JobHandler } from '../jobs/job-handler.decorator';

/**
 * How long rows that have served their purpose are kept, in days. A refresh token lives 30
 * days at most (1 without "remember me"); a used one still revokes its session when replayed
 * (SessionsService.rotate), so it is kept a month past its expiry. A session unused for 60 days
 * holds no live token (each refresh moves last_used_at and issues a token of at most 30 days).
 * A reset token lives an hour; its row (with the IP that asked) is kept a month for questions
 * about it. A relayed outbox row is only history: a week (docs/decisions/015-outbox-relay.md).
 */
export const RETENTION_DAYS = {
  refreshTokensAfterExpiry: 30,
  revokedSessions: 30,
  idleSessions: 60,
  resetTokensAfterExpiry: 30,
  relayedOutbox: 7,
} as const;

/** Rows deleted by one purge, by table. */
export interface PurgeResult {
  refreshTokens: number;
  sessions: number;
  resetTokens: number;
  outbox: number;
}

/**
 * Deletes, in one transaction, the rows RETENTION_DAYS says are no longer needed (`now` is the
 * database's clock). Deleting a session deletes its refresh tokens (ON DELETE CASCADE); those
 * count under `sessions` only. Never touches a live session, an open token or a pending
 * outbox row.
 */
export async function purgeExpired(db: DataSource | EntityManager): Promise<PurgeResult> {
  const run = async (m: EntityManager): Promise<PurgeResult> => {
    // TypeORM answers DELETE with [rows, affected count].
    const deleted = async (sql: string, params: unknown[]): Promise<number> =>
      Number(((await m.query(sql, params)) as [unknown, number])[1] ?? 0);
    const sessions = await deleted(
      `DELETE FROM auth_sessions
        WHERE revoked_at < now() - make_interval(days => $1)
           OR (revoked_at IS NULL AND last_used_at < now() - make_interval(days => $2))`,
      [RETENTION_DAYS.revokedSessions, RETENTION_DAYS.idleSessions],
    );
    const refreshTokens = await deleted(`DELETE FROM refresh_tokens WHERE expires_at < now() - make_interval(days => $1)`, [
      RETENTION_DAYS.refreshTokensAfterExpiry,
    ]);
    const resetTokens = await deleted(`DELETE FROM password_reset_tokens WHERE expires_at < now() - make_interval(days => $1)`, [
      RETENTION_DAYS.resetTokensAfterExpiry,
    ]);
    const outbox = await deleted(`DELETE FROM outbox WHERE dispatched_at < now() - make_interval(days => $1)`, [
      RETENTION_DAYS.relayedOutbox,
    ]);
    return { refreshTokens, sessions, resetTokens, outbox };
  };
  return db instanceof DataSource ? db.transaction(run) : run(db);
}

/** Housekeeping jobs of the maintenance queue (scheduled by the worker: JOB_SCHEDULES). */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(private readonly dataSource: DataSource) {}

  /** JobName.PurgeExpired (hourly): see purgeExpired; the counts are the job's result. */
  @JobHandler(JobName.PurgeExpired)
  async purgeExpired(): Promise<PurgeResult> {
    const result = await purgeExpired(this.dataSource);
    const total = result.refreshTokens + result.sessions + result.resetTokens + result.outbox;
    if (total)
      this.logger.log(
        `purged ${result.sessions} sessions, ${result.refreshTokens} refresh tokens, ${result.resetTokens} reset tokens, ${result.outbox} outbox rows`,
      );
    return result;
  }
}
