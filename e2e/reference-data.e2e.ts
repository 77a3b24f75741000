import type { Browser } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';
import { DEMO_ADMIN, signIn } from './support/sign-in';

/**
 * The reference-data screens in the browser (issue 21; spec 02 §2 /dashboard/admin/property-
 * types, /property-categories). With JavaScript off: a demo admin opens the types from the
 * dashboard menu, creates one with the shared form and sees it in the list; tries to delete the
 * "Офисы" category, which demo listings use, confirms, and sees the refusal with its counts;
 * deletes the new (unused) type after confirming. The pages are valid HTML. With JavaScript on,
 * the categories screen with a subcategory list open has no WCAG 2.2 A/AA violation axe finds.
 */

const DEMO_PASSWORD = 'Demo12345';

describe('reference data screens (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('admin creates a property type, is refused deleting a category in use, deletes the unused type (no JavaScript)', async () => {
    const name = `Машиноместо ${Date.now().toString(36)}`;
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, DEMO_ADMIN);

    // the menu leads to the types; "new" opens the shared form above the list
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/property-types$/),
      page.getByRole('link', { name: 'Типы объектов', exact: true }).click(),
    ]);
    await Promise.all([page.waitForURL(/edit=new/), page.getByRole('link', { name: 'Новый тип' }).click()]);
    // a form without the Russian name comes back with the field's message
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Сохранить' }).click()]);
    await page.locator('#field-name-error').getByText('Название: от 2 до 100 символов (русское обязательно)').waitFor();
    await page.getByLabel('Название — Русский').fill(name);
    await page.getByLabel('Название — English').fill('Parking space');
    await Promise.all([page.waitForURL(/\/dashboard\/admin\/property-types$/), page.getByRole('button', { name: 'Сохранить' }).click()]);
    await page.getByText('Тип создан').first().waitFor();
    const [created] = await query<{ id: number; slug: string }>(`SELECT id, slug FROM property_types WHERE name->>'ru' = $1`, [name]);
    expect(created.slug).toMatch(/^mashinomesto-/);
    const row = page.locator(`tr[data-slug="${created.slug}"]`);
    await row.getByText(name).waitFor();
    expect((await row.locator('td.data-table__num').innerText()).trim()).toBe('0');
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);

    // the offices category: demo listings and two subcategories use it, so the delete is refused
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/property-categories$/),
      page.getByRole('link', { name: 'Категории', exact: true }).click(),
    ]);
    const offices = page.locator('tr[data-slug="offices"]');
    await Promise.all([page.waitForURL(/confirm=\d+/), offices.getByRole('link', { name: 'Удалить: Офисы' }).click()]);
    const confirm = page.getByRole('alertdialog', { name: 'Удалить запись?' });
    await confirm.getByText('Запись «Офисы» будет удалена').waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/property-categories$/),
      confirm.getByRole('button', { name: 'Да, удалить' }).click(),
    ]);
    await page
      .getByText(/Категорию нельзя удалить: она используется \(объектов: \d+, подкатегорий: 2\)/)
      .first()
      .waitFor();
    await offices.waitFor();
    expect(await query(`SELECT 1 FROM property_categories WHERE slug = 'offices'`)).toHaveLength(1);

    // the new type is unused: deleted after confirming
    await page.goto(`${BASE_URL}/dashboard/admin/property-types`);
    await Promise.all([page.waitForURL(/confirm=\d+/), row.getByRole('link', { name: `Удалить: ${name}` }).click()]);
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/property-types$/),
      page.getByRole('alertdialog').getByRole('button', { name: 'Да, удалить' }).click(),
    ]);
    await page.getByText('Тип удалён').first().waitFor();
    expect(await row.count()).toBe(0);
    expect(await query(`SELECT 1 FROM property_types WHERE id = $1`, [created.id])).toHaveLength(0);
    const actions = await query<{ action: string }>(
      `SELECT action FROM audit_logs WHERE entity = 'property_type' AND entity_id = $1 ORDER BY occurred_at, id`,
      [String(created.id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['property_type.create', 'property_type.delete']);
    // the one 400 is the form sent without a Russian name on purpose
    expect(problems().filter((p) => !/status of 400/.test(p))).toEqual([]);
    await context.close();

    // With JavaScript: the categories screen, a subcategory list open, passes axe-core.
    const js = await openPage(browser, { javaScriptEnabled: true });
    await signIn(js.page, DEMO_ADMIN);
    await js.page.goto(`${BASE_URL}/dashboard/admin/property-categories`);
    await js.page.locator('tr[data-slug="offices"] summary').click();
    await js.page.locator('li[data-sub-slug="office-space"]').waitFor();
    expect(await accessibilityViolations(js.page)).toEqual([]);
    expect(js.problems()).toEqual([]);
    await js.context.close();
  });

  it('refuses the screens to an employee (403) and shows them no menu entry', async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${BASE_URL}/auth`);
    const form = page.locator('form.auth-form');
    await form.getByLabel('Email').fill('employee@realty.local');
    await form.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
    await Promise.all([page.waitForURL(/\/dashboard\//), form.getByRole('button', { name: 'Войти' }).click()]);
    expect(await page.getByRole('link', { name: 'Типы объектов', exact: true }).count()).toBe(0);
    for (const path of ['property-categories', 'property-types', 'building-complexes'])
      expect((await page.goto(`${BASE_URL}/dashboard/admin/${path}`))?.status()).toBe(403);
    await context.close();
  });
});
