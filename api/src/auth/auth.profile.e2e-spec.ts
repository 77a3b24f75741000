import { JobName, QueueName, redisConnection } from '@realty/jobs';
import { Queue } from 'bullmq';
import { Caller, TEST_PASSWORD, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';
import { PasswordResetService } from './password-reset.service';

/**
 * Accounts (spec 01 §3, §5, §7, §8; issue 3 items 1-4, 6, 10): the own profile, change password,
 * forgot password (generic answer, job payload, limits). Register, login, sessions and tokens:
 * auth.e2e-spec.ts.
 */

const JWT_SECRET = 'test-secret-of-the-auth-suite-0123456789abcdef';

describe('accounts: own profile and forgotten passwords', () => {
  let api: AccountsApi;
  let anon: Caller;

  beforeAll(async () => {
    api = await startAccountsApi({ env: { JWT_SECRET, PUBLIC_WEB_URL: 'https://bc.example.kz/' } });
    anon = await Caller.create(api.server);
  });
  afterAll(() => api?.close());

  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const fresh = async () => Caller.create(api.server);

  describe('own profile', () => {
    let email: string;
    let caller: Caller;
    beforeAll(async () => {
      email = freshEmail('profile');
      await insertUser(api, { email, role: 'user' });
      caller = await fresh();
      await caller.login(email);
    });

    it('GET /api/auth/me needs a signed-in user', async () => {
      const res = await anon.call('get', '/api/auth/me').expect(401);
      expect(res.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Необходима авторизация' });
    });

    it('PATCH /api/auth/me updates the fields sent; phone "" clears it; rules as at registration', async () => {
      const res = await caller
        .call('patch', '/api/auth/me', { firstName: ' Айгерим ', phone: '+7 777 000 11 22', language: 'EN' })
        .expect(200);
      expect(res.body.data).toMatchObject({ email, firstName: 'Айгерим', lastName: 'Тестов', phone: '+7 777 000 11 22', language: 'en' });
      const cleared = await caller.call('patch', '/api/auth/me', { phone: '' }).expect(200);
      expect(cleared.body.data.phone).toBeNull();
      const bad = await caller.call('patch', '/api/auth/me', { lastName: 'X', email: 'other@example.kz' }).expect(400);
      expect(bad.body.error.fields).toEqual({ lastName: 'Должно содержать от 2 до 50 символов', email: 'Неизвестный параметр' });
    });

    it('POST /api/auth/change-password checks the current password and ends the other sessions', async () => {
      const other = await fresh();
      const otherSession = await other.login(email);
      const wrong = await caller
        .call('post', '/api/auth/change-password', { currentPassword: 'Nope12345', newPassword: 'N3wPassword' })
        .expect(400);
      expect(wrong.body.error.fields).toEqual({ currentPassword: 'Неверный текущий пароль' });
      const same = await caller
        .call('post', '/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD })
        .expect(400);
      expect(same.body.error.fields).toEqual({ newPassword: 'Новый пароль должен отличаться от текущего' });
      const weak = await caller
        .call('post', '/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'weak' })
        .expect(400);
      expect(weak.body.error.fields).toEqual({ newPassword: 'Пароль должен содержать минимум 8 символов' });

      await caller.call('post', '/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'N3wPassword' }).expect(204);
      await caller.call('get', '/api/auth/me').expect(200); // this session stays
      await other.call('get', '/api/auth/me').expect(401);
      await anon.call('post', '/api/auth/refresh', { refreshToken: otherSession.tokens.refreshToken }).expect(401);
      await (await fresh()).call('post', '/api/auth/login', { email, password: TEST_PASSWORD }).expect(401);
      await (await fresh()).login(email, 'N3wPassword');
    });
  });

  describe('POST /api/auth/forgot-password', () => {
    let queue: Queue;
    beforeAll(() => {
      queue = new Queue(QueueName.Notifications, { connection: redisConnection(), prefix: api.redisPrefix });
    });
    afterAll(() => queue?.close());
    const idle = () => api.app.get(PasswordResetService).idle();
    const jobsFor = async (to: string) =>
      (await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter((j) => j.data.to === to);

    it('answers the same generic 200 for a known and an unknown e-mail; only the known one gets a job', async () => {
      const email = freshEmail('forgot');
      await insertUser(api, { email, role: 'user', firstName: 'Данияр', language: 'kk' });
      const known = await (await fresh()).call('post', '/api/auth/forgot-password', { email: email.toUpperCase() }).expect(200);
      const unknown = await (await fresh()).call('post', '/api/auth/forgot-password', { email: 'nobody.here@example.kz' }).expect(200);
      expect(known.body).toEqual({
        status: 'success',
        data: { message: 'Если указанный email существует, на него отправлена ссылка для восстановления пароля.' },
      });
      expect(unknown.body).toEqual(known.body);
      await idle();
      const jobs = await jobsFor(email);
      expect(jobs).toHaveLength(1);
      expect(jobs[0].name).toBe(JobName.SendEmail);
      expect(jobs[0].data).toEqual({
        to: email,
        template: 'password-reset',
        locale: 'kk',
        data: {
          resetUrl: expect.stringMatching(/^https:\/\/bc\.example\.kz\/auth\/reset-password\?token=[A-Za-z0-9_-]{43}$/),
          firstName: 'Данияр',
          expiresInMinutes: 60,
        },
      });
      expect(await jobsFor('nobody.here@example.kz')).toHaveLength(0);
      // the token is stored hashed, valid one hour
      const token = new URL(jobs[0].data.data.resetUrl).searchParams.get('token')!;
      const rows = await db<{ minutes: number }>(
        `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_reset_tokens WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
        [token],
      );
      expect(rows).toEqual([{ minutes: 60 }]);
    });

    const tokensOf = async (to: string) =>
      (await jobsFor(to))
        .sort((a, b) => Number(a.timestamp) - Number(b.timestamp))
        .map((j) => new URL(j.data.data.resetUrl).searchParams.get('token')!);
    const resetWith = (token: string, password = 'N3wPassword') => anon.call('post', '/api/auth/reset-password', { token, password });
    const spentLink = { token: 'Ссылка для восстановления пароля недействительна или устарела. Запросите новую' };

    it('spends the open links when a new one is asked for: only the newest works', async () => {
      const email = freshEmail('forgot-twice');
      await insertUser(api, { email, role: 'user' });
      await (await fresh()).call('post', '/api/auth/forgot-password', { email }).expect(200);
      await idle();
      await (await fresh()).call('post', '/api/auth/forgot-password', { email }).expect(200);
      await idle();
      const [older, newer] = await tokensOf(email);
      expect((await resetWith(older).expect(400)).body.error.fields).toEqual(spentLink);
      await resetWith(newer).expect(200);
      await (await fresh()).login(email, 'N3wPassword');
    });

    it('spends the open links when the password is changed', async () => {
      const email = freshEmail('forgot-change');
      await insertUser(api, { email, role: 'user' });
      await (await fresh()).call('post', '/api/auth/forgot-password', { email }).expect(200);
      await idle();
      const [link] = await tokensOf(email);
      const caller = await fresh();
      await caller.login(email);
      await caller.call('post', '/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Chang3dPass' }).expect(204);
      expect((await resetWith(link).expect(400)).body.error.fields).toEqual(spentLink);
      await (await fresh()).login(email, 'Chang3dPass');
    });

    it('sends nothing to a blocked account (same answer)', async () => {
      const email = freshEmail('forgot-blocked');
      await insertUser(api, { email, role: 'user', status: 'blocked' });
      await (await fresh()).call('post', '/api/auth/forgot-password', { email }).expect(200);
      await idle();
      expect(await jobsFor(email)).toHaveLength(0);
    });

    it('sends at most 3 e-mails per account per hour, still answering 200', async () => {
      const email = freshEmail('forgot-many');
      await insertUser(api, { email, role: 'user' });
      for (let i = 0; i < 5; i++) await (await fresh()).call('post', '/api/auth/forgot-password', { email }).expect(200);
      await idle();
      expect(await jobsFor(email)).toHaveLength(3);
    });

    it('validates the e-mail and answers 429 after 10 requests per IP in 15 minutes', async () => {
      const caller = await fresh();
      const missing = await caller.call('post', '/api/auth/forgot-password', {}).expect(400);
      expect(missing.body.error.fields).toEqual({ email: 'Email обязателен для заполнения' });
      for (let i = 0; i < 9; i++) await caller.call('post', '/api/auth/forgot-password', { email: `x${i}@example.kz` }).expect(200);
      await caller.call('post', '/api/auth/forgot-password', { email: 'y@example.kz' }).expect(429);
      await (await fresh()).call('post', '/api/auth/forgot-password', { email: 'y@example.kz' }).expect(200);
    });

    it('reset-password refuses missing, malformed and unknown tokens with fields.token', async () => {
      const missing = await anon.call('post', '/api/auth/reset-password', { password: 'N3wPassword' }).expect(400);
      expect(missing.body.error.fields).toEqual({ token: 'Токен восстановления пароля не найден' });
      for (const token of ['short', 'C'.repeat(43)]) {
        const res = await anon.call('post', '/api/auth/reset-password', { token, password: 'N3wPassword' }).expect(400);
        expect(res.body.error.fields).toEqual({ token: 'Ссылка для восстановления пароля недействительна или устарела. Запросите новую' });
      }
    });
  });
});
