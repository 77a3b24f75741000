import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import request from 'supertest';
import { eventually } from '@realty/testkit';
import { startTestApi } from '../../test/harness';
import { isPublicProperty, seedCatalog, withClient, type CatalogFixture } from '../../test/fixtures';
import { Clock } from '../common/clock';
import { CatalogCache } from './catalog-cache';
import { PropertiesService } from './properties.service';

/** Sets environment variables; returns what puts them back. */
function setEnv(values: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/**
 * The app's Clock (the catalogue cache and the version poll read time from it), moved by
 * `advance(ms)` on top of real time (`frozen`: from a fixed instant, real time no longer moves
 * it). `restore()` puts the real clock back.
 */
function movableClock(clock: Clock, { frozen = false } = {}): { advance: (ms: number) => void; restore: () => void } {
  let offset = 0;
  const start = Date.now();
  const spy = jest.spyOn(clock, 'now').mockImplementation(() => (frozen ? start : Date.now()) + offset);
  return { advance: (ms) => void (offset += ms), restore: () => spy.mockRestore() };
}

/**
 * Caching of the public catalogue reads (issue 6, performance budget): successful reads say
 * Cache-Control: public, max-age=30, the detail (it counts a view) no-cache, errors nothing;
 * whole list answers are kept briefly per query (CATALOG_PAGE_CACHE_MS) and list totals per
 * filter set (CATALOG_COUNT_CACHE_MS); PropertiesService.invalidate() drops both. A repeated
 * anonymous GET of a kept answer is answered before the framework (KeptAnswerFastPath).
 */
describe('catalogue caching', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let fx: CatalogFixture;
  let restore: () => void;

  beforeAll(async () => {
    // TTLs only here (versions off): the catalogue version is tested below.
    restore = setEnv({ CATALOG_COUNT_CACHE_MS: '60000', CATALOG_PAGE_CACHE_MS: '60000', CATALOG_VERSION_POLL_MS: '0' });
    api = await startTestApi(async (url) => {
      fx = await seedCatalog(url);
    });
  });
  afterAll(async () => {
    restore();
    await api.close();
  });

  const http = () => request(api.app.getHttpServer());

  /** A GET with node:http: the body's bytes as sent, not decompressed on the way (supertest would). */
  async function rawGet(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<{ statusCode: number; headers: IncomingHttpHeaders; rawPayload: Buffer }> {
    const server = api.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, rawPayload: Buffer.concat(chunks) }));
        res.on('error', reject);
      }).on('error', reject);
    });
  }

  it.each([
    ['the list', '/api/properties?dealType=rent'],
    ['the map', '/api/properties/map'],
    ['the categories', '/api/properties/categories'],
  ])('%s answers public, max-age=30', async (_name, url) => {
    const res = await http().get(url).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
  });

  it.each([
    ['the list', '/api/properties?dealType=sale&limit=3'],
    ['the map', '/api/properties/map?dealType=sale'],
    ['the categories', '/api/properties/categories'],
  ])('%s sends an ETag and answers 304 without a body to If-None-Match naming it', async (_name, url) => {
    const first = await http().get(url).expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await http().get(url).set('If-None-Match', etag).expect(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);
    // a weak copy of the tag, or one in a list, matches too; another tag does not
    await http().get(url).set('If-None-Match', `"other", W/${etag}`).expect(304);
    const other = await http().get(url).set('If-None-Match', '"not-this-one"').expect(200);
    expect(other.body).toEqual(first.body);
  });

  it.each([
    ['the list', '/api/properties?dealType=rent&limit=50'],
    ['the map', '/api/properties/map'],
  ])('%s goes out in the encoding the client accepts, from the kept answer', async (_name, url) => {
    const plain = await rawGet(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const cases: [string, string, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ];
    for (const [accept, encoding, decode] of cases) {
      const res = await rawGet(url, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(decode(res.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
    const identity = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('answers a repeated anonymous read from the kept answer before the framework, with the same headers', async () => {
    const url = '/api/properties?dealType=rent&limit=7';
    const first = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-kept-answer']).toBeUndefined();
    const again = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-kept-answer']).toBe('1');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const name of [
      'etag',
      'cache-control',
      'content-type',
      'content-encoding',
      'vary',
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'x-ratelimit-limit',
    ]) {
      expect([name, again.headers[name]]).toEqual([name, first.headers[name]]);
    }
    // the global per-IP limit counted it
    expect(Number(again.headers['x-ratelimit-remaining'])).toBeLessThan(Number(first.headers['x-ratelimit-remaining']));
    const notModified = await rawGet(url, { 'if-none-match': String(first.headers.etag) });
    expect([notModified.statusCode, notModified.headers['x-kept-answer'], notModified.rawPayload.length]).toEqual([304, '1', 0]);
    // with a cookie (a signed-in visitor) or another method: the normal way, same answer
    const withCookie = await rawGet(url, { 'accept-encoding': 'gzip', cookie: 'theme=dark' });
    expect(withCookie.headers['x-kept-answer']).toBeUndefined();
    expect(withCookie.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await http().head(url).expect(200)).headers['x-kept-answer']).toBeUndefined();
    // dropped answers are not served from here
    api.app.get(PropertiesService).invalidate();
    const afterInvalidate = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(afterInvalidate.statusCode).toBe(200);
    expect(afterInvalidate.headers['x-kept-answer']).toBeUndefined();
    expect((await rawGet(url, { 'accept-encoding': 'gzip' })).headers['x-kept-answer']).toBe('1');
  });

  it('never answers a request that fails validation from a kept answer', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await rawGet('/api/properties?dealType=rent&limit=7&page=0');
      expect([res.statusCode, res.headers['x-kept-answer']]).toEqual([400, undefined]);
    }
  });

  it('the similar listings answer public, max-age=30 and the detail no-cache', async () => {
    const slug = fx.listings.find(isPublicProperty)!.slug;
    expect((await http().get(`/api/properties/${slug}/similar`).expect(200)).headers['cache-control']).toBe('public, max-age=30');
    expect((await http().get(`/api/properties/${slug}`).expect(200)).headers['cache-control']).toBe('no-cache');
  });

  it('errors carry no public caching', async () => {
    const bad = await http().get('/api/properties?page=0').expect(400);
    expect(bad.headers['cache-control'] ?? '').not.toContain('public');
    const missing = await http().get('/api/properties/no-such-listing').expect(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('no-cache');
  });

  it('keeps a page for the TTL and a total per filter set; another page is read fresh; invalidate() drops both', async () => {
    const query = { sort: 'price_asc', limit: '100' };
    const before = await http().get('/api/properties').query(query).expect(200);
    const hidden = before.body.data[0];
    const db = new Client({ connectionString: api.databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE properties SET status = 'inactive' WHERE id = $1`, [hidden.id]);
      // The same query: the kept answer, hidden listing included.
      const again = await http().get('/api/properties').query(query).expect(200);
      expect(again.body).toEqual(before.body);
      // Another sort of the same filter set: fresh rows, the kept total.
      const otherSort = await http()
        .get('/api/properties')
        .query({ ...query, sort: 'price_desc' })
        .expect(200);
      expect(otherSort.body.data.map((p: { id: string }) => p.id)).not.toContain(hidden.id);
      expect(otherSort.body.meta.total).toBe(before.body.meta.total);
      // A filter set not asked before gets its own, fresh total.
      const other = await http()
        .get('/api/properties')
        .query({ ...query, dealType: hidden.dealType, type: hidden.type })
        .expect(200);
      expect(other.body.data.map((p: { id: string }) => p.id)).not.toContain(hidden.id);
      expect(other.body.meta.total).toBe(other.body.data.length);

      api.app.get(PropertiesService).invalidate();
      const after = await http().get('/api/properties').query(query).set('If-None-Match', before.headers.etag).expect(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.body.data.map((p: { id: string }) => p.id)).not.toContain(hidden.id);
      expect(after.body.meta.total).toBe(before.body.meta.total - 1);
    } finally {
      await db.query(`UPDATE properties SET status = 'active' WHERE id = $1`, [hidden.id]);
      await db.end();
    }
  });
});

/**
 * A test API over a seeded catalogue for the enclosing describe block, with `env` set while it
 * runs (the caches read their settings when the service is made); returns its accessor.
 */
function seededApi(env: Record<string, string>): () => Awaited<ReturnType<typeof startTestApi>> {
  let api: Awaited<ReturnType<typeof startTestApi>> | undefined;
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    restore = setEnv(env);
    api = await startTestApi(async (url) => {
      await seedCatalog(url);
    });
  });
  afterAll(async () => {
    restore?.();
    await api?.close();
  });
  return () => api!;
}

/**
 * The catalogue version (migration CatalogueVersion): kept answers hold while it does not move;
 * triggers move it for any change of a listing or an image, but not for counters.
 */
describe('catalogue version', () => {
  const POLL_MS = 50;
  const api = seededApi({ CATALOG_COUNT_CACHE_MS: '60000', CATALOG_PAGE_CACHE_MS: '60000', CATALOG_VERSION_POLL_MS: String(POLL_MS) });
  const http = () => request(api().app.getHttpServer());
  const version = () =>
    withClient(api().databaseUrl, async (c) => Number((await c.query(`SELECT version FROM catalogue_version`)).rows[0].version));
  const sql = (text: string, params: unknown[] = []) => withClient(api().databaseUrl, (c) => c.query(text, params));

  it('moves for a listing or image change, in the writing transaction, and not for views, favourites or updated_at', async () => {
    const [{ id }] = (await sql(`SELECT id FROM properties LIMIT 1`)).rows;
    const start = await version();
    await sql(
      `UPDATE properties SET views_count = views_count + 5, favorites_count = favorites_count + 1, updated_at = now() WHERE id = $1`,
      [id],
    );
    expect(await version()).toBe(start);
    await sql(`UPDATE properties SET price = price + 1 WHERE id = $1`, [id]);
    expect(await version()).toBe(start + 1);
    await sql(`UPDATE property_images SET sort_order = sort_order WHERE property_id = $1`, [id]);
    expect(await version()).toBe(start + 2);
    // rolled back: not moved
    await withClient(api().databaseUrl, async (c) => {
      await c.query('BEGIN');
      await c.query(`UPDATE properties SET area = area + 1 WHERE id = $1`, [id]);
      await c.query('ROLLBACK');
    });
    expect(await version()).toBe(start + 2);
  });

  it('a change made outside this process shows within a poll, without invalidate(); counters do not recompute the page', async () => {
    const query = { sort: 'price_asc', limit: '100' };
    const list = async () => (await http().get('/api/properties').query(query).expect(200)).body;
    const before = await list();
    const target = before.data[0];
    // a counter: the kept page stays (same ETag) after several polls
    await sql(`UPDATE properties SET views_count = views_count + 100 WHERE id = $1`, [target.id]);
    const clock = movableClock(api().app.get(Clock));
    try {
      for (let poll = 0; poll < 4; poll++) {
        clock.advance(POLL_MS); // a poll is due: this request starts it
        await list();
        await api().app.get(PropertiesService).catalogVersion(); // the poll has ended
      }
    } finally {
      clock.restore();
    }
    expect(await list()).toEqual(before);
    // content: the price and the total change within a poll or two
    await sql(`UPDATE properties SET status = 'inactive' WHERE id = $1`, [target.id]);
    try {
      const after = await eventually('the change on the kept page', async () => {
        const body = await list();
        return body.meta.total === before.meta.total - 1 ? body : undefined;
      });
      expect(after.data.map((p: { id: string }) => p.id)).not.toContain(target.id);
      // and once recomputed, the fast path answers it again
      const res = await http().get('/api/properties').query(query).expect(200);
      expect(res.headers['x-kept-answer']).toBe('1');
      expect(res.body).toEqual(after);
    } finally {
      await sql(`UPDATE properties SET status = 'active' WHERE id = $1`, [target.id]);
    }
  });

  it('GET /api/properties/version answers the version this process works under (the web page cache polls it)', async () => {
    const answer = async () => {
      const res = await http().get('/api/properties/version').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.body.data.version as number;
    };
    // Within a poll of the database's value, before and after a change (its own listing; the
    // price is put back afterwards, so no other test sees the change).
    await eventually('the version of the database', async () => (await answer()) === (await version()));
    const [{ id }] = (await sql(`SELECT id FROM properties ORDER BY id LIMIT 1`)).rows;
    const before = await version();
    await sql(`UPDATE properties SET price = price + 1 WHERE id = $1`, [id]);
    try {
      expect(await eventually('the moved version', async () => (await answer()) === before + 1)).toBe(true);
    } finally {
      await sql(`UPDATE properties SET price = price - 1 WHERE id = $1`, [id]);
    }
  });
});

/**
 * A kept list page due for a refresh while the catalogue version holds is checked, not made
 * anew: kept as it is while none of its cards' counters moved (PropertiesService.pageHolds).
 */
describe('refreshing kept list pages', () => {
  const api = seededApi({ CATALOG_COUNT_CACHE_MS: '60000', CATALOG_PAGE_CACHE_MS: '300', CATALOG_VERSION_POLL_MS: '50' });
  const http = () => request(api().app.getHttpServer());
  const sql = (text: string, params: unknown[] = []) => withClient(api().databaseUrl, (c) => c.query(text, params));
  // The clock stands still (pages expire only when the test moves it), from before the first page.
  let clock: ReturnType<typeof movableClock>;
  beforeEach(() => (clock = movableClock(api().app.get(Clock), { frozen: true })));
  afterEach(() => clock.restore());
  /** Until the refreshes of kept answers started by the last request have ended. */
  const refreshed = () => eventually('the refresh of the kept page', () => api().app.get(CatalogCache).refreshesUnderWay() === 0);

  it('keeps a page as it is while no counter on it moved, and makes it anew once one did', async () => {
    const list = jest.spyOn(api().app.get(PropertiesService), 'list');
    const query = { sort: 'price_asc', limit: '100' };
    const get = () => http().get('/api/properties').query(query).expect(200);
    const first = await get();
    expect(list).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) {
      clock.advance(350); // past the TTL: this request is answered the kept page and starts its refresh
      expect((await get()).headers.etag).toBe(first.headers.etag);
      await refreshed();
      // the refresh kept it: fresh again, answered before the framework, not made again
      const again = await get();
      expect(again.headers['x-kept-answer']).toBe('1');
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    expect(list).toHaveBeenCalledTimes(1);

    // a view counted on one of its cards (not a catalogue change): the next refresh makes it anew
    const card = first.body.data[1];
    await sql(`UPDATE properties SET views_count = views_count + 7 WHERE id = $1`, [card.id]);
    clock.advance(350); // past the TTL again: the next request starts the refresh
    const after = await eventually('the page made anew', async () => {
      const body = (await get()).body;
      return body.data[1].viewsCount === card.viewsCount + 7 ? body : undefined;
    });
    expect(list).toHaveBeenCalledTimes(2);
    expect(after.data.map((p: { id: string }) => p.id)).toEqual(first.body.data.map((p: { id: string }) => p.id));
    list.mockRestore();
  });
});
