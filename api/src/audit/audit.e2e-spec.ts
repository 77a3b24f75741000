import { AuditLog } from '@realty/db';
import { DataSource } from 'typeorm';
import { startTestApi } from '../../test/harness';
import { withClient } from '../../test/fixtures';
import { AuditService, changedFields, type AuditActor } from './audit.service';

const ACTOR: AuditActor = {
  user: { id: '00000000-0000-4000-8000-000000000001', email: 'agent@example.kz', role: 'employee' },
  client: { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (test)' },
};

/** The audit log's storage (issue 21, spec 02 §2/§7): rows go in with the change, and never change. */
describe('audit log storage', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let audit: AuditService;
  let ds: DataSource;
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(api.databaseUrl, async (c) => (await c.query(text, params)).rows as T[]);

  beforeAll(async () => {
    api = await startTestApi();
    audit = api.app.get(AuditService);
    ds = api.app.get(DataSource);
  });
  afterAll(() => api.close());

  it('records who, what, the changed fields only, the address and the user agent', async () => {
    const entityId = 'a1';
    await ds.transaction((m) =>
      audit.record(m, ACTOR, {
        action: 'user.role',
        entity: 'user',
        entityId,
        before: { role: 'user', email: 'x@example.kz', passwordHash: 'h1' },
        after: { role: 'employee', email: 'x@example.kz', passwordHash: 'h2' },
      }),
    );
    const rows = await sql<Record<string, unknown>>(`SELECT * FROM audit_logs WHERE entity_id = $1`, [entityId]);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_id: ACTOR.user!.id,
        actor_email: 'agent@example.kz',
        actor_role: 'employee',
        action: 'user.role',
        entity: 'user',
        before: { role: 'user' },
        after: { role: 'employee' },
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (test)',
      }),
    ]);
  });

  it('commits and rolls back with the change it records', async () => {
    await expect(
      ds.transaction(async (m) => {
        await audit.record(m, ACTOR, { action: 'property.update', entity: 'property', entityId: 'rolled-back', after: { price: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await sql(`SELECT id FROM audit_logs WHERE entity_id = 'rolled-back'`)).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE at the database level', async () => {
    await ds.transaction((m) =>
      audit.record(m, ACTOR, { action: 'user.create', entity: 'user', entityId: 'kept', after: { role: 'user' } }),
    );
    await expect(sql(`UPDATE audit_logs SET action = 'forged' WHERE entity_id = 'kept'`)).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(sql(`DELETE FROM audit_logs WHERE entity_id = 'kept'`)).rejects.toThrow(/append-only: DELETE refused/);
    await expect(sql(`TRUNCATE audit_logs`)).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await ds.getRepository(AuditLog).countBy({ entityId: 'kept', action: 'user.create' })).toBe(1);
  });
});

describe('changedFields', () => {
  it('keeps every field of a creation or a deletion, and only the changed ones of an update', () => {
    expect(changedFields(null, { a: 1, token: 't' })).toEqual({ before: null, after: { a: 1 } });
    expect(changedFields({ a: 1, b: [1] }, null)).toEqual({ before: { a: 1, b: [1] }, after: null });
    expect(changedFields({ a: 1, b: [1], c: null }, { a: 1, b: [2], d: 'new' })).toEqual({
      before: { b: [1], d: null },
      after: { b: [2], d: 'new' },
    });
  });
});
