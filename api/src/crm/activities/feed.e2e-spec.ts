import type { FeedItemDto } from '@realty/contracts';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../../test/accounts';
import { scheduleDb } from '../../../test/crm-schedule';

/**
 * The activity feed (issue 22 "Activities"): 'my' = mine or on my records, 'all' everyone's;
 * type and period filters; keyset paging newest first without gaps or repeats; notes on a
 * lead / client / deal with the ownership rule, audited.
 */
describe('CRM activity feed', () => {
  let api: AccountsApi;
  let s: ReturnType<typeof scheduleDb>;
  let emp: Caller;
  let empId: string;
  let emp2: Caller;
  let emp2Id: string;
  let mgr: Caller;
  let anon: Caller;
  let myLead: string;
  let theirDeal: string;
  let theirClient: string;

  beforeAll(async () => {
    api = await startAccountsApi();
    s = scheduleDb(api);
    ({ caller: emp, id: empId } = await signInAs(api, 'employee'));
    ({ caller: emp2, id: emp2Id } = await signInAs(api, 'employee'));
    mgr = (await signInAs(api, 'manager')).caller;
    anon = await Caller.create(api.server);
    myLead = await s.lead(empId, 'Мой');
    theirDeal = await s.deal(emp2Id, 'Сделка коллеги');
    theirClient = await s.client(emp2Id);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  const feed = async (who: Caller, q = '') =>
    (await who.call('get', `/api/crm/activities?${q}`).expect(200)).body as { data: FeedItemDto[]; meta: { nextCursor: string | null } };

  it('refuses anonymous callers', async () => {
    await anon.call('get', '/api/crm/activities').expect(401);
  });

  it("writes notes on own records (403 on others' for an employee), audited, with the subject", async () => {
    const res = await emp.call('post', '/api/crm/activities', {
      subjectKind: 'lead',
      subjectId: myLead,
      body: ' Клиент просил перезвонить ',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'note',
      leadId: myLead,
      body: 'Клиент просил перезвонить',
      subject: { kind: 'lead', id: myLead, name: 'Мой Петров' },
    });
    expect(res.body.data.actor.id).toBe(empId);
    await emp.call('post', '/api/crm/activities', { subjectKind: 'deal', subjectId: theirDeal, body: 'чужая' }).expect(403);
    await mgr
      .call('post', '/api/crm/activities', { subjectKind: 'deal', subjectId: theirDeal, body: 'Менеджер: проверить договор' })
      .expect(201);
    await emp2.call('post', '/api/crm/activities', { subjectKind: 'client', subjectId: theirClient, body: 'Встреча прошла' }).expect(201);
    const bad = await emp.call('post', '/api/crm/activities', { subjectKind: 'house', subjectId: 'x', body: '' }).expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['body', 'subjectId', 'subjectKind']);
    await emp.call('post', '/api/crm/activities', { subjectKind: 'lead', subjectId: myLead, body: 'x'.repeat(5001) }).expect(400);
    await emp
      .call('post', '/api/crm/activities', { subjectKind: 'client', subjectId: '00000000-0000-4000-8000-000000000000', body: 'нет такого' })
      .expect(400);
    expect(await s.db(`SELECT 1 FROM audit_logs WHERE action = 'activity.note'`)).toHaveLength(3);
  });

  it("scopes: 'my' = by me or on my records; 'all' = everyone's; filters by type and period", async () => {
    // the manager's note on emp2's deal is emp2's by ownership, not emp's
    await s.db(`INSERT INTO activities (type, lead_id, actor_id, body) VALUES ('call', $1, NULL, 'входящий звонок')`, [myLead]);
    const mine = (await feed(emp)).data;
    expect(mine.map((a) => a.body)).toEqual(['входящий звонок', 'Клиент просил перезвонить']);
    const theirs = (await feed(emp2)).data.map((a) => a.body);
    expect(theirs.sort()).toEqual(['Встреча прошла', 'Менеджер: проверить договор']);
    expect((await feed(emp, 'scope=all')).data).toHaveLength(4);
    expect((await feed(emp, 'scope=all&type=call')).data.map((a) => a.type)).toEqual(['call']);
    expect((await feed(emp, 'scope=all&from=2000-01-01&to=2000-01-02')).data).toEqual([]);
    const deal = (await feed(mgr, 'scope=all')).data.find((a) => a.dealId === theirDeal);
    expect(deal?.subject).toEqual({ kind: 'deal', id: theirDeal, name: 'Сделка коллеги' });
    await emp.call('get', '/api/crm/activities?type=shout').expect(400);
    await emp.call('get', '/api/crm/activities?cursor=bm90LWEtY3Vyc29y').expect(400);
  });

  it('pages newest first by keyset without gaps or repeats', async () => {
    const leadId = await s.lead(empId, 'Пачка');
    // equal times on purpose: the id breaks the tie
    await s.db(
      `INSERT INTO activities (type, lead_id, actor_id, body, created_at)
       SELECT 'note', $1, $2, 'n' || g, timestamptz '2026-11-01 10:00+05' + (g / 3) * interval '1 minute' FROM generate_series(1, 11) g`,
      [leadId, empId],
    );
    const expected = await s.db<{ id: string }>(`SELECT id FROM activities WHERE lead_id = $1 ORDER BY created_at DESC, id DESC`, [leadId]);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await feed(emp, `scope=all&from=2026-11-01&to=2026-11-01&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((a) => a.id));
      cursor = page.meta.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected.map((r) => r.id));
  });
});
