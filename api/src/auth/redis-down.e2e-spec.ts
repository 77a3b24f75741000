import { createServer } from 'node:net';
import request from 'supertest';
import { Caller, TEST_PASSWORD, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { PasswordResetService } from './password-reset.service';

/** A free TCP port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Redis unreachable (issue 3 items 4 and 6): every limit fails open and forgot-password still
 * answers 200 (the e-mail error is logged); nothing answers 500.
 */
describe('with Redis down', () => {
  let api: AccountsApi;
  let email: string;

  beforeAll(async () => {
    api = await startAccountsApi({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, RATE_LIMIT_MAX: '3' } });
    email = freshEmail('noredis');
    await insertUser(api, { email, role: 'user' });
  });
  afterAll(() => api?.close());

  it('stays up in /api/health (it serves, limits open) and reports Redis down to admins', async () => {
    const res = await request(api.server).get('/api/health').expect(200);
    expect(res.body.data).toEqual({ status: 'up' });
    const adminEmail = freshEmail('noredis-admin');
    await insertUser(api, { email: adminEmail, role: 'admin' });
    const admin = await Caller.create(api.server);
    await admin.login(adminEmail);
    const details = await admin.call('get', '/api/admin/health').expect(200);
    expect(details.body.data).toMatchObject({ status: 'degraded', postgres: { up: true }, redis: { up: false } });
  });

  it('lets requests through the global limit (fail open)', async () => {
    for (let i = 0; i < 6; i++) await request(api.server).get('/api/properties/categories').set('X-Forwarded-For', '10.9.9.9').expect(200);
  });

  it('signs in, and never locks out on failures it cannot count', async () => {
    const caller = await Caller.create(api.server);
    for (let i = 0; i < 7; i++) await caller.call('post', '/api/auth/login', { email, password: 'Wrong12345' }).expect(401);
    await caller.login(email, TEST_PASSWORD);
  });

  it('registers past the per-IP limit it cannot count', async () => {
    const caller = await Caller.create(api.server);
    for (let i = 0; i < 11; i++) await caller.call('post', '/api/auth/register', {}).expect(400);
    await caller
      .call('post', '/api/auth/register', { email: freshEmail('reg'), password: 'Str0ngPass', firstName: 'Анна', lastName: 'Ли' })
      .expect(201);
  });

  it('still answers forgot-password with the generic 200 (the e-mail failure is only logged)', async () => {
    const res = await (await Caller.create(api.server)).call('post', '/api/auth/forgot-password', { email }).expect(200);
    expect(res.body.data.message).toBe('Если указанный email существует, на него отправлена ссылка для восстановления пароля.');
    await api.app.get(PasswordResetService).idle();
  });
});
