import request from 'supertest';
import type { PropertyListItem } from '@realty/contracts';
import { startTestApi } from '../../test/harness';
import {
  SORT_ORDER,
  hasFlag,
  isPublicProperty,
  roomsOf,
  searchTextOf,
  seedCatalog,
  type CatalogFixture,
  type InsertedProperty,
} from '../../test/fixtures';

/**
 * GET /api/properties (defaults, filters, sorts) against a real PostgreSQL database holding
 * the deterministic fixture catalogue (24 public listings, 4 hidden ones). Expected answers are
 * computed from the fixture specs (oracles in test/fixtures.ts). Paging, malformed parameters
 * and the map: properties.paging.e2e-spec.ts.
 */
describe('GET /api/properties (list)', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let fx: CatalogFixture;
  let pub: InsertedProperty[];

  beforeAll(async () => {
    api = await startTestApi(async (url) => {
      fx = await seedCatalog(url);
    });
    pub = fx.listings.filter(isPublicProperty);
  });
  afterAll(() => api.close());

  const http = () => request(api.app.getHttpServer());
  const list = (query: Record<string, string | string[]>) => http().get('/api/properties').query(query);

  /** Asks the list with `query` (limit 100) and expects exactly the public listings kept by `keep`, in `sort` order. */
  async function expectList(
    query: Record<string, string>,
    keep: (l: InsertedProperty) => boolean,
    { sort = 'date_new', mustNarrow = true }: { sort?: string; mustNarrow?: boolean } = {},
  ): Promise<PropertyListItem[]> {
    const res = await list({ limit: '100', ...query }).expect(200);
    const expected = pub.filter(keep).sort(SORT_ORDER[sort]);
    if (mustNarrow) {
      // the fixture must make the filter meaningful: some kept, some dropped
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(pub.length);
    }
    expect(res.body.status).toBe('success');
    expect(res.body.data.map((p: PropertyListItem) => p.slug)).toEqual(expected.map((l) => l.slug));
    expect(res.body.meta).toEqual({
      total: expected.length,
      page: 1,
      limit: 100,
      totalPages: Math.ceil(expected.length / 100),
      nextCursor: null,
    });
    return res.body.data;
  }

  describe('defaults and shape', () => {
    it('lists only active, not deleted listings, newest first, 50 per page', async () => {
      const res = await list({}).expect(200);
      expect(res.body.meta).toEqual({ total: 24, page: 1, limit: 50, totalPages: 1, nextCursor: null });
      expect(res.body.data.map((p: PropertyListItem) => p.slug)).toEqual([...pub].sort(SORT_ORDER.date_new).map((l) => l.slug));
      for (const p of res.body.data as PropertyListItem[]) expect(p.status).toBe('active');
      expect(JSON.stringify(res.body)).not.toContain('Невидимка');
    });

    it('answers cards with numbers as numbers, the derived price per m² and the main image only', async () => {
      const all = (await list({}).expect(200)).body.data as PropertyListItem[];
      const card = all.find((p) => p.slug === 'warehouse-3')!;
      const spec = fx.listings.find((l) => l.slug === 'warehouse-3')!;
      expect(card).toMatchObject({
        id: spec.id,
        type: 'warehouse',
        category: { id: fx.refs.categories.warehouses, slug: 'warehouses', name: { ru: 'Категория warehouses' } },
        categoryId: fx.refs.categories.warehouses,
        subcategory: { id: fx.refs.subcategories.storage, slug: 'storage' },
        dealType: spec.dealType,
        price: spec.price,
        priceCurrency: 'KZT',
        pricePerSqm: Math.round(spec.price / spec.area),
        area: spec.area,
        floor: 3,
        totalFloors: 12,
        address: spec.address,
        district: spec.district,
        districtName: { ru: expect.any(String), en: expect.any(String), kk: expect.any(String), zh: expect.any(String) },
        latitude: spec.latitude,
        longitude: spec.longitude,
        featured: false,
        viewsCount: 0,
        favoritesCount: 0,
        createdAt: spec.createdAt,
      });
      expect(typeof card.price).toBe('number');
      expect(typeof card.area).toBe('number');
      expect(card).not.toHaveProperty('description');
      // warehouse-3 (i=2) has 2 images with variants, inserted with sort_order 1 before 0: a
      // card carries the main one (lowest sort_order) only; the property page has both.
      expect(card.images).toHaveLength(1);
      expect(card.images[0]).toEqual({
        id: expect.any(String),
        url: '/media/properties/warehouse-3/photo-0.jpg',
        thumbUrl: '/media/properties/warehouse-3/photo-0.jpg.thumb.jpg',
        galleryUrl: '/media/properties/warehouse-3/photo-0.jpg.gallery.jpg',
        thumbWebpUrl: '/media/properties/warehouse-3/photo-0.jpg.thumb.webp',
        galleryWebpUrl: '/media/properties/warehouse-3/photo-0.jpg.gallery.webp',
        width: 1600,
        height: 1200,
      });
      // coworking-8 (i=7): an image without variants yet (the worker has not run)
      expect(all.find((p) => p.slug === 'coworking-8')!.images).toEqual([
        expect.objectContaining({ url: '/media/properties/coworking-8/photo-0.jpg', thumbUrl: null, galleryWebpUrl: null }),
      ]);
      // office-5 (i=4): in a building complex
      expect(all.find((p) => p.slug === 'office-5')!.buildingComplexName).toEqual({
        ru: 'БЦ Фикстура',
        en: 'Fixture Tower',
        kk: 'Фикстура БО',
        zh: '测试大厦',
      });
      // retail-6 (i=5): no subcategory, no coordinates; coworking-4 (i=3): no images
      expect(all.find((p) => p.slug === 'retail-6')).toMatchObject({ subcategory: null, latitude: null, longitude: null });
      expect(all.find((p) => p.slug === 'coworking-4')!.images).toEqual([]);
      expect(all.find((p) => p.slug === 'coworking-24')).toMatchObject({ district: null, districtName: null });
    });
  });

  describe('filters, each alone', () => {
    it('deal_type and dealType', async () => {
      await expectList({ deal_type: 'rent' }, (l) => l.dealType === 'rent');
      await expectList({ dealType: 'sale' }, (l) => l.dealType === 'sale');
      await expectList({ deal_type: 'sale', dealType: 'sale' }, (l) => l.dealType === 'sale');
      // enum values are case-insensitive and trimmed
      await expectList({ deal_type: ' RENT ', lang: 'EN' }, (l) => l.dealType === 'rent');
    });

    it('category by slug; an unknown slug gives an empty list', async () => {
      await expectList({ category: 'offices' }, (l) => l.category === 'offices');
      await expectList({ category: 'retail' }, (l) => l.category === 'retail');
      const res = await list({ category: 'no-such-category' }).expect(200);
      expect(res.body).toEqual({ status: 'success', data: [], meta: { total: 0, page: 1, limit: 50, totalPages: 0, nextCursor: null } });
    });

    it('type', async () => {
      await expectList({ type: 'coworking' }, (l) => l.type === 'coworking');
      await expectList({ type: 'warehouse' }, (l) => l.type === 'warehouse');
    });

    it('subcategory; a subcategory with only hidden listings or an unknown one gives an empty list', async () => {
      await expectList({ subcategory: 'street-retail' }, (l) => l.subcategory === 'street-retail');
      expect((await list({ subcategory: 'shopping-mall' }).expect(200)).body.data).toEqual([]);
      expect((await list({ subcategory: 'nope' }).expect(200)).body.data).toEqual([]);
    });

    it('district', async () => {
      await expectList({ district: 'medeu' }, (l) => l.district === 'medeu');
      await expectList({ district: 'almaly' }, (l) => l.district === 'almaly');
    });

    it('price_min / price_max and priceMin / priceMax (₸, inclusive)', async () => {
      await expectList({ price_min: '20000000' }, (l) => l.price >= 20_000_000);
      await expectList({ price_max: '500000' }, (l) => l.price <= 500_000);
      await expectList({ priceMin: '500000', priceMax: '30000000' }, (l) => l.price >= 500_000 && l.price <= 30_000_000);
      // an exact price is inside the range on both ends
      const exact = pub[3].price;
      await expectList({ price_min: String(exact), price_max: String(exact) }, (l) => l.price === exact);
      // decimals are accepted: whole tenge bounds
      await expectList({ price_min: '499999.5', price_max: '500000.9' }, (l) => l.price === 500_000);
    });

    it('area_min / area_max and areaMin / areaMax (m², inclusive)', async () => {
      await expectList({ area_min: '150' }, (l) => l.area >= 150);
      await expectList({ area_max: '80.5' }, (l) => l.area <= 80.5);
      await expectList({ areaMin: '50', areaMax: '200' }, (l) => l.area >= 50 && l.area <= 200);
    });

    it('featured=true and featured=false', async () => {
      await expectList({ featured: 'true' }, (l) => l.featured);
      await expectList({ featured: 'false' }, (l) => !l.featured);
      // the home page call of spec 01 §7
      const res = await list({ featured: 'true', limit: '6' }).expect(200);
      expect(res.body.data.length).toBeLessThanOrEqual(6);
      expect(res.body.data.every((p: PropertyListItem) => p.featured)).toBe(true);
    });

    it('furniture, parking, air_conditioning: characteristics or features; false means no filter', async () => {
      await expectList({ furniture: 'true' }, (l) => hasFlag(l, 'furniture'));
      await expectList({ parking: 'true' }, (l) => hasFlag(l, 'parking'));
      await expectList({ air_conditioning: 'true' }, (l) => hasFlag(l, 'air_conditioning'));
      // furniture only in features (coworking-8 has characteristics.furniture false) still counts
      expect(pub.find((l) => l.slug === 'coworking-8')!.characteristics.furniture).toBe(false);
      const withFurniture = (await list({ furniture: 'true', limit: '100' }).expect(200)).body.data.map((p: PropertyListItem) => p.slug);
      expect(withFurniture).toContain('coworking-8');
      await expectList({ furniture: 'false' }, () => true, { mustNarrow: false });
    });

    it('rooms_min (rooms default 0; a non-numeric value counts as 0); 0 means no filter', async () => {
      await expectList({ rooms_min: '3' }, (l) => roomsOf(l) >= 3);
      await expectList({ rooms_min: '5' }, (l) => roomsOf(l) >= 5);
      await expectList({ rooms_min: '0' }, () => true, { mustNarrow: false });
    });

    it('q: any language title or the address, case-insensitive, wildcards taken literally', async () => {
      const search = (q: string) => (l: InsertedProperty) => searchTextOf(l).includes(q.toLowerCase());
      await expectList({ q: 'office' }, search('office'));
      expect((await expectList({ q: 'ЖАРЫҚ' }, search('жарық'))).map((p) => p.slug)).toEqual(['warehouse-7']); // kk
      expect((await expectList({ q: '景观' }, search('景观'))).map((p) => p.slug)).toEqual(['office-9']); // zh
      expect((await expectList({ q: 'Панорамный' }, search('панорамный'))).map((p) => p.slug)).toEqual(['office-17']); // ru
      expect((await expectList({ q: 'сатпаева' }, search('сатпаева'))).map((p) => p.slug)).toEqual(['warehouse-15']); // address
      // '%' and '_' are not wildcards: 'ул. Абая, 100' and 'open space' must not match
      expect((await expectList({ q: '100%' }, search('100%'))).map((p) => p.slug)).toEqual(['office-1']);
      expect((await expectList({ q: 'open_space' }, search('open_space'))).map((p) => p.slug)).toEqual(['office-13']);
      expect((await list({ q: '\\' }).expect(200)).body.data).toEqual([]);
      // surrounding blanks are ignored; hidden listings are never found
      expect((await list({ q: '  景观  ' }).expect(200)).body.data.map((p: PropertyListItem) => p.slug)).toEqual(['office-9']);
      expect((await list({ q: 'невидимка' }).expect(200)).body.meta.total).toBe(0);
    });
  });

  describe('filters combined, empty and all', () => {
    it('combines every filter with AND', async () => {
      await expectList(
        { deal_type: 'rent', category: 'offices', price_max: '1000000', furniture: 'true', sort: 'price_asc' },
        (l) => l.dealType === 'rent' && l.category === 'offices' && l.price <= 1_000_000 && hasFlag(l, 'furniture'),
        { sort: 'price_asc' },
      );
      await expectList(
        { dealType: 'sale', type: 'retail', area_min: '30', q: 'retail' },
        (l) => l.dealType === 'sale' && l.type === 'retail' && l.area >= 30 && searchTextOf(l).includes('retail'),
      );
      await expectList(
        { district: 'bostandyk', air_conditioning: 'true', rooms_min: '1', featured: 'false' },
        (l) => l.district === 'bostandyk' && hasFlag(l, 'air_conditioning') && roomsOf(l) >= 1 && !l.featured,
      );
    });

    it("ignores '' and 'all' for every filter (and '' for sort, page, limit)", async () => {
      const res = await list({
        q: 'all',
        deal_type: 'all',
        dealType: '',
        category: 'all',
        type: '',
        subcategory: 'all',
        district: 'all',
        price_min: '',
        price_max: 'all',
        area_min: 'ALL',
        area_max: '',
        priceMin: '',
        priceMax: 'all',
        areaMin: '',
        areaMax: '',
        featured: 'all',
        furniture: '',
        parking: 'all',
        air_conditioning: '',
        rooms_min: 'all',
        sort: '',
        page: '',
        limit: '',
        lang: '',
      }).expect(200);
      expect(res.body.meta).toEqual({ total: 24, page: 1, limit: 50, totalPages: 1, nextCursor: null });
      expect(res.body.data.map((p: PropertyListItem) => p.slug)).toEqual([...pub].sort(SORT_ORDER.date_new).map((l) => l.slug));
    });
  });

  describe('sorts', () => {
    it.each(['date_new', 'price_asc', 'price_desc', 'area_asc', 'area_desc'])(
      'sort=%s orders the whole list, id breaking ties',
      async (sort) => {
        const data = await expectList({ sort }, () => true, { sort, mustNarrow: false });
        // independent check that the answer really is sorted by the key
        const key = (p: PropertyListItem) =>
          sort.startsWith('price') ? p.price : sort.startsWith('area') ? p.area : -Date.parse(p.createdAt);
        const desc = sort.endsWith('desc');
        let ties = 0;
        for (let i = 1; i < data.length; i++) {
          const [a, b] = [key(data[i - 1]), key(data[i])];
          expect(desc ? a >= b : a <= b).toBe(true);
          if (a !== b) continue;
          ties += 1;
          expect(desc || sort === 'date_new' ? data[i - 1].id > data[i].id : data[i - 1].id < data[i].id).toBe(true);
        }
        // the answer has equal keys, so the tie-breaker above was really checked
        expect(ties).toBeGreaterThan(0);
      },
    );
  });
});
