import { Client } from 'pg';
import request from 'supertest';
import { startTestApi } from '../../test/harness';
import { isPublicListing, seedCatalog, type CatalogFixture } from '../../test/fixtures';

/**
 * Caching of the public catalogue reads (issue 6, performance budget): successful reads say
 * Cache-Control: public, max-age=30, the detail (it counts a view) no-cache, errors nothing;
 * the list total is kept briefly per filter set (CATALOGUE_COUNT_CACHE_MS) while the page
 * rows stay fresh.
 */
describe('catalogue caching', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let fx: CatalogFixture;
  const saved = process.env.CATALOGUE_COUNT_CACHE_MS;

  beforeAll(async () => {
    process.env.CATALOGUE_COUNT_CACHE_MS = '60000';
    api = await startTestApi(async (url) => {
      fx = await seedCatalog(url);
    });
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.CATALOGUE_COUNT_CACHE_MS;
    else process.env.CATALOGUE_COUNT_CACHE_MS = saved;
    await api.close();
  });

  const http = () => request(api.app.getHttpServer());

  it.each([
    ['the list', '/api/properties?dealType=rent'],
    ['the map', '/api/properties/map'],
    ['the categories', '/api/properties/categories'],
  ])('%s answers public, max-age=30', async (_name, url) => {
    const res = await http().get(url).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
  });

  it('the similar listings answer public, max-age=30 and the detail no-cache', async () => {
    const slug = fx.listings.find(isPublicListing)!.slug;
    expect((await http().get(`/api/properties/${slug}/similar`).expect(200)).headers['cache-control']).toBe('public, max-age=30');
    expect((await http().get(`/api/properties/${slug}`).expect(200)).headers['cache-control']).toBe('no-cache');
  });

  it('errors carry no public caching', async () => {
    const bad = await http().get('/api/properties?page=0').expect(400);
    expect(bad.headers['cache-control'] ?? '').not.toContain('public');
    const missing = await http().get('/api/properties/no-such-listing').expect(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('no-cache');
  });

  it('keeps the total of a filter set for the TTL, while the page rows are read fresh', async () => {
    const query = { sort: 'price_asc', limit: '100' };
    const before = await http().get('/api/properties').query(query).expect(200);
    const hidden = before.body.data[0];
    const db = new Client({ connectionString: api.databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE properties SET status = 'inactive' WHERE id = $1`, [hidden.id]);
      const after = await http().get('/api/properties').query(query).expect(200);
      expect(after.body.data.map((p: { id: string }) => p.id)).not.toContain(hidden.id);
      expect(after.body.meta.total).toBe(before.body.meta.total);
      // A filter set not asked before gets its own, fresh total.
      const other = await http().get('/api/properties').query({ ...query, dealType: hidden.dealType, type: hidden.type }).expect(200);
      expect(other.body.data.map((p: { id: string }) => p.id)).not.toContain(hidden.id);
      expect(other.body.meta.total).toBe(other.body.data.length);
    } finally {
      await db.query(`UPDATE properties SET status = 'active' WHERE id = $1`, [hidden.id]);
      await db.end();
    }
  });
});
