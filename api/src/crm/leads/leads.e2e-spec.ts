import type { CrmLeadDetailDto, CrmLeadItemDto } from '@realty/contracts';
import request from 'supertest';
import { Caller, insertUser, signInAs, startAccountsApi, freshEmail, type AccountsApi } from '../../../test/accounts';
import { catalogProperties, insertProperty, withClient } from '../../../test/fixtures';
import { Clock } from '../../common/clock';

/**
 * The CRM's leads API (issue 22 "Leads"; spec 02 §2, §3, §7 "CRM leads") against a real database:
 * the role rules (employee own only, manager/admin any, user 403, anonymous 401, CSRF), the list
 * (scope, filters, sorts, keyset paging, waiting time by the injected clock, duplicate flags),
 * create / edit / delete, assign, status history, call log, convert (client + deal in one
 * transaction, 409 the second time), merge (both histories on the target), round-robin (three
 * agents in turn; CRM_ROUND_ROBIN=off leaves leads unassigned) and the duplicate check of the
 * site form.
 */
describe('CRM leads API', () => {
  let api: AccountsApi;
  let employee: Caller;
  let employeeId: string;
  let colleague: Caller;
  let colleagueId: string;
  let manager: Caller;
  let managerId: string;
  let admin: Caller;
  let visitor: Caller;
  let anonymous: Caller;
  let listingId: string;
  const NOW = Date.UTC(2026, 5, 15, 6, 0); // Monday 11:00 in Almaty

  const db = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);

  /** A lead straight in the database (owner, status, creation time by offset in minutes before NOW). */
  let n = 0;
  async function insertLead(
    o: { owner?: string | null; status?: string; minutesAgo?: number; phone?: string; email?: string; first?: string } = {},
  ) {
    n += 1;
    const rows = await db<{ id: string }>(
      `INSERT INTO leads (first_name, last_name, phone, email, source, topic, quality, status, assigned_to, created_at, updated_at)
       VALUES ($1, 'Тестов', $2, $3, 'website', 'Тема обращения', 'warm', $4, $5, $6, $6) RETURNING id`,
      [
        o.first ?? `Лид${String.fromCharCode(1040 + (n % 30))}`,
        o.phone ?? `+7 700 ${String(1000000 + n).slice(-7)}`,
        o.email ?? `lead${n}@example.kz`,
        o.status ?? 'new',
        o.owner === undefined ? null : o.owner,
        new Date(NOW - (o.minutesAgo ?? n) * 60_000),
      ],
    );
    return rows[0].id;
  }

  const lead = (who: Caller, id: string) => who.call('get', `/api/crm/leads/${id}`);
  const newLeadBody = (o: Record<string, unknown> = {}) => ({
    firstName: 'Асель',
    lastName: 'Нурланова',
    phone: '+7 701 555 12 34',
    email: '',
    source: 'cold_call',
    topic: 'Аренда офиса',
    quality: 'hot',
    budget: 500000,
    ...o,
  });

  beforeAll(async () => {
    api = await startAccountsApi({
      env: { OUTBOX_POLL_MS: '600000', CRM_ROUND_ROBIN: 'off' },
      seed: async (url, refs) => {
        await withClient(url, async (c) => {
          listingId = await insertProperty(c, refs, { ...catalogProperties()[0], dealType: 'sale' } as never);
        });
      },
    });
    api.app.get(Clock).now = () => NOW;
    ({ caller: employee, id: employeeId } = await signInAs(api, 'employee'));
    ({ caller: colleague, id: colleagueId } = await signInAs(api, 'employee'));
    ({ caller: manager, id: managerId } = await signInAs(api, 'manager'));
    admin = (await signInAs(api, 'admin')).caller;
    visitor = (await signInAs(api, 'user')).caller;
    anonymous = await Caller.create(api.server);
  }, 120_000);
  afterAll(() => api?.close());

  describe('access', () => {
    it('answers 401 to the anonymous and 403 to a site user on every lead route', async () => {
      const id = await insertLead();
      for (const [method, url] of [
        ['get', '/api/crm/leads'],
        ['get', `/api/crm/leads/${id}`],
        ['post', '/api/crm/leads'],
        ['put', `/api/crm/leads/${id}`],
        ['delete', `/api/crm/leads/${id}`],
        ['post', `/api/crm/leads/${id}/assign`],
        ['patch', `/api/crm/leads/${id}/status`],
        ['post', `/api/crm/leads/${id}/call`],
        ['post', `/api/crm/leads/${id}/convert`],
        ['post', `/api/crm/leads/${id}/merge`],
      ] as const) {
        await anonymous.call(method, url, {}).expect(401);
        await visitor.call(method, url, {}).expect(403);
      }
    });

    it('refuses a write without the CSRF token', async () => {
      const id = await insertLead({ owner: employeeId });
      await request(api.server)
        .patch(`/api/crm/leads/${id}/status`)
        .set('Authorization', `Bearer ${employee.accessToken}`)
        .set('X-Forwarded-For', employee.ip)
        .send({ status: 'contacted' })
        .expect(403)
        .expect((res) => expect(res.body.error.code).toMatch(/^CSRF_/));
      expect((await db(`SELECT status FROM leads WHERE id = $1`, [id]))[0].status).toBe('new');
    });

    it('lets an employee change only their own leads, and a manager or an admin any', async () => {
      const mine = await insertLead({ owner: employeeId });
      const theirs = await insertLead({ owner: colleagueId });
      const nobodys = await insertLead({ owner: null });
      await employee.call('patch', `/api/crm/leads/${mine}/status`, { status: 'contacted' }).expect(200);
      await employee.call('patch', `/api/crm/leads/${theirs}/status`, { status: 'contacted' }).expect(403);
      await employee.call('patch', `/api/crm/leads/${nobodys}/status`, { status: 'contacted' }).expect(403);
      await employee.call('post', `/api/crm/leads/${theirs}/call`, { outcome: 'answered', durationSec: 10 }).expect(403);
      await employee.call('post', `/api/crm/leads/${theirs}/convert`, {}).expect(403);
      await employee.call('delete', `/api/crm/leads/${theirs}`).expect(403);
      await employee.call('put', `/api/crm/leads/${theirs}`, newLeadBody()).expect(403);
      // reading is open to every staff role
      const read = await lead(employee, theirs).expect(200);
      expect(read.body.data.editable).toBe(false);
      expect((await lead(employee, mine).expect(200)).body.data.editable).toBe(true);
      await manager.call('patch', `/api/crm/leads/${theirs}/status`, { status: 'qualified', notes: 'менеджер' }).expect(200);
      await admin.call('patch', `/api/crm/leads/${nobodys}/status`, { status: 'postponed' }).expect(200);
    });

    it('lets an employee take an unassigned lead for themself only; a manager assigns anyone (and the owner is notified)', async () => {
      const free = await insertLead({ owner: null });
      await employee.call('post', `/api/crm/leads/${free}/assign`, { agentId: colleagueId }).expect(403);
      const taken = await employee.call('post', `/api/crm/leads/${free}/assign`, { agentId: employeeId }).expect(200);
      expect(taken.body.data.owner).toEqual({ id: employeeId, name: expect.any(String) });
      // not again by a colleague
      await colleague.call('post', `/api/crm/leads/${free}/assign`, { agentId: colleagueId }).expect(403);
      // nobody notifies themself
      expect(await db(`SELECT 1 FROM notifications WHERE user_id = $1 AND data->>'leadId' = $2`, [employeeId, free])).toHaveLength(0);
      await manager.call('post', `/api/crm/leads/${free}/assign`, { agentId: colleagueId }).expect(200);
      const notes = await db<{ type: string; link: string }>(
        `SELECT type, link FROM notifications WHERE user_id = $1 AND data->>'leadId' = $2`,
        [colleagueId, free],
      );
      expect(notes).toEqual([{ type: 'lead_assigned', link: `/dashboard/crm/leads/${free}` }]);
      const timeline = (await lead(manager, free).expect(200)).body.data.activities as CrmLeadDetailDto['activities'];
      expect(timeline.filter((a) => a.type === 'assignment').map((a) => a.data)).toEqual([
        { from: employeeId, to: colleagueId, by: 'manual' },
        { from: null, to: employeeId, by: 'manual' },
      ]);
      const audit = await db(`SELECT action FROM audit_logs WHERE entity_id = $1 AND action = 'lead.assign'`, [free]);
      expect(audit).toHaveLength(2);
    });

    it('assigns only to an active employee or manager (400 fields.agentId)', async () => {
      const id = await insertLead();
      const blocked = await insertUser(api, { email: freshEmail('blocked'), role: 'employee', status: 'blocked' });
      const userId = await insertUser(api, { email: freshEmail('site'), role: 'user' });
      for (const agentId of [blocked, userId, '00000000-0000-4000-8000-000000000000']) {
        const res = await manager.call('post', `/api/crm/leads/${id}/assign`, { agentId }).expect(400);
        expect(Object.keys(res.body.error.fields)).toEqual(['agentId']);
      }
      await manager.call('post', `/api/crm/leads/${id}/assign`, { agentId: 'nope' }).expect(400);
    });
  });

  describe('list', () => {
    let ids: string[];
    beforeAll(async () => {
      await db(`UPDATE leads SET deleted_at = now()`);
      ids = [];
      for (let i = 0; i < 7; i++) ids.push(await insertLead({ owner: employeeId, minutesAgo: 10 + i * 5 }));
      for (let i = 0; i < 4; i++)
        ids.push(await insertLead({ owner: colleagueId, minutesAgo: 100 + i, status: i % 2 ? 'contacted' : 'new' }));
      await insertLead({ owner: employeeId, first: 'Удалённый' }).then((id) =>
        db(`UPDATE leads SET deleted_at = now() WHERE id = $1`, [id]),
      );
    });

    const list = (who: Caller, qs: string) => who.call('get', `/api/crm/leads?${qs}`).expect(200);

    it("shows an employee their leads by default ('my'), and everyone's with scope=all", async () => {
      const my = await list(employee, '');
      expect(my.body.data.every((r: CrmLeadItemDto) => r.owner?.id === employeeId)).toBe(true);
      expect(my.body.meta.total).toBe(7);
      const all = await list(employee, 'scope=all');
      expect(all.body.meta.total).toBe(11);
      expect(all.body.data.map((r: CrmLeadItemDto) => r.name)).not.toContain('Удалённый Тестов');
    });

    it('walks the pages by keyset without gaps or repeats, in each sort', async () => {
      for (const sort of ['created', 'updated', 'name']) {
        for (const dir of ['asc', 'desc']) {
          const seen: string[] = [];
          let cursor = '';
          for (let page = 0; page < 10; page++) {
            const res = await list(manager, `scope=all&limit=3&sort=${sort}&dir=${dir}${cursor ? `&cursor=${cursor}` : ''}`);
            seen.push(...res.body.data.map((r: CrmLeadItemDto) => r.id));
            cursor = res.body.meta.nextCursor;
            if (!cursor) break;
          }
          expect(seen).toHaveLength(11);
          expect(new Set(seen).size).toBe(11);
          const col = { created: 'created_at', updated: 'updated_at', name: `lower(first_name || ' ' || last_name)` }[sort];
          const want = await db<{ id: string }>(
            `SELECT id FROM leads WHERE deleted_at IS NULL AND merged_into_id IS NULL ORDER BY ${col} ${dir}, id ${dir}`,
          );
          expect(seen).toEqual(want.map((r) => r.id));
        }
      }
      await manager.call('get', `/api/crm/leads?sort=name&cursor=bad`).expect(400);
    });

    it('filters by status, agent, search text and period', async () => {
      const contacted = await list(manager, 'scope=all&status=contacted');
      expect(contacted.body.data.map((r: CrmLeadItemDto) => r.status)).toEqual(['contacted', 'contacted']);
      const byAgent = await list(manager, `scope=all&agentId=${colleagueId}`);
      expect(byAgent.body.meta.total).toBe(4);
      const first = (await db<{ phone: string }>(`SELECT phone FROM leads WHERE id = $1`, [ids[0]]))[0].phone;
      const search = await list(manager, `scope=all&q=${encodeURIComponent(first.slice(-7))}`);
      expect(search.body.data.map((r: CrmLeadItemDto) => r.id)).toEqual([ids[0]]);
      expect((await list(manager, 'scope=all&createdFrom=2026-06-16')).body.meta.total).toBe(0);
      expect((await list(manager, 'scope=all&createdFrom=2026-06-15&createdTo=2026-06-15')).body.meta.total).toBe(11);
      await manager.call('get', '/api/crm/leads?status=nope').expect(400);
    });

    it('shows how long a new lead has waited by the injected clock, and flags waits past the limit', async () => {
      const res = await list(employee, 'sort=created&dir=desc');
      const rows = res.body.data as CrmLeadItemDto[];
      expect(rows.map((r) => r.waitingMinutes)).toEqual([10, 15, 20, 25, 30, 35, 40]);
      // Monday 11:00 Almaty: all within working hours; the limit is 15
      expect(rows.map((r) => r.waitingTooLong)).toEqual([false, false, true, true, true, true, true]);
      const clock = api.app.get(Clock);
      clock.now = () => NOW + 60_000;
      try {
        expect((await list(employee, 'sort=created&dir=desc')).body.data[0].waitingMinutes).toBe(11);
      } finally {
        clock.now = () => NOW;
      }
      const contacted = (await list(manager, 'scope=all&status=contacted')).body.data as CrmLeadItemDto[];
      expect(contacted.every((r) => r.waitingMinutes === null && !r.waitingTooLong)).toBe(true);
    });
  });

  describe('create, edit, delete', () => {
    it('creates a lead by hand (owner given), validates with per-field messages, edits and soft-deletes it', async () => {
      const bad = await employee
        .call('post', '/api/crm/leads', newLeadBody({ phone: '', email: '', firstName: 'A', source: 'x' }))
        .expect(400);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['firstName', 'phone', 'source']);
      await employee.call('post', '/api/crm/leads', newLeadBody({ ownerId: colleagueId })).expect(403);
      const created = await employee
        .call('post', '/api/crm/leads', newLeadBody({ ownerId: employeeId, propertyId: listingId }))
        .expect(201);
      const dto = created.body.data as CrmLeadDetailDto;
      expect(dto).toMatchObject({ name: 'Асель Нурланова', status: 'new', quality: 'hot', budget: 500000, owner: { id: employeeId } });
      expect(dto.property?.id).toBe(listingId);
      expect(dto.activities.map((a) => a.type)).toEqual(expect.arrayContaining(['created', 'assignment']));
      const row = (await db(`SELECT created_by FROM leads WHERE id = $1`, [dto.id]))[0];
      expect(row.created_by).toBe(employeeId);

      const edited = await employee
        .call('put', `/api/crm/leads/${dto.id}`, newLeadBody({ topic: 'Покупка склада', telegram: '@asel_n' }))
        .expect(200);
      expect(edited.body.data).toMatchObject({ topic: 'Покупка склада', telegram: 'asel_n' });
      const audit = await db<{ action: string; after: Record<string, unknown> }>(
        `SELECT action, after FROM audit_logs WHERE entity_id = $1 ORDER BY occurred_at`,
        [dto.id],
      );
      expect(audit.map((a) => a.action)).toEqual(['lead.create', 'lead.update']);
      expect(audit[1].after).toMatchObject({ topic: 'Покупка склада' });

      // new contacts are checked for duplicates again: an older lead with that e-mail
      const older = await insertLead({ owner: colleagueId, minutesAgo: 500, email: 'older.person@example.kz', phone: '' });
      const moved = await employee
        .call('put', `/api/crm/leads/${dto.id}`, newLeadBody({ phone: '', email: 'Older.Person@example.kz' }))
        .expect(200);
      expect(moved.body.data.duplicateOfId).toBe(older);
      expect((await lead(manager, older).expect(200)).body.data.duplicateOfId).toBeNull();

      await employee.call('delete', `/api/crm/leads/${dto.id}`).expect(204);
      await lead(manager, dto.id).expect(404);
      expect((await db(`SELECT deleted_at FROM leads WHERE id = $1`, [dto.id]))[0].deleted_at).not.toBeNull();
      await lead(manager, 'not-a-uuid').expect(404);
    });
  });

  describe('status history and call log', () => {
    it('keeps every status change with its notes and sets the first contact', async () => {
      const id = await insertLead({ owner: employeeId });
      await employee.call('patch', `/api/crm/leads/${id}/status`, { status: 'attempted_contact', notes: 'Не дозвонилась' }).expect(200);
      await employee.call('patch', `/api/crm/leads/${id}/status`, { status: 'qualified', notes: 'Бюджет подтверждён' }).expect(200);
      await employee.call('patch', `/api/crm/leads/${id}/status`, { status: 'converted' }).expect(400);
      await employee.call('patch', `/api/crm/leads/${id}/status`, { status: 'nope' }).expect(400);
      const dto = (await lead(employee, id).expect(200)).body.data as CrmLeadDetailDto;
      expect(dto.status).toBe('qualified');
      expect(dto.firstContactedAt).toBe(new Date(NOW).toISOString());
      expect(dto.waitingMinutes).toBeNull();
      expect(dto.activities.filter((a) => a.type === 'status_change').map((a) => [a.data, a.body])).toEqual([
        [{ from: 'attempted_contact', to: 'qualified' }, 'Бюджет подтверждён'],
        [{ from: 'new', to: 'attempted_contact' }, 'Не дозвонилась'],
      ]);
    });

    it('logs calls: a new lead becomes contacted (answered) or attempted_contact, and waits no more', async () => {
      const a = await insertLead({ owner: employeeId });
      const b = await insertLead({ owner: employeeId });
      const bad = await employee.call('post', `/api/crm/leads/${a}/call`, { outcome: 'maybe', durationSec: 90000 }).expect(400);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['durationSec', 'outcome']);
      const res = await employee
        .call('post', `/api/crm/leads/${a}/call`, { outcome: 'answered', durationSec: '2:05', note: 'Договорились о показе' })
        .expect(200);
      const dto = res.body.data as CrmLeadDetailDto;
      expect(dto).toMatchObject({ status: 'contacted', waitingMinutes: null, firstContactedAt: new Date(NOW).toISOString() });
      const call = dto.activities.find((x) => x.type === 'call');
      expect(call).toMatchObject({ body: 'Договорились о показе', data: { outcome: 'answered', durationSec: 125 } });
      expect(dto.activities.find((x) => x.type === 'status_change')?.data).toEqual({ from: 'new', to: 'contacted', via: 'call' });
      const other = await employee.call('post', `/api/crm/leads/${b}/call`, { outcome: 'no_answer', durationSec: 0 }).expect(200);
      expect(other.body.data.status).toBe('attempted_contact');
    });
  });

  describe('convert', () => {
    it('makes the client and the deal in one go, links them to the lead, keeps its history, and refuses a second time', async () => {
      const created = await manager
        .call('post', '/api/crm/leads', newLeadBody({ ownerId: employeeId, propertyId: listingId, telegram: 'asel_tg' }))
        .expect(201);
      const id = created.body.data.id as string;
      await employee.call('post', `/api/crm/leads/${id}/call`, { outcome: 'answered', durationSec: 60, note: 'Интересуется' }).expect(200);
      const res = await employee.call('post', `/api/crm/leads/${id}/convert`, {}).expect(201);
      expect(res.body.data).toEqual({
        client: { id: expect.any(String), name: 'Асель Нурланова' },
        deal: { id: expect.any(String), title: 'Аренда офиса', stage: 'new_lead', amount: 500000 },
      });
      const { client, deal } = res.body.data;
      const [c] = await db(`SELECT type, phone, email, telegram, owner_id FROM clients WHERE id = $1`, [client.id]);
      expect(c).toEqual({ type: 'individual', phone: '+7 701 555 12 34', email: '', telegram: 'asel_tg', owner_id: employeeId });
      const [d] = await db(`SELECT type, client_id, lead_id, property_id, owner_id, stage FROM deals WHERE id = $1`, [deal.id]);
      expect(d).toEqual({
        type: 'sale',
        client_id: client.id,
        lead_id: id,
        property_id: listingId,
        owner_id: employeeId,
        stage: 'new_lead',
      });
      const dto = (await lead(employee, id).expect(200)).body.data as CrmLeadDetailDto;
      expect(dto).toMatchObject({ status: 'converted', client: { id: client.id }, deal: { id: deal.id, stage: 'new_lead' } });
      const types = dto.activities.map((a) => a.type);
      expect(types).toEqual(expect.arrayContaining(['converted', 'call', 'created']));
      expect(dto.activities.find((a) => a.type === 'converted')?.data).toEqual({ clientId: client.id, dealId: deal.id });
      // the deal's timeline shows the lead's history
      const dealTimeline = await db(`SELECT type FROM activities WHERE deal_id = $1 OR lead_id = $2`, [deal.id, id]);
      expect(dealTimeline.map((a) => a.type)).toEqual(expect.arrayContaining(['call', 'converted']));
      const audit = await db<{ action: string }>(`SELECT action FROM audit_logs WHERE entity_id IN ($1, $2, $3)`, [id, client.id, deal.id]);
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['lead.convert', 'client.create', 'deal.create']));

      const again = await employee.call('post', `/api/crm/leads/${id}/convert`, {}).expect(409);
      expect(again.body.error.code).toBe('LEAD_ALREADY_CONVERTED');
      expect(await db(`SELECT id FROM deals WHERE lead_id = $1`, [id])).toHaveLength(1);
    });

    it('makes a corporate client with a company name, or links an existing client', async () => {
      const a = await insertLead({ owner: managerId });
      const res = await manager.call('post', `/api/crm/leads/${a}/convert`, { companyName: 'ТОО Ромашка', type: 'rent' }).expect(201);
      expect(res.body.data.client.name).toBe('ТОО Ромашка');
      expect(res.body.data.deal.amount).toBe(0);
      const b = await insertLead({ owner: managerId });
      await manager.call('post', `/api/crm/leads/${b}/convert`, { clientId: '00000000-0000-4000-8000-000000000000' }).expect(400);
      const linked = await manager.call('post', `/api/crm/leads/${b}/convert`, { clientId: res.body.data.client.id }).expect(201);
      expect(linked.body.data.client.id).toBe(res.body.data.client.id);
      expect(await db(`SELECT id FROM clients WHERE company_name = 'ТОО Ромашка'`)).toHaveLength(1);
    });

    it('rolls everything back when a part fails (no client, no deal, lead unchanged)', async () => {
      const id = await insertLead({ owner: managerId });
      const before = (await db<{ n: number }>(`SELECT count(*)::int AS n FROM clients`))[0].n;
      // a rule of the test's own makes the deal insert fail after the client insert
      await db(`ALTER TABLE deals ADD CONSTRAINT test_fail_deal CHECK (title <> 'FAIL')`);
      try {
        await manager.call('post', `/api/crm/leads/${id}/convert`, { title: 'FAIL' }).expect(500);
      } finally {
        await db(`ALTER TABLE deals DROP CONSTRAINT test_fail_deal`);
      }
      expect((await db<{ n: number }>(`SELECT count(*)::int AS n FROM clients`))[0].n).toBe(before);
      expect(await db(`SELECT 1 FROM activities WHERE lead_id = $1 AND type = 'converted'`, [id])).toHaveLength(0);
      expect((await db(`SELECT status FROM leads WHERE id = $1`, [id]))[0].status).toBe('new');
    });
  });

  describe('merge', () => {
    it('moves the duplicate history onto the target, fills its empty fields, and hides the duplicate', async () => {
      const target = await insertLead({ owner: employeeId, phone: '+7 707 111 22 33', email: '' });
      const source = await insertLead({ owner: employeeId, phone: '87071112233', email: 'dup@example.kz' });
      await db(`UPDATE leads SET duplicate_of_id = $1 WHERE id = $2`, [target, source]);
      await employee.call('post', `/api/crm/leads/${target}/call`, { outcome: 'busy', durationSec: 0, note: 'на цели' }).expect(200);
      await employee.call('post', `/api/crm/leads/${source}/call`, { outcome: 'answered', durationSec: 30, note: 'на дубле' }).expect(200);
      await db(`INSERT INTO tasks (title, lead_id, assigned_to) VALUES ('Перезвонить', $1, $2)`, [source, employeeId]);

      const detail = (await lead(employee, target).expect(200)).body.data as CrmLeadDetailDto;
      expect(detail.duplicates.map((d) => d.id)).toEqual([source]);

      await employee.call('post', `/api/crm/leads/${source}/merge`, { intoId: source }).expect(400);
      const theirs = await insertLead({ owner: colleagueId });
      await employee.call('post', `/api/crm/leads/${source}/merge`, { intoId: theirs }).expect(403);

      const res = await employee.call('post', `/api/crm/leads/${source}/merge`, { intoId: target }).expect(200);
      const merged = res.body.data as CrmLeadDetailDto;
      expect(merged.id).toBe(target);
      expect(merged.email).toBe('dup@example.kz');
      expect(merged.phone).toBe('+7 707 111 22 33');
      const notes = merged.activities
        .filter((a) => a.type === 'call')
        .map((a) => a.body)
        .sort();
      expect(notes).toEqual(['на дубле', 'на цели']);
      expect(merged.activities[0]).toMatchObject({ type: 'merged', data: { fromId: source } });
      expect(merged.duplicates).toEqual([]);
      expect(await db(`SELECT lead_id FROM tasks WHERE title = 'Перезвонить'`)).toEqual([{ lead_id: target }]);
      const [gone] = await db(`SELECT merged_into_id, deleted_at FROM leads WHERE id = $1`, [source]);
      expect(gone.merged_into_id).toBe(target);
      expect(gone.deleted_at).not.toBeNull();
      await lead(employee, source).expect(404);
      await employee.call('post', `/api/crm/leads/${source}/merge`, { intoId: target }).expect(404);
    });
  });

  describe('round-robin and duplicates of the site forms', () => {
    const sendSiteForm = async (phone: string, message: string) => {
      const caller = await Caller.create(api.server);
      const res = await caller
        .call('post', '/api/leads', { firstName: 'Гость', phone, source: 'website_contact_form', topic: 'Обращение с сайта', message })
        .expect(201);
      return res.body.data.id as string;
    };

    it('gives new leads to the three agents in rotation in turn, and none when CRM_ROUND_ROBIN=off', async () => {
      await db(`UPDATE users SET in_lead_rotation = false`);
      const agents: string[] = [];
      for (const role of ['employee', 'manager', 'employee'] as const)
        agents.push(await insertUser(api, { email: freshEmail('rr'), role }));
      await db(`UPDATE users SET in_lead_rotation = false WHERE id <> ALL($1::uuid[])`, [agents]);
      const saved = process.env.CRM_ROUND_ROBIN;
      process.env.CRM_ROUND_ROBIN = 'on';
      try {
        const owners: string[] = [];
        for (let i = 0; i < 6; i++) {
          const id = await sendSiteForm(`+7 702 300 00 ${String(10 + i)}`, `Сообщение номер ${i} для ротации`);
          owners.push((await db<{ assigned_to: string }>(`SELECT assigned_to FROM leads WHERE id = $1`, [id]))[0].assigned_to);
        }
        expect(new Set(owners.slice(0, 3))).toEqual(new Set(agents));
        expect(owners.slice(3)).toEqual(owners.slice(0, 3));
        // the owner is told
        const told = await db(`SELECT user_id FROM notifications WHERE type = 'lead_assigned' AND user_id = ANY($1::uuid[])`, [agents]);
        expect(told).toHaveLength(6);
        // a manual lead without an owner goes to the next in turn too
        const manual = await manager.call('post', '/api/crm/leads', newLeadBody({ phone: '+7 705 000 00 01' })).expect(201);
        expect(manual.body.data.owner.id).toBe(owners[0]);
        // leads arriving at once: each gets an owner, spread over the three
        const together = await Promise.all(
          Array.from({ length: 9 }, (_, i) => sendSiteForm(`+7 702 400 00 ${String(10 + i)}`, `Одновременное сообщение ${i} для ротации`)),
        );
        const owned = await db<{ assigned_to: string | null }>(`SELECT assigned_to FROM leads WHERE id = ANY($1::uuid[])`, [together]);
        expect(owned.every((r) => r.assigned_to !== null)).toBe(true);
        expect(new Set(owned.map((r) => r.assigned_to))).toEqual(new Set(agents));
        process.env.CRM_ROUND_ROBIN = 'off';
        const id = await sendSiteForm('+7 702 300 00 99', 'Сообщение без ротации');
        expect((await db(`SELECT assigned_to FROM leads WHERE id = $1`, [id]))[0].assigned_to).toBeNull();
      } finally {
        process.env.CRM_ROUND_ROBIN = saved;
      }
    });

    it('flags the same person sent twice (a phone in another format) as a duplicate of the first lead', async () => {
      const first = await sendSiteForm('+7 (747) 123-45-67', 'Первое обращение с сайта');
      const second = await sendSiteForm('87471234567', 'Второе обращение, другой формат');
      expect((await db(`SELECT duplicate_of_id FROM leads WHERE id = $1`, [first]))[0].duplicate_of_id).toBeNull();
      expect((await db(`SELECT duplicate_of_id FROM leads WHERE id = $1`, [second]))[0].duplicate_of_id).toBe(first);
      const rows = (await manager.call('get', '/api/crm/leads?scope=all&q=747').expect(200)).body.data as CrmLeadItemDto[];
      expect(rows.find((r) => r.id === second)?.duplicateOfId).toBe(first);
      // a property enquiry from the same person too
      const visitorCaller = await Caller.create(api.server);
      const enquiry = await visitorCaller
        .call('post', '/api/inquiries', { propertyId: catalogProperties()[0].slug, name: 'Гость Сайта', phone: '7 747 123 45 67' })
        .expect(201);
      expect((await db(`SELECT duplicate_of_id FROM leads WHERE id = $1`, [enquiry.body.data.leadId]))[0].duplicate_of_id).toBe(first);
      // by e-mail, any case, through the manual create
      const a = await manager.call('post', '/api/crm/leads', newLeadBody({ phone: '', email: 'Same@Example.kz' })).expect(201);
      const b = await manager.call('post', '/api/crm/leads', newLeadBody({ phone: '', email: 'same@example.kz' })).expect(201);
      expect(b.body.data.duplicateOfId).toBe(a.body.data.id);
    });
  });
});
