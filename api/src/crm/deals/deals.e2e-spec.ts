import type { DealDto, KanbanColumnDto } from '@realty/contracts';
import { DEAL_STAGES } from '@realty/contracts';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../../test/accounts';
import { withClient } from '../../../test/fixtures';

/**
 * CRM deals (issue 22 "Deals"; spec 02 §3, §4, §7): the kanban's columns, counts and sums; the
 * list; create / get / patch / delete with the role rules (an employee changes only own deals,
 * a manager or an admin any, a user 403, anonymous 401, writes need CSRF); move (positions
 * between neighbours, renumbering, the stage_change activity, won / lost refused); close (lost
 * needs a reason; won takes the listing off the public site).
 */
describe('CRM deals API', () => {
  let api: AccountsApi;
  let emp: Caller;
  let empId: string;
  let emp2: Caller;
  let emp2Id: string;
  let manager: Caller;
  let admin: Caller;
  let user: Caller;
  let anon: Caller;

  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);

  /** A deal straight in the database. */
  async function insertDeal(owner: string | null, o: Partial<Record<string, unknown>> = {}): Promise<string> {
    const rows = await db<{ id: string }>(
      `INSERT INTO deals (title, type, amount, stage, position, owner_id, property_id, client_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        o.title ?? 'Сделка',
        o.type ?? 'rent',
        o.amount ?? 100_000,
        o.stage ?? 'new_lead',
        o.position ?? 0,
        owner,
        o.propertyId ?? null,
        o.clientId ?? null,
      ],
    );
    return rows[0].id;
  }

  let n = 0;
  async function insertProperty(owner: string): Promise<string> {
    n += 1;
    const rows = await db<{ id: string }>(
      `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, status, price, area, address, owner_id, agent_id)
       VALUES ($1, $2, '{"ru":"Описание объекта для теста"}', $3, $4, 'rent', 'active', 500000, 80, 'ул. Абая, дом 1, Алматы', $5, $5) RETURNING id`,
      [
        `crm-deal-prop-${n}`,
        JSON.stringify({ ru: `Офис ${n}`, en: `Office ${n}` }),
        api.refs.categories.offices,
        api.refs.types.office,
        owner,
      ],
    );
    return rows[0].id;
  }

  const column = (board: KanbanColumnDto[], stage: string) => board.find((c) => c.stage === stage)!;

  beforeAll(async () => {
    api = await startAccountsApi();
    ({ caller: emp, id: empId } = await signInAs(api, 'employee'));
    ({ caller: emp2, id: emp2Id } = await signInAs(api, 'employee'));
    manager = (await signInAs(api, 'manager')).caller;
    admin = (await signInAs(api, 'admin')).caller;
    user = (await signInAs(api, 'user')).caller;
    anon = await Caller.create(api.server);
  });
  afterAll(() => api?.close());

  beforeEach(async () => {
    await db(`DELETE FROM activities`);
    await db(`DELETE FROM deals`);
  });

  it('kanban: every stage in order with exact counts and sums (₸); my by default, all on request; cards by position', async () => {
    await insertDeal(empId, { stage: 'new_lead', amount: 100, position: 2, title: 'B' });
    const first = await insertDeal(empId, { stage: 'new_lead', amount: 250.5, position: 1, title: 'A' });
    await insertDeal(empId, { stage: 'contract', amount: 1_000_000 });
    await insertDeal(emp2Id, { stage: 'new_lead', amount: 7 });
    await insertDeal(emp2Id, { stage: 'won', amount: 5 });
    const deleted = await insertDeal(empId, { stage: 'new_lead', amount: 999 });
    await db(`UPDATE deals SET deleted_at = now() WHERE id = $1`, [deleted]);

    const mine = (await emp.call('get', '/api/crm/deals/kanban').expect(200)).body.data as KanbanColumnDto[];
    expect(mine.map((c) => c.stage)).toEqual([...DEAL_STAGES]);
    expect(column(mine, 'new_lead')).toMatchObject({ count: 2, sum: 350.5 });
    expect(column(mine, 'new_lead').deals.map((d) => d.title)).toEqual(['A', 'B']);
    expect(column(mine, 'new_lead').deals[0]).toMatchObject({ id: first, amount: 250.5, editable: true, owner: { id: empId } });
    expect(column(mine, 'contract')).toMatchObject({ count: 1, sum: 1_000_000 });
    expect(column(mine, 'won')).toMatchObject({ count: 0, sum: 0, deals: [] });

    const all = (await emp.call('get', '/api/crm/deals/kanban?scope=all').expect(200)).body.data as KanbanColumnDto[];
    expect(column(all, 'new_lead')).toMatchObject({ count: 3, sum: 357.5 });
    expect(column(all, 'won')).toMatchObject({ count: 1, sum: 5 });
    expect(column(all, 'won').deals[0].editable).toBe(false);
    // the sums equal the database's
    const [{ total }] = await db<{ total: string }>(`SELECT sum(amount)::text AS total FROM deals WHERE deleted_at IS NULL`);
    expect(all.reduce((s, c) => s + c.sum, 0)).toBeCloseTo(Number(total), 2);

    const searched = (await emp.call('get', '/api/crm/deals/kanban?scope=all&q=a').expect(200)).body.data as KanbanColumnDto[];
    expect(column(searched, 'new_lead').deals.map((d) => d.title)).toEqual(['A']);
    await emp.call('get', '/api/crm/deals/kanban?scope=everyone').expect(400);
  });

  it('kanban: at most 50 cards per column, counts cover all', async () => {
    await db(
      `INSERT INTO deals (title, type, amount, stage, position, owner_id)
       SELECT 'Deal ' || g, 'sale', 10, 'viewing', g, $1 FROM generate_series(1, 60) g`,
      [empId],
    );
    const board = (await emp.call('get', '/api/crm/deals/kanban').expect(200)).body.data as KanbanColumnDto[];
    expect(column(board, 'viewing').count).toBe(60);
    expect(column(board, 'viewing').sum).toBe(600);
    expect(column(board, 'viewing').deals).toHaveLength(50);
    expect(column(board, 'viewing').deals[0].title).toBe('Deal 1');
  });

  it('roles: anonymous 401, user 403, writes without CSRF 403', async () => {
    await anon.call('get', '/api/crm/deals/kanban').expect(401);
    await user.call('get', '/api/crm/deals/kanban').expect(403);
    await user.call('post', '/api/crm/deals', { title: 'Аренда', type: 'rent' }).expect(403);
    const id = await insertDeal(empId);
    const noCsrf = new Caller(api.server, { cookie: emp.csrf.cookie, token: 'wrong' }, emp.ip, emp.accessToken);
    await noCsrf.call('patch', `/api/crm/deals/${id}/move`, { stage: 'viewing', position: 0 }).expect(403);
    expect((await db<{ stage: string }>(`SELECT stage FROM deals WHERE id = $1`, [id]))[0].stage).toBe('new_lead');
  });

  it('create, get, patch, delete: own deals only for an employee, any for a manager or an admin; audit rows', async () => {
    const created = await emp
      .call('post', '/api/crm/deals', { title: 'Аренда офиса', type: 'rent', amount: 450000, expectedClose: '2026-12-31' })
      .expect(201);
    const deal = created.body.data as DealDto;
    expect(deal).toMatchObject({ title: 'Аренда офиса', stage: 'new_lead', probability: 10, amount: 450000, owner: { id: empId } });
    expect(deal.expectedClose).toBe('2026-12-31');
    await emp.call('post', '/api/crm/deals', { title: 'X', type: 'barter', amount: -1 }).expect(400);
    const bad = await emp.call('post', '/api/crm/deals?lang=en', { title: 'X', type: 'barter' }).expect(400);
    expect(bad.body.error.fields).toMatchObject({ title: expect.any(String), type: expect.any(String) });
    const unknownClient = await emp
      .call('post', '/api/crm/deals', { title: 'Сделка', type: 'sale', clientId: '00000000-0000-4000-8000-000000000000' })
      .expect(400);
    expect(Object.keys(unknownClient.body.error.fields)).toEqual(['clientId']);
    // an employee cannot give a deal to someone else
    await emp.call('post', '/api/crm/deals', { title: 'Сделка', type: 'sale', ownerId: emp2Id }).expect(400);

    await emp.call('get', `/api/crm/deals/${deal.id}`).expect(200);
    await emp2.call('get', `/api/crm/deals/${deal.id}`).expect(200);
    await emp2.call('patch', `/api/crm/deals/${deal.id}`, { title: 'Чужая' }).expect(403);
    await emp2.call('delete', `/api/crm/deals/${deal.id}`).expect(403);
    const patched = await emp.call('patch', `/api/crm/deals/${deal.id}`, { amount: 500000, probability: 55 }).expect(200);
    expect(patched.body.data).toMatchObject({ amount: 500000, probability: 55, title: 'Аренда офиса' });
    await emp.call('patch', `/api/crm/deals/${deal.id}`, { ownerId: emp2Id }).expect(400);
    const reassigned = await manager.call('patch', `/api/crm/deals/${deal.id}`, { ownerId: emp2Id }).expect(200);
    expect(reassigned.body.data.owner.id).toBe(emp2Id);
    await admin.call('patch', `/api/crm/deals/${deal.id}`, { title: 'Админ правит' }).expect(200);
    await emp.call('delete', `/api/crm/deals/${deal.id}`).expect(403);
    await emp2.call('delete', `/api/crm/deals/${deal.id}`).expect(204);
    await emp2.call('get', `/api/crm/deals/${deal.id}`).expect(404);
    await emp2.call('get', `/api/crm/deals/not-a-uuid`).expect(404);

    const audit = await db<{ action: string }>(`SELECT action FROM audit_logs WHERE entity_id = $1 ORDER BY occurred_at, id`, [deal.id]);
    expect(audit.map((a) => a.action)).toEqual(['deal.create', 'deal.update', 'deal.update', 'deal.update', 'deal.delete']);
  });

  it('list: filters, sort and paging', async () => {
    for (let i = 0; i < 7; i++) await insertDeal(empId, { title: `Deal ${i}`, amount: i * 10, stage: i % 2 ? 'viewing' : 'new_lead' });
    await insertDeal(emp2Id, { title: 'Other', stage: 'viewing' });
    const page1 = await emp.call('get', '/api/crm/deals?sort=amount&dir=asc&limit=3').expect(200);
    expect(page1.body.data.map((d: DealDto) => d.amount)).toEqual([0, 10, 20]);
    expect(page1.body.meta).toMatchObject({ total: 7, page: 1, limit: 3, totalPages: 3 });
    const page3 = await emp.call('get', '/api/crm/deals?sort=amount&dir=asc&limit=3&page=3').expect(200);
    expect(page3.body.data.map((d: DealDto) => d.amount)).toEqual([60]);
    const viewing = await emp.call('get', '/api/crm/deals?scope=all&stage=viewing').expect(200);
    expect(viewing.body.meta.total).toBe(4);
  });

  it('move: positions between neighbours, stage_change activity with {from, to}, probability of the stage, renumbering', async () => {
    const a = await insertDeal(empId, { stage: 'viewing', position: 1024, title: 'a' });
    const b = await insertDeal(empId, { stage: 'viewing', position: 2048, title: 'b' });
    const c = await insertDeal(emp2Id, { stage: 'viewing', position: 3072, title: 'c' });
    const x = await insertDeal(empId, { stage: 'new_lead', title: 'x' });

    const moved = await emp.call('patch', `/api/crm/deals/${x}/move`, { stage: 'viewing', position: 1 }).expect(200);
    expect(moved.body.data).toMatchObject({ stage: 'viewing', probability: 40, position: 1536 });
    const order = async () =>
      (await db<{ title: string }>(`SELECT title FROM deals WHERE stage = 'viewing' ORDER BY position, id`)).map((r) => r.title);
    expect(await order()).toEqual(['a', 'x', 'b', 'c']);
    const acts = await db<{ type: string; data: unknown; actor_id: string }>(
      `SELECT type, data, actor_id FROM activities WHERE deal_id = $1`,
      [x],
    );
    expect(acts).toEqual([{ type: 'stage_change', data: { from: 'new_lead', to: 'viewing' }, actor_id: empId }]);
    expect(moved.body.data.stageHistory).toEqual([expect.objectContaining({ from: 'new_lead', to: 'viewing' })]);

    // to the top and to the bottom; an index past the end is the bottom
    await emp.call('patch', `/api/crm/deals/${x}/move`, { stage: 'viewing', position: 0 }).expect(200);
    expect(await order()).toEqual(['x', 'a', 'b', 'c']);
    await emp.call('patch', `/api/crm/deals/${x}/move`, { stage: 'viewing', position: 99 }).expect(200);
    expect(await order()).toEqual(['a', 'b', 'c', 'x']);
    // 'my' board: the index counts the caller's cards only (a, b, x): index 2 is after b
    await emp.call('patch', `/api/crm/deals/${a}/move`, { stage: 'viewing', position: 2, scope: 'my' }).expect(200);
    expect((await order()).indexOf('a')).toBeGreaterThan((await order()).indexOf('b'));
    // reordering in one column is no stage change
    expect((await db(`SELECT 1 FROM activities WHERE deal_id = $1`, [a])).length).toBe(0);

    // gaps too small: the column is renumbered and the order kept
    await db(`UPDATE deals SET position = 1 + (CASE title WHEN 'b' THEN 0 WHEN 'c' THEN 1e-9 ELSE 5 END) WHERE stage = 'viewing'`);
    await emp.call('patch', `/api/crm/deals/${x}/move`, { stage: 'viewing', position: 1 }).expect(200);
    expect((await order()).slice(0, 3)).toEqual(['b', 'x', 'c']);
    const positions = await db<{ position: number }>(`SELECT position FROM deals WHERE stage = 'viewing' ORDER BY position`);
    for (let i = 1; i < positions.length; i++) expect(positions[i].position - positions[i - 1].position).toBeGreaterThan(1);

    // won / lost only through close; others' deals refused for an employee; a manager may
    const refused = await emp.call('patch', `/api/crm/deals/${x}/move?lang=en`, { stage: 'won', position: 0 }).expect(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(['stage']);
    await emp.call('patch', `/api/crm/deals/${c}/move`, { stage: 'contract', position: 0 }).expect(403);
    await manager.call('patch', `/api/crm/deals/${c}/move`, { stage: 'contract', position: 0 }).expect(200);
    await emp.call('patch', `/api/crm/deals/${b}/move`, { stage: 'viewing', position: -1 }).expect(400);
  });

  it('move: the index counts the cards of the board the caller saw (search, type)', async () => {
    await insertDeal(empId, { stage: 'contract', position: 1000, title: 'Alpha' });
    await insertDeal(empId, { stage: 'contract', position: 2000, title: 'Beta' });
    await insertDeal(empId, { stage: 'contract', position: 4000, title: 'Alpine' });
    const g = await insertDeal(empId, { stage: 'new_lead', title: 'Alpaca' });
    const moved = await emp.call('patch', `/api/crm/deals/${g}/move`, { stage: 'contract', position: 1, q: 'alp' }).expect(200);
    // between Alpha and Alpine (the searched board), so after Beta
    expect(moved.body.data.position).toBe(2500);
    const order = await db<{ title: string }>(`SELECT title FROM deals WHERE stage = 'contract' ORDER BY position, id`);
    expect(order.map((r) => r.title)).toEqual(['Alpha', 'Beta', 'Alpaca', 'Alpine']);
  });

  it('close lost: reason required; closed once; cannot move after', async () => {
    const id = await insertDeal(empId, { stage: 'negotiation' });
    const noReason = await emp.call('post', `/api/crm/deals/${id}/close`, { result: 'lost', reason: '  ' }).expect(400);
    expect(Object.keys(noReason.body.error.fields)).toEqual(['reason']);
    const closed = await emp.call('post', `/api/crm/deals/${id}/close`, { result: 'lost', reason: 'Дорого' }).expect(200);
    expect(closed.body.data).toMatchObject({ stage: 'lost', probability: 0, lostReason: 'Дорого' });
    expect(closed.body.data.closedAt).not.toBeNull();
    expect(closed.body.data.stageHistory).toEqual([expect.objectContaining({ from: 'negotiation', to: 'lost' })]);
    await emp.call('post', `/api/crm/deals/${id}/close`, { result: 'won', reason: '' }).expect(409);
    await emp.call('patch', `/api/crm/deals/${id}/move`, { stage: 'viewing', position: 0 }).expect(409);
    const acts = await db<{ type: string; body: string }>(`SELECT type, body FROM activities WHERE deal_id = $1`, [id]);
    expect(acts).toEqual([{ type: 'closed', body: 'Дорого' }]);
    const audit = await db<{ action: string }>(`SELECT action FROM audit_logs WHERE entity_id = $1`, [id]);
    expect(audit.map((a) => a.action)).toEqual(['deal.close']);
  });

  it('close won on a listing: rented (rent) or sold (sale), inactive, gone from GET /api/properties', async () => {
    const rentProp = await insertProperty(empId);
    const saleProp = await insertProperty(empId);
    const before = await anon.call('get', '/api/properties?limit=50').expect(200);
    expect(before.body.data.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([rentProp, saleProp]));

    const rent = await insertDeal(empId, { stage: 'contract', type: 'rent', propertyId: rentProp });
    const sale = await insertDeal(empId, { stage: 'contract', type: 'sale', propertyId: saleProp });
    await emp2.call('post', `/api/crm/deals/${rent}/close`, { result: 'won' }).expect(403);
    const won = await emp.call('post', `/api/crm/deals/${rent}/close`, { result: 'won' }).expect(200);
    expect(won.body.data).toMatchObject({ stage: 'won', probability: 100, lostReason: null });
    await admin.call('post', `/api/crm/deals/${sale}/close`, { result: 'won', reason: 'Подписали' }).expect(200);

    const props = await db<{ id: string; status: string; closed_as: string }>(
      `SELECT id, status, closed_as FROM properties WHERE id = ANY($1) ORDER BY closed_as`,
      [[rentProp, saleProp]],
    );
    expect(props).toEqual([
      { id: rentProp, status: 'inactive', closed_as: 'rented' },
      { id: saleProp, status: 'inactive', closed_as: 'sold' },
    ]);
    const after = await anon.call('get', '/api/properties?limit=50').expect(200);
    const ids = after.body.data.map((p: { id: string }) => p.id);
    expect(ids).not.toContain(rentProp);
    expect(ids).not.toContain(saleProp);
    await anon.call('get', `/api/properties/${rentProp}`).expect(404);
    const audit = await db<{ action: string }>(`SELECT action FROM audit_logs WHERE entity_id = $1`, [rentProp]);
    expect(audit.map((a) => a.action)).toEqual(['property.status']);
  });
});
