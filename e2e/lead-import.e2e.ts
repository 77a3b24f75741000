import { parse } from 'csv-parse/sync';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';

/**
 * Lead import and export in the browser (issue 22 "import ... column mapping, a dry-run preview,
 * per-row errors downloadable, duplicates ... merged on request, progress shown"; "export ...
 * with the current filters"). With JavaScript off: an admin uploads a CSV, sees the suggested
 * mapping and the first rows with their errors, runs a dry run, then the import (the page is
 * reloaded with its Refresh link while the worker runs), sees the counts and downloads the
 * errors; the export of the imported leads comes through the web. With JavaScript on, the page
 * follows the worker by itself and has no WCAG 2.2 A/AA violation axe-core finds.
 */

const DEMO_PASSWORD = 'Demo12345';

async function signInAsAdmin(page: Page) {
  await page.goto(`${BASE_URL}/auth`);
  const form = page.locator('form.auth-form');
  await form.getByLabel('Email').fill('admin@realty.local');
  await form.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL(/\/dashboard\//), form.getByRole('button', { name: 'Войти' }).click()]);
}

/** Follows the page's Refresh link until `text` shows (no JavaScript: the page does not reload itself). */
async function refreshUntil(page: Page, text: string) {
  const shown = page.getByText(text, { exact: true });
  for (let i = 0; i < 100; i++) {
    // a short wait for the state itself, then the next reload
    if (
      await shown.waitFor({ timeout: 300 }).then(
        () => true,
        () => false,
      )
    )
      return;
    const refresh = page.getByRole('link', { name: 'Обновить' });
    if (await refresh.count()) await Promise.all([page.waitForLoadState('load'), refresh.click()]);
    else await page.reload();
  }
  throw new Error(`"${text}" never showed`);
}

describe('lead import (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('uploads, maps, dry-runs, imports and exports without JavaScript', async () => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const csv = [
      'Имя;Фамилия;Телефон;E-mail;Статус;Заметка',
      `Импорт;Первый;+7 706 ${tag.length}00 00 01;e2e.1.${tag}@example.kz;new;Первая`,
      `Импорт;Второй;;e2e.2.${tag}@example.kz;contacted;Вторая`,
      `Без;Контактов;;;new;Третья`,
    ].join('\n');
    const file = `/tmp/leads-${tag}.csv`;
    fs.writeFileSync(file, csv);
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled: false });
    await signInAsAdmin(page);

    await page.goto(`${BASE_URL}/dashboard/crm/leads/import`);
    await page.getByRole('heading', { name: 'Импорт лидов', level: 1 }).waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    await page.getByLabel('Файл CSV или XLSX').setInputFiles(file);
    await Promise.all([page.waitForURL(/\/dashboard\/crm\/leads\/import\?id=/), page.getByRole('button', { name: 'Загрузить' }).click()]);
    await refreshUntil(page, 'Готов к импорту');

    // The suggested mapping; the "Заметка" column is mapped by hand to the message.
    expect(await page.getByLabel('Имя').inputValue()).toBe('firstName');
    expect(await page.getByLabel('Заметка').inputValue()).toBe('');
    await page.getByLabel('Заметка').selectOption({ label: 'Сообщение' });
    await page.getByText('Нужен телефон или e-mail').first().waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);

    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Проверить без записи' }).click()]);
    await refreshUntil(page, 'Результат проверки (ничего не записано)');
    const leadsOf = () => query<{ n: number }>(`SELECT count(*)::int AS n FROM leads WHERE email LIKE $1`, [`%${tag}@example.kz`]);
    expect((await leadsOf())[0].n).toBe(0);
    // The dry run kept the hand-made mapping.
    expect(await page.getByLabel('Заметка').inputValue()).toBe('message');

    await page.getByLabel('Объединять дубликаты').check();
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Импортировать' }).click()]);
    await refreshUntil(page, 'Импорт завершён');
    const result = page.getByRole('region', { name: 'Результат' });
    expect(await result.locator('dd').allInnerTexts()).toEqual(['3', '2', '0', '0', '1']);
    expect((await leadsOf())[0].n).toBe(2);
    const [stored] = await query<{ message: string; status: string }>(`SELECT message, status FROM leads WHERE email = $1`, [
      `e2e.2.${tag}@example.kz`,
    ]);
    expect(stored).toEqual({ message: 'Вторая', status: 'contacted' });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать ошибки (CSV)' }).click()]);
    const errors = parse(fs.readFileSync((await download.path())!, 'utf8'), { bom: true }) as string[][];
    expect(errors.slice(1).map((r) => r.slice(0, 4))).toEqual([['4', 'phone', 'Нужен телефон или e-mail', 'Без']]);

    // The export through the web, with a filter.
    const exported = await page.request.get(`${BASE_URL}/resources/crm/leads-export/csv?scope=all&status=contacted&q=${tag}`);
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(await exported.body(), { bom: true }) as string[][];
    expect(rows.slice(1).map((r) => [r[2], r[4], r[9]])).toEqual([['Второй', `e2e.2.${tag}@example.kz`, 'contacted']]);
    expect(problems()).toEqual([]);
    await context.close();

    // With JavaScript: a new upload is followed to the preview without a click; axe-core finds nothing.
    const js = await openPage(browser, { javaScriptEnabled: true });
    await signInAsAdmin(js.page);
    await js.page.goto(`${BASE_URL}/dashboard/crm/leads/import`);
    expect(await accessibilityViolations(js.page)).toEqual([]);
    await js.page.getByLabel('Файл CSV или XLSX').setInputFiles(file);
    await Promise.all([js.page.waitForURL(/\?id=/), js.page.getByRole('button', { name: 'Загрузить' }).click()]);
    await js.page.getByText('Готов к импорту', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await accessibilityViolations(js.page)).toEqual([]);
    expect(js.problems()).toEqual([]);
    await js.context.close();
    fs.rmSync(file, { force: true });
  });

  it('refuses the screen and the export to a site user (403)', async () => {
    const email = `e2e.user.${Date.now().toString(36)}@example.kz`;
    await query(
      `INSERT INTO users (email, password_hash, first_name, last_name, role_id)
       SELECT $1, password_hash, 'Пользователь', 'Тестов', (SELECT id FROM roles WHERE name = 'user') FROM users WHERE email = 'admin@realty.local'`,
      [email],
    );
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${BASE_URL}/auth`);
    const form = page.locator('form.auth-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
    await Promise.all([page.waitForURL(/\/dashboard\//), form.getByRole('button', { name: 'Войти' }).click()]);
    expect((await page.goto(`${BASE_URL}/dashboard/crm/leads/import`))?.status()).toBe(403);
    expect((await page.request.get(`${BASE_URL}/resources/crm/leads-export/csv`)).status()).toBe(403);
    await context.close();
  });
});
