import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { DEFAULT_WORKING_HOURS, parseWorkingHours } from '@realty/contracts';
import { createDataSource } from '@realty/db';
import { JOB_QUEUE, JOB_SCHEDULES, JobName, redisConnection } from '@realty/jobs';
import { createTestDatabase, eventually } from '@realty/testkit';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { startWorker } from '../bootstrap';
import { LeadWaitingService, notifyWaitingLeads } from './lead-waiting.service';

/**
 * The "waiting too long" check (issue 22) against real PostgreSQL with an injected clock:
 * who is told (owner and their manager; managers for an unowned lead), once per lead, only past
 * the limit in working hours (nights and weekends do not count), never for a contacted,
 * converted, deleted or merged lead; and the worker runs it as a repeating job.
 */
const connection = redisConnection();
let db: { url: string; drop: () => Promise<void> };
let ds: DataSource;
let ownerId: string;
let bossId: string;
let otherManagerId: string;
const rules = { limitMinutes: 15, hours: DEFAULT_WORKING_HOURS };
/** Almaty is UTC+5; 2026-06-15 is a Monday. */
const at = (local: string) => new Date(`${local}+05:00`);

async function user(role: string, email: string, managerId: string | null = null): Promise<string> {
  const rows: Array<{ id: string }> = await ds.query(
    `INSERT INTO users (email, first_name, role_id, manager_id) SELECT $1, 'Агент', id, $3 FROM roles WHERE name = $2 RETURNING id`,
    [email, role, managerId],
  );
  return rows[0].id;
}

async function lead(createdLocal: string, o: { owner?: string | null; status?: string; contacted?: boolean; deleted?: boolean } = {}) {
  const rows: Array<{ id: string }> = await ds.query(
    `INSERT INTO leads (first_name, phone, source, topic, quality, status, assigned_to, created_at, first_contacted_at, deleted_at)
     VALUES ('Гость', '+77010000000', 'website', 'Тема', 'warm', $1, $2, $3, $4, $5) RETURNING id`,
    [
      o.status ?? 'new',
      o.owner === undefined ? ownerId : o.owner,
      at(createdLocal),
      o.contacted ? at(createdLocal) : null,
      o.deleted ? at(createdLocal) : null,
    ],
  );
  return rows[0].id;
}

const notices = async () =>
  (
    (await ds.query(
      `SELECT user_id, data->>'leadId' AS lead_id, link FROM notifications WHERE type = 'lead_waiting' ORDER BY user_id`,
    )) as Array<{
      user_id: string;
      lead_id: string;
      link: string;
    }>
  ).map((r) => [r.user_id, r.lead_id]);

beforeAll(async () => {
  db = await createTestDatabase('realty_lead_waiting');
  ds = createDataSource(db.url);
  await ds.initialize();
  for (const role of ['employee', 'manager'])
    await ds.query(`INSERT INTO roles (name, title) VALUES ($1, $1) ON CONFLICT (name) DO NOTHING`, [role]);
  bossId = await user('manager', 'boss@example.kz');
  otherManagerId = await user('manager', 'other.manager@example.kz');
  ownerId = await user('employee', 'agent@example.kz', bossId);
}, 60_000);

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
  await db?.drop();
});

beforeEach(async () => {
  await ds.query(`DELETE FROM notifications`);
  await ds.query(`DELETE FROM leads`);
});

describe('notifyWaitingLeads', () => {
  it('tells the owner and their manager once, when the wait passes 15 working minutes', async () => {
    const id = await lead('2026-06-15T10:00:00');
    expect(await notifyWaitingLeads(ds, at('2026-06-15T10:15:00'), rules)).toEqual({ leads: 0, notifications: 0 });
    expect(await notifyWaitingLeads(ds, at('2026-06-15T10:16:00'), rules)).toEqual({ leads: 1, notifications: 2 });
    expect(await notices()).toEqual(
      [
        [bossId, id],
        [ownerId, id],
      ].sort((a, b) => a[0].localeCompare(b[0])),
    );
    const [row] = await ds.query(`SELECT wait_notified_at FROM leads WHERE id = $1`, [id]);
    expect(new Date(row.wait_notified_at).toISOString()).toBe(at('2026-06-15T10:16:00').toISOString());
    // once only
    expect(await notifyWaitingLeads(ds, at('2026-06-15T12:00:00'), rules)).toEqual({ leads: 0, notifications: 0 });
  });

  it('does not count the night: a lead of 17:55 is late at 09:11 the next morning, not at 09:05', async () => {
    await lead('2026-06-15T17:55:00');
    expect((await notifyWaitingLeads(ds, at('2026-06-15T23:00:00'), rules)).leads).toBe(0);
    expect((await notifyWaitingLeads(ds, at('2026-06-16T09:05:00'), rules)).leads).toBe(0);
    expect((await notifyWaitingLeads(ds, at('2026-06-16T09:11:00'), rules)).leads).toBe(1);
  });

  it('does not count the weekend: a lead of Friday 17:50 is late on Monday after 09:05', async () => {
    await lead('2026-06-19T17:50:00');
    expect((await notifyWaitingLeads(ds, at('2026-06-20T12:00:00'), rules)).leads).toBe(0);
    expect((await notifyWaitingLeads(ds, at('2026-06-22T09:05:00'), rules)).leads).toBe(0);
    expect((await notifyWaitingLeads(ds, at('2026-06-22T09:06:00'), rules)).leads).toBe(1);
  });

  it('leaves out contacted, converted, deleted and already reported leads', async () => {
    await lead('2026-06-15T10:00:00', { contacted: true });
    await lead('2026-06-15T10:00:00', { status: 'converted' });
    await lead('2026-06-15T10:00:00', { deleted: true });
    const reported = await lead('2026-06-15T10:00:00');
    await ds.query(`UPDATE leads SET wait_notified_at = now() WHERE id = $1`, [reported]);
    expect(await notifyWaitingLeads(ds, at('2026-06-15T15:00:00'), rules)).toEqual({ leads: 0, notifications: 0 });
  });

  it('tells every active manager about a lead nobody owns', async () => {
    const id = await lead('2026-06-15T10:00:00', { owner: null });
    expect(await notifyWaitingLeads(ds, at('2026-06-15T11:00:00'), rules)).toEqual({ leads: 1, notifications: 2 });
    expect((await notices()).map((n) => n[0]).sort()).toEqual([bossId, otherManagerId].sort());
    expect((await notices()).every((n) => n[1] === id)).toBe(true);
  });

  it('follows other limits and hours (CRM_FIRST_CONTACT_MINUTES, CRM_WORKING_HOURS)', async () => {
    await lead('2026-06-20T10:00:00'); // a Saturday
    expect((await notifyWaitingLeads(ds, at('2026-06-20T10:40:00'), rules)).leads).toBe(0);
    const saturdays = { limitMinutes: 30, hours: parseWorkingHours('10:00-19:00 Mon-Sat') };
    expect((await notifyWaitingLeads(ds, at('2026-06-20T10:30:00'), saturdays)).leads).toBe(0);
    expect((await notifyWaitingLeads(ds, at('2026-06-20T10:31:00'), saturdays)).leads).toBe(1);
  });
});

describe('the worker runs the check as a repeating job', () => {
  const prefix = `realty_test_lead_waiting_${process.pid}_${randomUUID().slice(0, 8)}`;
  const queue = new Queue(JOB_QUEUE[JobName.LeadWaitingCheck], { connection, prefix });
  let app: INestApplicationContext | undefined;

  afterAll(async () => {
    await app?.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('is scheduled every minute and reports with the service clock', async () => {
    expect(JOB_SCHEDULES.find((s) => s.name === JobName.LeadWaitingCheck)?.every).toBe(60_000);
    const id = await lead('2026-06-15T10:00:00');
    app = await startWorker({
      databaseUrl: db.url,
      connection,
      prefix,
      handlers: [LeadWaitingService],
      jobs: [JobName.LeadWaitingCheck],
      schedules: [{ id: 'lead-waiting-test', name: JobName.LeadWaitingCheck, every: 60_000 }],
      logger: false,
    });
    app.get(LeadWaitingService).now = () => at('2026-06-15T11:00:00');
    // the first scheduled run may have started before the clock was set: add one more run
    await queue.add(JobName.LeadWaitingCheck, {});
    await eventually(
      'the waiting lead reported',
      async () =>
        ((await ds.query(`SELECT wait_notified_at FROM leads WHERE id = $1`, [id])) as Array<{ wait_notified_at: Date | null }>)[0]
          .wait_notified_at !== null,
      { timeoutMs: 20_000 },
    );
    expect((await notices()).length).toBe(2);
  }, 30_000);
});
