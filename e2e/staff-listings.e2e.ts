import type { Browser } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { recordToasts, recordedToast } from './support/toasts';
import { BASE_URL, launchBrowser, openPage, untilIdle } from './support/browser';
import { query } from './support/db';
import { signIn } from './support/sign-in';

/**
 * The staff listing list in the browser (issue 21; spec 02 §2 "/dashboard/employee/properties"):
 * the demo employee filters the list, switches "my / all", selects two of their listings and
 * withdraws them with the bulk action (toast, new status, database). With JavaScript off the
 * same list loads, and the bulk form (checkboxes) sends them back to moderation.
 */

/** Every listing a test here inserted: soft-deleted after the tests, so no other test's public catalogue shows them. */
const inserted: string[] = [];

/**
 * Two active listings of the demo employee (or `email`'s) whose titles carry `marker`; their ids.
 * Their slugs are plain ASCII and unique, as the form would make them.
 */
async function insertTwo(marker: string, email = 'employee@realty.local'): Promise<string[]> {
  const rows = await query<{ id: string }>(
    `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, status, price, area, address, owner_id, agent_id, published_at)
     SELECT $1 || '-' || g, jsonb_build_object('ru', $2 || ' ' || g, 'en', '', 'kk', '', 'zh', ''), '{"ru":"Описание объекта для теста"}',
            (SELECT id FROM property_categories ORDER BY id LIMIT 1), (SELECT id FROM property_types ORDER BY id LIMIT 1),
            'rent', 'active', 300000 + g, 80 + g, 'ул. Абая, 10, Алматы', u.id, u.id, now()
       FROM generate_series(1, 2) g, users u WHERE u.email = $3
     RETURNING id`,
    [`e2e-staff-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${email.split('@')[0]}`, marker, email],
  );
  inserted.push(...rows.map((r) => r.id));
  return rows.map((r) => r.id);
}

describe('staff listing list (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await query(`UPDATE properties SET deleted_at = now() WHERE id = ANY($1)`, [inserted]);
  });

  it('filters, switches my / all, and withdraws two of my listings in bulk (toast, new status)', async () => {
    const marker = `Снятие${Date.now().toString(36)}`;
    const ids = await insertTwo(marker);
    const colleagues = await insertTwo(`${marker} коллега`, 'manager@realty.local');
    const { context, page, problems } = await openPage(browser);
    await signIn(page, 'employee@realty.local');
    await Promise.all([
      page.waitForURL(/\/dashboard\/employee\/properties$/),
      page.getByRole('link', { name: 'Мои объекты' }).first().click(),
    ]);
    await untilIdle(page);

    const filters = page.getByRole('form', { name: 'Поиск и фильтры' });
    await filters.getByLabel('Поиск по названию или адресу').fill(marker);
    await filters.getByLabel('Статус').selectOption({ label: 'Активен' });
    await Promise.all([page.waitForURL(/q=/), filters.getByRole('button', { name: 'Применить' }).click()]);
    const rows = page.locator('table.data-table tbody tr');
    // The URL changes before React has rendered the filtered rows (a transition) and the two new
    // listings already head the unfiltered list: wait for the filtered table itself.
    await page.waitForFunction((want) => {
      const shown = Array.from(document.querySelectorAll('table.data-table tbody tr')).map((tr) => tr.getAttribute('data-id'));
      return shown.length === want.length && want.every((id) => shown.includes(id));
    }, ids);
    expect(await rows.count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);

    // "all": the same filter over everyone's listings, the author column appears; back to "mine"
    await Promise.all([
      page.waitForURL(/scope=all/),
      page.getByRole('navigation', { name: 'Чьи записи показать' }).getByRole('link', { name: 'Все', exact: true }).click(),
    ]);
    await page.getByRole('columnheader', { name: 'Автор' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(marker);
    expect(await rows.count()).toBe(4);
    // a colleague's listing: read-only, and no bulk selection on the "all" tab for an agent
    const theirs = page.locator(`tr[data-id="${colleagues[0]}"]`);
    await theirs.getByText('Только просмотр').waitFor();
    expect(await page.locator('input[name="ids"]').count()).toBe(0);
    await Promise.all([
      page.waitForURL((u) => !u.searchParams.has('scope')),
      page.getByRole('navigation', { name: 'Чьи записи показать' }).getByRole('link', { name: 'Мои', exact: true }).click(),
    ]);
    await page.locator(`tr[data-id="${ids[0]}"]`).waitFor();
    await untilIdle(page);

    await recordToasts(page);
    await page.getByLabel(`Выбрать: ${marker} 1`).check();
    await page.getByLabel(`Выбрать: ${marker} 2`).check();
    await page.getByRole('button', { name: 'Снять с сайта' }).click();
    expect(await recordedToast(page, 'Статус')).toBe('Статус изменён: 2');
    // the list reloaded with the active filter: nothing active left; without the status filter both are inactive
    await page.getByRole('heading', { name: 'Объектов не найдено' }).waitFor();
    await page.goto(`${BASE_URL}/dashboard/employee/properties?q=${encodeURIComponent(marker)}`);
    for (const id of ids) expect(await page.locator(`tr[data-id="${id}"]`).getAttribute('data-status')).toBe('inactive');
    const stored = await query<{ status: string }>(`SELECT status FROM properties WHERE id = ANY($1)`, [ids]);
    expect(stored.map((r) => r.status)).toEqual(['inactive', 'inactive']);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('loads without JavaScript, and its bulk form sends my listings back to moderation', async () => {
    const marker = `Безjs${Date.now().toString(36)}`;
    const ids = await insertTwo(marker);
    await query(`UPDATE properties SET status = 'inactive' WHERE id = ANY($1)`, [ids]);

    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, 'employee@realty.local');
    // the employee dashboard, server-rendered: valid markup, the counts of my listings
    await page.goto(`${BASE_URL}/dashboard/employee`);
    await page.getByRole('heading', { name: 'Мои объекты по статусам' }).waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    await page.goto(`${BASE_URL}/dashboard/employee/properties?q=${encodeURIComponent(marker)}`);
    expect(await page.locator('table.data-table tbody tr').count()).toBe(2);
    const html = await (await page.request.get(page.url())).text();
    expect(await markupErrors(html)).toEqual([]);

    await page.getByLabel(`Выбрать: ${marker} 1`).check();
    await page.getByLabel(`Выбрать: ${marker} 2`).check();
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Отправить на модерацию' }).click()]);
    await page.getByText('Статус изменён: 2').first().waitFor();
    for (const id of ids) expect(await page.locator(`tr[data-id="${id}"]`).getAttribute('data-status')).toBe('pending');
    await context.close();
  });
});
