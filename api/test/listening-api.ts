import type { AddressInfo } from 'node:net';
import { ipLimitKey, RATE_LIMITS, RateLimiter } from '../src/common/rate-limit';
import { insertUser, TEST_PASSWORD } from './accounts';
import { seedCatalog, withClient, type CatalogFixture } from './fixtures';
import { startTestApi } from './harness';

/**
 * The real API for tests of its callers (the web's server code, the api-client): started
 * in-process by startTestApi (its own database and Redis prefix) with the catalogue fixture,
 * listening on an ephemeral port of 127.0.0.1. Those tests reach it only as '@realty/test-api'
 * (jest.config.js; tsconfig.test.json maps it here; the web's type check uses the declaration in
 * web/app/test-api.d.ts, so it stays out of the API's sources): keep the two in step.
 */
export interface ListeningApi {
  /** Base URL including '/api', e.g. http://127.0.0.1:41234/api. */
  url: string;
  /** The fixture's public listings (active, not deleted), in fixture order. */
  listings: Array<{ id: string; slug: string }>;
  /** The password of every user made by addUser. */
  password: string;
  /** Inserts an active user with `password`; returns its id. */
  addUser(u: { email: string; role?: 'user' | 'admin' | 'super_admin' | 'employee' | 'manager'; firstName?: string }): Promise<string>;
  /** Rows of `sql` (with $1.. `params`) run on the API's database: what the API stored. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Requests the API has counted against `ip`'s analytics limit (spec 01 §8) in the current window; 0 when none. */
  analyticsCountFor(ip: string): Promise<number>;
  close(): Promise<void>;
}

export async function startListeningApi(): Promise<ListeningApi> {
  let fx!: CatalogFixture;
  const api = await startTestApi(async (url) => {
    fx = await seedCatalog(url);
  });
  await api.app.listen(0, '127.0.0.1');
  const port = (api.app.getHttpServer().address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api`,
    listings: fx.listings.filter((l) => l.status === 'active' && !l.deleted).map((l) => ({ id: l.id, slug: l.slug })),
    password: TEST_PASSWORD,
    addUser: (u) => insertUser({ databaseUrl: api.databaseUrl, refs: fx.refs }, { role: 'user', ...u }),
    query: <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]),
    analyticsCountFor: async (ip) => (await api.app.get(RateLimiter).peek(ipLimitKey(RATE_LIMITS.analytics, ip)))?.count ?? 0,
    close: () => api.close(),
  };
}
