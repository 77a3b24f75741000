import { createApiClient, memoryCsrfStore } from '@realty/api-client';
import { eventually } from '@realty/testkit';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';
import { signIn } from './support/sign-in';

/**
 * The staff listing form in the browser (issue 21; spec 02 §2 /dashboard/employee/create and
 * /edit/{id}, §5, §7), and the lifecycle: an employee creates a listing with two images,
 * an admin approves it in the moderation screen, a visitor finds it in the catalogue.
 * - With JavaScript: ru and en titles in the language tabs, the pin placed with a click on the
 *   map, save -> "sent to moderation", two images uploaded with a progress bar each, the second
 *   made main; no console errors; no axe-core violation.
 * - Without JavaScript: the server's field error for a too-short title, the typed values kept,
 *   saved after the fix; two images through the plain multipart form; valid HTML.
 */

const DEMO_PASSWORD = 'Demo12345';
const EMPLOYEE = 'employee@realty.local';

const image = (background: string, format: 'jpeg' | 'png') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    [format]()
    .toBuffer();

/** The fields every valid listing needs besides its title (labels as the Russian page shows them). */
async function fillRequired(page: Page, withJs: boolean) {
  if (withJs)
    await page
      .getByRole('tab', { name: /Русский/ })
      .nth(1)
      .click();
  await page.locator('#field-description-ru').fill('Светлый офис с панорамными окнами и отделкой, рядом метро.');
  await page.getByLabel('Цена, ₸').fill('450 000');
  await page.getByLabel('Площадь, м²').fill('120,5');
  await page.getByLabel(/^Категория/).selectOption({ index: 1 });
  await page.getByLabel(/^Тип объекта/).selectOption({ index: 1 });
  await page.getByLabel(/^Город/).fill('Алматы');
}

/** The API as the demo admin (the rejection whose reason the edit page then shows). */
async function adminApi() {
  const anonymous = createApiClient({ baseUrl: process.env.E2E_API_URL, csrf: memoryCsrfStore() });
  const session = await anonymous.auth.login({ email: 'admin@realty.local', password: DEMO_PASSWORD });
  return createApiClient({ baseUrl: process.env.E2E_API_URL, token: session.tokens.accessToken, csrf: memoryCsrfStore() });
}

/** The listing by its unique Russian title. */
const listingByTitle = async (title: string) =>
  (
    await query<{ id: string; status: string; latitude: number | null; longitude: number | null; title: Record<string, string> }>(
      `SELECT id, status, latitude, longitude, title FROM properties WHERE title->>'ru' = $1`,
      [title],
    )
  )[0];
const imagesOf = (id: string) =>
  query<{ id: string }>(`SELECT id FROM property_images WHERE property_id = $1 ORDER BY sort_order, created_at, id`, [id]);

describe('listing form (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    // The listings made here leave the public catalogue, whose first cards other tests read.
    await query(`UPDATE properties SET deleted_at = now() WHERE title->>'ru' ~ '^(Офис|Склад) e2e [0-9a-z]+$'`);
  });

  it('with JavaScript: an employee writes ru and en, places the pin, saves, uploads two images with progress and makes the second main', async () => {
    const title = `Офис e2e ${Date.now().toString(36)}`;
    const { context, page, problems } = await openPage(browser);
    await signIn(page, EMPLOYEE);
    await page.goto(`${BASE_URL}/dashboard/employee/create`);
    await page.getByRole('heading', { name: 'Новый объект' }).waitFor();

    // Language tabs: ru first, then English in its own tab (the Russian field hidden meanwhile).
    await page.locator('#field-title-ru').fill(title);
    await page.getByRole('tab', { name: 'English' }).first().click();
    await page.locator('#field-title-en').fill('E2E office in Almaty');
    await expect(page.locator('#field-title-ru').isVisible()).resolves.toBe(false);
    await fillRequired(page, true);

    // Address suggestions (from 3 characters, keyboard), then the pin placed by a click on the map.
    const address = page.getByRole('combobox', { name: /Адрес/ });
    await address.fill('Абая');
    await page.getByRole('listbox', { name: 'Подсказки адреса' }).getByRole('option').first().waitFor();
    await address.press('ArrowDown');
    await address.press('Enter');
    expect((await address.inputValue()).length).toBeGreaterThanOrEqual(10);
    await address.fill(`${await address.inputValue()}, офис 12`);
    const latitude = page.getByLabel('Широта');
    const fromSuggestion = await latitude.inputValue();
    expect(Number(fromSuggestion)).toBeGreaterThan(43);
    const map = page.locator('.map-view__canvas');
    await map.scrollIntoViewIfNeeded();
    await page.locator('.map-pin').waitFor();
    await map.click({ position: { x: 60, y: 60 } });
    await eventually('the map click to set the latitude', async () => (await latitude.inputValue()) !== fromSuggestion || undefined);
    expect(await accessibilityViolations(page)).toEqual([]);
    const picked = { lat: Number(await latitude.inputValue()), lng: Number(await page.getByLabel('Долгота').inputValue()) };

    await Promise.all([
      page.waitForURL(/\/dashboard\/employee\/edit\/[0-9a-f-]{36}$/),
      page.getByRole('button', { name: 'Сохранить и добавить фото' }).click(),
    ]);
    await page.getByText('Отправлено на модерацию').first().waitFor();
    await page.getByText('Объект на модерации').first().waitFor();
    const saved = await listingByTitle(title);
    expect(saved).toMatchObject({ status: 'pending', title: { ru: title, en: 'E2E office in Almaty' } });
    expect(saved.latitude).toBeCloseTo(picked.lat, 5);
    expect(saved.longitude).toBeCloseTo(picked.lng, 5);

    // Two images, one progress bar each, then their thumbnails in the list.
    await page.locator('#listing-images-files').setInputFiles([
      { name: 'first.jpg', mimeType: 'image/jpeg', buffer: await image('#3366aa', 'jpeg') },
      { name: 'second.png', mimeType: 'image/png', buffer: await image('#aa6633', 'png') },
    ]);
    await page.getByRole('button', { name: 'Загрузить' }).click();
    await page.getByRole('progressbar', { name: 'Загрузка first.jpg' }).waitFor();
    await page.getByRole('progressbar', { name: 'Загрузка second.png' }).waitFor();
    await page.locator('.upload-progress__item[data-status="done"]').nth(1).waitFor();
    const items = page.locator('.listing-images__item');
    await eventually('both images in the list', async () => ((await items.count()) === 2 ? true : undefined));
    const [first, second] = (await imagesOf(saved.id)).map((i) => i.id);
    expect(await items.nth(0).getAttribute('data-image-id')).toBe(first);

    // The second becomes the main image.
    await items.nth(1).getByRole('button', { name: 'Сделать главной' }).click();
    await eventually('the second image first in the list', async () =>
      (await items.nth(0).getAttribute('data-image-id')) === second ? true : undefined,
    );
    await items.nth(0).getByText('Главная').waitFor();
    expect((await imagesOf(saved.id)).map((i) => i.id)).toEqual([second, first]);
    expect((await listingByTitle(title)).status).toBe('pending');

    // Keyboard reorder with the drag handle (@dnd-kit): space, arrow down, space.
    await items.nth(0).getByRole('button', { name: 'Переместить фото 1' }).focus();
    // Each step waits for the live region's announcement (dnd-kit measures the places after the pick-up).
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await live.getByText(/Фото 1 (взято|над позицией 1)\./).waitFor({ state: 'attached' });
    // An arrow pressed before dnd-kit has measured the places is lost (CI, once in four runs):
    // press again until the move is announced, at most three times.
    const over2 = live.getByText('Фото 1 над позицией 2.');
    for (let i = 0; i < 3 && !(await over2.count()); i++) {
      await page.keyboard.press('ArrowDown');
      await over2.waitFor({ state: 'attached', timeout: 3_000 }).catch(() => undefined);
    }
    await over2.waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await eventually('the order saved by the drop', async () =>
      (await imagesOf(saved.id)).map((i) => i.id).join() === [first, second].join() ? true : undefined,
    );
    expect(await accessibilityViolations(page)).toEqual([]);

    // Delete asks first.
    await items.nth(1).getByRole('link', { name: 'Удалить' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Да, удалить' }).click();
    await page.getByText('Фотография удалена').first().waitFor();
    await eventually('one image left', async () => ((await items.count()) === 1 ? true : undefined));
    expect((await imagesOf(saved.id)).map((i) => i.id)).toEqual([first]);

    // A rejection shows on the edit page with its reason and notes.
    await (await adminApi()).listings.reject(saved.id, 'Нет фото фасада', 'Добавьте фото входа');
    await page.reload();
    const rejection = page.getByRole('region', { name: 'Объект отклонён модератором' });
    await rejection.getByText('Нет фото фасада').waitFor();
    await rejection.getByText('Добавьте фото входа').waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('without JavaScript: the server answers the field error, keeps the values, saves after the fix; two images; an admin approves; a visitor finds it', async () => {
    const title = `Склад e2e ${Date.now().toString(36)}`;
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, EMPLOYEE);
    await page.goto(`${BASE_URL}/dashboard/employee/create`);
    // Every language shows, one under the other; the address is a plain field; the map says it needs JavaScript.
    for (const lang of ['ru', 'en', 'kk', 'zh']) await expect(page.locator(`#field-title-${lang}`).isVisible()).resolves.toBe(true);
    await page.getByText('Карта работает с JavaScript').waitFor();
    await page.locator('#field-title-ru').fill('Скл');
    await fillRequired(page, false);
    await page.getByRole('textbox', { name: /^Адрес/ }).fill('проспект Рыскулова, 140/2');
    await page.getByLabel('Широта').fill('43.2655');
    await page.getByLabel('Долгота').fill('76.8721');
    await page.getByLabel('Парковка').check();
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Сохранить и добавить фото' }).click()]);

    const titleError = 'Заголовок: от 5 до 200 символов (русский обязателен)';
    await page.locator('#field-title-error').getByText(titleError).waitFor();
    await page.getByRole('link', { name: titleError }).waitFor();
    expect(await page.getByLabel('Цена, ₸').inputValue()).toBe('450 000');
    expect(await page.getByLabel('Парковка').isChecked()).toBe(true);
    expect(await markupErrors(await page.content())).toEqual([]);
    expect(await listingByTitle('Скл')).toBeUndefined();

    await page.locator('#field-title-ru').fill(title);
    await Promise.all([
      page.waitForURL(/\/dashboard\/employee\/edit\/[0-9a-f-]{36}$/),
      page.getByRole('button', { name: 'Сохранить и добавить фото' }).click(),
    ]);
    await page.getByText('Отправлено на модерацию').first().waitFor();
    const saved = await listingByTitle(title);
    expect(saved).toMatchObject({ status: 'pending', latitude: 43.2655, longitude: 76.8721 });

    // Two images through the plain multipart form, then "make main" as a form post.
    await page.locator('#listing-images-files').setInputFiles([
      { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await image('#225588', 'jpeg') },
      { name: 'b.jpg', mimeType: 'image/jpeg', buffer: await image('#885522', 'jpeg') },
    ]);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Загрузить' }).click()]);
    await page.getByText('Фотографии загружены').first().waitFor();
    const [first, second] = (await imagesOf(saved.id)).map((i) => i.id);
    expect(second).toBeDefined();
    await Promise.all([
      page.waitForLoadState('load'),
      page.locator(`li[data-image-id="${second}"]`).getByRole('button', { name: 'Сделать главной' }).click(),
    ]);
    await page.getByText('Главная фотография изменена').first().waitFor();
    expect((await imagesOf(saved.id)).map((i) => i.id)).toEqual([second, first]);
    expect(await markupErrors(await page.content())).toEqual([]);
    // The refused post is answered 400 by design (the form again, with its errors): Chromium logs that document's status.
    expect(problems().filter((p) => !p.includes('status of 400'))).toEqual([]);
    expect(problems().filter((p) => p.includes('status of 400'))).toHaveLength(1);
    await context.close();

    // An admin approves it in the moderation screen (a plain form post without JavaScript).
    const admin = await openPage(browser, { javaScriptEnabled: false });
    await signIn(admin.page, 'admin@realty.local');
    await admin.page.goto(`${BASE_URL}/dashboard/admin/moderation/${saved.id}`);
    await Promise.all([
      admin.page.waitForURL(/\/dashboard\/admin\/moderation$/),
      admin.page.locator('form#approve-form').getByRole('button', { name: 'Одобрить и опубликовать' }).click(),
    ]);
    await admin.page.getByText('Объект одобрен и опубликован').first().waitFor();
    expect((await listingByTitle(title)).status).toBe('active');
    expect(admin.problems()).toEqual([]);
    await admin.context.close();

    // A visitor finds it in the catalogue, its main image being the second one uploaded.
    const visitor = await openPage(browser, { javaScriptEnabled: false });
    const card = visitor.page.locator('article, li', { hasText: title }).first();
    await eventually(
      'the approved listing in the catalogue',
      async () => {
        await visitor.page.goto(`${BASE_URL}/catalog?q=${encodeURIComponent(title)}`);
        return (await card.count()) ? true : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 500 },
    );
    const [{ name }] = await query<{ name: string }>(`SELECT name FROM uploads WHERE property_image_id = $1`, [second]);
    const shown = await card.locator('img').first().getAttribute('src');
    expect(shown).toContain(name.replace(/\.[a-z]+$/, ''));
    expect(visitor.problems()).toEqual([]);
    await visitor.context.close();
  });
});
