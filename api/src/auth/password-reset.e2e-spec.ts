import type { INestApplicationContext } from '@nestjs/common';
import { startWorker } from '../../../worker/src/bootstrap';
import { startFakeSmtp, type FakeSmtp } from '../../../worker/test/fake-smtp';
import { Caller, TEST_PASSWORD, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/**
 * Password reset end to end (spec 01 §5 "Forgot password", "Password reset", §8 texts): the API
 * enqueues JobName.SendEmail, the worker's real handler sends it over SMTP to a local fake
 * server, the link's token resets the password once.
 */
describe('password reset, API -> queue -> worker -> SMTP -> API', () => {
  let smtp: FakeSmtp;
  let api: AccountsApi;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    api = await startAccountsApi({ env: { SMTP_URL: smtp.url, PUBLIC_WEB_URL: 'http://web.test:3000' } });
    // REDIS_PREFIX, DATABASE_URL and SMTP_URL of this API are in the environment now; the worker
    // runs its registered handlers (the registry refuses to start unless every job has one)
    worker = await startWorker({ logger: false, retryDelayMs: 200 });
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
  });

  const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  it('mails a working single-use link; the old password and the old sessions stop', async () => {
    const email = freshEmail('reset');
    await insertUser(api, { email, role: 'user', firstName: 'Мадина' });
    const before = await Caller.create(api.server);
    const oldSession = await before.login(email);

    const asked = await (await Caller.create(api.server)).call('post', '/api/auth/forgot-password', { email }).expect(200);
    expect(asked.body.data.message).toBe('Если указанный email существует, на него отправлена ссылка для восстановления пароля.');

    const mail = await smtp.waitFor(email);
    expect(mail.headers.subject).toBe('Восстановление пароля — Алматы Бизнес Центр');
    expect(mail.mailFrom).toBe('no-reply@almaty-bc.kz');
    expect(mail.text).toContain('Здравствуйте, Мадина!');
    expect(mail.text).toContain('http://web.test:3000/auth/reset-password?token=');
    const token = tokenOf(mail.text);
    expect(token).toBeDefined();
    expect(tokenOf(mail.html)).toBe(token);

    const caller = await Caller.create(api.server);
    const mismatch = await caller
      .call('post', '/api/auth/reset-password', { token, password: 'Brand1New', confirmPassword: 'Brand1Nex' })
      .expect(400);
    expect(mismatch.body.error.fields).toEqual({ confirmPassword: 'Пароли не совпадают' });
    const done = await caller
      .call('post', '/api/auth/reset-password', { token, password: 'Brand1New', confirmPassword: 'Brand1New' })
      .expect(200);
    expect(done.body.data.message).toBe('Пароль успешно изменен. Теперь вы можете войти с новым паролем.');

    const old = await (await Caller.create(api.server)).call('post', '/api/auth/login', { email, password: TEST_PASSWORD }).expect(401);
    expect(old.body.error.message).toBe('Неверный email или пароль');
    await (await Caller.create(api.server)).login(email, 'Brand1New');
    // every session that existed before the reset is over
    await before.call('get', '/api/auth/me').expect(401);
    await caller.call('post', '/api/auth/refresh', { refreshToken: oldSession.tokens.refreshToken }).expect(401);
    // the token cannot be used twice
    const again = await caller.call('post', '/api/auth/reset-password', { token, password: 'Another1Pass' }).expect(400);
    expect(again.body.error.fields).toEqual({ token: 'Ссылка для восстановления пароля недействительна или устарела. Запросите новую' });
    await (await Caller.create(api.server)).login(email, 'Brand1New');
  });

  it('writes in the account language, refuses expired links, and a reset spends the other open links', async () => {
    const email = freshEmail('reset-en');
    const userId = await insertUser(api, { email, role: 'employee', firstName: 'Erlan', language: 'en' });
    for (let i = 0; i < 2; i++) await (await Caller.create(api.server)).call('post', '/api/auth/forgot-password', { email }).expect(200);
    const [first, second] = await smtp.waitForCount(email, 2);
    expect(first.headers.subject).toBe('Password reset — Almaty Business Center');
    const [tokenA, tokenB] = [tokenOf(first.text)!, tokenOf(second.text)!];
    expect(tokenA).not.toBe(tokenB);

    // an expired link is refused
    await withClient(api.databaseUrl, (c) =>
      c.query(
        `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
        [tokenA],
      ),
    );
    const caller = await Caller.create(api.server);
    await caller.call('post', '/api/auth/reset-password', { token: tokenA, password: 'Fresh1Pass' }).expect(400);
    // the other one works; afterwards no open link of the user remains
    await caller.call('post', '/api/auth/reset-password', { token: tokenB, password: 'Fresh1Pass' }).expect(200);
    const open = await withClient(api.databaseUrl, (c) =>
      c.query(`SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL`, [userId]),
    );
    expect(open.rows[0].n).toBe(0);
  });
});
