import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { ApiError, ApiValidationError, createApiClient, memoryCsrfStore } from './index';

/**
 * client.ai against the real API (@realty/test-api; no worker here, so requests stay queued):
 * the paths and query the client sends (lang on every call), the typed answers, and the API's
 * refusals as ApiValidationError / ApiError.
 */
let api: ListeningApi;
let baseUrl: string;
let adminToken: string;
let agentToken: string;
const seen: URL[] = [];
const recording: typeof fetch = (input, init) => {
  seen.push(new URL(String(input)));
  return fetch(input, init);
};

async function tokenFor(role: 'admin' | 'employee'): Promise<string> {
  const email = `ai.${role}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.kz`;
  await api.addUser({ email, role });
  return (await createApiClient({ baseUrl, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password })).tokens.accessToken;
}

beforeAll(async () => {
  api = await startListeningApi();
  baseUrl = api.url;
  adminToken = await tokenFor('admin');
  agentToken = await tokenFor('employee');
});
afterAll(() => api?.close());
beforeEach(() => {
  seen.length = 0;
});

describe('client.ai', () => {
  it('queues a router request, reads it back, lists it; status and hourly stats', async () => {
    const client = createApiClient({ baseUrl, token: adminToken, lang: 'en', csrf: memoryCsrfStore(), fetch: recording });
    const queued = await client.ai.generateViaRouter({ prompt: 'A tagline for an office', task: 'tagline', language: 'en' });
    expect(queued).toMatchObject({ kind: 'router', status: 'queued', output: null });
    expect((await client.ai.request(queued.id)).id).toBe(queued.id);
    const page = await client.ai.queue({ limit: 10 });
    expect(page.items.map((r) => r.id)).toContain(queued.id);
    expect(page.meta).toMatchObject({ page: 1, limit: 10 });
    const status = await client.ai.status();
    expect(status).toMatchObject({ provider: 'offline', configured: false });
    expect(status.counts.queued).toBeGreaterThanOrEqual(1);
    const hours = await client.ai.hourly();
    expect(hours).toHaveLength(24);
    expect(hours.reduce((n, h) => n + h.requests, 0)).toBeGreaterThanOrEqual(1);
    const paths = seen.map((u) => [u.pathname, u.searchParams.get('lang')]).filter(([p]) => p !== '/api/csrf-token');
    expect(paths).toEqual([
      ['/api/ai/generate-via-router', 'en'],
      [`/api/ai/requests/${queued.id}`, 'en'],
      ['/api/ai/queue', 'en'],
      ['/api/ai/status', 'en'],
      ['/api/ai/stats/hourly', 'en'],
    ]);
    // Not completed yet: nothing to accept.
    const early = await client.ai.accept(queued.id).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(ApiError);
    expect((early as ApiError).status).toBe(409);
  });

  it('refuses bad input per field in the client language, and unknown listings', async () => {
    const client = createApiClient({ baseUrl, token: agentToken, lang: 'en', csrf: memoryCsrfStore() });
    const bad = await client.ai.translate({ entity: 'property', id: 'x', from: 'ru', to: [], fields: ['price'] }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiValidationError);
    expect(Object.keys((bad as ApiValidationError).fields).sort()).toEqual(['fields', 'id', 'to']);
    expect((bad as ApiValidationError).fields.id).toBe('Invalid value');
    const missing = await client.ai
      .generateDescription({ propertyId: '00000000-0000-4000-8000-000000000000', language: 'ru' })
      .catch((e: unknown) => e);
    expect((missing as ApiError).status).toBe(404);
    const forbidden = await client.ai.status().catch((e: unknown) => e);
    expect((forbidden as ApiError).status).toBe(403);
  });

  it('sessions: create, update, read, list', async () => {
    const client = createApiClient({ baseUrl, token: agentToken, lang: 'ru', csrf: memoryCsrfStore() });
    const s = await client.ai.sessions.create({ fields: { title: { ru: 'Офис на Абая' } } });
    expect(s.status).toBe('created');
    const edited = await client.ai.sessions.update(s.id, { price: 500_000 });
    expect(edited).toMatchObject({ status: 'editing', fields: { title: { ru: 'Офис на Абая' }, price: 500_000 } });
    expect((await client.ai.sessions.get(s.id)).id).toBe(s.id);
    expect((await client.ai.sessions.list()).items.map((x) => x.id)).toContain(s.id);
    const incomplete = await client.ai.sessions.complete(s.id, false).catch((e: unknown) => e);
    expect(incomplete).toBeInstanceOf(ApiValidationError);
  });
});
