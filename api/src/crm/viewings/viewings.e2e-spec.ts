import type { ViewingDto } from '@realty/contracts';
import { Clock } from '../../common/clock';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../../test/accounts';
import { scheduleDb } from '../../../test/crm-schedule';

/**
 * Viewings (issue 22 "Viewings"): booking, the double-booking 409s of the agent and of the
 * listing (translated, never a 500), a cancelled viewing frees its slot, outcome, the activity
 * 'viewing' on the linked client, the role rules, list scope and order, the form's options.
 */
describe('CRM viewings', () => {
  let api: AccountsApi;
  let s: ReturnType<typeof scheduleDb>;
  let emp: Caller;
  let empId: string;
  let emp2: Caller;
  let emp2Id: string;
  let mgr: Caller;
  let anon: Caller;
  let p1: string;
  let p2: string;
  const NOW = Date.UTC(2026, 10, 20, 4); // 09:00 Almaty

  beforeAll(async () => {
    api = await startAccountsApi();
    api.app.get(Clock).now = () => NOW;
    s = scheduleDb(api);
    ({ caller: emp, id: empId } = await signInAs(api, 'employee'));
    ({ caller: emp2, id: emp2Id } = await signInAs(api, 'employee'));
    mgr = (await signInAs(api, 'manager')).caller;
    anon = await Caller.create(api.server);
    p1 = await s.listing('Офис на Абая');
    p2 = await s.listing('Склад на Рыскулова');
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  const book = (who: Caller, body: Record<string, unknown>, lang = 'ru') => who.call('post', `/api/crm/viewings?lang=${lang}`, body);

  it('refuses anonymous callers', async () => {
    await anon.call('get', '/api/crm/viewings').expect(401);
    await anon.call('post', '/api/crm/viewings', {}).expect(401);
  });

  it('books a viewing (60 minutes by default) with an activity on its client, audited', async () => {
    const clientId = await s.client(empId);
    const res = await book(emp, { propertyId: p1, clientId, startsAt: '2026-11-21T10:00', notes: 'Ключи у охраны' });
    expect(res.status).toBe(201);
    const v = res.body.data as ViewingDto;
    expect(v).toMatchObject({
      status: 'scheduled',
      startsAt: '2026-11-21T05:00:00.000Z',
      endsAt: '2026-11-21T06:00:00.000Z',
      durationMinutes: 60,
      notes: 'Ключи у охраны',
      editable: true,
    });
    expect(v.agent.id).toBe(empId);
    expect(v.property).toMatchObject({ id: p1, title: 'Офис на Абая' });
    expect(v.subject).toMatchObject({ kind: 'client', id: clientId, name: 'Алия Касымова' });
    const acts = await s.db<{ type: string; data: Record<string, unknown> }>(`SELECT type, data FROM activities WHERE client_id = $1`, [
      clientId,
    ]);
    expect(acts).toEqual([{ type: 'viewing', data: { viewingId: v.id, propertyId: p1, startsAt: v.startsAt, status: 'scheduled' } }]);
    expect(await s.db(`SELECT 1 FROM audit_logs WHERE action = 'viewing.create' AND entity_id = $1`, [v.id])).toHaveLength(1);
  });

  it('answers 409 VIEWING_AGENT_BUSY when the agent is taken, in the request language', async () => {
    await book(emp, { propertyId: p1, startsAt: '2026-11-22T10:00', durationMinutes: 90 }).expect(201);
    const clash = await book(emp, { propertyId: p2, startsAt: '2026-11-22T11:00', durationMinutes: 30 }, 'en');
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'VIEWING_AGENT_BUSY', message: 'The agent already has a viewing at this time' });
    const ru = await book(emp, { propertyId: p2, startsAt: '2026-11-22T09:30', durationMinutes: 60 });
    expect(ru.status).toBe(409);
    expect(ru.body.error.message).toBe('У агента уже есть показ в это время');
    // right after the first one ends: free
    await book(emp, { propertyId: p2, startsAt: '2026-11-22T11:30', durationMinutes: 30 }).expect(201);
  });

  it('answers 409 VIEWING_PROPERTY_BUSY when the listing is taken by another agent', async () => {
    await book(emp, { propertyId: p2, startsAt: '2026-11-23T15:00' }).expect(201);
    const clash = await book(emp2, { propertyId: p2, startsAt: '2026-11-23T15:30' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('VIEWING_PROPERTY_BUSY');
    expect(clash.body.error.message).toBe('На этот объект уже назначен показ в это время');
  });

  it('frees the slot when a viewing is cancelled (DELETE), audited; cancelling twice is harmless', async () => {
    const first = (await book(emp, { propertyId: p1, startsAt: '2026-11-24T10:00' }).expect(201)).body.data as ViewingDto;
    await book(emp2, { propertyId: p1, startsAt: '2026-11-24T10:00' }).expect(409);
    await emp2.call('delete', `/api/crm/viewings/${first.id}`).expect(403);
    await emp.call('delete', `/api/crm/viewings/${first.id}`).expect(204);
    await emp.call('delete', `/api/crm/viewings/${first.id}`).expect(204);
    expect((await emp.call('get', `/api/crm/viewings/${first.id}`).expect(200)).body.data.status).toBe('cancelled');
    await book(emp2, { propertyId: p1, startsAt: '2026-11-24T10:00' }).expect(201);
    expect(await s.db(`SELECT 1 FROM audit_logs WHERE action = 'viewing.cancel' AND entity_id = $1`, [first.id])).toHaveLength(1);
  });

  it('moves a viewing (PUT) and answers 409 when the new time clashes', async () => {
    const a = (await book(emp, { propertyId: p1, startsAt: '2026-11-25T10:00' }).expect(201)).body.data as ViewingDto;
    const b = (await book(emp, { propertyId: p2, startsAt: '2026-11-25T12:00' }).expect(201)).body.data as ViewingDto;
    const clash = await emp.call('put', `/api/crm/viewings/${b.id}`, { propertyId: p2, startsAt: '2026-11-25T10:30' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('VIEWING_AGENT_BUSY');
    const moved = await emp.call('put', `/api/crm/viewings/${b.id}`, { propertyId: p2, startsAt: '2026-11-25T13:00', durationMinutes: 45 });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ startsAt: '2026-11-25T08:00:00.000Z', durationMinutes: 45 });
    // its own time does not clash with itself
    await emp.call('put', `/api/crm/viewings/${a.id}`, { propertyId: p1, startsAt: '2026-11-25T10:15' }).expect(200);
    await emp2.call('put', `/api/crm/viewings/${a.id}`, { propertyId: p1, startsAt: '2026-11-25T10:15' }).expect(403);
  });

  it('records an outcome once (completed | no_show), with the activity on the lead', async () => {
    const leadId = await s.lead(empId);
    const v = (await book(emp, { propertyId: p1, leadId, startsAt: '2026-11-26T10:00' }).expect(201)).body.data as ViewingDto;
    await emp.call('post', `/api/crm/viewings/${v.id}/outcome`, { status: 'cancelled' }).expect(400);
    const done = await emp.call('post', `/api/crm/viewings/${v.id}/outcome`, { status: 'completed', outcome: 'Понравилось, ждёт договор' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', outcome: 'Понравилось, ждёт договор' });
    await emp.call('post', `/api/crm/viewings/${v.id}/outcome`, { status: 'no_show' }).expect(409);
    await emp.call('delete', `/api/crm/viewings/${v.id}`).expect(409);
    const acts = await s.db<{ body: string; data: { status: string } }>(
      `SELECT body, data FROM activities WHERE lead_id = $1 ORDER BY created_at, id`,
      [leadId],
    );
    expect(acts.map((a) => a.data.status)).toEqual(['scheduled', 'completed']);
    expect(acts[1].body).toBe('Понравилось, ждёт договор');
  });

  it('validates: listing, duration 15..480, time, agent rules', async () => {
    const bad = await book(emp, { propertyId: 'x', startsAt: 'soon', durationMinutes: 10 }).expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['durationMinutes', 'propertyId', 'startsAt']);
    await book(emp, { propertyId: p1, startsAt: '2026-12-01T10:00', durationMinutes: 481 }).expect(400);
    const gone = await book(emp, { propertyId: '00000000-0000-4000-8000-000000000000', startsAt: '2026-12-01T10:00' }).expect(400);
    expect(gone.body.error.fields.propertyId).toBeTruthy();
    const other = await book(emp, { propertyId: p1, agentId: emp2Id, startsAt: '2026-12-01T10:00' }).expect(400);
    expect(other.body.error.fields.agentId).toBeTruthy();
    const byMgr = (await book(mgr, { propertyId: p1, agentId: emp2Id, startsAt: '2026-12-01T10:00', durationMinutes: '30' }).expect(201))
      .body.data as ViewingDto;
    expect(byMgr.agent.id).toBe(emp2Id);
    expect(byMgr.durationMinutes).toBe(30);
  });

  it("lists 'my' (I am the agent) upcoming first, then past; 'all' with filters; options for the form", async () => {
    const { caller: solo, id: soloId } = await signInAs(api, 'employee');
    const p3 = await s.listing('Коворкинг на Сатпаева');
    const past = (await book(solo, { propertyId: p3, startsAt: '2026-11-19T10:00' }).expect(201)).body.data as ViewingDto;
    const later = (await book(solo, { propertyId: p3, startsAt: '2026-11-28T10:00' }).expect(201)).body.data as ViewingDto;
    const soon = (await book(solo, { propertyId: p3, startsAt: '2026-11-21T18:00' }).expect(201)).body.data as ViewingDto;
    const ids = async (q: string, who = solo) =>
      ((await who.call('get', `/api/crm/viewings?${q}`).expect(200)).body.data as ViewingDto[]).map((v) => v.id);
    expect(await ids('')).toEqual([soon.id, later.id, past.id]);
    expect(await ids('from=2026-11-22')).toEqual([later.id]);
    expect(await ids('to=2026-11-20')).toEqual([past.id]);
    expect(await ids(`scope=all&propertyId=${p3}`, mgr)).toEqual([soon.id, later.id, past.id]);
    expect(await ids(`scope=all&agentId=${soloId}&status=scheduled`, emp)).toHaveLength(3);
    expect(await ids('status=cancelled')).toEqual([]);
    await solo.call('get', '/api/crm/viewings?status=maybe').expect(400);

    const opts = (await solo.call('get', '/api/crm/viewings/options?q=коворкинг').expect(200)).body.data;
    expect(opts.properties.map((p: { id: string }) => p.id)).toEqual([p3]);
    expect(opts.agents.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([soloId, empId, emp2Id]));
    await solo.call('get', `/api/crm/viewings/${'0'.repeat(8)}-0000-4000-8000-000000000000`).expect(404);
  });
});
