import request from 'supertest';
import { MESSAGES, type MapMarkerDto, type PropertyListItem, type PropertyListParams } from '@realty/contracts';
import { DataSource } from 'typeorm';
import { startTestApi } from '../../test/harness';
import { PropertiesService } from './properties.service';
import { SORT_ORDER, isPublicProperty, seedCatalog, type CatalogFixture, type InsertedProperty } from '../../test/fixtures';

/**
 * GET /api/properties paging (page numbers, keyset cursors, the page statements), its answers to
 * malformed parameters, and GET /api/properties/map, against a real PostgreSQL database holding
 * the deterministic fixture catalogue (24 public listings, 4 hidden ones). Expected answers are
 * computed from the fixture specs (oracles in test/fixtures.ts). Defaults, filters and sorts:
 * properties.list.e2e-spec.ts.
 */
describe('GET /api/properties (paging, malformed parameters) and /api/properties/map', () => {
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
  const slugOf = (id: string) => fx.listings.find((l) => l.id === id)?.slug;

  describe('pagination', () => {
    it('pages continue the order without gaps or repeats; the last page is partial; past the end is empty', async () => {
      const expected = [...pub].sort(SORT_ORDER.price_asc).map((l) => l.slug);
      const seen: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await list({ sort: 'price_asc', limit: '5', page: String(page) }).expect(200);
        expect(res.body.data).toHaveLength(page < 5 ? 5 : 4);
        expect(res.body.meta).toEqual({ total: 24, page, limit: 5, totalPages: 5, nextCursor: page < 5 ? res.body.data[4].id : null });
        seen.push(...res.body.data.map((p: PropertyListItem) => p.slug));
      }
      expect(seen).toEqual(expected);
      const page1 = seen.slice(0, 5);
      const page2 = seen.slice(5, 10);
      expect(page2.some((s) => page1.includes(s))).toBe(false);
      const beyond = await list({ sort: 'price_asc', limit: '5', page: '6' }).expect(200);
      expect(beyond.body).toEqual({ status: 'success', data: [], meta: { total: 24, page: 6, limit: 5, totalPages: 5, nextCursor: null } });
    });

    it('paging applies after filtering', async () => {
      const res = await list({ deal_type: 'rent', limit: '4', page: '2' }).expect(200);
      const rent = pub
        .filter((l) => l.dealType === 'rent')
        .sort(SORT_ORDER.date_new)
        .map((l) => l.slug);
      expect(rent.length).toBeGreaterThan(8);
      expect(res.body.meta).toEqual({
        total: rent.length,
        page: 2,
        limit: 4,
        totalPages: Math.ceil(rent.length / 4),
        nextCursor: res.body.data[3].id,
      });
      expect(res.body.data.map((p: PropertyListItem) => p.slug)).toEqual(rent.slice(4, 8));
    });
  });

  describe('keyset paging (after = meta.nextCursor)', () => {
    it.each(['date_new', 'price_asc', 'price_desc', 'area_asc', 'area_desc'])(
      'sort=%s: following nextCursor walks the same pages as page numbers, across ties, to a null cursor',
      async (sort) => {
        const expected = [...pub].sort(SORT_ORDER[sort]).map((l) => l.slug);
        const seen: string[] = [];
        let after: string | null = null;
        for (let page = 1; page <= 10; page++) {
          const query: Record<string, string> = { sort, limit: '5', page: String(page), ...(after ? { after } : {}) };
          const res = await list(query).expect(200);
          const slugs = res.body.data.map((p: PropertyListItem) => p.slug);
          // the same page by number (OFFSET) must agree
          const byNumber = await list({ sort, limit: '5', page: String(page) }).expect(200);
          expect(slugs).toEqual(byNumber.body.data.map((p: PropertyListItem) => p.slug));
          seen.push(...slugs);
          after = res.body.meta.nextCursor;
          if (!after) break;
          expect(after).toBe(res.body.data[4].id);
        }
        expect(seen).toEqual(expected);
      },
    );

    it('applies after filtering; an upper-case cursor is the same cursor', async () => {
      const rent = pub.filter((l) => l.dealType === 'rent').sort(SORT_ORDER.price_desc);
      const cursor = rent[2].id.toUpperCase();
      const res = await list({ deal_type: 'rent', sort: 'price_desc', limit: '3', page: '2', after: cursor }).expect(200);
      expect(res.body.data.map((p: PropertyListItem) => p.slug)).toEqual(rent.slice(3, 6).map((l) => l.slug));
      expect(res.body.meta).toMatchObject({ total: rent.length, page: 2, nextCursor: rent[5].id });
    });

    it('a cursor of a listing that does not exist gives an empty page; a malformed one a 400', async () => {
      const gone = await list({ after: '00000000-0000-4000-8000-000000000000' }).expect(200);
      expect(gone.body.data).toEqual([]);
      expect(gone.body.meta.nextCursor).toBeNull();
      const bad = await list({ after: "1' OR '1'='1" }).expect(400);
      expect(bad.body.error.fields).toEqual({ after: MESSAGES['field.invalid'].ru });
    });
  });

  describe('page statements (built once per query, issue 6)', () => {
    const params = (extra: Partial<PropertyListParams> = {}): PropertyListParams => ({
      sort: 'date_new',
      page: 1,
      limit: 50,
      dealType: 'rent',
      ...extra,
    });

    it('reuses the statement of a query asked again; another page, cursor, filter or plan gets its own', () => {
      const service = api.app.get(PropertiesService);
      const first = service.pageIdsSql(params());
      expect(service.pageIdsSql(params())).toBe(first);
      const others = [
        service.pageIdsSql(params({ page: 2 })),
        service.pageIdsSql(params({ after: pub[0].id })),
        service.pageIdsSql(params({ dealType: 'sale' })),
        service.pageIdsSql(params({ sort: 'price_asc' })),
        service.pageIdsSql(params(), true),
      ];
      for (const other of others) expect(other).not.toEqual(first);
      expect(others[0][0]).toMatch(/OFFSET 50/);
      expect(others[1][1]).toContain(pub[0].id);
    });

    it('a reused statement still reads the rows as they are now', async () => {
      const before = await list({ deal_type: 'rent', limit: '3', sort: 'price_asc' }).expect(200);
      const cheapest = before.body.data[0] as PropertyListItem;
      const db = api.app.get(DataSource);
      await db.query(`UPDATE properties SET views_count = views_count + 7 WHERE id = $1`, [cheapest.id]);
      api.app.get(PropertiesService).invalidate();
      try {
        const after = await list({ deal_type: 'rent', limit: '3', sort: 'price_asc' }).expect(200);
        expect(after.body.data[0]).toMatchObject({ id: cheapest.id, viewsCount: cheapest.viewsCount + 7 });
      } finally {
        await db.query(`UPDATE properties SET views_count = views_count - 7 WHERE id = $1`, [cheapest.id]);
        api.app.get(PropertiesService).invalidate();
      }
    });
  });

  describe('malformed parameters: 400 VALIDATION_ERROR with a fields map, never 500', () => {
    const ru = (id: keyof typeof MESSAGES) => MESSAGES[id].ru;
    const cases: Array<[string, Record<string, string | string[]>, Record<string, string>]> = [
      ['negative price', { price_min: '-1' }, { price_min: ru('field.min0') }],
      ['negative area (camelCase)', { areaMax: '-10' }, { areaMax: ru('field.min0') }],
      ['price that is not a number', { price_max: 'abc' }, { price_max: ru('field.number') }],
      ['number with trailing junk', { area_min: '12abc' }, { area_min: ru('field.number') }],
      ['exponent notation', { price_min: '1e5' }, { price_min: ru('field.number') }],
      ['price beyond bigint range', { price_max: '100000000000000000000' }, { price_max: ru('field.max') }],
      ['price_min > price_max', { price_min: '500', price_max: '100' }, { price_min: ru('field.range') }],
      ['areaMin > areaMax', { areaMin: '100', areaMax: '10' }, { areaMin: ru('field.range') }],
      ['price_min > priceMax (mixed spellings)', { price_min: '500', priceMax: '100' }, { price_min: ru('field.range') }],
      ['conflicting spellings', { deal_type: 'rent', dealType: 'sale' }, { dealType: ru('field.conflict') }],
      ['limit 10000', { limit: '10000' }, { limit: ru('field.limit') }],
      ['limit 0', { limit: '0' }, { limit: ru('field.limit') }],
      ['limit not a whole number', { limit: '2.5' }, { limit: ru('field.integer') }],
      ['page 0', { page: '0' }, { page: ru('field.page') }],
      ['page 10001', { page: '10001' }, { page: ru('field.page') }],
      ['page abc', { page: 'abc' }, { page: ru('field.integer') }],
      ['sort=DROP', { sort: 'DROP' }, { sort: ru('field.enum') }],
      ['sort=all', { sort: 'all' }, { sort: ru('field.enum') }],
      ['unknown deal type', { deal_type: 'lease' }, { deal_type: ru('field.enum') }],
      ['unknown type', { type: 'castle' }, { type: ru('field.enum') }],
      ['unknown district', { district: 'nowhere' }, { district: ru('field.enum') }],
      ['unknown lang', { lang: 'fr' }, { lang: ru('field.enum') }],
      ['boolean that is not true/false', { featured: 'yes' }, { featured: ru('field.boolean') }],
      ['flag that is not true/false', { parking: '1' }, { parking: ru('field.boolean') }],
      ['rooms_min not whole', { rooms_min: '1.5' }, { rooms_min: ru('field.integer') }],
      ['rooms_min negative', { rooms_min: '-1' }, { rooms_min: ru('field.min0') }],
      ['q longer than 100', { q: 'x'.repeat(101) }, { q: ru('field.tooLong') }],
      ['q with a control character', { q: 'a\u0000b' }, { q: ru('field.invalid') }],
      ['q given twice', { q: ['a', 'b'] }, { q: ru('field.invalid') }],
      ['category that is not a slug', { category: '../etc' }, { category: ru('field.invalid') }],
      ['unknown parameter', { foo: 'bar' }, { foo: ru('field.unknown') }],
      [
        'several at once',
        { price_min: '-1', sort: 'DROP', bar: '1' },
        { price_min: ru('field.min0'), sort: ru('field.enum'), bar: ru('field.unknown') },
      ],
    ];

    it.each(cases)('%s', async (_name, query, fields) => {
      const res = await list(query).expect(400);
      expect(res.body).toEqual({ status: 'error', error: { code: 'VALIDATION_ERROR', message: 'Произошла ошибка валидации', fields } });
    });

    it('translates the field messages into the language asked with lang', async () => {
      const res = await list({ limit: '10000', lang: 'en' }).expect(400);
      expect(res.body.error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        fields: { limit: MESSAGES['field.limit'].en },
      });
    });

    it('accepts q of exactly 100 characters', async () => {
      await list({ q: 'x'.repeat(100) }).expect(200);
    });
  });

  describe('GET /api/properties/map', () => {
    const markers = (query: Record<string, string> = {}) => http().get('/api/properties/map').query(query);

    it('answers one marker per public listing with coordinates, numbers as numbers', async () => {
      const res = await markers().expect(200);
      const expected = pub.filter((l) => l.latitude !== null).sort(SORT_ORDER.date_new);
      expect(expected.length).toBeLessThan(pub.length); // some have no coordinates
      expect(res.body.status).toBe('success');
      expect(res.body.data.map((m: MapMarkerDto) => m.slug)).toEqual(expected.map((l) => l.slug));
      const m = (res.body.data as MapMarkerDto[]).find((x) => x.slug === 'office-1')!;
      const spec = pub.find((l) => l.slug === 'office-1')!;
      expect(m).toEqual({
        id: spec.id,
        slug: 'office-1',
        latitude: spec.latitude,
        longitude: spec.longitude,
        price: spec.price,
        dealType: spec.dealType,
        type: 'office',
        title: spec.title,
      });
      expect(res.body).not.toHaveProperty('meta');
    });

    it('applies the same filters as the list', async () => {
      const res = await markers({ deal_type: 'sale', type: 'office', district: 'all', price_min: '' }).expect(200);
      const expected = pub.filter((l) => l.latitude !== null && l.dealType === 'sale' && l.type === 'office');
      expect(expected.length).toBeGreaterThan(0);
      expect(res.body.data.map((m: MapMarkerDto) => m.slug).sort()).toEqual(expected.map((l) => l.slug).sort());
      expect(slugOf(res.body.data[0].id)).toBe(res.body.data[0].slug);
    });

    it('rejects paging parameters and malformed filters', async () => {
      const res = await markers({ page: '2', price_min: '-5' }).expect(400);
      expect(res.body.error.fields).toEqual({ page: MESSAGES['field.unknown'].ru, price_min: MESSAGES['field.min0'].ru });
    });
  });
});
