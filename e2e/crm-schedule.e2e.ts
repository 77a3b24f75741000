import type { Browser } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage, untilIdle } from './support/browser';
import { query } from './support/db';
import { signIn } from './support/sign-in';

/**
 * The CRM schedule in the browser (issue 22 "Tasks", "Viewings", "Calendar"): the demo employee
 * creates a task, sees it in the calendar's month and week views, completes it; books a viewing
 * and sees the double-booking message next to the time field on a second booking of the same
 * slot. The calendar works without JavaScript.
 */

/** The Almaty day `n` days from now, 'YYYY-MM-DD'. */
const almatyDay = (n: number) => new Date(Date.now() + 5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

const insertedListings: string[] = [];

describe('CRM schedule (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await query(`UPDATE properties SET deleted_at = now() WHERE id = ANY($1)`, [insertedListings]);
  });

  it('creates a task, shows it in the calendar month and week views, and completes it', async () => {
    const marker = `Задача${Date.now().toString(36)}`;
    const day = almatyDay(2);
    const { context, page, problems } = await openPage(browser);
    await signIn(page, 'employee@realty.local');
    await page.goto(`${BASE_URL}/dashboard/crm/tasks/new`);
    await untilIdle(page);
    await page.getByLabel('Название').fill(marker);
    await page.getByLabel('Тип', { exact: true }).selectOption('call');
    await page.getByLabel('Приоритет').selectOption('high');
    await page.getByLabel('Срок (время Алматы)').fill(`${day}T10:30`);
    await Promise.all([
      page.waitForURL(/\/dashboard\/crm\/tasks\/[0-9a-f-]{36}$/),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    const taskId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: `Задача: ${marker}` }).waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // the list: my tasks, with its row
    await page.goto(`${BASE_URL}/dashboard/crm/tasks?q=${encodeURIComponent(marker)}`);
    await page.locator(`tr[data-id="${taskId}"]`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // the calendar: month and week views of that day show it, linking to the task
    for (const view of ['month', 'week']) {
      await page.goto(`${BASE_URL}/dashboard/calendar?view=${view}&date=${day}`);
      const item = page.locator(`td[data-day="${day}"] .calendar-item[data-id="${taskId}"] a`);
      await item.waitFor();
      expect(await item.innerText()).toContain(`10:30 ${marker}`);
      expect(await item.getAttribute('href')).toBe(`/dashboard/crm/tasks/${taskId}`);
    }
    expect(await accessibilityViolations(page)).toEqual([]);

    // complete it with its row's button in the list (a POST form of the index route)
    await page.goto(`${BASE_URL}/dashboard/crm/tasks?q=${encodeURIComponent(marker)}`);
    await untilIdle(page);
    await Promise.all([
      page.waitForLoadState('load'),
      page
        .locator(`tr[data-id="${taskId}"]`)
        .getByRole('button', { name: `Выполнить «${marker}»` })
        .click(),
    ]);
    await page.getByText('Задача выполнена').first().waitFor();
    await page.goto(`${BASE_URL}/dashboard/crm/tasks/${taskId}`);
    await page.locator('.schedule-badge--completed').waitFor();
    const [row] = await query<{ status: string; completed_at: Date | null }>(`SELECT status, completed_at FROM tasks WHERE id = $1`, [
      taskId,
    ]);
    expect(row.status).toBe('completed');
    expect(row.completed_at).not.toBeNull();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('renders the calendar views and the other schedule screens without JavaScript as valid markup, and bulk-completes tasks', async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, 'employee@realty.local');
    for (const view of ['month', 'week', 'day']) {
      await page.goto(`${BASE_URL}/dashboard/calendar?view=${view}&date=${almatyDay(0)}`);
      await page.getByRole('heading', { name: 'Календарь', level: 1 }).waitFor();
      expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    }
    // the other screens, server-rendered: valid markup
    for (const path of [
      '/dashboard/crm/tasks',
      '/dashboard/crm/tasks/new',
      '/dashboard/crm/viewings',
      '/dashboard/crm/viewings/new',
      '/dashboard/crm/activities',
      '/dashboard/calendar/new',
    ]) {
      const res = await page.request.get(`${BASE_URL}${path}`);
      expect(res.status()).toBe(200);
      expect({ path, errors: await markupErrors(await res.text()) }).toEqual({ path, errors: [] });
    }
    // bulk complete without JavaScript: the checked rows of the list
    const marker = `Пакет${Date.now().toString(36)}`;
    const tasks = await query<{ id: string }>(
      `INSERT INTO tasks (title, assigned_to, created_by, due_date)
       SELECT $1 || ' ' || g, u.id, u.id, now() + g * interval '1 day' FROM generate_series(1, 2) g, users u WHERE u.email = 'employee@realty.local'
       RETURNING id`,
      [marker],
    );
    await page.goto(`${BASE_URL}/dashboard/crm/tasks?q=${encodeURIComponent(marker)}`);
    await page.getByLabel(`Выбрать: ${marker} 1`).check();
    await page.getByLabel(`Выбрать: ${marker} 2`).check();
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Выполнить выбранные' }).click()]);
    await page.getByText('Выполнено задач: 2').first().waitFor();
    const done = await query<{ status: string }>(`SELECT status FROM tasks WHERE id = ANY($1)`, [tasks.map((t) => t.id)]);
    expect(done.map((t) => t.status)).toEqual(['completed', 'completed']);
    // next / previous links move by the view's step
    await page.goto(`${BASE_URL}/dashboard/calendar?view=day&date=2026-12-31`);
    await Promise.all([page.waitForURL(/date=2027-01-01/), page.getByRole('link', { name: /Вперёд/ }).click()]);
    await context.close();
  });

  it('books a viewing and shows the double-booking message next to the time on a second booking', async () => {
    const marker = `Показ${Date.now().toString(36)}`;
    const rows = await query<{ id: string }>(
      `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, status, price, area, address, owner_id, agent_id, published_at)
       SELECT $1, jsonb_build_object('ru', $2::text, 'en', '', 'kk', '', 'zh', ''), '{"ru":"Описание объекта для теста"}',
              (SELECT id FROM property_categories ORDER BY id LIMIT 1), (SELECT id FROM property_types ORDER BY id LIMIT 1),
              'rent', 'active', 300000, 80, 'ул. Абая, 10, Алматы', u.id, u.id, now()
         FROM users u WHERE u.email = 'employee@realty.local' RETURNING id`,
      [`e2e-viewing-${Date.now().toString(36)}`, marker],
    );
    insertedListings.push(rows[0].id);
    const day = almatyDay(3);
    const { context, page, problems } = await openPage(browser);
    await signIn(page, 'employee@realty.local');

    const book = async () => {
      await page.goto(`${BASE_URL}/dashboard/crm/viewings/new?q=${encodeURIComponent(marker)}`);
      await untilIdle(page);
      await page.locator('#field-propertyId').selectOption(rows[0].id);
      await page.getByLabel('Дата').fill(day);
      await page.getByLabel('Время (Алматы)').fill('15:00');
      await page.getByLabel('Длительность, минут').fill('45');
      await page.getByRole('button', { name: 'Назначить показ' }).click();
    };
    await book();
    await page.waitForURL(/\/dashboard\/crm\/viewings\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: `Показ: ${marker}` }).waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    await book();
    const error = page.locator('#field-time-error');
    await error.waitFor();
    expect(await error.innerText()).toBe('У агента уже есть показ в это время');
    expect(await page.getByLabel('Время (Алматы)').getAttribute('aria-invalid')).toBe('true');
    const booked = await query<{ n: number }>(`SELECT count(*)::int AS n FROM viewings WHERE property_id = $1`, [rows[0].id]);
    expect(booked[0].n).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems().filter((p) => !/409|400/.test(p))).toEqual([]);
    await context.close();
  });
});
