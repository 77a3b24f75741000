import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RoleName } from '@realty/contracts';
import { redisUrl } from '@realty/jobs';
import * as argon2 from 'argon2';
import Redis from 'ioredis';
import request from 'supertest';
import { insertReferenceData, withClient, type ReferenceIds } from './fixtures';
import { startTestApi } from './harness';

/**
 * Test support for accounts, sessions and access control (issue 3): an API with its own
 * database AND its own Redis key prefix (deleted on close), users inserted with a known
 * password, CSRF pairs, and sign-in helpers. Every request helper sends its own client IP
 * (X-Forwarded-For; the API trusts the proxy header) so per-IP limits never leak between tests.
 */

/** The password of every user made by `insertUser` (meets the policy of spec 01 §5). */
export const TEST_PASSWORD = 'Secret123';

let passwordHash: Promise<string> | undefined;
/** argon2id hash of TEST_PASSWORD with the API's parameters (made once per test file). */
export function testPasswordHash(): Promise<string> {
  passwordHash ??= argon2.hash(TEST_PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  return passwordHash;
}

let ipCounter = 0;
/** A client IP nobody else in this file uses (10.x.y.z). */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface AccountsApi {
  app: NestFastifyApplication;
  databaseUrl: string;
  refs: ReferenceIds;
  /** This API's REDIS_PREFIX. */
  redisPrefix: string;
  server: ReturnType<NestFastifyApplication['getHttpServer']>;
  close: () => Promise<void>;
}

/**
 * Starts the API on a fresh database with the reference data of fixtures.ts (roles included)
 * and a unique REDIS_PREFIX; `env` is applied while the app is created and restored on close.
 */
export async function startAccountsApi(
  options: {
    env?: Record<string, string>;
    seed?: (databaseUrl: string, refs: ReferenceIds) => Promise<void>;
    /** Share another API's Redis prefix (as two processes of one deployment would). */
    redisPrefix?: string;
  } = {},
): Promise<AccountsApi> {
  const redisPrefix = options.redisPrefix ?? `realty_test_acc_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const saved: Record<string, string | undefined> = {};
  let refs: ReferenceIds | undefined;
  const api = await startTestApi(async (url) => {
    // The harness has set its own REDIS_PREFIX by now; this file uses its own.
    for (const [k, v] of Object.entries({ REDIS_PREFIX: redisPrefix, ...options.env })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    refs = await withClient(url, (c) => insertReferenceData(c));
    await options.seed?.(url, refs);
  });
  return {
    app: api.app,
    databaseUrl: api.databaseUrl,
    refs: refs!,
    redisPrefix,
    server: api.app.getHttpServer(),
    close: async () => {
      try {
        await api.close();
      } finally {
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
        await deleteRedisKeys(redisPrefix);
      }
    },
  };
}

/** Deletes every Redis key under `prefix:` (rate-limit counters, queues). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Redis keys under the prefix (for assertions). */
export async function redisKeys(prefix: string, pattern = '*'): Promise<string[]> {
  const redis = new Redis(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return await redis.keys(`${prefix}:${pattern}`);
  } finally {
    redis.disconnect();
  }
}

/** Inserts a user with TEST_PASSWORD (or `passwordHash`); returns its id. */
export async function insertUser(
  api: Pick<AccountsApi, 'databaseUrl' | 'refs'>,
  u: { email: string; role: RoleName; status?: 'active' | 'blocked'; firstName?: string; language?: string },
): Promise<string> {
  const hash = await testPasswordHash();
  return withClient(api.databaseUrl, async (c) => {
    const r = await c.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, language, status, role_id)
       VALUES ($1, $2, $3, 'Тестов', $4, $5, $6) RETURNING id`,
      [u.email, hash, u.firstName ?? 'Тест', u.language ?? 'ru', u.status ?? 'active', api.refs.roles[u.role]],
    );
    return r.rows[0].id as string;
  });
}

/** A CSRF secret cookie and its token (GET /api/csrf-token). */
export interface CsrfPair {
  cookie: string;
  token: string;
}

/**
 * A fresh pair, fetched from `ip` (default a fresh one): a test that makes many callers (the
 * route-policy walk) stays under the per-IP request limit instead of spending 127.0.0.1's.
 */
export async function csrfPair(server: AccountsApi['server'], ip: string = freshIp()): Promise<CsrfPair> {
  const res = await request(server).get('/api/csrf-token').set('X-Forwarded-For', ip).expect(200);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = setCookie.find((c) => c.startsWith('_csrf='));
  if (!cookie) throw new Error('GET /api/csrf-token set no _csrf cookie');
  return { cookie: cookie.split(';')[0], token: res.body.data.csrfToken };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';

/**
 * A caller: one IP, one CSRF pair, optionally a bearer token. `call(method, url, body?)`
 * sends the CSRF header and cookie on every write.
 */
export class Caller {
  constructor(
    private readonly server: AccountsApi['server'],
    readonly csrf: CsrfPair,
    readonly ip: string = freshIp(),
    public accessToken?: string,
  ) {}

  static async create(server: AccountsApi['server'], accessToken?: string): Promise<Caller> {
    const ip = freshIp();
    return new Caller(server, await csrfPair(server, ip), ip, accessToken);
  }

  call(method: Method, url: string, body?: object): request.Test {
    let t = request(this.server)[method](url).set('X-Forwarded-For', this.ip).set('Cookie', this.csrf.cookie);
    if (method !== 'get' && method !== 'head') t = t.set('X-CSRF-Token', this.csrf.token);
    if (this.accessToken) t = t.set('Authorization', `Bearer ${this.accessToken}`);
    if (body !== undefined) t = t.send(body);
    return t;
  }

  /** The same caller with another bearer token (or none). */
  as(accessToken: string | undefined): Caller {
    return new Caller(this.server, this.csrf, this.ip, accessToken);
  }

  /** POST /api/auth/login; expects 200 and keeps the access token; returns the whole data. */
  async login(email: string, password = TEST_PASSWORD, rememberMe?: boolean) {
    const res = await this.call('post', '/api/auth/login', { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) });
    if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.accessToken = res.body.data.tokens.accessToken;
    return res.body.data as {
      tokens: { accessToken: string; refreshToken: string; expiresIn: number; refreshExpiresAt: string };
      user: Record<string, unknown>;
    };
  }
}

/** Unique e-mail for this file. */
let emailCounter = 0;
export function freshEmail(tag = 'user'): string {
  emailCounter += 1;
  return `${tag}.${emailCounter}.${Math.random().toString(36).slice(2, 7)}@example.kz`;
}

/** A new user of `role` (e-mail `email`, a fresh one by default) signed in through the API: the caller, its id and e-mail. */
export async function signInAs(
  api: Pick<AccountsApi, 'databaseUrl' | 'refs' | 'server'>,
  role: RoleName,
  email = freshEmail(role),
): Promise<{ caller: Caller; id: string; email: string }> {
  const id = await insertUser(api, { email, role });
  const caller = await Caller.create(api.server);
  await caller.login(email);
  return { caller, id, email };
}
