import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';
import { DEMO_ADMIN, signIn } from './support/sign-in';

/**
 * AI content in the browser (issue 23 "The listing editor gets 'generate description' and
 * 'translate' buttons"; "/dashboard/admin/ai-system (status, queue, an hourly chart)"). The stack's
 * worker runs the offline provider. With JavaScript: an admin asks for an English description in
 * the listing editor, the panel follows the worker by itself, shows the draft, and Accept writes
 * it into the listing; the AI system page lists the request, draws the chart and has the same
 * figures as a table; no WCAG 2.2 A/AA violation axe-core finds. Without JavaScript: the same
 * through the "check again" link, and the AI system page's table (no chart).
 */

/** Listings inserted here: soft-deleted after the tests, so no other test's public catalogue shows them (they have no photos). */
const inserted: string[] = [];

/** A fresh copy of a demo listing owned by the demo admin, so no other test's listing changes. */
async function freshListing(tag: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    `INSERT INTO properties (slug, title, description, category_id, subcategory_id, property_type_id, building_complex_id,
       district_id, deal_type, status, price, area, floor, total_floors, address, characteristics, features, owner_id, published_at)
     SELECT 'ai-e2e-' || $1, jsonb_build_object('ru', 'Офис для проверки ИИ ' || $1, 'en', '', 'kk', '', 'zh', ''),
            jsonb_build_object('ru', 'Описание офиса для проверки помощника ИИ.', 'en', '', 'kk', '', 'zh', ''),
            category_id, subcategory_id, property_type_id, building_complex_id, district_id, deal_type, 'active', price, area,
            floor, total_floors, address, characteristics, features, (SELECT id FROM users WHERE email = $2), now()
       FROM properties WHERE deleted_at IS NULL AND status = 'active' ORDER BY created_at, id LIMIT 1
     RETURNING id`,
    [tag, DEMO_ADMIN],
  );
  inserted.push(row.id);
  return row.id;
}

const descriptionOf = async (id: string) =>
  (await query<{ description: Record<string, string> }>(`SELECT description FROM properties WHERE id = $1`, [id]))[0].description;

/** Without JavaScript: follows the "check again" link until the draft shows. */
async function checkUntilDraft(page: Page) {
  const draft = page.locator('[data-ai-draft]');
  for (let i = 0; i < 100; i++) {
    if (
      await draft.waitFor({ timeout: 300 }).then(
        () => true,
        () => false,
      )
    )
      return;
    const again = page.getByRole('link', { name: 'Проверить готовность' });
    if (await again.count()) await Promise.all([page.waitForLoadState('load'), again.click()]);
    else await page.reload();
  }
  throw new Error('the draft never showed');
}

describe('AI content (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await query(`UPDATE properties SET deleted_at = now() WHERE id = ANY($1)`, [inserted]);
  });

  it('generates a description in the listing editor and accepts it; the AI system page shows the request', async () => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const id = await freshListing(tag);
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled: true });
    await signIn(page, DEMO_ADMIN);
    await page.goto(`${BASE_URL}/dashboard/employee/edit/${id}`);
    const panel = page.getByRole('region', { name: 'Помощник ИИ' });
    await panel.getByLabel('Язык описания').selectOption('en');
    await Promise.all([page.waitForURL(/\?ai=/), panel.getByRole('button', { name: 'Сгенерировать описание' }).click()]);
    const requestId = new URL(page.url()).searchParams.get('ai')!;
    // The page follows the worker by itself (no click) until the draft shows.
    const draft = panel.locator('[data-ai-draft="description"]');
    await draft.waitFor({ timeout: 30_000 });
    const text = (await draft.locator('p').allInnerTexts()).join('\n\n');
    expect(text).toMatch(/m²/);
    expect(text).toMatch(/Call us to arrange a viewing\./);
    // Nothing written before Accept.
    expect((await descriptionOf(id)).en).toBe('');
    expect(await accessibilityViolations(page)).toEqual([]);

    await Promise.all([page.waitForURL((u) => !u.search.includes('ai=')), panel.getByRole('button', { name: 'Принять' }).click()]);
    await page.getByText('Черновик записан в объявление').first().waitFor();
    expect((await descriptionOf(id)).en).toBe(text);
    const [accepted] = await query<{ accepted_at: Date | null }>(`SELECT accepted_at FROM ai_requests WHERE id = $1`, [requestId]);
    expect(accepted.accepted_at).not.toBeNull();
    expect(await query(`SELECT 1 FROM audit_logs WHERE action = 'property.update' AND entity_id = $1`, [id])).toHaveLength(1);

    await page.goto(`${BASE_URL}/dashboard/admin/ai-system`);
    await page.getByRole('heading', { name: 'Система ИИ', level: 1 }).waitFor();
    await page.locator(`[data-ai-request="${requestId}"]`).waitFor();
    expect(await page.locator(`[data-ai-request="${requestId}"] [data-status]`).innerText()).toBe('Готово');
    await page.locator('[data-ai-chart] .recharts-wrapper svg').first().waitFor({ timeout: 15_000 });
    const hourly = page.getByRole('table', { name: 'Запросы по часам' });
    const counts = (await hourly.locator('tbody tr td:nth-child(2)').allInnerTexts()).map(Number);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await page.locator('[data-ai-provider]').innerText()).toBe('offline');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: translate, check again, discard; the AI system page is a valid table', async () => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const id = await freshListing(tag);
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, DEMO_ADMIN);
    await page.goto(`${BASE_URL}/dashboard/employee/edit/${id}`);
    const panel = page.getByRole('region', { name: 'Помощник ИИ' });
    await Promise.all([page.waitForURL(/\?ai=/), panel.getByRole('button', { name: 'Перевести с русского (en, kk, zh)' }).click()]);
    await checkUntilDraft(page);
    const draft = page.locator('[data-ai-draft="translate"]');
    expect(await draft.locator('section[lang]').evaluateAll((s) => s.map((e) => e.getAttribute('lang')))).toEqual(['en', 'kk', 'zh']);
    expect(await draft.innerText()).toContain(`Офис для проверки ИИ ${tag}`);
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    await Promise.all([page.waitForLoadState('load'), panel.getByRole('button', { name: 'Отклонить' }).click()]);
    await page.getByText('Черновик отклонён').first().waitFor();
    expect((await descriptionOf(id)).zh).toBe('');

    await page.goto(`${BASE_URL}/dashboard/admin/ai-system`);
    expect(await page.locator('[data-ai-chart]').count()).toBe(0);
    const rows = await page.getByRole('table', { name: 'Запросы по часам' }).locator('tbody tr').count();
    expect(rows).toBeGreaterThanOrEqual(24);
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('a manager reaches the AI system page from the staff menu', async () => {
    const { context, page, problems } = await openPage(browser);
    await signIn(page, 'manager@realty.local');
    const menu = page.getByRole('navigation', { name: 'Разделы кабинета' });
    await Promise.all([page.waitForURL(/\/dashboard\/admin\/ai-system$/), menu.getByRole('link', { name: 'Система ИИ' }).click()]);
    await page.getByRole('heading', { name: 'Система ИИ', level: 1 }).waitFor();
    // Once: in the marketing group (a manager has no admin group).
    expect(await menu.getByRole('link', { name: 'Система ИИ' }).count()).toBe(1);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
