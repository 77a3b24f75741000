import { eventually } from '@realty/testkit';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limit';
import { Caller, TEST_PASSWORD, freshEmail, insertUser, redisKeys, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';
import { accountLockMs, loginKeys } from './login-throttle';
import { Passwords } from './passwords';

/**
 * Password guessing across accounts and addresses (issue 19 item 2, decision 025): the per-IP
 * limit across accounts, the per-account backoff across IPs, the bound on concurrent argon2
 * work per process, and the change-password limit; against the real limiter (Redis) and the
 * real argon2 gate of the in-process API.
 */

/** A deliberately small argon2 gate: 2 at once, 2 waiting. */
const GATE = { PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '2' };

describe('password guessing limits', () => {
  let api: AccountsApi;
  beforeAll(async () => {
    api = await startAccountsApi({ env: GATE });
  });
  afterAll(() => api?.close());

  const fresh = () => Caller.create(api.server);
  const login = (caller: Caller, email: string, password: string) => caller.call('post', '/api/auth/login', { email, password });
  const withDb = (sql: string, params: unknown[]) => withClient(api.databaseUrl, (c) => c.query(sql, params));
  const newUser = async (tag: string) => {
    const email = freshEmail(tag);
    await insertUser(api, { email, role: 'user' });
    return email;
  };

  describe('per IP across accounts', () => {
    it('answers 429 with Retry-After from the 21st failed login of one IP in 15 minutes, whatever the accounts', async () => {
      const attacker = await fresh();
      const own = await newUser('own');
      const victims = await Promise.all(Array.from({ length: 3 }, (_, i) => newUser(`spray${i}`)));
      // 4 guesses at each of 3 real accounts and 8 unknown e-mails: 20 failures, never 5 on one account
      for (const victim of victims) for (let i = 0; i < 4; i++) await login(attacker, victim, `Guess${i}1234`).expect(401);
      // signing in to one's own account in between does not buy more guesses
      await attacker.login(own);
      for (let i = 0; i < 8; i++) await login(attacker, `nobody${i}.${Date.now()}@example.kz`, 'Guess12345').expect(401);
      const refused = await login(attacker, freshEmail('next'), 'Guess12345').expect(429);
      expect(refused.body.error).toEqual({ code: 'RATE_LIMIT', message: 'Слишком много запросов. Попробуйте позже' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      // even a right password from this IP waits now; another IP is not held
      await login(attacker, victims[0], TEST_PASSWORD).expect(429);
      await (await fresh()).login(victims[0]);
    });
  });

  describe('per account across IPs', () => {
    it('locks the account for 30 s at the 10th failure from anywhere, 60 s at the next; the right password from a new IP waits too', async () => {
      const target = await newUser('target');
      for (let i = 0; i < 9; i++) await login(await fresh(), target, `Guess${i}1234`).expect(401);
      // nine failures from nine IPs: not locked yet
      await (await fresh()).login(target);
      // the success cleared the count: ten more failures, the tenth locks
      for (let i = 0; i < 10; i++) await login(await fresh(), target, `Again${i}1234`).expect(401);
      const locked = await login(await fresh(), target, 'Another1234').expect(429);
      expect(locked.body.error.code).toBe('RATE_LIMIT');
      const retry = Number(locked.headers['retry-after']);
      expect(retry).toBeGreaterThan(20);
      expect(retry).toBeLessThanOrEqual(30);
      await login(await fresh(), target, TEST_PASSWORD).expect(429);

      // the lock ends (its Redis key expires): one more wrong guess locks for twice as long
      await api.app.get(RateLimiter).reset(loginKeys.accountLock(target));
      await login(await fresh(), target, 'Eleventh1234').expect(401);
      const longer = await login(await fresh(), target, 'Twelfth1234').expect(429);
      expect(Number(longer.headers['retry-after'])).toBeGreaterThan(50);
      expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(60);
      // other accounts are not held
      await (await fresh()).login(await newUser('bystander'));
    });

    it('does not hold the owner on an IP the account signed in from, and a success there lifts the lock', async () => {
      const target = await newUser('owner');
      const owner = await fresh();
      await owner.login(target);
      for (let i = 0; i < 10; i++) await login(await fresh(), target, `Guess${i}1234`).expect(401);
      await login(await fresh(), target, TEST_PASSWORD).expect(429);
      await owner.login(target);
      await (await fresh()).login(target);
    });

    it('is lifted by a password reset', async () => {
      const target = await newUser('resetter');
      for (let i = 0; i < 10; i++) await login(await fresh(), target, `Guess${i}1234`).expect(401);
      await login(await fresh(), target, TEST_PASSWORD).expect(429);
      const token = 'R'.repeat(43);
      await withDb(
        `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) SELECT id, encode(sha256($2::bytea), 'hex'), now() + interval '1 hour' FROM users WHERE email = $1`,
        [target, token],
      );
      await (await fresh()).call('post', '/api/auth/reset-password', { token, password: 'N3wPassword' }).expect(200);
      await (await fresh()).login(target, 'N3wPassword');
    });

    it('grows from 30 s by doubling up to 15 minutes', () => {
      expect([9, 10, 11, 12, 13, 14, 15, 40].map((n) => accountLockMs(n) / 1000)).toEqual([0, 30, 60, 120, 240, 480, 900, 900]);
    });

    it('keeps no e-mail address in its keys', async () => {
      const keys = await redisKeys(api.redisPrefix, 'rl:login-*');
      expect(keys.some((k) => k.includes(':rl:login-account:'))).toBe(true);
      expect(keys.some((k) => k.includes(':rl:login-ip:'))).toBe(true);
      expect(keys.join(' ')).not.toContain('@');
    });
  });

  describe('argon2 work per process', () => {
    it('runs at most 2 hashes at once (the bound), queues 2 more and refuses the surplus with 429 and Retry-After', async () => {
      const gate = api.app.get(Passwords).gate;
      expect([gate.maxActive, gate.maxQueued]).toEqual([2, 2]);
      const users = await Promise.all(Array.from({ length: 5 }, (_, i) => newUser(`flood${i}`)));
      const callers = await Promise.all(users.map(() => fresh()));
      // Two slow hashes hold both slots (work of the real gate, as two sign-ins would).
      const release: Array<() => void> = [];
      const held = [0, 1].map(() => gate.run(() => new Promise<void>((resolve) => release.push(resolve))));
      expect(gate.active).toBe(2);
      gate.resetPeak();

      const answers: Array<{ status: number; retryAfter?: string }> = [];
      const pending = users.map((email, i) =>
        login(callers[i], email, TEST_PASSWORD).then((res) => {
          answers.push({ status: res.status, retryAfter: res.headers['retry-after'] });
          return res;
        }),
      );
      // Three are refused at once; two wait in the queue while the slots are held.
      await eventually('three answers', () => answers.length === 3);
      expect(answers).toEqual(Array.from({ length: 3 }, () => ({ status: 429, retryAfter: '1' })));
      expect(gate.queued).toBe(2);
      expect(gate.active).toBe(2);

      release.forEach((r) => r());
      await Promise.all(held);
      const results = await Promise.all(pending);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429]);
      expect(gate.peakActive).toBe(2);
      expect(gate.active).toBe(0);
    });

    it('never runs more than the bound under a flood of sign-ins; every answer is 200 or 429', async () => {
      const gate = api.app.get(Passwords).gate;
      const users = await Promise.all(Array.from({ length: 12 }, (_, i) => newUser(`burst${i}`)));
      const callers = await Promise.all(users.map(() => fresh()));
      gate.resetPeak();
      const results = await Promise.all(users.map((email, i) => login(callers[i], email, TEST_PASSWORD)));
      const statuses = results.map((r) => r.status);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
      expect(statuses).toContain(200);
      expect(gate.peakActive).toBeLessThanOrEqual(2);
      expect(gate.peakActive).toBeGreaterThanOrEqual(1);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('answers 429 with Retry-After after 5 wrong current passwords per account in 15 minutes, from any session', async () => {
      const email = await newUser('changer');
      const first = await fresh();
      await first.login(email);
      const second = await fresh();
      await second.login(email);
      const change = (caller: Caller, currentPassword: string) =>
        caller.call('post', '/api/auth/change-password', { currentPassword, newPassword: 'N3wPassword' });
      for (let i = 0; i < 3; i++) await change(first, `Wrong${i}1234`).expect(400);
      for (let i = 3; i < 5; i++) await change(second, `Wrong${i}1234`).expect(400);
      const refused = await change(first, TEST_PASSWORD).expect(429);
      expect(refused.body.error.code).toBe('RATE_LIMIT');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect(RATE_LIMITS.changePasswordFailures.max).toBe(5);
      // another account is not held
      const other = await fresh();
      await other.login(await newUser('unrelated'));
      await change(other, TEST_PASSWORD).expect(204);
    });

    it('clears the count on a right current password', async () => {
      const email = await newUser('changer-ok');
      const caller = await fresh();
      await caller.login(email);
      const change = (currentPassword: string, newPassword = 'N3wPassword') =>
        caller.call('post', '/api/auth/change-password', { currentPassword, newPassword });
      for (let i = 0; i < 4; i++) await change(`Wrong${i}1234`).expect(400);
      await change(TEST_PASSWORD).expect(204);
      for (let i = 0; i < 5; i++) await change(`Wrong${i}1234`).expect(400);
      await change('N3wPassword', 'Other1234').expect(429);
    });
  });
});
