import { isValidBin, type ClientDetailDto, type ClientListItemDto } from '@realty/contracts';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../../test/accounts';
import { withClient } from '../../../test/fixtures';

/** A BIN with a valid check digit made from 11 digits. */
function binOf(first11: string): string {
  for (let d = 0; d <= 9; d++) if (isValidBin(`${first11}${d}`)) return `${first11}${d}`;
  throw new Error(`no check digit for ${first11}`);
}

/**
 * CRM clients (issue 22 "Clients"; spec 02 §3 Client, §7 "CRM clients"): validation
 * (individual / corporate, BIN check digit, contacts), the list's scope, filters, search, sort
 * and paging, the detail with contacts, leads, deals, viewings and timeline, the role rules
 * (own only for an employee; manager / admin any; user 403; anonymous 401; CSRF) and the
 * refusal to delete a client with open deals.
 */
describe('CRM clients API', () => {
  let api: AccountsApi;
  let emp: Caller;
  let empId: string;
  let emp2: Caller;
  let manager: Caller;
  let user: Caller;
  let anon: Caller;
  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const BIN = binOf('99034000123');

  beforeAll(async () => {
    api = await startAccountsApi();
    ({ caller: emp, id: empId } = await signInAs(api, 'employee'));
    emp2 = (await signInAs(api, 'employee')).caller;
    manager = (await signInAs(api, 'manager')).caller;
    user = (await signInAs(api, 'user')).caller;
    anon = await Caller.create(api.server);
  });
  afterAll(() => api?.close());

  it('BIN check digit', () => {
    expect(isValidBin(BIN)).toBe(true);
    const wrong = BIN.slice(0, 11) + String((Number(BIN[11]) + 1) % 10);
    expect(isValidBin(wrong)).toBe(false);
    expect(isValidBin('12345')).toBe(false);
  });

  it('create: validation per type, contacts, owner; detail with contacts and timeline; audit', async () => {
    const noNames = await emp.call('post', '/api/crm/clients?lang=en', { type: 'individual' }).expect(400);
    expect(Object.keys(noNames.body.error.fields).sort()).toEqual(['firstName', 'lastName']);
    const noCompany = await emp.call('post', '/api/crm/clients', { type: 'corporate', bin: '123456789012' }).expect(400);
    expect(Object.keys(noCompany.body.error.fields).sort()).toEqual(['bin', 'companyName']);
    const badContacts = await emp
      .call('post', '/api/crm/clients', { type: 'corporate', companyName: 'ТОО Ромашка', contacts: [{ name: '', phone: '123' }] })
      .expect(400);
    expect(Object.keys(badContacts.body.error.fields)).toEqual(['contacts']);
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ name: `Контакт ${i}` }));
    await emp.call('post', '/api/crm/clients', { type: 'corporate', companyName: 'ТОО', contacts: tooMany }).expect(400);
    await emp.call('post', '/api/crm/clients', { type: 'individual', firstName: 'А', lastName: 'Б', email: 'nope' }).expect(400);

    const res = await emp
      .call('post', '/api/crm/clients', {
        type: 'corporate',
        companyName: 'ТОО Ромашка',
        bin: BIN,
        phone: '+7 701 123 45 67',
        email: 'Info@Romashka.kz',
        isVip: true,
        contacts: [
          { name: 'Айгуль', position: 'Директор', phone: '+7 701 000 00 01' },
          { name: 'Ержан', email: 'erzhan@romashka.kz' },
          { name: '', position: '', phone: '', email: '' },
        ],
      })
      .expect(201);
    const client = res.body.data as ClientDetailDto;
    expect(client).toMatchObject({ name: 'ТОО Ромашка', bin: BIN, isVip: true, email: 'info@romashka.kz', owner: { id: empId } });
    expect(client.contacts.map((c) => c.name)).toEqual(['Айгуль', 'Ержан']);
    expect(client.timeline.map((a) => a.type)).toEqual(['created']);
    const audit = await db<{ action: string }>(`SELECT action FROM audit_logs WHERE entity_id = $1`, [client.id]);
    expect(audit.map((a) => a.action)).toEqual(['client.create']);
  });

  it('list: my by default, all, search (name, phone, BIN), type, VIP, sort and paging', async () => {
    await db(`DELETE FROM deals`);
    await db(`DELETE FROM clients`);
    const make = (c: Caller, body: object) => c.call('post', '/api/crm/clients', body).expect(201);
    for (let i = 0; i < 5; i++)
      await make(emp, { type: 'individual', firstName: `Иван${'абвгд'[i]}`, lastName: 'Петров', phone: `+7 701 000 00 0${i}` });
    await make(emp, { type: 'corporate', companyName: 'ТОО Альфа', bin: BIN, isVip: true });
    await make(emp2, { type: 'individual', firstName: 'Чужой', lastName: 'Клиент' });

    const mine = await emp.call('get', '/api/crm/clients').expect(200);
    expect(mine.body.meta.total).toBe(6);
    const all = await emp.call('get', '/api/crm/clients?scope=all').expect(200);
    expect(all.body.meta.total).toBe(7);
    expect(all.body.data.find((c: ClientListItemDto) => c.name === 'Чужой Клиент').editable).toBe(false);
    expect(
      (await emp.call('get', `/api/crm/clients?q=${BIN.slice(3, 9)}`).expect(200)).body.data.map((c: ClientListItemDto) => c.name),
    ).toEqual(['ТОО Альфа']);
    expect((await emp.call('get', '/api/crm/clients?q=000%2000%2003').expect(200)).body.meta.total).toBe(1);
    expect((await emp.call('get', '/api/crm/clients?q=7010000003').expect(200)).body.meta.total).toBe(1);
    expect((await emp.call('get', '/api/crm/clients?q=альф').expect(200)).body.meta.total).toBe(1);
    expect((await emp.call('get', '/api/crm/clients?type=corporate').expect(200)).body.meta.total).toBe(1);
    expect((await emp.call('get', '/api/crm/clients?isVip=true').expect(200)).body.meta.total).toBe(1);
    const sorted = await emp.call('get', '/api/crm/clients?sort=name&dir=asc&limit=2&page=2').expect(200);
    expect(sorted.body.data.map((c: ClientListItemDto) => c.name)).toEqual(['Иванв Петров', 'Иванг Петров']);
    expect(sorted.body.meta).toMatchObject({ total: 6, page: 2, limit: 2, totalPages: 3 });
    await emp.call('get', '/api/crm/clients?isVip=maybe').expect(400);
  });

  it('roles: anonymous 401, user 403, CSRF; employee changes own only, manager any; PUT replaces contacts', async () => {
    await anon.call('get', '/api/crm/clients').expect(401);
    await user.call('get', '/api/crm/clients').expect(403);
    const created = await emp
      .call('post', '/api/crm/clients', { type: 'individual', firstName: 'Асель', lastName: 'Нурланова', contacts: [{ name: 'Муж' }] })
      .expect(201);
    const id = created.body.data.id as string;
    const body = {
      type: 'individual',
      firstName: 'Асель',
      lastName: 'Нурланова',
      isVip: true,
      contacts: [{ name: 'Сестра' }, { name: 'Брат' }],
    };
    const noCsrf = new Caller(api.server, { cookie: emp.csrf.cookie, token: 'bad' }, emp.ip, emp.accessToken);
    await noCsrf.call('put', `/api/crm/clients/${id}`, body).expect(403);
    await emp2.call('put', `/api/crm/clients/${id}`, body).expect(403);
    await emp2.call('delete', `/api/crm/clients/${id}`).expect(403);
    const updated = await emp.call('put', `/api/crm/clients/${id}`, body).expect(200);
    expect(updated.body.data.contacts.map((c: { name: string }) => c.name)).toEqual(['Сестра', 'Брат']);
    expect(updated.body.data.isVip).toBe(true);
    const [{ n }] = await db<{ n: number }>(`SELECT count(*)::int AS n FROM client_contacts WHERE client_id = $1`, [id]);
    expect(n).toBe(2);
    await manager.call('put', `/api/crm/clients/${id}`, { ...body, contacts: [] }).expect(200);
    await emp2.call('get', `/api/crm/clients/${id}`).expect(200);
  });

  it('detail: leads, deals and viewings of the client; delete refused while a deal is open (409), then soft delete', async () => {
    const created = await emp
      .call('post', '/api/crm/clients', { type: 'individual', firstName: 'Данияр', lastName: 'Ахметов' })
      .expect(201);
    const id = created.body.data.id as string;
    const deal = await emp
      .call('post', '/api/crm/deals', { title: 'Покупка склада', type: 'sale', amount: 9000000, clientId: id })
      .expect(201);
    const detail = (await emp.call('get', `/api/crm/clients/${id}`).expect(200)).body.data as ClientDetailDto;
    expect(detail.deals).toEqual([expect.objectContaining({ id: deal.body.data.id, stage: 'new_lead', amount: 9000000 })]);
    expect(detail.openDeals).toBe(1);
    expect(detail.leads).toEqual([]);
    expect(detail.viewings).toEqual([]);

    const refused = await emp.call('delete', `/api/crm/clients/${id}?lang=en`).expect(409);
    expect(refused.body.error.code).toBe('CLIENT_HAS_OPEN_DEALS');
    await emp.call('post', `/api/crm/deals/${deal.body.data.id}/close`, { result: 'lost', reason: 'Передумал' }).expect(200);
    await emp.call('delete', `/api/crm/clients/${id}`).expect(204);
    await emp.call('get', `/api/crm/clients/${id}`).expect(404);
    const [row] = await db<{ deleted_at: Date | null }>(`SELECT deleted_at FROM clients WHERE id = $1`, [id]);
    expect(row.deleted_at).not.toBeNull();
    const audit = await db<{ action: string }>(`SELECT action FROM audit_logs WHERE entity_id = $1 ORDER BY occurred_at, id`, [id]);
    expect(audit.map((a) => a.action)).toEqual(['client.create', 'client.delete']);
  });
});
