import { eventually } from '@realty/testkit';
import type { Browser } from 'playwright-core';
import { accessibilityViolations } from './support/audit';
import { BASE_URL, launchBrowser, openPage, untilIdle } from './support/browser';
import { query } from './support/db';
import { signIn } from './support/sign-in';

/**
 * Landing pages in the browser (issue 23 "Landing pages"): the demo manager generates a landing
 * on /dashboard/landings/new (the worker makes it active), a visitor opens its public page
 * /l/{slug} (server rendered, its SEO title, canonical and cards) and sends its enquiry form
 * without JavaScript; the lead is in the CRM's list with source "Лендинг", and the landing's
 * analytics count the visit and the enquiry. The demo seed's landings are public too.
 */
describe('landing pages (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the demo landings are public pages and in the sitemap', async () => {
    const { context, page, problems } = await openPage(browser);
    const res = await page.goto(`${BASE_URL}/l/ofisy-v-arendu-almaty`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Офисы в аренду в центре Алматы' }).waitFor();
    expect(await page.locator('ul.property-grid > li').count()).toBeGreaterThan(0);
    await untilIdle(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    const sitemap = await (await page.request.get(`${BASE_URL}/sitemap.xml`)).text();
    expect(sitemap).toContain('/l/ofisy-v-arendu-almaty</loc>');
    expect(sitemap).toContain('/l/warehouses-almaty</loc>');
    expect((await page.request.get(`${BASE_URL}/l/no-such-landing`)).status()).toBe(404);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('generate, open the public page, send the enquiry, see the lead in the CRM and the analytics count it', async () => {
    const stamp = String(Date.now()).slice(-8);
    const slug = `e2e-offices-${stamp}`;
    const title = `Офисы для теста ${stamp}`;
    const digits = `71${stamp}`;

    // the manager generates it
    const { context, page, problems } = await openPage(browser);
    await signIn(page, 'manager@realty.local');
    await page.goto(`${BASE_URL}/dashboard/landings/new?category=offices`);
    await untilIdle(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    const generate = page.locator('form.staff-form');
    await generate.getByLabel('Шаблон').selectOption('offices-rent');
    await generate.getByLabel('Язык страницы').selectOption('ru');
    await generate.getByLabel('Заголовок').fill(title);
    await generate.getByLabel('Адрес страницы').fill(slug);
    await generate.getByLabel('Тип объекта').selectOption('office');
    await Promise.all([
      page.waitForURL(/\/dashboard\/landings\/[0-9a-f-]{36}$/),
      generate.getByRole('button', { name: 'Создать' }).click(),
    ]);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await eventually('the landing active', async () => {
      const [r] = await query<{ status: string }>(`SELECT status FROM landings WHERE id = $1`, [id]);
      return r?.status === 'active' || null;
    });
    await page.reload();
    await untilIdle(page);
    expect(await page.getByTestId('landing-status').textContent()).toBe('Активен');
    expect(await page.getByTestId('landing-url').textContent()).toMatch(new RegExp(`/l/${slug}$`));
    expect(await accessibilityViolations(page)).toEqual([]);

    // the same address again, without JavaScript: the field says it is taken, nothing is stored
    const noJs = await openPage(browser, { javaScriptEnabled: false });
    await signIn(noJs.page, 'manager@realty.local');
    await noJs.page.goto(`${BASE_URL}/dashboard/landings/new`);
    const again = noJs.page.locator('form.staff-form');
    await again.getByLabel('Заголовок').fill(`${title} 2`);
    await again.getByLabel('Адрес страницы').fill(slug);
    await again.getByRole('button', { name: 'Создать' }).click();
    await noJs.page.locator('#field-slug-error').waitFor();
    expect(await noJs.page.locator('#field-slug-error').textContent()).toBe('Этот адрес уже занят другой страницей');
    expect(await noJs.page.getByLabel('Заголовок').inputValue()).toBe(`${title} 2`);
    expect(await query(`SELECT id FROM landings WHERE slug = $1`, [slug])).toHaveLength(1);
    await noJs.context.close();

    // a visitor opens the public page and sends the enquiry (no JavaScript: the plain form post)
    const visitor = await openPage(browser, { javaScriptEnabled: false });
    await visitor.context.setExtraHTTPHeaders({
      'Accept-Language': 'ru-RU',
      'X-Forwarded-For': `10.89.${stamp.slice(-4, -2)}.${Number(stamp.slice(-2)) + 1}`,
      // A desktop browser's agent: the analytics leave out bots, and isbot counts headless Chrome as one.
      'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    });
    const res = await visitor.page.goto(`${BASE_URL}/l/${slug}`);
    expect(res?.status()).toBe(200);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await visitor.page.title()).toBe(`${title} — аренда офисов в Алматы`);
    expect(await visitor.page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/l/${slug}$`));
    expect(await visitor.page.locator('meta[name="robots"][content*="noindex"]').count()).toBe(0);
    const [{ n: listings }] = await query<{ n: number }>(`SELECT cardinality(listing_ids) AS n FROM landings WHERE id = $1`, [id]);
    expect(listings).toBeGreaterThan(0);
    expect(await visitor.page.locator('ul.property-grid > li').count()).toBe(listings);
    const form = visitor.page.locator('#enquiry form');
    await form.getByLabel('Имя').fill('Данияр Омаров');
    await form.getByLabel('Телефон').fill(`+7${digits}`);
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await visitor.page.getByText('Заявка отправлена').first().waitFor();
    await visitor.context.close();

    const lead = await eventually('the lead', async () => {
      const [r] = await query<{ id: string; source: string; landing_id: string }>(
        `SELECT id, source, landing_id FROM leads WHERE regexp_replace(phone, '\\D', '', 'g') = $1`,
        [`7${digits}`],
      );
      return r ?? null;
    });
    expect(lead).toMatchObject({ source: 'landing', landing_id: id });

    // the manager sees it in the CRM's list, filtered by the source
    await page.goto(`${BASE_URL}/dashboard/crm/leads?scope=all&source=landing&q=${digits.slice(-7)}`);
    const row = page.locator(`table.data-table tbody tr[data-id="${lead.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Данияр');

    // and the landing's analytics count the visit and the enquiry (the web sends its page views in batches)
    const counts = await eventually(
      'the analytics',
      async () => {
        await page.goto(`${BASE_URL}/dashboard/landings/${id}`);
        const visits = Number(await page.getByTestId('analytics-visits').textContent());
        const enquiries = Number(await page.getByTestId('analytics-enquiries').textContent());
        return visits >= 1 && enquiries === 1 && { visits, enquiries };
      },
      { timeoutMs: 20_000, intervalMs: 500 },
    );
    expect(counts.enquiries).toBe(1);
    const [{ views }] = await query<{ views: number }>(
      `SELECT count(*)::int AS views FROM website_page_views WHERE path = $1 AND NOT is_bot`,
      [`/l/${slug}`],
    );
    expect(counts.visits).toBe(views);
    await untilIdle(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    // the list shows it with its 7-day visits
    await page.goto(`${BASE_URL}/dashboard/landings?q=${slug}`);
    const listRow = page.locator(`table.data-table tbody tr[data-id="${id}"]`);
    await listRow.waitFor();
    expect(await listRow.getAttribute('data-status')).toBe('active');
    expect(await accessibilityViolations(page)).toEqual([]);

    // switched off on its page: the public page answers 404; then deleted after the confirmation
    await page.goto(`${BASE_URL}/dashboard/landings/${id}`);
    const settings = page.locator('#landing-save');
    await settings.getByLabel('Статус').selectOption('inactive');
    await Promise.all([page.waitForLoadState('load'), settings.getByRole('button', { name: 'Сохранить' }).click()]);
    await eventually('inactive', async () => {
      const [r] = await query<{ status: string }>(`SELECT status FROM landings WHERE id = $1`, [id]);
      return r.status === 'inactive' || null;
    });
    expect((await page.request.get(`${BASE_URL}/l/${slug}`)).status()).toBe(404);
    await page.goto(`${BASE_URL}/dashboard/landings/${id}?confirm=delete`);
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await Promise.all([page.waitForURL(/\/dashboard\/landings$/), confirm.getByRole('button', { name: 'Удалить' }).click()]);
    expect(await query(`SELECT id FROM landings WHERE id = $1`, [id])).toEqual([]);
    // the lead stays in the CRM, without the link
    expect(await query(`SELECT landing_id, source FROM leads WHERE id = $1`, [lead.id])).toEqual([{ landing_id: null, source: 'landing' }]);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
