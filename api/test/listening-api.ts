import type { AddressInfo } from 'node:net';
import { insertUser, TEST_PASSWORD } from './accounts';
import { seedCatalog, type CatalogFixture } from './fixtures';
import { startTestApi } from './harness';

/**
 * The real API for tests of its callers (the web's server code): started in-process by
 * startTestApi (its own database and Redis prefix) with the catalogue fixture, listening on an
 * ephemeral port of 127.0.0.1. The web's tests reach it as '@realty/test-api' (jest.config.js;
 * declared in web/app/test-api.d.ts, so the web's type check stays out of the API's sources):
 * keep the two in step.
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
    close: () => api.close(),
  };
}
