import { Client } from 'pg';
import request from 'supertest';
import { MESSAGES, type CategoryDto, type PropertyDetail, type PropertyListItem, type SubcategoryDto } from '@realty/contracts';
import { startTestApi } from '../../test/harness';
import {
  AGENT_PASSWORD_HASH,
  FIXTURE_TREE,
  SORT_ORDER,
  isPublicProperty,
  seedCatalog,
  type CatalogFixture,
  type InsertedProperty,
} from '../../test/fixtures';

/**
 * GET /api/properties/:idOrSlug, /:idOrSlug/similar, /categories and
 * /categories/:id/subcategories against a real PostgreSQL database with the fixture catalogue.
 */
describe('GET /api/properties/:idOrSlug, similar and categories', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let fx: CatalogFixture;
  let pub: InsertedProperty[];
  let db: Client;

  beforeAll(async () => {
    api = await startTestApi(async (url) => {
      fx = await seedCatalog(url);
    });
    pub = fx.listings.filter(isPublicProperty);
    db = new Client({ connectionString: api.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await api.close();
  });

  const http = () => request(api.app.getHttpServer());
  const listing = (slug: string) => fx.listings.find((l) => l.slug === slug)!;
  const viewsInDb = async (id: string) =>
    (await db.query('SELECT views_count FROM properties WHERE id = $1', [id])).rows[0].views_count as number;
  const NOT_FOUND = { status: 'error', error: { code: 'NOT_FOUND', message: 'Ресурс не найден' } };

  describe('detail', () => {
    it('finds a listing by slug and answers the full page with its agent', async () => {
      const spec = listing('warehouse-3');
      const res = await http().get('/api/properties/warehouse-3').expect(200);
      const p: PropertyDetail = res.body.data;
      expect(res.body.status).toBe('success');
      expect(p).toMatchObject({
        id: spec.id,
        slug: 'warehouse-3',
        title: spec.title,
        description: { ru: 'Описание объекта warehouse-3 для теста' },
        h1: { ru: 'H1 warehouse-3' },
        seoTitle: { en: 'SEO warehouse-3' },
        seoDescription: { ru: 'SEO описание' },
        seoKeywords: { ru: 'офис, аренда' },
        type: 'warehouse',
        price: spec.price,
        area: spec.area,
        pricePerSqm: Math.round(spec.price / spec.area),
        characteristics: spec.characteristics,
        features: spec.features,
        createdAt: spec.createdAt,
        updatedAt: expect.any(String),
      });
      expect(p.agent).toEqual({
        id: fx.refs.agentId,
        firstName: 'Айгерим',
        lastName: 'Агентова',
        avatarUrl: '/media/avatars/agent.jpg',
        phone: '+7 701 000 00 01',
        email: 'agent@example.kz',
      });
      expect(JSON.stringify(res.body)).not.toContain(AGENT_PASSWORD_HASH);
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      expect(p.images.map((i) => i.url)).toEqual([
        '/media/properties/warehouse-3/photo-0.jpg',
        '/media/properties/warehouse-3/photo-1.jpg',
      ]);
    });

    it('finds the same listing by id (any case) and answers agent null when there is none', async () => {
      const spec = listing('retail-2');
      const byId = await http().get(`/api/properties/${spec.id}`).expect(200);
      expect(byId.body.data.slug).toBe('retail-2');
      expect(byId.body.data.agent).toBeNull();
      const upper = await http().get(`/api/properties/${spec.id.toUpperCase()}`).expect(200);
      expect(upper.body.data.id).toBe(spec.id);
    });

    it('counts every view atomically and reports the new count', async () => {
      const spec = listing('office-5');
      expect(await viewsInDb(spec.id)).toBe(0);
      const first = await http().get('/api/properties/office-5').expect(200);
      expect(first.body.data.viewsCount).toBe(1);
      const second = await http().get(`/api/properties/${spec.id}`).expect(200);
      expect(second.body.data.viewsCount).toBe(2);
      // concurrent views lose no increment
      const parallel = await Promise.all(Array.from({ length: 10 }, () => http().get('/api/properties/office-5').expect(200)));
      expect(parallel.map((r) => r.body.data.viewsCount).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(await viewsInDb(spec.id)).toBe(12);
    });

    it.each([
      ['an unknown slug', () => 'no-such-listing'],
      ['an unknown uuid', () => '00000000-0000-4000-8000-000000000000'],
      ['a pending listing (slug)', () => 'hidden-pending'],
      ['a pending listing (id)', () => listing('hidden-pending').id],
      ['an inactive listing', () => 'hidden-inactive'],
      ['a soft-deleted listing (slug)', () => 'hidden-deleted'],
      ['a soft-deleted listing (id)', () => listing('hidden-deleted').id],
      ['a control character', () => '%00'],
      ['a slug longer than the column', () => 'a'.repeat(250)],
    ])('answers the 404 envelope for %s and counts nothing', async (_name, param) => {
      const res = await http().get(`/api/properties/${param()}`).expect(404);
      expect(res.body).toEqual(NOT_FOUND);
      for (const slug of ['hidden-pending', 'hidden-inactive', 'hidden-deleted']) expect(await viewsInDb(listing(slug).id)).toBe(0);
    });

    it('translates the 404 message with lang and rejects unknown parameters', async () => {
      const res = await http().get('/api/properties/hidden-pending?lang=en').expect(404);
      expect(res.body.error.message).toBe('Resource not found');
      const bad = await http().get('/api/properties/office-1?foo=1').expect(400);
      expect(bad.body.error.fields).toEqual({ foo: MESSAGES['field.unknown'].ru });
    });
  });

  describe('similar', () => {
    const similarOf = (self: InsertedProperty) =>
      pub.filter((l) => l.category === self.category && l.dealType === self.dealType && l.id !== self.id).sort(SORT_ORDER.date_new);

    it('answers up to 4 public listings of the same category and deal type, newest first, without itself', async () => {
      const self = listing('office-1'); // offices, rent: hidden offices for rent exist too
      const expected = similarOf(self);
      expect(expected.length).toBeGreaterThan(4);
      const before = await viewsInDb(self.id);
      const res = await http().get('/api/properties/office-1/similar').expect(200);
      const data: PropertyListItem[] = res.body.data;
      expect(data.map((p) => p.slug)).toEqual(expected.slice(0, 4).map((l) => l.slug));
      for (const p of data) {
        expect(p.category.slug).toBe('offices');
        expect(p.dealType).toBe('rent');
        expect(p.id).not.toBe(self.id);
      }
      expect(await viewsInDb(self.id)).toBe(before); // similar does not count a view
    });

    it('takes limit up to 12 and accepts the id as well as the slug', async () => {
      const self = listing('warehouse-11');
      const expected = similarOf(self);
      const res = await http().get(`/api/properties/${self.id}/similar?limit=12`).expect(200);
      expect(res.body.data.map((p: PropertyListItem) => p.slug)).toEqual(expected.slice(0, 12).map((l) => l.slug));
      expect(expected.length).toBeGreaterThan(0);
      const one = await http().get('/api/properties/warehouse-11/similar?limit=1').expect(200);
      expect(one.body.data).toHaveLength(1);
    });

    it('rejects a bad limit and answers 404 for a listing that is not public', async () => {
      for (const limit of ['13', '0', 'abc']) {
        const res = await http().get(`/api/properties/office-1/similar?limit=${limit}`).expect(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(res.body.error.fields)).toEqual(['limit']);
      }
      const res = await http().get('/api/properties/office-1/similar?limit=13').expect(400);
      expect(res.body.error.fields).toEqual({ limit: MESSAGES['field.similarLimit'].ru });
      await http().get('/api/properties/hidden-deleted/similar').expect(404);
      await http().get('/api/properties/no-such-listing/similar').expect(404);
    });
  });

  describe('categories', () => {
    const publicCount = (keep: (l: InsertedProperty) => boolean) => pub.filter(keep).length;

    it('answers every category in sort order with public counts and nested subcategories', async () => {
      const res = await http().get('/api/properties/categories').expect(200);
      const data: CategoryDto[] = res.body.data;
      expect(data.map((c) => c.slug)).toEqual(Object.keys(FIXTURE_TREE));
      for (const c of data) {
        expect(c).toMatchObject({ id: fx.refs.categories[c.slug], name: { ru: `Категория ${c.slug}` }, icon: 'building' });
        expect(c.count).toBe(publicCount((l) => l.category === c.slug));
        expect(c.subcategories.map((s) => s.slug)).toEqual(FIXTURE_TREE[c.slug]);
        for (const s of c.subcategories) {
          expect(s).toMatchObject({ categoryId: c.id, filters: ['rooms', 'furniture'] });
          expect(s.count).toBe(publicCount((l) => l.subcategory === s.slug));
        }
      }
      const offices = data.find((c) => c.slug === 'offices')!;
      expect(offices.count).toBe(12); // hidden listings are not counted
      expect(data.find((c) => c.slug === 'retail')!.subcategories.find((s) => s.slug === 'shopping-mall')!.count).toBe(0);
    });

    it('answers the subcategories of a category by numeric id or by slug', async () => {
      const byId = await http().get(`/api/properties/categories/${fx.refs.categories.offices}/subcategories`).expect(200);
      const bySlug = await http().get('/api/properties/categories/offices/subcategories').expect(200);
      expect(bySlug.body).toEqual(byId.body);
      const data: SubcategoryDto[] = byId.body.data;
      expect(data.map((s) => [s.slug, s.count])).toEqual([
        ['office-space', publicCount((l) => l.subcategory === 'office-space')],
        ['coworking', publicCount((l) => l.subcategory === 'coworking')],
      ]);
      expect(data[0]).toEqual({
        id: fx.refs.subcategories['office-space'],
        slug: 'office-space',
        name: { ru: 'Подкатегория office-space', en: 'Subcategory office-space', kk: 'Ішкі санат office-space', zh: '子类别 office-space' },
        categoryId: fx.refs.categories.offices,
        description: null,
        filters: ['rooms', 'furniture'],
        count: 6,
      });
    });

    it.each(['999999', 'no-such-category', '99999999999999999999', 'bad!slug'])('answers the 404 envelope for category %s', async (id) => {
      const res = await http()
        .get(`/api/properties/categories/${encodeURIComponent(id)}/subcategories`)
        .expect(404);
      expect(res.body).toEqual(NOT_FOUND);
    });
  });
});
