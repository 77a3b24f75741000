import { Client } from 'pg';
import request from 'supertest';
import { readingTimeMinutes, type BlogCategoryDto, type BlogPostDetail, type BlogPostListItem } from '@realty/contracts';
import { DEFAULT_REFERENCE_DATE, DEFAULT_SEED, generateBlogPosts } from '@realty/seed';
import { seedContentFixture } from '../../test/content';
import { startTestApi } from '../../test/harness';

/**
 * GET /api/blog/categories, /api/blog/posts (and /api/blog), /api/blog/:idOrSlug and
 * /related (spec 01 §7 blog calls, §4 "only published") against a real PostgreSQL with the
 * demo posts (24 published, 3 drafts).
 */
describe('blog API', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let db: Client;
  const posts = generateBlogPosts(DEFAULT_SEED, DEFAULT_REFERENCE_DATE, 1);
  const published = posts.filter((p) => p.status === 'published');
  const drafts = posts.filter((p) => p.status !== 'published');

  beforeAll(async () => {
    api = await startTestApi(async (url) => {
      await seedContentFixture(url);
    });
    db = new Client({ connectionString: api.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await api?.close();
  });

  const http = () => request(api.app.getHttpServer());
  const page = async (query: string) => {
    const res = await http().get(`/api/blog/posts${query}`).expect(200);
    return {
      items: res.body.data as BlogPostListItem[],
      meta: res.body.meta as { total: number; page: number; limit: number; totalPages: number },
    };
  };

  it('the demo data has at least 24 published posts in several categories and a few drafts', () => {
    expect(published.length).toBeGreaterThanOrEqual(24);
    expect(new Set(published.map((p) => p.category)).size).toBeGreaterThanOrEqual(4);
    expect(drafts.length).toBeGreaterThan(0);
    for (const p of posts) {
      for (const lang of ['ru', 'en', 'kk', 'zh'] as const) {
        expect(p.title[lang]).toBeTruthy();
        expect(p.content[lang]).toContain('<p>');
      }
      expect(p.readingTimeMinutes).toBe(Math.ceil(p.content.ru.length / 1000));
    }
  });

  it('lists the categories with nameRu', async () => {
    const res = await http().get('/api/blog/categories').expect(200);
    const cats: BlogCategoryDto[] = res.body.data;
    expect(cats.map((c) => c.slug)).toEqual(['news', 'market', 'tips', 'business-center', 'legal']);
    expect(cats[0]).toMatchObject({ id: expect.any(Number), nameRu: 'Новости', name: { en: 'News' } });
  });

  it('lists published posts only, newest first, 20 per page by default (spec 01 §9)', async () => {
    const first = await page('');
    expect(first.meta).toEqual({ total: published.length, page: 1, limit: 20, totalPages: Math.ceil(published.length / 20) });
    expect(first.items).toHaveLength(20);
    const second = await page('?page=2');
    const all = [...first.items, ...second.items];
    expect(all.map((p) => p.slug)).toEqual(published.map((p) => p.slug));
    expect(all.every((p) => p.status === 'published')).toBe(true);
    const item = all[0];
    expect(item).toMatchObject({
      titleRu: published[0].title.ru,
      excerptRu: published[0].excerpt.ru,
      coverImageUrl: expect.stringMatching(/^\/media\/blog\/demo\/cover-\d\d\.jpg$/),
      readingTimeMinutes: published[0].readingTimeMinutes,
      category: { slug: published[0].category, nameRu: expect.any(String) },
    });
    expect(item).not.toHaveProperty('content');
    // GET /api/blog answers the same list (the old client's related call `?limit=2`)
    const alias = await http().get('/api/blog?limit=2').expect(200);
    expect((alias.body.data as BlogPostListItem[]).map((p) => p.slug)).toEqual(published.slice(0, 2).map((p) => p.slug));
  });

  it('status: published is the default; draft or archived answer an empty list (drafts are never public)', async () => {
    expect((await page('?status=published')).meta.total).toBe(published.length);
    for (const status of ['draft', 'archived']) {
      const r = await page(`?status=${status}`);
      expect(r.items).toEqual([]);
      expect(r.meta.total).toBe(0);
    }
    const bad = await http().get('/api/blog/posts?status=secret').expect(400);
    expect(bad.body.error.fields).toEqual({ status: expect.any(String) });
  });

  it('filters by categoryId, language and search', async () => {
    const cats: BlogCategoryDto[] = (await http().get('/api/blog/categories').expect(200)).body.data;
    const legal = cats.find((c) => c.slug === 'legal')!;
    const byCat = await page(`?categoryId=${legal.id}`);
    expect(byCat.items.map((p) => p.slug)).toEqual(published.filter((p) => p.category === 'legal').map((p) => p.slug));
    expect((await page('?categoryId=999999')).meta.total).toBe(0);

    expect((await page('?language=ru')).meta.total).toBe(published.length);
    await db.query(`UPDATE blog_posts SET title = title || '{"zh": ""}'::jsonb WHERE slug = $1`, [published[0].slug]);
    expect((await page('?language=zh')).meta.total).toBe(published.length - 1);

    const search = await page(`?search=${encodeURIComponent('ндс')}`);
    expect(search.items.map((p) => p.slug)).toContain('vat-on-commercial-rent');
    const english = await page(`?search=${encodeURIComponent('COWORKING')}`);
    expect(english.items.map((p) => p.slug).sort()).toEqual(
      published
        .filter((p) => /coworking/i.test(p.title.en + p.excerpt.en))
        .map((p) => p.slug)
        .sort(),
    );
    expect((await page(`?search=${encodeURIComponent('_')}`)).meta.total).toBe(0);
  });

  describe('article', () => {
    it('answers a published article by slug and by id with sanitised bodies, author and views', async () => {
      const p = published[3];
      const before = (await db.query('SELECT views_count FROM blog_posts WHERE slug = $1', [p.slug])).rows[0].views_count as number;
      const res = await http().get(`/api/blog/${p.slug}`).expect(200);
      const a: BlogPostDetail = res.body.data;
      expect(a).toMatchObject({
        slug: p.slug,
        title: p.title,
        content: { ru: expect.stringContaining('<p>'), en: expect.any(String), kk: expect.any(String), zh: expect.any(String) },
        imageUrl: a.coverImageUrl,
        author: { firstName: expect.any(String), lastName: expect.any(String), role: { ru: expect.any(String) } },
        readingTimeMinutes: readingTimeMinutes(p.content.ru),
        viewsCount: before + 1,
      });
      const byId = await http().get(`/api/blog/${a.id}`).expect(200);
      expect(byId.body.data.slug).toBe(p.slug);
    });

    it('sanitises a stored body with an attack before it leaves the API (spec 01 §5)', async () => {
      const p = published[4];
      const evil =
        '<p data-x="1" onclick="alert(1)">Текст</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AAA" onerror="alert(1)"><svg onload="alert(1)"></svg>';
      await db.query(`UPDATE blog_posts SET content = jsonb_set(content, '{ru}', to_jsonb($2::text)) WHERE slug = $1`, [p.slug, evil]);
      const a: BlogPostDetail = (await http().get(`/api/blog/${p.slug}`).expect(200)).body.data;
      expect(a.content.ru).toBe('<p>Текст</p><a>x</a>');
    });

    it('answers 404 for a draft, an unknown slug or id and a malformed key', async () => {
      for (const key of [
        drafts[0].slug,
        drafts[0].id,
        'no-such-post',
        '00000000-0000-4000-8000-000000000000',
        encodeURIComponent('a b/c'),
      ]) {
        const res = await http().get(`/api/blog/${key}`).expect(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
      }
    });

    it('related: 2 other published posts, the same category first (spec 01 §9)', async () => {
      const p = published.find((x) => x.category === 'tips')!;
      const res = await http().get(`/api/blog/${p.slug}/related`).expect(200);
      const related: BlogPostListItem[] = res.body.data;
      expect(related).toHaveLength(2);
      expect(related.map((r) => r.slug)).not.toContain(p.slug);
      const sameCategory = published.filter((x) => x.category === 'tips' && x.slug !== p.slug).map((x) => x.slug);
      expect(related.map((r) => r.slug)).toEqual(sameCategory.slice(0, 2));
      const more = await http().get(`/api/blog/${p.slug}/related?limit=5`).expect(200);
      expect(more.body.data).toHaveLength(5);
      await http().get(`/api/blog/${drafts[0].slug}/related`).expect(404);
      await http().get(`/api/blog/${p.slug}/related?limit=50`).expect(400);
    });
  });
});
