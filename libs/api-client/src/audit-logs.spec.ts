import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { ApiError, ApiValidationError, createApiClient, memoryCsrfStore, type ApiClient } from './index';

/**
 * admin.auditLogs against the real API (issue 21; spec 02 §7 Audit): a role change made through
 * the client is listed and opened, and the export comes back as a raw Response whose body
 * streams the file, with the API's headers; refusals are the usual errors.
 */
let api: ListeningApi;
let admin: ApiClient;
let targetId: string;

beforeAll(async () => {
  api = await startListeningApi();
  const email = `audit.admin.${Date.now().toString(36)}@example.kz`;
  await api.addUser({ email, role: 'admin' });
  const session = await createApiClient({ baseUrl: api.url, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password });
  admin = createApiClient({ baseUrl: api.url, token: session.tokens.accessToken, csrf: memoryCsrfStore() });
  targetId = await api.addUser({ email: `audit.target.${Date.now().toString(36)}@example.kz` });
  const roles = await admin.admin.roles();
  await admin.admin.users.setRole(targetId, roles.find((r) => r.name === 'manager')!.id);
});
afterAll(() => api?.close());

describe('admin.auditLogs', () => {
  it('lists with filters and paging, and gets one entry', async () => {
    const page = await admin.admin.auditLogs.list({ action: 'user.role', entity: 'user', limit: 10 });
    const entry = page.items.find((r) => r.entityId === targetId);
    expect(entry).toMatchObject({ action: 'user.role', before: { role: 'user' }, after: { role: 'manager' } });
    expect(page.meta).toMatchObject({ page: 1, limit: 10, total: page.items.length });
    expect(await admin.admin.auditLogs.get(entry!.id)).toEqual(entry);
    await expect(admin.admin.auditLogs.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
  });

  it('export: the raw Response with the file headers; its body streams the rows', async () => {
    const res = await admin.admin.auditLogs.export({ format: 'json', action: 'user.role' });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-logs-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.bodyUsed).toBe(false);
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
    const rows = JSON.parse(text) as Array<{ entityId: string; action: string }>;
    expect(rows.map((r) => r.entityId)).toContain(targetId);
    expect(rows.every((r) => r.action === 'user.role')).toBe(true);
  });

  it('export: 400 with the fields for a bad format or period, 401 anonymous', async () => {
    const bad = await admin.admin.auditLogs
      .export({ format: 'pdf' as 'csv', from: '2025-03-05', to: '2025-03-01' })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiValidationError);
    expect(Object.keys((bad as ApiValidationError).fields).sort()).toEqual(['format', 'to']);
    const anonymous = await createApiClient({ baseUrl: api.url })
      .admin.auditLogs.export({ format: 'csv' })
      .catch((e: unknown) => e);
    expect(anonymous).toBeInstanceOf(ApiError);
    expect((anonymous as ApiError).status).toBe(401);
  });
});
