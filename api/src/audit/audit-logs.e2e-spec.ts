import type { AuditLogDto, RoleName } from '@realty/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type request from 'supertest';
import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi, signInAs } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/** Collects a response body as bytes (for the XLSX file). */
const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * The audit log API (issue 21; spec 02 §2 "Audit logs: list, open one, export by format and
 * filters", §7 Audit): user administration writes go on record with the actor, the changed
 * fields, the address and user agent; the list filters and pages; the export files hold the
 * rows of the list.
 */
describe('audit log API', () => {
  let api: AccountsApi;
  let admin: Caller;
  let adminId: string;
  let adminEmail: string;
  const UA = 'AuditTest/1.0 (e2e)';

  const signIn = (role: RoleName, email?: string) => signInAs(api, role, email);
  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const list = async (query: string) => (await admin.call('get', `/api/admin/audit-logs?${query}`).expect(200)).body;

  beforeAll(async () => {
    api = await startAccountsApi();
    const a = await signIn('admin');
    admin = a.caller;
    adminId = a.id;
    adminEmail = a.email;
  });
  afterAll(() => api?.close());

  describe('user administration writes', () => {
    it('records a role change with the actor, the changed field, the ip and the user agent', async () => {
      const targetId = await insertUser(api, { email: freshEmail('target'), role: 'user' });
      await admin.call('patch', `/api/admin/users/${targetId}/role`, { roleId: api.refs.roles.employee }).set('User-Agent', UA).expect(200);
      const body = await list(`entity=user&action=user.role&actor=${adminId}`);
      const rows = (body.data as AuditLogDto[]).filter((r) => r.entityId === targetId);
      expect(rows).toEqual([
        expect.objectContaining({
          actor: { id: adminId, email: adminEmail, role: 'admin' },
          action: 'user.role',
          entity: 'user',
          entityId: targetId,
          before: { role: 'user' },
          after: { role: 'employee' },
          ip: admin.ip,
          userAgent: UA,
        }),
      ]);
      const one = await admin.call('get', `/api/audit-logs/${rows[0].id}`).expect(200);
      expect(one.body.data).toEqual(rows[0]);
    });

    it('records a creation with every field but no password hash', async () => {
      const email = freshEmail('created');
      const created = await admin
        .call('post', '/api/admin/users', {
          email,
          password: 'Secret123',
          firstName: 'Асель',
          lastName: 'Нурланова',
          roleId: api.refs.roles.manager,
        })
        .set('User-Agent', UA)
        .expect(201);
      const rows = await db<{ before: unknown; after: Record<string, unknown>; actor_id: string; user_agent: string }>(
        `SELECT before, after, actor_id, user_agent FROM audit_logs WHERE action = 'user.create' AND entity_id = $1`,
        [created.body.data.id],
      );
      expect(rows).toEqual([
        {
          before: null,
          after: { email, firstName: 'Асель', lastName: 'Нурланова', phone: null, language: 'ru', role: 'manager', status: 'active' },
          actor_id: adminId,
          user_agent: UA,
        },
      ]);
      expect(JSON.stringify(rows)).not.toMatch(/password|hash|\$argon|\$2[aby]\$/i);
    });

    it('records status changes and deletions', async () => {
      const targetId = await insertUser(api, { email: freshEmail('gone'), role: 'user' });
      await admin.call('patch', `/api/admin/users/${targetId}/status`, { status: 'blocked' }).expect(200);
      await admin.call('delete', `/api/admin/users/${targetId}`).expect(204);
      const rows = await db<{ action: string; before: Record<string, unknown>; after: unknown }>(
        `SELECT action, before, after FROM audit_logs WHERE entity_id = $1 ORDER BY occurred_at, action`,
        [targetId],
      );
      expect(rows.map((r) => r.action)).toEqual(['user.status', 'user.delete']);
      expect(rows[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'blocked' } });
      expect(rows[1]).toMatchObject({ before: { role: 'user', status: 'blocked' }, after: null });
    });

    it('leaves no row for a write that fails (409 last super_admin, 409 e-mail taken)', async () => {
      const only = await signIn('super_admin');
      const count = async () => (await db<{ n: number }>(`SELECT count(*)::int AS n FROM audit_logs`))[0].n;
      const before = await count();
      await only.caller.call('patch', `/api/admin/users/${only.id}/role`, { roleId: api.refs.roles.admin }).expect(409);
      await admin
        .call('post', '/api/admin/users', {
          email: adminEmail,
          password: 'Secret123',
          firstName: 'Алия',
          lastName: 'Сеитова',
          roleId: api.refs.roles.user,
        })
        .expect(409);
      expect(await count()).toBe(before);
    });
  });

  describe('reading', () => {
    const tag = `doc${Date.now().toString(36)}`;
    // 6 rows of entity `tag`: two actors, two actions, one a day from 2025-03-01 (Almaty noon).
    beforeAll(async () => {
      for (let i = 0; i < 6; i++) {
        await db(
          `INSERT INTO audit_logs (occurred_at, actor_id, actor_email, actor_role, action, entity, entity_id, before, after, ip, user_agent)
           VALUES ($1, $2, $3, 'employee', $4, $5, $6, $7, $8, '203.0.113.9', $9)`,
          [
            `2025-03-0${i + 1}T12:00:00+05:00`,
            i % 2 ? adminId : null,
            i % 2 ? adminEmail : `Robot.${tag}@Example.kz`,
            i < 3 ? `${tag}.update` : `${tag}.approve`,
            tag,
            `e${i}`,
            JSON.stringify({ n: i }),
            JSON.stringify({ n: i + 1, note: 'a "quoted", comma\nline' }),
            i === 5 ? '=HYPERLINK("x")' : 'ua',
          ],
        );
      }
    });
    const ids = (body: { data: AuditLogDto[] }) => body.data.map((r) => r.entityId);

    it('filters by entity, action, actor (id or e-mail part) and period, newest first', async () => {
      expect(ids(await list(`entity=${tag}`))).toEqual(['e5', 'e4', 'e3', 'e2', 'e1', 'e0']);
      expect(ids(await list(`entity=${tag}&action=${tag}.update`))).toEqual(['e2', 'e1', 'e0']);
      expect(ids(await list(`entity=${tag}&action=${tag}.*`))).toHaveLength(6);
      expect(ids(await list(`entity=${tag}&actor=${adminId}`))).toEqual(['e5', 'e3', 'e1']);
      expect(ids(await list(`entity=${tag}&actor=robot.${tag}`))).toEqual(['e4', 'e2', 'e0']);
      expect(ids(await list(`entity=${tag}&from=2025-03-02&to=2025-03-04`))).toEqual(['e3', 'e2', 'e1']);
      // a bare date is an Almaty day: 2025-03-03 12:00+05 is 07:00Z, inside 03-03 but not before 08:00Z of it
      expect(ids(await list(`entity=${tag}&from=2025-03-03T08:00:00Z&to=2025-03-05`))).toEqual(['e4', 'e3']);
      expect(ids(await list(`entity=${tag}&to=2025-03-01`))).toEqual(['e0']);
    });

    it('pages with meta {total, page, limit, totalPages}', async () => {
      const p2 = await list(`entity=${tag}&limit=4&page=2`);
      expect(ids(p2)).toEqual(['e1', 'e0']);
      expect(p2.meta).toEqual({ total: 6, page: 2, limit: 4, totalPages: 2 });
      expect((await list(`entity=${tag}`)).meta).toEqual({ total: 6, page: 1, limit: 50, totalPages: 1 });
    });

    it('answers 400 with a per-field map in the request language', async () => {
      const bad = await admin.call('get', `/api/admin/audit-logs?from=2025-03-05&to=2025-03-01&limit=500&lang=en`).expect(400);
      expect(bad.body.error.fields).toEqual({ to: 'The start of the period is after its end', limit: expect.any(String) });
      const date = await admin.call('get', `/api/admin/audit-logs?from=2025-02-30&lang=ru`).expect(400);
      expect(Object.keys(date.body.error.fields)).toEqual(['from']);
      const fmt = await admin.call('get', `/api/admin/audit-logs/export?format=pdf&lang=en`).expect(400);
      expect(Object.keys(fmt.body.error.fields)).toEqual(['format']);
      await admin.call('get', `/api/admin/audit-logs/export`).expect(400);
      await admin.call('get', `/api/admin/audit-logs/export?format=csv&from=2025-03-05&to=2025-03-01`).expect(400);
    });

    it('answers 404 for an unknown or malformed id, 401 anonymous, 403 employee', async () => {
      await admin.call('get', `/api/audit-logs/00000000-0000-4000-8000-000000000000`).expect(404);
      await admin.call('get', `/api/audit-logs/not-a-uuid`).expect(404);
      const anon = await Caller.create(api.server);
      await anon.call('get', '/api/admin/audit-logs').expect(401);
      await anon.call('get', '/api/admin/audit-logs/export?format=csv').expect(401);
      const employee = (await signIn('employee')).caller;
      await employee.call('get', '/api/admin/audit-logs').expect(403);
      await employee.call('get', '/api/admin/audit-logs/export?format=json').expect(403);
      await employee.call('get', `/api/audit-logs/00000000-0000-4000-8000-000000000000`).expect(403);
    });

    describe('export', () => {
      const filters = `entity=${tag}&from=2025-03-02`;
      let expected: AuditLogDto[];
      beforeAll(async () => {
        expected = (await list(filters)).data;
        expect(expected).toHaveLength(5);
      });
      const exported = (format: string) => admin.call('get', `/api/admin/audit-logs/export?format=${format}&${filters}`);
      const headersOf = (res: request.Response, ext: string, type: RegExp) => {
        expect(res.headers['content-type']).toMatch(type);
        expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="audit-logs-\\d{4}-\\d{2}-\\d{2}\\.${ext}"$`));
        expect(res.headers['cache-control']).toBe('no-store');
      };
      /** What a CSV or XLSX row should hold for `d`. */
      const cells = (d: AuditLogDto) => ({
        id: d.id,
        occurredAt: d.occurredAt,
        actorId: d.actor.id ?? '',
        actorEmail: d.actor.email,
        action: d.action,
        entityId: d.entityId,
        before: JSON.stringify(d.before),
        after: JSON.stringify(d.after),
      });

      it('CSV: a header row and the rows of the list (before/after as JSON text)', async () => {
        const res = await exported('csv').expect(200);
        headersOf(res, 'csv', /^text\/csv/);
        const records: Array<Record<string, string>> = parse(res.text, { columns: true });
        expect(
          records.map((r) => ({
            id: r.id,
            occurredAt: r.occurredAt,
            actorId: r.actorId,
            actorEmail: r.actorEmail,
            action: r.action,
            entityId: r.entityId,
            before: r.before,
            after: r.after,
          })),
        ).toEqual(expected.map(cells));
        // a cell a spreadsheet would run as a formula is neutralised
        expect(records[0].userAgent).toBe(`'=HYPERLINK("x")`);
      });

      it('XLSX: one sheet with the header and the rows of the list', async () => {
        const res = await exported('xlsx').buffer(true).parse(binary).expect(200);
        headersOf(res, 'xlsx', /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(new Uint8Array(res.body as Buffer).buffer);
        const sheet = book.worksheets[0];
        const rows: string[][] = [];
        sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
        const [header, ...data] = rows;
        const records = data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
        expect(
          records.map((r) => ({
            id: r.id,
            occurredAt: r.occurredAt,
            actorId: r.actorId,
            actorEmail: r.actorEmail,
            action: r.action,
            entityId: r.entityId,
            before: r.before,
            after: r.after,
          })),
        ).toEqual(expected.map(cells));
      });

      it('JSON: an array of the rows of the list', async () => {
        const res = await exported('json').buffer(true).parse(binary).expect(200);
        headersOf(res, 'json', /^application\/json/);
        expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual(expected);
      });

      it('reads every row across keyset batches (more than one batch of 1000)', async () => {
        const big = `${tag}_big`;
        await db(
          `INSERT INTO audit_logs (occurred_at, actor_email, action, entity, entity_id)
           SELECT '2025-04-01T00:00:00Z'::timestamptz + (i % 7) * interval '1 second', 'bulk@example.kz', 'bulk.write', $1, i::text
             FROM generate_series(1, 2345) AS i`,
          [big],
        );
        const res = await admin
          .call('get', `/api/admin/audit-logs/export?format=json&entity=${big}`)
          .buffer(true)
          .parse(binary)
          .expect(200);
        const rows = JSON.parse((res.body as Buffer).toString('utf8')) as AuditLogDto[];
        expect(rows).toHaveLength(2345);
        expect(new Set(rows.map((r) => r.entityId)).size).toBe(2345);
        const keys = rows.map((r) => `${r.occurredAt}|${r.id}`);
        expect(keys).toEqual([...keys].sort().reverse());
      });
    });
  });
});
