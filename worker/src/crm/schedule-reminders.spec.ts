import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { createDataSource } from '@realty/db';
import { JOB_QUEUE, JobName, redisConnection } from '@realty/jobs';
import { createTestDatabase, eventually } from '@realty/testkit';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { startWorker } from '../bootstrap';
import { ScheduleRemindersService, sendScheduleReminders, viewingReminderMinutes } from './schedule-reminders.service';

/**
 * The CRM reminders (issue 22) against real PostgreSQL: viewings starting within the window and
 * tasks due within the next hour (or past) notify their agent / assignee once, by an injected
 * clock; cancelled, far, completed, deleted and already reminded ones do not. Then the same
 * through the worker's queue with the service's clock replaced.
 */
const connection = redisConnection();
let db: { url: string; drop: () => Promise<void> };
let ds: DataSource;
let agent: string;
let other: string;
let property: string;
let property2: string;
const NOW = new Date(Date.UTC(2026, 10, 20, 5));
const MIN = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);

beforeAll(async () => {
  db = await createTestDatabase('realty_crm_reminders');
  ds = createDataSource(db.url);
  await ds.initialize();
  const [role] = (await ds.query(`INSERT INTO roles (name, title) VALUES ('employee', 'Employee') RETURNING id`)) as Array<{ id: number }>;
  const users = (await ds.query(
    `INSERT INTO users (email, first_name, role_id) VALUES ('agent@example.kz', 'Агент', $1), ('other@example.kz', 'Другой', $1) RETURNING id`,
    [role.id],
  )) as Array<{ id: string }>;
  [agent, other] = users.map((u) => u.id);
  const [cat] = (await ds.query(
    `INSERT INTO property_categories (slug, name, description, icon, sort_order) VALUES ('offices', '{"ru":"Офисы"}', '{}', 'building', 1) RETURNING id`,
  )) as Array<{ id: number }>;
  const [type] = (await ds.query(`INSERT INTO property_types (slug, name) VALUES ('office', '{"ru":"Офис"}') RETURNING id`)) as Array<{
    id: number;
  }>;
  const props = (await ds.query(
    `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, status, price, area, address)
     VALUES ('r-1', '{"ru":"Офис на Абая"}', '{"ru":"Описание"}', $1, $2, 'rent', 'active', 1, 1, 'ул. Абая, 1'),
            ('r-2', '{"ru":"Склад"}', '{"ru":"Описание"}', $1, $2, 'rent', 'active', 1, 1, 'ул. Абая, 2') RETURNING id`,
    [cat.id, type.id],
  )) as Array<{ id: string }>;
  [property, property2] = props.map((p) => p.id);
  categoryId = cat.id;
  typeId = type.id;
}, 60_000);

let categoryId: number;
let typeId: number;
let slugs = 0;
/** Another listing, so the viewings of a test never clash on one listing. */
async function newProperty(): Promise<string> {
  slugs += 1;
  const rows = (await ds.query(
    `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, status, price, area, address)
     VALUES ($1, '{"ru":"Ещё офис"}', '{"ru":"Описание"}', $2, $3, 'rent', 'active', 1, 1, 'ул. Абая, 3') RETURNING id`,
    [`r-extra-${slugs}`, categoryId, typeId],
  )) as Array<{ id: string }>;
  return rows[0].id;
}

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
  await db?.drop();
});

beforeEach(async () => {
  await ds.query('DELETE FROM notifications');
  await ds.query('DELETE FROM viewings');
  await ds.query('DELETE FROM tasks');
});

async function viewing(
  startMin: number,
  o: { status?: string; agentId?: string; propertyId?: string; reminded?: boolean } = {},
): Promise<string> {
  const rows = (await ds.query(
    `INSERT INTO viewings (property_id, agent_id, starts_at, ends_at, status, reminded_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      o.propertyId ?? (await newProperty()),
      o.agentId ?? agent,
      at(startMin),
      at(startMin + 30),
      o.status ?? 'scheduled',
      o.reminded ? NOW : null,
    ],
  )) as Array<{ id: string }>;
  return rows[0].id;
}

let agents = 0;
/** Another agent, so the viewings of a test never clash on one agent. */
async function newAgent(): Promise<string> {
  agents += 1;
  const rows = (await ds.query(
    `INSERT INTO users (email, first_name, role_id) SELECT $1, 'Агент', role_id FROM users WHERE id = $2 RETURNING id`,
    [`agent${agents}@example.kz`, agent],
  )) as Array<{ id: string }>;
  return rows[0].id;
}

async function task(dueMin: number | null, o: { status?: string; deleted?: boolean; assignee?: string | null } = {}): Promise<string> {
  const rows = (await ds.query(
    `INSERT INTO tasks (title, status, due_date, assigned_to, deleted_at) VALUES ('Позвонить', $1, $2, $3, $4) RETURNING id`,
    [o.status ?? 'pending', dueMin === null ? null : at(dueMin), o.assignee === undefined ? agent : o.assignee, o.deleted ? NOW : null],
  )) as Array<{ id: string }>;
  return rows[0].id;
}

const notes = async () =>
  (await ds.query(`SELECT user_id, type, data, link FROM notifications ORDER BY type, link`)) as Array<{
    user_id: string;
    type: string;
    data: Record<string, unknown>;
    link: string;
  }>;

describe('sendScheduleReminders', () => {
  it('notifies the agent of each scheduled viewing starting within the window, once', async () => {
    const soon = await viewing(30, { propertyId: property });
    const edge = await viewing(60, { agentId: other, propertyId: property2 });
    await viewing(61, { agentId: await newAgent() }); // too far
    await viewing(-10, { agentId: other }); // already started
    await viewing(20, { status: 'cancelled' });
    await viewing(45, { reminded: true, agentId: await newAgent() });
    expect(await sendScheduleReminders(ds, NOW, { viewingMinutes: 60, taskMinutes: 60 })).toEqual({ viewings: 2, tasks: 0 });
    const n = await notes();
    expect(n.map((x) => [x.user_id, x.type, x.link])).toEqual(
      [
        [agent, 'viewing_soon', `/dashboard/crm/viewings/${soon}`],
        [other, 'viewing_soon', `/dashboard/crm/viewings/${edge}`],
      ].sort((a, b) => a[2].localeCompare(b[2])),
    );
    expect(n.find((x) => x.link.endsWith(soon))?.data).toMatchObject({
      viewingId: soon,
      propertyId: property,
      propertyTitle: 'Офис на Абая',
    });
    // once: a second run adds nothing for them; five minutes later only the one then within the hour
    expect(await sendScheduleReminders(ds, NOW, { viewingMinutes: 60, taskMinutes: 60 })).toEqual({ viewings: 0, tasks: 0 });
    expect(await notes()).toHaveLength(2);
    expect(await sendScheduleReminders(ds, at(5), { viewingMinutes: 60, taskMinutes: 60 })).toEqual({ viewings: 1, tasks: 0 });
    expect(await notes()).toHaveLength(3);
  });

  it('notifies the assignee of each open task due within the hour or past, once', async () => {
    const soon = await task(59);
    const past = await task(-600, { status: 'in_progress' });
    await task(61);
    await task(null);
    await task(10, { status: 'completed' });
    await task(10, { deleted: true });
    await task(10, { assignee: null });
    expect(await sendScheduleReminders(ds, NOW, { viewingMinutes: 60, taskMinutes: 60 })).toEqual({ viewings: 0, tasks: 2 });
    const n = await notes();
    expect(n.map((x) => x.link).sort()).toEqual([`/dashboard/crm/tasks/${soon}`, `/dashboard/crm/tasks/${past}`].sort());
    expect(n.every((x) => x.type === 'task_due' && x.user_id === agent)).toBe(true);
    expect(n.find((x) => x.link.endsWith(soon))?.data).toMatchObject({ taskId: soon, title: 'Позвонить' });
    expect(await sendScheduleReminders(ds, NOW, { viewingMinutes: 60, taskMinutes: 60 })).toEqual({ viewings: 0, tasks: 0 });
    // the clock moves: the task due in 61 minutes is now within the hour
    expect(await sendScheduleReminders(ds, at(2), { viewingMinutes: 60, taskMinutes: 60 })).toEqual({ viewings: 0, tasks: 1 });
  });

  it('reads the viewing window from CRM_VIEWING_REMINDER_MINUTES (default 60)', () => {
    expect(viewingReminderMinutes({})).toBe(60);
    expect(viewingReminderMinutes({ CRM_VIEWING_REMINDER_MINUTES: '15' })).toBe(15);
    expect(viewingReminderMinutes({ CRM_VIEWING_REMINDER_MINUTES: 'soon' })).toBe(60);
  });
});

describe('the worker runs the reminders job with its clock', () => {
  const prefix = `realty_test_reminders_${process.pid}_${randomUUID().slice(0, 8)}`;
  const queue = new Queue(JOB_QUEUE[JobName.ScheduleReminders], { connection, prefix });
  let app: INestApplicationContext | undefined;

  afterAll(async () => {
    await app?.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('notifies once per viewing across runs', async () => {
    app = await startWorker({
      databaseUrl: db.url,
      connection,
      prefix,
      handlers: [ScheduleRemindersService],
      jobs: [JobName.ScheduleReminders],
      schedules: [],
      logger: false,
    });
    app.get(ScheduleRemindersService).now = () => NOW.getTime();
    const v = await viewing(30);
    await queue.add(JobName.ScheduleReminders, {});
    await eventually('the reminder', async () => (await notes()).length === 1, { timeoutMs: 20_000 });
    const second = await queue.add(JobName.ScheduleReminders, {});
    await eventually('the second run', async () => (await second.getState()) === 'completed', { timeoutMs: 20_000 });
    const n = await notes();
    expect(n.map((x) => x.link)).toEqual([`/dashboard/crm/viewings/${v}`]);
  }, 30_000);
});
