import request from 'supertest';
import { PARTNER_CATEGORIES, PARTNER_SLUG_FALLBACK, SLUG_PATTERN, slugify, type PartnerDto, type PartnerListDto } from '@realty/contracts';
import { generatePartners, DEFAULT_SEED } from '@realty/seed';
import { seedContentFixture } from '../../test/content';
import { startTestApi } from '../../test/harness';

/**
 * GET /api/partners and /api/partners/:idOrSlug (spec 01 §7 "GET /partners", §3 Partner)
 * against a real PostgreSQL with the demo partners (87 over six categories).
 */
describe('GET /api/partners', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  const expected = generatePartners(DEFAULT_SEED);

  beforeAll(async () => {
    api = await startTestApi(async (url) => {
      await seedContentFixture(url);
    });
  });
  afterAll(() => api?.close());

  const http = () => request(api.app.getHttpServer());
  const list = async (query: string): Promise<PartnerListDto> => {
    const res = await http().get(`/api/partners${query}`).expect(200);
    expect(res.body.status).toBe('success');
    return res.body.data as PartnerListDto;
  };

  it('has at least 80 demo partners over the six categories, most in the business centre', () => {
    expect(expected.length).toBeGreaterThanOrEqual(80);
    expect(new Set(expected.map((p) => p.category))).toEqual(new Set(PARTNER_CATEGORIES));
    expect(expected.filter((p) => p.isInBusinessCenter).length).toBeGreaterThan(expected.length / 2);
    for (const p of expected.filter((x) => x.isInBusinessCenter)) {
      expect(p.buildingFloor).toEqual(expect.any(Number));
      expect(p.officeNumber).toMatch(/^\d+$/);
      expect(Math.abs(p.latitude - 43.2187)).toBeLessThan(0.001);
      expect(Math.abs(p.longitude - 76.9275)).toBeLessThan(0.001);
    }
  });

  it('pages like the old client: page 1 with the totals, then pages 2..totalPages, combined without gaps or repeats', async () => {
    const limit = 25;
    const first = await list(`?limit=${limit}&page=1`);
    expect(first.pagination).toEqual({ total: expected.length, totalPages: Math.ceil(expected.length / limit), page: 1, limit });
    expect(first.items).toHaveLength(limit);
    const rest = await Promise.all(
      Array.from({ length: first.pagination.totalPages - 1 }, (_, i) => list(`?limit=${limit}&page=${i + 2}`)),
    );
    const all = [first, ...rest].flatMap((p) => p.items);
    expect(all).toHaveLength(expected.length);
    expect(new Set(all.map((p) => p.id)).size).toBe(expected.length);
    expect(new Set(all.map((p) => p.slug))).toEqual(new Set(expected.map((p) => p.slug)));
    // featured ones come first
    const firstPlain = all.findIndex((p) => !p.featured);
    expect(all.slice(firstPlain).every((p) => !p.featured)).toBe(true);
  });

  it('answers limit=100 with every partner on one page (spec 01 §9 "Partners fetched 100 per page")', async () => {
    const page = await list('?limit=100&page=1');
    expect(page.pagination).toMatchObject({ total: expected.length, totalPages: 1 });
    expect(page.items).toHaveLength(expected.length);
    const p = page.items.find((x) => x.slug === expected[0].slug)!;
    expect(p).toMatchObject({
      name: expected[0].name,
      categoryName: 'Банки',
      category: { slug: 'banks', icon: 'bank', color: expect.stringMatching(/^#/) },
      description: { ru: expect.any(String), en: expect.any(String), kk: expect.any(String), zh: expect.any(String) },
      rating: expected[0].rating,
      isInBusinessCenter: expected[0].isInBusinessCenter,
    });
    expect(p.services.length).toBeGreaterThanOrEqual(3);
    expect(p.workingHours?.days.mon).toEqual({ open: expect.stringMatching(/^\d\d:\d\d$/), close: expect.stringMatching(/^\d\d:\d\d$/) });
  });

  it('page beyond the last answers an empty list with the same totals', async () => {
    const page = await list('?limit=100&page=5');
    expect(page.items).toEqual([]);
    expect(page.pagination.total).toBe(expected.length);
  });

  it('featured=true&limit=8 answers the featured partners (home page)', async () => {
    const page = await list('?featured=true&limit=8');
    expect(page.items.length).toBe(expected.filter((p) => p.featured).length);
    expect(page.items.length).toBeGreaterThanOrEqual(4);
    expect(page.items.every((p) => p.featured)).toBe(true);
  });

  it.each(PARTNER_CATEGORIES)('filters by category %s', async (category) => {
    const page = await list(`?category=${category}`);
    expect(page.pagination.total).toBe(expected.filter((p) => p.category === category).length);
    expect(page.items.every((p) => p.category.slug === category)).toBe(true);
  });

  it('an unknown category gives an empty list; "all" and "" mean no filter', async () => {
    expect((await list('?category=casinos')).pagination.total).toBe(0);
    expect((await list('?category=all')).pagination.total).toBe(expected.length);
    expect((await list('?category=')).pagination.total).toBe(expected.length);
  });

  it('filters by isInBusinessCenter both ways', async () => {
    const inside = await list('?isInBusinessCenter=true');
    const outside = await list('?isInBusinessCenter=false');
    expect(inside.pagination.total).toBe(expected.filter((p) => p.isInBusinessCenter).length);
    expect(outside.pagination.total).toBe(expected.filter((p) => !p.isInBusinessCenter).length);
    expect(inside.items.every((p) => p.isInBusinessCenter && p.buildingFloor !== null)).toBe(true);
  });

  it('searches name, description (any language) and services, case-insensitively, wildcards literally', async () => {
    const byName = await list(`?q=${encodeURIComponent('кофейня')}`);
    expect(byName.items.map((p) => p.name).sort()).toEqual(
      expected
        .filter((p) => /кофейня/i.test(p.name) || /кофейня/i.test(p.description.ru))
        .map((p) => p.name)
        .sort(),
    );
    expect(byName.items.length).toBeGreaterThan(0);
    const english = await list(`?q=${encodeURIComponent('BUSINESS LUNCH')}`);
    expect(english.items.length).toBeGreaterThan(0);
    expect(english.items.every((p) => p.category.slug === 'restaurants')).toBe(true);
    expect((await list(`?q=${encodeURIComponent('%')}`)).pagination.total).toBe(0);
    const combined = await list(`?q=${encodeURIComponent('банк')}&category=banks&isInBusinessCenter=true`);
    expect(combined.items.every((p) => p.category.slug === 'banks' && p.isInBusinessCenter)).toBe(true);
  });

  it('rejects malformed parameters with 400 and a fields map', async () => {
    const res = await http().get('/api/partners?limit=101&page=0&featured=maybe&sort=name').expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['featured', 'limit', 'page', 'sort']);
  });

  describe('GET /api/partners/:idOrSlug', () => {
    it('finds a partner by slug and by id', async () => {
      const bySlug = await http().get(`/api/partners/${expected[3].slug}`).expect(200);
      const partner: PartnerDto = bySlug.body.data;
      expect(partner).toMatchObject({ id: expected[3].id, slug: expected[3].slug, name: expected[3].name });
      const byId = await http().get(`/api/partners/${partner.id}`).expect(200);
      expect(byId.body.data).toEqual(partner);
    });

    it('serves each partner under the transliteration of its name (spec 01 §3)', async () => {
      const bank = await http().get('/api/partners/alatau-bank').expect(200);
      expect(bank.body.data).toMatchObject({ slug: 'alatau-bank', name: 'Алатау Банк' });
      const { items } = await list('?limit=100');
      expect(items.map((p) => p.slug).filter((slug) => !SLUG_PATTERN.test(slug))).toEqual([]);
      // a name another partner has already taken gets -2, -3
      expect(items.filter((p) => !new RegExp(`^${slugify(p.name, { fallback: PARTNER_SLUG_FALLBACK })}(-\\d+)?$`).test(p.slug))).toEqual(
        [],
      );
    });

    it('answers 404 for an unknown slug, an unknown uuid and a malformed key', async () => {
      for (const key of ['no-such-partner', '00000000-0000-4000-8000-000000000000', encodeURIComponent('../etc')]) {
        const res = await http().get(`/api/partners/${key}`).expect(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
      }
    });

    it('hides an inactive partner', async () => {
      const { Client } = await import('pg');
      const c = new Client({ connectionString: api.databaseUrl });
      await c.connect();
      try {
        await c.query(`UPDATE partners SET is_active = false WHERE slug = $1`, [expected[5].slug]);
        await http().get(`/api/partners/${expected[5].slug}`).expect(404);
        expect((await list('?limit=100')).pagination.total).toBe(expected.length - 1);
      } finally {
        await c.query(`UPDATE partners SET is_active = true WHERE slug = $1`, [expected[5].slug]);
        await c.end();
      }
    });

    it('answers a website only when it is an http(s) URL: javascript:, data: and other schemes become null (issue 19 item 8)', async () => {
      const { Client } = await import('pg');
      const c = new Client({ connectionString: api.databaseUrl });
      await c.connect();
      const slug = expected[6].slug;
      const [{ website_url: before }] = (await c.query(`SELECT website_url FROM partners WHERE slug = $1`, [slug])).rows;
      try {
        const cases: Array<[string, string | null]> = [
          ['javascript:alert(1)', null],
          [' JavaScript:alert(document.cookie)', null],
          ['java\tscript:alert(1)', null],
          ['data:text/html,<script>alert(1)</script>', null],
          ['vbscript:msgbox(1)', null],
          ['ftp://files.example/x', null],
          ['//evil.example', null],
          ['www.example.kz', null],
          ['', null],
          ['https://Example.kz/menu?x=1', 'https://example.kz/menu?x=1'],
          ['http://example.kz', 'http://example.kz/'],
        ];
        const answered: Array<[string, string | null]> = [];
        for (const [stored] of cases) {
          await c.query(`UPDATE partners SET website_url = $2 WHERE slug = $1`, [slug, stored]);
          const [one, all] = await Promise.all([http().get(`/api/partners/${slug}`).expect(200), list('?limit=100')]);
          const inList = all.items.find((x) => x.slug === slug)!.websiteUrl;
          expect(inList).toBe(one.body.data.websiteUrl);
          answered.push([stored, one.body.data.websiteUrl]);
        }
        expect(answered).toEqual(cases);
      } finally {
        await c.query(`UPDATE partners SET website_url = $2 WHERE slug = $1`, [slug, before]);
        await c.end();
      }
    });
  });
});
