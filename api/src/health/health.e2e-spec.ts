import request from 'supertest';
import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { startTestApi } from '../../test/harness';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';

/**
 * Health (issue 19 item 9): the public check says up or down and nothing else; the details
 * (parts, versions, timings) are for admins only.
 */
describe('GET /api/health and GET /api/admin/health', () => {
  let api: AccountsApi;
  beforeAll(async () => {
    api = await startAccountsApi();
  });
  afterAll(() => api?.close());

  const signedIn = async (role: 'admin' | 'super_admin' | 'employee' | 'user') => {
    const email = freshEmail(role);
    await insertUser(api, { email, role });
    const caller = await Caller.create(api.server);
    await caller.login(email);
    return caller;
  };

  it('answers the public only {status:"up"}: no parts, versions or timings', async () => {
    const res = await request(api.server).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'success', data: { status: 'up' } });
  });

  it('gives admins the details: each part with its round trip and version, and the process', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const res = await (await signedIn(role)).call('get', '/api/admin/health').expect(200);
      expect(res.body.data).toEqual({
        status: 'ok',
        postgres: { up: true, latencyMs: expect.any(Number), version: expect.stringMatching(/^\d+/) },
        redis: { up: true, latencyMs: expect.any(Number), version: expect.stringMatching(/^\d+\.\d+/) },
        process: { node: process.version, uptimeSeconds: expect.any(Number), rssMiB: expect.any(Number) },
      });
    }
  });

  it('keeps the details from everyone else (401 anonymous, 403 other roles)', async () => {
    await request(api.server).get('/api/admin/health').expect(401);
    for (const role of ['employee', 'user'] as const) await (await signedIn(role)).call('get', '/api/admin/health').expect(403);
  });

  it('answers an unknown route with the 404 envelope in Russian by default', async () => {
    const res = await request(api.server).get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ status: 'error', error: { code: 'NOT_FOUND', message: 'Ресурс не найден' } });
  });

  it('translates the error into the language asked by Accept-Language', async () => {
    const res = await request(api.server).get('/api/no-such-thing').set('Accept-Language', 'en-US,en;q=0.9').expect(404);
    expect(res.body.error.message).toBe('Resource not found');
  });
});

describe('GET /api/health without PostgreSQL', () => {
  let proxy: TcpProxy;
  let api: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 }, 'postgres');
    // The API reaches its database through a forwarder that the test can cut.
    api = await startTestApi(async (url) => {
      const viaProxy = new URL(url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      process.env.DATABASE_URL = viaProxy.toString();
    });
  });
  afterAll(async () => {
    await proxy?.start().catch(() => undefined);
    await api?.close();
    await proxy?.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After while the database is gone, and up again when it is back', async () => {
    await request(api.app.getHttpServer()).get('/api/health').expect(200);
    await proxy.stop();
    const down = await request(api.app.getHttpServer()).get('/api/health').expect(503);
    expect(down.body).toEqual({ status: 'error', error: { code: 'SERVICE_UNAVAILABLE', message: 'Сервис временно недоступен' } });
    expect(down.headers['retry-after']).toBe('5');
    await proxy.start();
    const up = await request(api.app.getHttpServer()).get('/api/health').expect(200);
    expect(up.body.data).toEqual({ status: 'up' });
  });
});
