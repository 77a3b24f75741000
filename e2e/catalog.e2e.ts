import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';

const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:3001/api';

/** Total the API reports for a catalogue query: what the count line must show. */
async function apiTotal(params: Record<string, string>): Promise<number> {
  const res = await fetch(`${API_URL}/properties?${new URLSearchParams({ ...params, limit: '1' })}`);
  const body = (await res.json()) as { meta: { total: number } };
  return body.meta.total;
}

/** N from the count line 'Найдено N объектов' (spec 01 §2). */
async function countLine(page: Page): Promise<number> {
  const text = (await page.locator('.listing-count').textContent()) ?? '';
  const m = /Найден\S*\s+(\d+)\s+объект/.exec(text);
  if (!m) throw new Error(`count line not found in "${text}"`);
  return Number(m[1]);
}

async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('.property-card__title').allTextContents();
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('home -> hero search -> catalogue -> property page %s', (_label, javaScriptEnabled) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('finds offices from the hero search, filters them, and opens a listing', async () => {
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled });
    await page.goto(`${BASE_URL}/`);
    await page.getByLabel('Тип объекта').selectOption('office');
    await page.getByLabel('Ключевые слова').fill('офис');
    await Promise.all([page.waitForURL(/\/catalog\?/), page.getByRole('button', { name: 'Найти' }).first().click()]);

    const url = new URL(page.url());
    expect(url.pathname).toBe('/catalog');
    expect(url.searchParams.get('type')).toBe('office');
    expect(url.searchParams.get('q')).toBe('офис');
    await page.getByRole('heading', { level: 1, name: 'Каталог недвижимости' }).waitFor();
    const searched = await countLine(page);
    expect(searched).toBe(await apiTotal({ type: 'office', q: 'офис' }));
    expect(searched).toBeGreaterThan(0);

    // Narrow to rent with a price ceiling through the filter panel (a GET form).
    await page.locator('.filters-panel > summary').click();
    await page.getByRole('radio', { name: 'Аренда' }).check();
    await page.locator('input[type="number"][name="price_max"]').fill('3000000');
    if (javaScriptEnabled) {
      await page.waitForURL(/price_max=3000000/);
      await page.waitForURL((u) => u.searchParams.get('dealType') === 'rent');
    } else {
      await Promise.all([page.waitForURL(/price_max=3000000/), page.getByRole('button', { name: 'Показать' }).click()]);
    }
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const filtered = await countLine(page);
    expect(filtered).toBe(await apiTotal({ type: 'office', q: 'офис', dealType: 'rent', price_max: '3000000' }));
    expect(filtered).toBeLessThanOrEqual(searched);

    // The filtered catalogue survives a reload (the URL holds the state).
    const titles = await cardTitles(page);
    await page.reload();
    expect(await cardTitles(page)).toEqual(titles);

    const first = page.locator('.property-card__title a').first();
    const title = (await first.textContent())?.trim();
    await Promise.all([page.waitForURL(/\/property\//), first.click()]);
    // Breadcrumbs of spec 01 §2: Главная / Каталог / title
    await page.locator('nav.breadcrumbs', { hasText: title }).waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    await expect(page.getByText('Описание объекта').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByText('Похожие объекты').count()).resolves.toBeGreaterThan(0);
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe('catalogue', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows every public demo listing (at least 150) with 50 cards on the first page', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${BASE_URL}/catalog`);
    const total = await countLine(page);
    expect(total).toBeGreaterThanOrEqual(150);
    expect(total).toBe(await apiTotal({}));
    expect(await page.locator('.property-card').count()).toBe(50);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('gives the same results for the same filtered URL with JavaScript on and off', async () => {
    const query = '/catalog?dealType=sale&type=office&sort=price_asc&area_min=100';
    const on = await openPage(browser, { javaScriptEnabled: true });
    const off = await openPage(browser, { javaScriptEnabled: false });
    await on.page.goto(BASE_URL + query);
    await off.page.goto(BASE_URL + query);
    const [a, b] = [await cardTitles(on.page), await cardTitles(off.page)];
    expect(a.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
    expect(await countLine(on.page)).toBe(await countLine(off.page));
    await on.context.close();
    await off.context.close();
  });

  it('answers 404 with "Объект не найден" for an unknown listing', async () => {
    const { context, page } = await openPage(browser);
    const res = await page.goto(`${BASE_URL}/property/no-such-listing-slug`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText('Объект не найден').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: /каталог/i }).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });
});

describe('catalogue map view', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('fetches its points once the page runs: one marker per listing with coordinates, a popup that leads to the listing', async () => {
    // The document of the map view is the grid's: the points are not in it (GET /resources/map-points).
    const page1 = (q: string) => fetch(`${BASE_URL}/catalog?${q}`).then((r) => r.text());
    const [grid, map] = await Promise.all([page1('dealType=rent'), page1('dealType=rent&view=map')]);
    expect(Math.abs(map.length - grid.length)).toBeLessThan(5_000);
    const markers = (await (await fetch(`${API_URL}/properties/map?dealType=rent`)).json()) as { data: Array<{ latitude: number }> };
    expect(markers.data.length).toBeGreaterThan(0);
    // the points themselves: one per marker, in the language asked, prices formatted
    const en = (await (await fetch(`${BASE_URL}/resources/map-points?dealType=rent&lang=en`)).json()) as {
      points: Array<{ title: string; subtitle: string; href: string }>;
    };
    expect(en.points).toHaveLength(markers.data.length);
    expect(en.points.every((p) => /₸\/mo$/.test(p.subtitle) && p.href.startsWith('/property/') && p.title.length > 0)).toBe(true);

    const { context, page, problems } = await openPage(browser);
    await page.goto(`${BASE_URL}/catalog?dealType=rent&view=map`);
    // circle markers are SVG paths; one per marker (those out of view are drawn empty)
    await page.waitForFunction(
      (n) => document.querySelectorAll('.catalog-map path.leaflet-interactive').length === n,
      markers.data.length,
      { timeout: 20_000 },
    );
    expect(await page.locator('.catalog-map').getAttribute('aria-busy')).toBeNull();
    await page.locator('.catalog-map path.leaflet-interactive:not([d="M0 0"])').first().click({ force: true });
    const popup = page.locator('.map-popup');
    await popup.waitFor();
    expect((await popup.locator('strong').textContent())?.length).toBeGreaterThan(0);
    expect(await popup.locator('span').textContent()).toMatch(/₸\/мес/);
    const link = popup.getByRole('link', { name: 'Подробнее' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/property\/[a-z0-9-]+$/);
    await Promise.all([page.waitForURL((u) => u.pathname === href), link.click()]);
    await page.locator('h1').waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('shows a listing title with markup as text in the map tooltip and popup; no script in it runs (issue 19 item 8)', async () => {
    // A copy of a listing with a hostile title in every language; a word of its own finds it alone.
    const word = `xssprobe${Date.now()}`;
    const hostile = `${word} <img src=x onerror="window.__xss=1"><b>bold</b>`;
    const columns = (
      await query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'properties' AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'slug', 'title')`,
      )
    ).map((c) => `"${c.name}"`);
    const [{ id }] = await query<{ id: string }>(
      `INSERT INTO properties (slug, title, ${columns.join(', ')})
       SELECT $1, jsonb_build_object('ru', $2::text, 'en', $2::text, 'kk', $2::text, 'zh', $2::text), ${columns.join(', ')}
       FROM properties WHERE status = 'active' AND deleted_at IS NULL AND latitude IS NOT NULL ORDER BY created_at LIMIT 1 RETURNING id`,
      [word, hostile],
    );
    const { context, page, problems } = await openPage(browser);
    try {
      await page.goto(`${BASE_URL}/catalog?q=${word}&view=map`);
      const marker = page.locator('.catalog-map path.leaflet-interactive');
      await page.waitForFunction(() => document.querySelectorAll('.catalog-map path.leaflet-interactive').length === 1, undefined, {
        timeout: 20_000,
      });
      await marker.hover({ force: true });
      const tooltip = page.locator('.leaflet-tooltip');
      await tooltip.waitFor();
      expect(await tooltip.textContent()).toBe(hostile);
      await expect(tooltip.locator('img, b').count()).resolves.toBe(0);
      await marker.click({ force: true });
      const popup = page.locator('.map-popup');
      await popup.waitFor();
      expect(await popup.locator('strong').textContent()).toBe(hostile);
      // No element was made from the title, so no handler of it can run (before the fix the
      // tooltip held an <img src=x> whose onerror ran).
      await expect(page.locator('img[src="x"], .leaflet-pane b').count()).resolves.toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      // The listing's card shows the same text.
      await page.goto(`${BASE_URL}/catalog?q=${word}`);
      expect(await page.locator('.property-card__title').allTextContents()).toEqual([hostile]);
      expect(problems()).toEqual([]);
    } finally {
      await context.close();
      await query(`DELETE FROM properties WHERE id = $1`, [id]);
    }
  });
});
