import CsrfTokens from '@fastify/csrf';
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@realty/seed';
import request from 'supertest';
import { Caller, csrfPair, deleteRedisKeys, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';
import { startTestApi } from '../../test/harness';

/**
 * Production defaults (issue 19 item 6, docs/decisions/028): the built scripts and processes as
 * an operator starts them, with NODE_ENV=production. Needs `npm run build` first (npm test does).
 */

const ROOT = path.resolve(__dirname, '../../..');

/** Runs `node args` from the repository root with `env` (merged into this process's); resolves with its exit code and output. */
function runNode(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('production seed (scripts/db.mjs seed with NODE_ENV=production, real database)', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let first: { code: number | null; out: string };
  let dataDir: string;
  const redisPrefix = `realty_test_prod_${process.pid}`;
  const savedPrefix = process.env.REDIS_PREFIX;
  const seedEnv = (url: string, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO_ACCOUNTS: undefined,
    ADMIN_EMAIL: undefined,
    ...extra,
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'realty-prod-seed-'));
    api = await startTestApi(async (url) => {
      process.env.REDIS_PREFIX = redisPrefix;
      first = await runNode(['scripts/db.mjs', 'seed', '--listings', '4', '--no-jobs'], seedEnv(url));
    });
  }, 180_000);

  afterAll(async () => {
    await api?.close();
    await deleteRedisKeys(redisPrefix);
    process.env.REDIS_PREFIX = savedPrefix;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const users = () =>
    withClient(
      api.databaseUrl,
      async (c) => (await c.query(`SELECT u.email, u.password_hash, r.name AS role FROM users u JOIN roles r ON r.id = u.role_id`)).rows,
    ) as Promise<Array<{ email: string; password_hash: string | null; role: string }>>;

  it('makes no demo account and prints a one-time password for the first admin, which signs in', async () => {
    expect(first).toMatchObject({ code: 0 });
    const password = /one-time password: (\S+)/.exec(first.out)?.[1];
    expect(password).toBeDefined();
    expect(first.out).not.toContain(DEMO_PASSWORD);
    const rows = await users();
    const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);
    expect(rows.filter((u) => demoEmails.includes(u.email))).toEqual([]);
    // Every account that can sign in: the first admin alone, stored as an argon2id hash.
    const withPassword = rows.filter((u) => u.password_hash);
    expect(withPassword.map((u) => ({ email: u.email, role: u.role }))).toEqual([{ email: 'owner@realty.local', role: 'super_admin' }]);
    expect(withPassword[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(withPassword[0].password_hash).not.toContain(password!);

    const caller = await Caller.create(api.app.getHttpServer());
    const session = await caller.login('owner@realty.local', password!);
    expect(session.user).toMatchObject({ email: 'owner@realty.local', role: 'super_admin' });
    await caller.call('get', '/api/admin/users').expect(200);
    const demo = await Caller.create(api.app.getHttpServer());
    await demo.call('post', '/api/auth/login', { email: 'admin@realty.local', password: DEMO_PASSWORD }).expect(401);
  });

  it('adds the demo accounts only when asked (--demo-accounts), and never a second admin password', async () => {
    const again = await runNode(
      ['scripts/db.mjs', 'seed', '--listings', '4', '--no-jobs', '--force', '--demo-accounts'],
      seedEnv(api.databaseUrl),
    );
    expect({ code: again.code, out: again.code ? again.out : '' }).toEqual({ code: 0, out: '' });
    expect(again.out).not.toMatch(/one-time password/);
    expect(again.out).toContain(`password ${DEMO_PASSWORD}`);
    const emails = (await users()).map((u) => u.email);
    for (const a of DEMO_ACCOUNTS) expect(emails).toContain(a.email);
    const caller = await Caller.create(api.app.getHttpServer());
    await caller.login('admin@realty.local', DEMO_PASSWORD);
  }, 120_000);
});

describe('API secrets in production (api/dist/main.js)', () => {
  // A database that does not exist: the API must stop before it would connect to one.
  const env = (extra: Record<string, string | undefined>) => ({
    NODE_ENV: 'production',
    JWT_SECRET: undefined,
    API_PORT: '0',
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/realty_missing_${process.pid}`,
    ...extra,
  });

  it('refuses to start without JWT_SECRET, naming it', async () => {
    const { code, out } = await runNode(['api/dist/main.js'], env({}), 30_000);
    expect({ code, named: /JWT_SECRET is not set/.test(out) }).toEqual({ code: 1, named: true });
  }, 40_000);

  it('refuses to start with a JWT_SECRET shorter than 32 characters, naming it', async () => {
    const { code, out } = await runNode(['api/dist/main.js'], env({ JWT_SECRET: 'short-secret' }), 30_000);
    expect({ code, named: /JWT_SECRET must be at least 32 characters/.test(out) }).toEqual({ code: 1, named: true });
  }, 40_000);
});

describe('API CSRF cookie key (docs/decisions/029)', () => {
  const JWT_SECRET = 'production-defaults-jwt-secret-0123456789abcdef';
  let api: AccountsApi;
  beforeAll(async () => {
    api = await startAccountsApi({ env: { JWT_SECRET } });
  });
  afterAll(() => api?.close());

  /** POST /api/auth/logout (public, CSRF-checked) with `_csrf=<cookie>` and the token of `secret`. */
  const logout = (cookie: string, secret: string) =>
    request(api.server)
      .post('/api/auth/logout')
      .set('X-Forwarded-For', '10.250.0.1')
      .set('Cookie', `_csrf=${encodeURIComponent(cookie)}`)
      .set('X-CSRF-Token', new CsrfTokens({ userInfo: false }).create(secret))
      .send({});
  const hmac = (value: string, key: string) => `${value}.${createHmac('sha256', key).update(value).digest('base64').replace(/=/g, '')}`;

  it('refuses a CSRF secret cookie the API did not sign (planted, or signed with JWT_SECRET itself)', async () => {
    const secret = new CsrfTokens({ userInfo: false }).secretSync();
    for (const cookie of [secret, hmac(secret, JWT_SECRET)]) {
      const res = await logout(cookie, secret);
      expect({ cookie, status: res.status, code: res.body.error?.code }).toEqual({ cookie, status: 403, code: 'CSRF_TOKEN_INVALID' });
    }
  });

  it('accepts the pair GET /api/csrf-token hands out', async () => {
    const pair = await csrfPair(api.server);
    const res = await request(api.server)
      .post('/api/auth/logout')
      .set('X-Forwarded-For', '10.250.0.2')
      .set('Cookie', pair.cookie)
      .set('X-CSRF-Token', pair.token)
      .send({});
    // Past the CSRF check: logout itself answers (400: this body has no refresh token).
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
