import type { TaskDto } from '@realty/contracts';
import { Clock } from '../../common/clock';
import { Caller, insertUser, signInAs, startAccountsApi, type AccountsApi } from '../../../test/accounts';
import { scheduleDb } from '../../../test/crm-schedule';

/**
 * Tasks (issue 22 "Tasks"): every endpoint, the role rules (an employee assigns and changes only
 * their own tasks; a manager any), overdue by the injected clock (list flag and status filter),
 * completion writes the activity 'task' on the linked lead, soft delete, filters and sorts,
 * bulk completion, audit rows.
 */
describe('CRM tasks', () => {
  let api: AccountsApi;
  let s: ReturnType<typeof scheduleDb>;
  let emp: Caller;
  let empId: string;
  let emp2: Caller;
  let emp2Id: string;
  let mgr: Caller;
  let blockedId: string;
  let anon: Caller;
  let visitor: Caller;
  const NOW = Date.UTC(2026, 10, 20, 6); // 11:00 Almaty
  const HOUR = 3_600_000;

  beforeAll(async () => {
    api = await startAccountsApi();
    api.app.get(Clock).now = () => NOW;
    s = scheduleDb(api);
    ({ caller: emp, id: empId } = await signInAs(api, 'employee'));
    ({ caller: emp2, id: emp2Id } = await signInAs(api, 'employee'));
    mgr = (await signInAs(api, 'manager')).caller;
    visitor = (await signInAs(api, 'user')).caller;
    blockedId = await insertUser(api, { email: `blocked.${process.pid}@example.kz`, role: 'employee', status: 'blocked' });
    anon = await Caller.create(api.server);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  afterEach(() => {
    api.app.get(Clock).now = () => NOW;
  });

  const create = async (who: Caller, body: Record<string, unknown>): Promise<TaskDto> => {
    const res = await who.call('post', '/api/crm/tasks', body);
    expect(res.status).toBe(201);
    return res.body.data as TaskDto;
  };

  it('refuses anonymous callers and non-staff', async () => {
    await anon.call('get', '/api/crm/tasks').expect(401);
    await visitor.call('get', '/api/crm/tasks').expect(403);
    await visitor.call('post', '/api/crm/tasks', { title: 'x' }).expect(403);
  });

  it('creates a task for the author by default, audited; validates the body in the request language', async () => {
    const t = await create(emp, { title: '  Позвонить клиенту ', type: 'call', priority: 'high', dueDate: '2026-11-21T10:00' });
    expect(t).toMatchObject({
      title: 'Позвонить клиенту',
      type: 'call',
      priority: 'high',
      status: 'pending',
      overdue: false,
      editable: true,
    });
    expect(t.assignee?.id).toBe(empId);
    expect(t.dueDate).toBe('2026-11-21T05:00:00.000Z'); // Almaty time without a zone
    const audit = await s.db<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_logs WHERE action = 'task.create' AND entity_id = $1`,
      [t.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].after.title).toBe('Позвонить клиенту');

    const bad = await emp
      .call('post', '/api/crm/tasks?lang=en', { title: '', priority: 'huge', dueDate: 'tomorrow', leadId: 'x' })
      .expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['dueDate', 'leadId', 'priority', 'title']);
    expect(bad.body.error.fields.title).toBe('Title: 1 to 200 characters');
    await emp.call('post', '/api/crm/tasks', { title: 'x'.repeat(201) }).expect(400);
  });

  it('lets an employee assign only to themselves; a manager to any active staff member', async () => {
    const refused = await emp.call('post', '/api/crm/tasks', { title: 'Чужая', assignedTo: emp2Id }).expect(400);
    expect(refused.body.error.fields.assignedTo).toBeTruthy();
    const t = await create(mgr, { title: 'Для сотрудника', assignedTo: emp2Id });
    expect(t.assignee?.id).toBe(emp2Id);
    expect(t.editable).toBe(true);
    const blocked = await mgr.call('post', '/api/crm/tasks', { title: 'Заблокированному', assignedTo: blockedId }).expect(400);
    expect(blocked.body.error.fields.assignedTo).toBeTruthy();
    const missingLead = await mgr
      .call('post', '/api/crm/tasks', { title: 'Без лида', leadId: '00000000-0000-4000-8000-000000000000' })
      .expect(400);
    expect(missingLead.body.error.fields.leadId).toBeTruthy();
  });

  it("scopes the list: 'my' (default) = assigned to me, 'all' = everyone's; others' tasks are read-only to an employee", async () => {
    const mine = await create(emp, { title: 'Моя задача для списка' });
    const theirs = await create(emp2, { title: 'Задача коллеги для списка' });
    const my = (await emp.call('get', '/api/crm/tasks?limit=100').expect(200)).body;
    const myIds = (my.data as TaskDto[]).map((t) => t.id);
    expect(myIds).toContain(mine.id);
    expect(myIds).not.toContain(theirs.id);
    expect((my.data as TaskDto[]).every((t) => t.assignee?.id === empId)).toBe(true);
    const all = (await emp.call('get', '/api/crm/tasks?scope=all&limit=100').expect(200)).body.data as TaskDto[];
    const other = all.find((t) => t.id === theirs.id);
    expect(other?.editable).toBe(false);

    await emp.call('put', `/api/crm/tasks/${theirs.id}`, { title: 'Взлом' }).expect(403);
    await emp.call('post', `/api/crm/tasks/${theirs.id}/complete`).expect(403);
    await emp.call('delete', `/api/crm/tasks/${theirs.id}`).expect(403);
    const byMgr = await mgr.call('put', `/api/crm/tasks/${theirs.id}`, { title: 'Исправлено менеджером', priority: 'urgent' }).expect(200);
    expect(byMgr.body.data).toMatchObject({ title: 'Исправлено менеджером', priority: 'urgent' });
    expect(byMgr.body.data.assignee.id).toBe(emp2Id);
  });

  it('computes overdue from the injected clock: flag, status filter, and not for completed tasks', async () => {
    const due = '2026-11-20T12:00:00+05:00'; // one hour after NOW
    const t = await create(emp, { title: 'Просрочится', dueDate: due });
    const done = await create(emp, { title: 'Сделана вовремя', dueDate: due });
    await emp.call('post', `/api/crm/tasks/${done.id}/complete`).expect(200);
    expect(t.overdue).toBe(false);
    let overdue = (await emp.call('get', '/api/crm/tasks?status=overdue&limit=100').expect(200)).body.data as TaskDto[];
    expect(overdue.map((x) => x.id)).not.toContain(t.id);

    api.app.get(Clock).now = () => NOW + 2 * HOUR;
    expect((await emp.call('get', `/api/crm/tasks/${t.id}`).expect(200)).body.data.overdue).toBe(true);
    overdue = (await emp.call('get', '/api/crm/tasks?status=overdue&limit=100').expect(200)).body.data as TaskDto[];
    expect(overdue.map((x) => x.id)).toContain(t.id);
    expect(overdue.map((x) => x.id)).not.toContain(done.id);
    expect(overdue.every((x) => x.overdue)).toBe(true);
    expect((await emp.call('get', `/api/crm/tasks/${done.id}`).expect(200)).body.data.overdue).toBe(false);
  });

  it("treats a stored 'overdue' status (the demo data writes some) as open and overdue; completing it works", async () => {
    const t = await create(emp, { title: 'Уже просрочена в базе', dueDate: '2026-11-25T10:00' });
    await s.db(`UPDATE tasks SET status = 'overdue' WHERE id = $1`, [t.id]);
    expect((await emp.call('get', `/api/crm/tasks/${t.id}`).expect(200)).body.data).toMatchObject({ status: 'overdue', overdue: true });
    const overdue = (await emp.call('get', '/api/crm/tasks?status=overdue&limit=100').expect(200)).body.data as TaskDto[];
    expect(overdue.map((x) => x.id)).toContain(t.id);
    await emp.call('post', `/api/crm/tasks/${t.id}/complete`).expect(200);
    expect((await emp.call('get', `/api/crm/tasks/${t.id}`).expect(200)).body.data).toMatchObject({ status: 'completed', overdue: false });
  });

  it('completes a task: status, completed_at, an activity on its lead, audited; a second completion changes nothing', async () => {
    const leadId = await s.lead(empId);
    const t = await create(emp, { title: 'Отправить документы', type: 'send_docs', leadId });
    expect(t.subject).toMatchObject({ kind: 'lead', id: leadId, name: 'Иван Петров' });
    const res = await emp.call('post', `/api/crm/tasks/${t.id}/complete`).expect(200);
    expect(res.body.data).toMatchObject({ status: 'completed', completedAt: new Date(NOW).toISOString(), overdue: false });
    const acts = await s.db<{ type: string; lead_id: string; actor_id: string; data: Record<string, unknown> }>(
      `SELECT type, lead_id, actor_id, data FROM activities WHERE lead_id = $1`,
      [leadId],
    );
    expect(acts).toEqual([
      { type: 'task', lead_id: leadId, actor_id: empId, data: { taskId: t.id, title: 'Отправить документы', completed: true } },
    ]);
    await emp.call('post', `/api/crm/tasks/${t.id}/complete`).expect(200);
    expect(await s.db(`SELECT 1 FROM activities WHERE lead_id = $1`, [leadId])).toHaveLength(1);
    expect(await s.db(`SELECT 1 FROM audit_logs WHERE action = 'task.complete' AND entity_id = $1`, [t.id])).toHaveLength(1);
  });

  it('soft-deletes: gone from reads and lists, row kept', async () => {
    const t = await create(emp, { title: 'Удалить меня' });
    await emp.call('delete', `/api/crm/tasks/${t.id}`).expect(204);
    await emp.call('get', `/api/crm/tasks/${t.id}`).expect(404);
    await emp.call('put', `/api/crm/tasks/${t.id}`, { title: 'x' }).expect(404);
    const list = (await emp.call('get', '/api/crm/tasks?scope=all&limit=100').expect(200)).body.data as TaskDto[];
    expect(list.map((x) => x.id)).not.toContain(t.id);
    expect(await s.db(`SELECT 1 FROM tasks WHERE id = $1 AND deleted_at IS NOT NULL`, [t.id])).toHaveLength(1);
    await emp.call('get', '/api/crm/tasks/not-a-uuid').expect(404);
  });

  it('filters by priority, type, q and due days, and sorts by due date and priority', async () => {
    const { caller: solo } = await signInAs(api, 'employee');
    const a = await create(solo, { title: 'Alpha встреча', type: 'meeting', priority: 'low', dueDate: '2026-11-25T09:00' });
    const b = await create(solo, { title: 'Beta звонок', type: 'call', priority: 'urgent', dueDate: '2026-11-23T09:00' });
    const c = await create(solo, { title: 'Gamma звонок', type: 'call', priority: 'medium' });
    const ids = async (q: string) => ((await solo.call('get', `/api/crm/tasks?${q}`).expect(200)).body.data as TaskDto[]).map((t) => t.id);
    expect(await ids('')).toEqual([b.id, a.id, c.id]); // due soonest first, none last
    expect(await ids('sort=priority')).toEqual([b.id, c.id, a.id]);
    expect(await ids('sort=created')).toEqual([c.id, b.id, a.id]);
    expect(await ids('type=call')).toEqual([b.id, c.id]);
    expect(await ids('priority=low')).toEqual([a.id]);
    expect(await ids('q=ЗВОНОК')).toEqual([b.id, c.id]);
    expect(await ids('dueFrom=2026-11-24&dueTo=2026-11-25')).toEqual([a.id]);
    expect(await ids('status=all&type=')).toHaveLength(3);
    const paged = (await solo.call('get', '/api/crm/tasks?limit=2&page=2').expect(200)).body;
    expect(paged.meta).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(paged.data.map((t: TaskDto) => t.id)).toEqual([c.id]);
    await solo.call('get', '/api/crm/tasks?status=done').expect(400);
    await solo.call('get', '/api/crm/tasks?dueFrom=2026-02-30').expect(400);
  });

  it('updates the whole task; a changed due date is reminded again', async () => {
    const t = await create(emp, { title: 'Изменить', dueDate: '2026-11-22T10:00' });
    await s.db(`UPDATE tasks SET reminded_at = now() WHERE id = $1`, [t.id]);
    const res = await emp.call('put', `/api/crm/tasks/${t.id}`, { title: 'Изменено', status: 'in_progress', dueDate: '2026-11-23T10:00' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Изменено', status: 'in_progress', dueDate: '2026-11-23T05:00:00.000Z' });
    const [row] = await s.db<{ reminded_at: Date | null }>(`SELECT reminded_at FROM tasks WHERE id = $1`, [t.id]);
    expect(row.reminded_at).toBeNull();
    await emp.call('put', `/api/crm/tasks/${t.id}`, { title: 'x', status: 'overdue' }).expect(400);
  });

  it('bulk-completes own tasks and reports the others', async () => {
    const mine = await create(emp, { title: 'Пакет 1' });
    const theirs = await create(emp2, { title: 'Пакет 2' });
    const missing = '00000000-0000-4000-8000-000000000001';
    const res = await emp.call('post', '/api/crm/tasks/bulk-complete', { ids: [mine.id, theirs.id, missing] }).expect(200);
    expect(res.body.data.completed).toEqual([mine.id]);
    expect(res.body.data.refused).toEqual(
      expect.arrayContaining([
        { id: theirs.id, reason: 'forbidden' },
        { id: missing, reason: 'notFound' },
      ]),
    );
    await emp.call('post', '/api/crm/tasks/bulk-complete', { ids: [] }).expect(400);
  });
});
