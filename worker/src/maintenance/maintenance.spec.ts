import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { createDataSource } from '@realty/db';
import { createTestDatabase } from '@realty/testkit';
import { JOB_QUEUE, JobName, redisConnection } from '@realty/jobs';
import { eventually } from '@realty/testkit';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { startWorker } from '../bootstrap';
import { MaintenanceService, purgeExpired, RETENTION_DAYS } from './maintenance.service';

/**
 * JobName.PurgeExpired against real PostgreSQL (a database of its own) and Redis (a key prefix
 * of its own): what it deletes and keeps, and that the worker schedules it on start.
 */
const connection = redisConnection();
let db: { url: string; drop: () => Promise<void> };
let ds: DataSource;
let userId: string;

beforeAll(async () => {
  db = await createTestDatabase('realty_maintenance');
  ds = createDataSource(db.url);
  await ds.initialize();
  await ds.query(`INSERT INTO roles (name, title) VALUES ('user', 'User') ON CONFLICT (name) DO NOTHING`);
  const rows: Array<{ id: string }> = await ds.query(
    `INSERT INTO users (email, first_name, role_id) SELECT 'purge@example.kz', 'Анна', id FROM roles WHERE name = 'user' RETURNING id`,
  );
  userId = rows[0].id;
}, 60_000);

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
  await db?.drop();
});

beforeEach(async () => {
  await ds.query('DELETE FROM auth_sessions');
  await ds.query('DELETE FROM password_reset_tokens');
  await ds.query('DELETE FROM outbox');
});

/** A session labelled by its user agent; ages in days before now (null: not set). */
async function session(label: string, ages: { lastUsed: number; revoked?: number }): Promise<string> {
  const rows: Array<{ id: string }> = await ds.query(
    `INSERT INTO auth_sessions (user_id, user_agent, last_used_at, revoked_at, revoked_reason)
     VALUES ($1, $2, now() - make_interval(days => $3), CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(days => $4::int) END,
             CASE WHEN $4::int IS NULL THEN NULL ELSE 'logout' END)
     RETURNING id`,
    [userId, label, ages.lastUsed, ages.revoked ?? null],
  );
  return rows[0].id;
}

/** A token hash carrying a readable label. */
const hash = (label: string) => label.padEnd(64, '0');

async function refreshToken(sessionId: string, label: string, expiredDaysAgo: number, used = true): Promise<void> {
  await ds.query(
    `INSERT INTO refresh_tokens (session_id, token_hash, expires_at, used_at) VALUES ($1, $2, now() - make_interval(days => $3), CASE WHEN $4 THEN now() END)`,
    [sessionId, hash(label), expiredDaysAgo, used],
  );
}

const labels = async (sql: string): Promise<string[]> =>
  ((await ds.query(sql)) as Array<{ label: string }>).map((r) => r.label.replace(/0+$/, '')).sort();

describe('purgeExpired', () => {
  it('deletes old revoked and idle sessions, long-expired tokens and relayed outbox rows, and keeps the rest', async () => {
    const d = RETENTION_DAYS;
    const live = await session('live', { lastUsed: 1 });
    await session('revoked-recently', { lastUsed: 2, revoked: d.revokedSessions - 1 });
    const revokedOld = await session('revoked-long-ago', { lastUsed: 40, revoked: d.revokedSessions + 1 });
    await session('idle-a-month', { lastUsed: d.idleSessions - 1 });
    await session('idle-too-long', { lastUsed: d.idleSessions + 1 });
    await refreshToken(live, 'a1', -30, false); // valid for 30 more days
    await refreshToken(live, 'a2', d.refreshTokensAfterExpiry - 1); // used, expired: still revokes the session when replayed
    await refreshToken(live, 'a3', d.refreshTokensAfterExpiry + 1);
    await refreshToken(revokedOld, 'b1', 1); // goes with its session

    for (const [label, expiredDaysAgo, used] of [
      ['c1', -1, false],
      ['c2', d.resetTokensAfterExpiry - 1, true],
      ['c3', d.resetTokensAfterExpiry + 1, true],
      ['c4', d.resetTokensAfterExpiry + 1, false],
    ] as const) {
      await ds.query(
        `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, used_at) VALUES ($1, $2, now() - make_interval(days => $3), CASE WHEN $4 THEN now() END)`,
        [userId, hash(label), expiredDaysAgo, used],
      );
    }
    for (const [label, dispatchedDaysAgo] of [
      ['pending', null],
      ['relayed-recently', d.relayedOutbox - 1],
      ['relayed-long-ago', d.relayedOutbox + 1],
    ] as const) {
      await ds.query(
        `INSERT INTO outbox (topic, payload, created_at, dispatched_at)
         VALUES ('send-email', jsonb_build_object('label', $1::text), now() - interval '60 days',
                 CASE WHEN $2::int IS NULL THEN NULL ELSE now() - make_interval(days => $2::int) END)`,
        [label, dispatchedDaysAgo],
      );
    }

    expect(await purgeExpired(ds)).toEqual({ sessions: 2, refreshTokens: 1, resetTokens: 2, outbox: 1 });

    expect(await labels(`SELECT user_agent AS label FROM auth_sessions`)).toEqual(['idle-a-month', 'live', 'revoked-recently']);
    expect(await labels(`SELECT token_hash AS label FROM refresh_tokens`)).toEqual(['a1', 'a2']);
    expect(await labels(`SELECT token_hash AS label FROM password_reset_tokens`)).toEqual(['c1', 'c2']);
    expect(await labels(`SELECT payload->>'label' AS label FROM outbox`)).toEqual(['pending', 'relayed-recently']);
    // A second run finds nothing more.
    expect(await purgeExpired(ds)).toEqual({ sessions: 0, refreshTokens: 0, resetTokens: 0, outbox: 0 });
  });
});

describe('the worker schedules the purge', () => {
  const prefix = `realty_test_maintenance_${process.pid}_${randomUUID().slice(0, 8)}`;
  const queue = new Queue(JOB_QUEUE[JobName.PurgeExpired], { connection, prefix });
  const apps: INestApplicationContext[] = [];
  /** A worker with only the purge handler; `every` of its scheduler, hourly by default. */
  const start = async ({ keyPrefix = prefix, every = 3_600_000 } = {}) => {
    const app = await startWorker({
      databaseUrl: db.url,
      connection,
      prefix: keyPrefix,
      handlers: [MaintenanceService],
      jobs: [JobName.PurgeExpired],
      schedules: [{ id: 'purge-test', name: JobName.PurgeExpired, every }],
      logger: false,
    });
    apps.push(app);
    return app;
  };
  /** Waits until a purge has run: the old revoked session planted before is gone. */
  const untilPurged = (what: string) =>
    eventually(what, async () => ((await ds.query(`SELECT count(*)::int AS n FROM auth_sessions`)) as Array<{ n: number }>)[0].n === 0, {
      timeoutMs: 20_000,
    });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('a scheduler that cannot be written does not stop the worker from taking jobs', async () => {
    // BullMQ refuses an interval of 0 ("Either .pattern or .every options must be defined").
    await start({ keyPrefix: `${prefix}_bad`, every: 0 });
    const bad = new Queue(JOB_QUEUE[JobName.PurgeExpired], { connection, prefix: `${prefix}_bad` });
    try {
      expect(await bad.getJobSchedulersCount()).toBe(0);
      await session('revoked-long-ago', { lastUsed: 90, revoked: RETENTION_DAYS.revokedSessions + 5 });
      await bad.add(JobName.PurgeExpired, {});
      await untilPurged('the worker to take the job');
    } finally {
      await bad.obliterate({ force: true });
      await bad.close();
    }
  }, 30_000);

  it('runs the first purge at start, and a second worker keeps one scheduler', async () => {
    await session('revoked-long-ago', { lastUsed: 90, revoked: RETENTION_DAYS.revokedSessions + 5 });
    await start();
    await untilPurged('the scheduled purge');
    await start();
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => ({ key: s.key, name: s.name, every: Number(s.every) }))).toEqual([
      { key: 'purge-test', name: JobName.PurgeExpired, every: 3_600_000 },
    ]);
  }, 30_000);
});
