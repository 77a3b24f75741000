import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { signInAs, startAccountsApi, type AccountsApi, type Caller } from '../../../test/accounts';
import { binary, insertLeads } from '../../../test/crm-leads';
import { withClient } from '../../../test/fixtures';

const HEADER = [
  'id',
  'first name',
  'last name',
  'phone',
  'email',
  'telegram',
  'source',
  'topic',
  'message',
  'status',
  'quality',
  'budget (₸)',
  'owner e-mail',
  'created at',
];

/**
 * GET /api/crm/leads/export (issue 22 "export (CSV and XLSX, streamed, with the current
 * filters)"): the files are opened for real (csv-parse, exceljs), the list's filters apply,
 * and the role rules: anonymous 401, a site user 403, an employee their own leads only.
 */
describe('GET /api/crm/leads/export', () => {
  let api: AccountsApi;
  let agentA: { caller: Caller; id: string; email: string };
  let agentB: { caller: Caller; id: string; email: string };
  let manager: { caller: Caller; id: string; email: string };
  let user: { caller: Caller; id: string; email: string };

  beforeAll(async () => {
    api = await startAccountsApi();
    agentA = await signInAs(api, 'employee');
    agentB = await signInAs(api, 'employee');
    manager = await signInAs(api, 'manager');
    user = await signInAs(api, 'user');
    await withClient(api.databaseUrl, (c) =>
      insertLeads(c, [
        {
          firstName: 'Айгерим',
          lastName: 'Ахметова',
          phone: '+7 701 111 22 33',
          email: 'aigerim@example.kz',
          telegram: '@aigerim',
          message: 'Офис 120 м², "центр", с парковкой;\nзвонить после 18:00',
          budget: 1500000.5,
          ownerId: agentA.id,
          createdAt: '2026-11-20T10:00:00Z',
        },
        {
          firstName: 'Нурлан',
          phone: '87012223344',
          status: 'contacted',
          quality: 'hot',
          ownerId: agentA.id,
          createdAt: '2026-11-21T10:00:00Z',
        },
        { firstName: '=HYPERLINK("x")', email: 'formula@example.kz', status: 'new', ownerId: agentA.id, createdAt: '2026-11-22T10:00:00Z' },
        { firstName: 'Удалённый', email: 'gone@example.kz', ownerId: agentA.id, deletedAt: '2026-11-23T10:00:00Z' },
        { firstName: 'Борис', email: 'boris@example.kz', source: 'referral', ownerId: agentB.id, createdAt: '2026-11-19T10:00:00Z' },
        { firstName: 'Вера', email: 'vera@example.kz', status: 'contacted', ownerId: agentB.id, createdAt: '2026-11-18T10:00:00Z' },
      ]),
    );
  });
  afterAll(async () => {
    await api?.close();
  });

  const get = (who: Caller | null, query: string) => {
    let t = request(api.server).get(`/api/crm/leads/export?${query}`).buffer(true).parse(binary);
    if (who?.accessToken) t = t.set('Authorization', `Bearer ${who.accessToken}`).set('X-Forwarded-For', who.ip);
    return t;
  };
  const csvRows = (body: Buffer) => {
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for Excel
    return parse(body, { bom: true }) as string[][];
  };

  it('refuses anonymous callers (401) and site users (403)', async () => {
    await get(null, 'format=csv').expect(401);
    await get(user.caller, 'format=csv').expect(403);
  });

  it("streams an employee's own live leads as CSV, newest first, with the header, a dated name and safe cells", async () => {
    const res = await get(agentA.caller, 'format=csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const [header, ...rows] = csvRows(res.body as Buffer);
    expect(header).toEqual(HEADER);
    expect(rows.map((r) => r[1])).toEqual([`'=HYPERLINK("x")`, 'Нурлан', 'Айгерим']);
    const aigerim = rows[2];
    expect(aigerim.slice(1, 14)).toEqual([
      'Айгерим',
      'Ахметова',
      "'+7 701 111 22 33",
      'aigerim@example.kz',
      "'@aigerim",
      'website',
      'Аренда офиса',
      'Офис 120 м², "центр", с парковкой;\nзвонить после 18:00',
      'new',
      'warm',
      '1500000.5',
      agentA.email,
      '2026-11-20T10:00:00.000Z',
    ]);
  });

  it('applies the list filters', async () => {
    const contacted = csvRows((await get(manager.caller, 'format=csv&scope=all&status=contacted').expect(200)).body as Buffer);
    expect(
      contacted
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['Вера', 'Нурлан']);
    const byAgent = csvRows((await get(manager.caller, `format=csv&scope=all&agentId=${agentB.id}`).expect(200)).body as Buffer);
    expect(byAgent.slice(1).map((r) => r[1])).toEqual(['Борис', 'Вера']);
    const text = csvRows((await get(manager.caller, 'format=csv&scope=all&q=BORIS@').expect(200)).body as Buffer);
    expect(text.slice(1).map((r) => r[1])).toEqual(['Борис']);
    const period = csvRows(
      (await get(manager.caller, 'format=csv&scope=all&createdFrom=2026-11-19&createdTo=2026-11-20').expect(200)).body as Buffer,
    );
    expect(period.slice(1).map((r) => r[1])).toEqual(['Айгерим', 'Борис']);
    // a manager's 'my' is their own leads: none
    expect(csvRows((await get(manager.caller, 'format=csv').expect(200)).body as Buffer)).toEqual([HEADER]);
  });

  it('keeps an employee to their own leads: scope=all and another agent are 403', async () => {
    await get(agentA.caller, 'format=csv&scope=all').expect(403);
    await get(agentA.caller, `format=csv&agentId=${agentB.id}`).expect(403);
    const mine = csvRows((await get(agentA.caller, `format=csv&agentId=${agentA.id}&status=new`).expect(200)).body as Buffer);
    expect(mine.length).toBe(3);
  });

  it('writes XLSX with the same columns; numbers stay numbers', async () => {
    const res = await get(manager.caller, 'format=xlsx&scope=all').expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="leads-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as never);
    const sheet = book.getWorksheet('leads')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['=HYPERLINK("x")', 'Нурлан', 'Айгерим', 'Борис', 'Вера']);
    const aigerim = rows[3];
    expect(aigerim[3]).toBe('+7 701 111 22 33');
    expect(aigerim[11]).toBe(1500000.5);
    expect(aigerim[12]).toBe(agentA.email);
  });

  it('answers 400 with per-field messages for a bad format or filter', async () => {
    const res = await request(api.server)
      .get('/api/crm/leads/export?format=pdf&status=bogus')
      .set('Authorization', `Bearer ${manager.caller.accessToken}`)
      .expect(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['format', 'status']);
  });
});
