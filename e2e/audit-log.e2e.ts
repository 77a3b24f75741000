import { parse } from 'csv-parse/sync';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';
import { DEMO_ADMIN, signIn } from './support/sign-in';

/**
 * The audit log in the browser (issue 21; spec 02 §2 "Audit logs: list, open one, export by
 * format and filters"). With JavaScript off: an admin changes a user's role, opens the audit
 * log from the dashboard menu, filters by action, sees the row, opens it (before -> after) and
 * downloads the CSV with the filters; the pages are valid HTML. With JavaScript on, the list
 * and the entry have no WCAG 2.2 A/AA violation axe-core finds.
 */

const DEMO_PASSWORD = 'Demo12345';

describe('audit log (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('records a role change made in the users screen; the log filters, opens the entry and exports the CSV (no JavaScript)', async () => {
    const victim = `e2e.audit.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.kz`;
    const [{ id: victimId }] = await query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name, role_id) VALUES ($1, 'Аудит', 'Тестов', (SELECT id FROM roles WHERE name = 'user')) RETURNING id`,
      [victim],
    );
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, DEMO_ADMIN);

    await page.goto(`${BASE_URL}/dashboard/admin/users?q=${encodeURIComponent(victim)}`);
    const userRow = page.locator(`tr[data-user="${victim}"]`);
    await userRow.getByLabel(`Новая роль для ${victim}`).selectOption({ label: 'Сотрудник' });
    await Promise.all([page.waitForLoadState('load'), userRow.getByRole('button', { name: 'Изменить роль' }).click()]);
    await page.getByText('Роль изменена').first().waitFor();

    // The menu leads to the log; the filter form is a plain GET form.
    await Promise.all([page.waitForURL(/\/dashboard\/admin\/audit-logs$/), page.getByRole('link', { name: 'Журнал аудита' }).click()]);
    const filters = page.getByRole('form', { name: 'Фильтры журнала' });
    await filters.getByLabel('Действие').fill('user.role');
    await filters.getByLabel('Автор (id или часть e-mail)').fill('admin@realty');
    await Promise.all([page.waitForURL(/action=user\.role/), filters.getByRole('button', { name: 'Показать' }).click()]);
    expect(new URL(page.url()).searchParams.get('actor')).toBe('admin@realty');
    const row = page.locator('tr', { has: page.locator('code', { hasText: victimId }) });
    await row.getByText('user.role').waitFor();
    await row.getByText('admin@realty.local').waitFor();
    const listHtml = await (await page.request.get(page.url())).text();
    expect(await markupErrors(listHtml)).toEqual([]);
    // Another action's filter hides it; the empty state says so.
    await page.goto(`${BASE_URL}/dashboard/admin/audit-logs?action=user.delete&actor=${victimId}`);
    await page.getByRole('heading', { name: 'Записей нет' }).waitFor();
    await page.goBack();

    // The CSV of the filtered list, through the web server.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const records: Array<Record<string, string>> = parse(fs.readFileSync((await download.path())!, 'utf8'), { columns: true });
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.action === 'user.role' && r.actorEmail.includes('admin@realty'))).toBe(true);
    const exported = records.find((r) => r.entityId === victimId);
    expect(exported && JSON.parse(exported.before)).toEqual({ role: 'user' });
    expect(exported && JSON.parse(exported.after)).toEqual({ role: 'employee' });

    // The entry: before -> after.
    await Promise.all([page.waitForURL(/\/dashboard\/admin\/audit-logs\/[0-9a-f-]{36}$/), row.getByRole('link').first().click()]);
    const roleChange = page.locator('tr[data-field="role"]');
    expect((await roleChange.locator('[data-side="before"]').innerText()).trim()).toBe('user');
    expect((await roleChange.locator('[data-side="after"]').innerText()).trim()).toBe('employee');
    await page.getByText('admin@realty.local').first().waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    const entryUrl = page.url();
    expect(problems()).toEqual([]);
    await context.close();

    // With JavaScript: the same screens pass axe-core.
    const js = await openPage(browser, { javaScriptEnabled: true });
    await signIn(js.page, DEMO_ADMIN);
    await js.page.goto(`${BASE_URL}/dashboard/admin/audit-logs?action=user.role`);
    await js.page.locator('table.data-table').waitFor();
    expect(await accessibilityViolations(js.page)).toEqual([]);
    await js.page.goto(entryUrl);
    await js.page.locator('tr[data-field="role"]').waitFor();
    expect(await accessibilityViolations(js.page)).toEqual([]);
    expect(js.problems()).toEqual([]);
    await js.context.close();
  });

  it('refuses the log and its export to an employee (403)', async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${BASE_URL}/auth`);
    const form = page.locator('form.auth-form');
    await form.getByLabel('Email').fill('employee@realty.local');
    await form.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
    await Promise.all([page.waitForURL(/\/dashboard\//), form.getByRole('button', { name: 'Войти' }).click()]);
    expect((await page.goto(`${BASE_URL}/dashboard/admin/audit-logs`))?.status()).toBe(403);
    expect((await page.request.get(`${BASE_URL}/resources/audit-logs/csv`)).status()).toBe(403);
    await context.close();
  });
});
