import { Clock } from '../../common/clock';
import { signInAs, startAccountsApi, type AccountsApi, type Caller } from '../../../test/accounts';
import { withClient } from '../../../test/fixtures';

/**
 * The CRM overview (issue 22 "/dashboard/crm": funnel, today's tasks, waiting leads) on a known
 * data set, with the clock at Thursday 2026-11-26 12:00 in Almaty (07:00 UTC).
 */
describe('GET /api/crm/overview', () => {
  let api: AccountsApi;
  let a: { caller: Caller; id: string };
  let b: { caller: Caller; id: string };
  let manager: Caller;
  const ids: Record<string, string> = {};

  const db = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const deal = (owner: string, stage: string, amount: number, closedAt: string | null = null) =>
    db(`INSERT INTO deals (title, type, amount, stage, owner_id, closed_at, lost_reason) VALUES ('Сделка', 'rent', $1, $2, $3, $4, $5)`, [
      amount,
      stage,
      owner,
      closedAt,
      stage === 'lost' ? 'Дорого' : null,
    ]);
  const task = async (key: string, owner: string, due: string, status = 'pending') => {
    ids[key] = (
      await db<{ id: string }>(
        `INSERT INTO tasks (title, due_date, assigned_to, status, priority) VALUES ($1, $2, $3, $4, 'high') RETURNING id`,
        [key, due, owner, status],
      )
    )[0].id;
  };
  const lead = async (key: string, owner: string, createdAt: string, status = 'new', contacted: string | null = null) => {
    ids[key] = (
      await db<{ id: string }>(
        `INSERT INTO leads (first_name, last_name, source, topic, status, quality, assigned_to, created_at, first_contacted_at)
         VALUES ($1, 'Тестов', 'website', 'Офис', $2, 'warm', $3, $4, $5) RETURNING id`,
        [key, status, owner, createdAt, contacted],
      )
    )[0].id;
  };

  beforeAll(async () => {
    api = await startAccountsApi({ env: { OUTBOX_POLL_MS: '600000' } });
    api.app.get(Clock).now = () => Date.parse('2026-11-26T07:00:00Z');
    a = await signInAs(api, 'employee');
    b = await signInAs(api, 'employee');
    manager = (await signInAs(api, 'manager')).caller;
    await deal(a.id, 'new_lead', 100_000);
    await deal(a.id, 'new_lead', 100_000);
    await deal(a.id, 'viewing', 500_000);
    await deal(b.id, 'contract', 1_000_000);
    await deal(a.id, 'won', 300_000, '2026-11-10T10:00:00Z');
    await deal(a.id, 'won', 999_000, '2026-10-20T10:00:00Z'); // last month
    await deal(b.id, 'lost', 50_000, '2026-11-05T10:00:00Z');
    await deal(a.id, 'viewing', 777_000);
    await db(`UPDATE deals SET deleted_at = now() WHERE amount = 777000`); // deleted: not counted
    await task('overdue', a.id, '2026-11-25T10:00:00Z');
    await task('today', a.id, '2026-11-26T15:00:00Z'); // 20:00 in Almaty
    await task('tomorrow', a.id, '2026-11-26T20:00:00Z', 'in_progress'); // 01:00 on the 27th in Almaty
    await task('done', a.id, '2026-11-26T05:00:00Z', 'completed');
    await task('theirs', b.id, '2026-11-26T05:00:00Z');
    await lead('fresh', a.id, '2026-11-26T06:30:00Z');
    await lead('yesterday', a.id, '2026-11-25T07:00:00Z');
    await lead('contacted', a.id, '2026-11-24T07:00:00Z', 'new', '2026-11-24T07:05:00Z');
    await lead('monday', b.id, '2026-11-23T00:00:00Z');
    await lead('lastweek', a.id, '2026-11-20T07:00:00Z', 'qualified');
  });
  afterAll(() => api?.close());

  it("an employee's 'my' overview", async () => {
    const res = await a.caller.call('get', '/api/crm/overview').expect(200);
    const o = res.body.data;
    expect(o.scope).toBe('my');
    expect(o.funnel).toEqual([
      { stage: 'new_lead', count: 2, amount: 200_000 },
      { stage: 'qualification', count: 0, amount: 0 },
      { stage: 'viewing', count: 1, amount: 500_000 },
      { stage: 'negotiation', count: 0, amount: 0 },
      { stage: 'documentation', count: 0, amount: 0 },
      { stage: 'contract', count: 0, amount: 0 },
    ]);
    expect(o.wonThisMonth).toEqual({ count: 1, amount: 300_000 });
    expect(o.lostThisMonth).toEqual({ count: 0, amount: 0 });
    expect(o.todayTasks.map((t: { id: string; overdue: boolean }) => [t.id, t.overdue])).toEqual([
      [ids.overdue, true],
      [ids.today, false],
    ]);
    expect(o.waitingLeads.map((l: { id: string; waitingMinutes: number }) => [l.id, l.waitingMinutes])).toEqual([
      [ids.yesterday, 1440],
      [ids.fresh, 30],
    ]);
    expect(o.waitingTotal).toBe(2);
    expect(o.newLeads).toEqual({ today: 1, week: 3 });
    // an employee asking for 'all' gets the whole funnel but still only their waiting leads
    const all = (await a.caller.call('get', '/api/crm/overview?scope=all').expect(200)).body.data;
    expect(all.funnel.find((f: { stage: string }) => f.stage === 'contract')).toEqual({ stage: 'contract', count: 1, amount: 1_000_000 });
    expect(all.waitingTotal).toBe(2);
  });

  it("a manager's 'all' overview and bad input", async () => {
    const o = (await manager.call('get', '/api/crm/overview?scope=all').expect(200)).body.data;
    expect(o.lostThisMonth).toEqual({ count: 1, amount: 50_000 });
    expect(o.waitingLeads.map((l: { id: string }) => l.id)).toEqual([ids.monday, ids.yesterday, ids.fresh]);
    expect(o.newLeads).toEqual({ today: 1, week: 4 });
    expect(o.todayTasks).toEqual([]);
    await manager.call('get', '/api/crm/overview?scope=everything').expect(400);
  });
});
