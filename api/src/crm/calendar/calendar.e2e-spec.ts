import type { CalendarEventDto, CalendarItemDto } from '@realty/contracts';
import { Clock } from '../../common/clock';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../../test/accounts';
import { scheduleDb } from '../../../test/crm-schedule';

/**
 * The calendar (issue 22 "Calendar"): one range merges the caller's tasks (at their due time),
 * viewings and events, soonest first; type and status filters; employees see their own only,
 * supervisors one agent's or everyone's; events' writes with the owner rules, audited.
 */
describe('CRM calendar', () => {
  let api: AccountsApi;
  let s: ReturnType<typeof scheduleDb>;
  let emp: Caller;
  let empId: string;
  let emp2: Caller;
  let emp2Id: string;
  let mgr: Caller;
  let anon: Caller;
  const NOW = Date.UTC(2026, 10, 10, 4);
  let task: string;
  let viewing: string;
  let event: string;
  let otherTask: string;

  beforeAll(async () => {
    api = await startAccountsApi();
    api.app.get(Clock).now = () => NOW;
    s = scheduleDb(api);
    ({ caller: emp, id: empId } = await signInAs(api, 'employee'));
    ({ caller: emp2, id: emp2Id } = await signInAs(api, 'employee'));
    mgr = (await signInAs(api, 'manager')).caller;
    anon = await Caller.create(api.server);
    const p = await s.listing('Офис в календаре');
    task = (await emp.call('post', '/api/crm/tasks', { title: 'Позвонить', type: 'call', dueDate: '2026-11-12T09:00' }).expect(201)).body
      .data.id;
    await emp.call('post', '/api/crm/tasks', { title: 'Без срока' }).expect(201);
    await emp.call('post', '/api/crm/tasks', { title: 'В декабре', dueDate: '2026-12-12T09:00' }).expect(201);
    viewing = (await emp.call('post', '/api/crm/viewings', { propertyId: p, startsAt: '2026-11-12T11:00' }).expect(201)).body.data.id;
    event = (
      await emp
        .call('post', '/api/calendar', { title: 'Планёрка', type: 'meeting', startsAt: '2026-11-12T08:00', endsAt: '2026-11-12T08:30' })
        .expect(201)
    ).body.data.id;
    otherTask = (await emp2.call('post', '/api/crm/tasks', { title: 'Чужая', dueDate: '2026-11-12T10:00' }).expect(201)).body.data.id;
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  const range = async (who: Caller, q: string) => (await who.call('get', `/api/calendar?${q}`).expect(200)).body.data as CalendarItemDto[];

  it('refuses anonymous callers and bad ranges', async () => {
    await anon.call('get', '/api/calendar?start=2026-11-01&end=2026-12-01').expect(401);
    await emp.call('get', '/api/calendar').expect(400);
    await emp.call('get', '/api/calendar?start=2026-11-10&end=2026-11-01').expect(400);
    await emp.call('get', '/api/calendar?start=2026-01-01&end=2026-12-01').expect(400);
  });

  it("merges the caller's tasks, viewings and events in the range, soonest first, with links", async () => {
    const items = await range(emp, 'start=2026-11-01&end=2026-12-01');
    expect(items.map((i) => [i.kind, i.id])).toEqual([
      ['event', event],
      ['task', task],
      ['viewing', viewing],
    ]);
    expect(items[1]).toMatchObject({
      title: 'Позвонить',
      start: '2026-11-12T04:00:00.000Z',
      status: 'pending',
      type: 'call',
      link: `/dashboard/crm/tasks/${task}`,
    });
    expect(items[2]).toMatchObject({
      title: 'Офис в календаре',
      end: '2026-11-12T07:00:00.000Z',
      link: `/dashboard/crm/viewings/${viewing}`,
    });
    expect(items[0]).toMatchObject({ type: 'meeting', status: 'planned', allDay: false, link: `/dashboard/calendar/${event}` });
    // a day range
    expect((await range(emp, 'start=2026-11-12T10:30&end=2026-11-12T23:59')).map((i) => i.id)).toEqual([viewing]);
    // filters
    expect((await range(emp, 'start=2026-11-01&end=2026-12-01&type=task')).map((i) => i.id)).toEqual([task]);
    expect((await range(emp, 'start=2026-11-01&end=2026-12-01&type=viewing')).map((i) => i.id)).toEqual([viewing]);
    expect((await range(emp, 'start=2026-11-01&end=2026-12-01&type=meeting')).map((i) => i.id)).toEqual([event]);
    expect((await range(emp, 'start=2026-11-01&end=2026-12-01&type=call')).map((i) => i.id)).toEqual([task]);
    expect((await range(emp, 'start=2026-11-01&end=2026-12-01&status=scheduled')).map((i) => i.id)).toEqual([viewing]);
  });

  it('marks open past-due tasks overdue by the clock', async () => {
    api.app.get(Clock).now = () => Date.UTC(2026, 10, 13);
    try {
      const items = await range(emp, 'start=2026-11-01&end=2026-12-01&status=overdue');
      expect(items.map((i) => [i.id, i.status])).toEqual([[task, 'overdue']]);
    } finally {
      api.app.get(Clock).now = () => NOW;
    }
  });

  it("shows an employee their own items only; a supervisor one agent's or everyone's", async () => {
    const q = 'start=2026-11-01&end=2026-12-01';
    expect((await range(emp, `${q}&agentId=${emp2Id}`)).map((i) => i.id)).not.toContain(otherTask);
    expect((await range(emp2, q)).map((i) => i.id)).toEqual([otherTask]);
    expect((await range(mgr, `${q}&agentId=${emp2Id}`)).map((i) => i.id)).toEqual([otherTask]);
    const all = (await range(mgr, q)).map((i) => i.id);
    expect(all).toEqual(expect.arrayContaining([task, viewing, event, otherTask]));
    expect((await range(mgr, `${q}&agentId=${empId}`)).map((i) => i.id)).not.toContain(otherTask);
  });

  it('creates, reads, changes and deletes events with the owner rules, audited', async () => {
    const bad = await emp
      .call('post', '/api/calendar', { title: '', startsAt: '2026-11-15T10:00', endsAt: '2026-11-15T09:00' })
      .expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['endsAt', 'title']);
    await emp
      .call('post', '/api/calendar', { title: 'Чужое', startsAt: '2026-11-15T10:00', endsAt: '2026-11-15T11:00', ownerId: emp2Id })
      .expect(400);
    const created = await emp.call('post', '/api/calendar', {
      title: 'Напоминание',
      type: 'reminder',
      startsAt: '2026-11-15',
      endsAt: '2026-11-15T23:59',
      allDay: true,
    });
    expect(created.status).toBe(201);
    const e = created.body.data as CalendarEventDto;
    expect(e).toMatchObject({
      title: 'Напоминание',
      type: 'reminder',
      status: 'planned',
      allDay: true,
      startsAt: '2026-11-14T19:00:00.000Z',
    });
    expect(e.owner?.id).toBe(empId);
    expect((await emp.call('get', `/api/calendar/${e.id}`).expect(200)).body.data.editable).toBe(true);
    expect((await emp2.call('get', `/api/calendar/${e.id}`).expect(200)).body.data.editable).toBe(false);
    await emp2.call('put', `/api/calendar/${e.id}`, { title: 'x', startsAt: '2026-11-15T10:00', endsAt: '2026-11-15T11:00' }).expect(403);
    await emp2.call('delete', `/api/calendar/${e.id}`).expect(403);
    const changed = await mgr.call('put', `/api/calendar/${e.id}`, {
      title: 'Напоминание (перенесено)',
      type: 'reminder',
      status: 'done',
      startsAt: '2026-11-16T10:00',
      endsAt: '2026-11-16T10:00',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ title: 'Напоминание (перенесено)', status: 'done', allDay: false });
    expect(changed.body.data.owner.id).toBe(empId);
    await emp.call('delete', `/api/calendar/${e.id}`).expect(204);
    await emp.call('get', `/api/calendar/${e.id}`).expect(404);
    const actions = await s.db<{ action: string }>(`SELECT action FROM audit_logs WHERE entity_id = $1 ORDER BY occurred_at, id`, [e.id]);
    expect(actions.map((a) => a.action)).toEqual(['calendar_event.create', 'calendar_event.update', 'calendar_event.delete']);
  });
});
