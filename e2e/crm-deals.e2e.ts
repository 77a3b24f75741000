import { eventually } from '@realty/testkit';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { recordedToast, recordToasts } from './support/toasts';
import { BASE_URL, launchBrowser, openPage, untilIdle } from './support/browser';
import { query } from './support/db';
import { signIn } from './support/sign-in';

/**
 * The deals kanban board in the browser (issue 22 "Deals": "The board drags with the mouse,
 * touch and the keyboard ... without JavaScript each card has a stage select"): the demo
 * employee's test deals are moved across the board with the mouse (@dnd-kit's PointerSensor,
 * past its activation distance) and with the keyboard (the card's drag handle: Space, arrows,
 * Space), closed as won through the dialog a drop into "won" opens, and, with JavaScript off,
 * moved with the card's stage select. Every move is checked in the database.
 */

const EMPLOYEE = 'employee@realty.local';

/** Every deal a test here inserted: soft-deleted after the tests. */
const inserted: string[] = [];

/** `n` new_lead deals of the demo employee whose titles carry `marker` (at the top of the column); their ids in order. */
async function insertDeals(marker: string, n: number): Promise<string[]> {
  const rows = await query<{ id: string }>(
    `INSERT INTO deals (title, type, amount, stage, position, probability, owner_id)
     SELECT $1 || ' ' || g, 'rent', 100000 * g, 'new_lead', -1e9 + g, 10, u.id
       FROM generate_series(1, $2::int) g, users u WHERE u.email = $3
     ORDER BY g RETURNING id`,
    [marker, n, EMPLOYEE],
  );
  inserted.push(...rows.map((r) => r.id));
  return rows.map((r) => r.id);
}

const stageOf = async (id: string) => (await query<{ stage: string }>(`SELECT stage FROM deals WHERE id = $1`, [id]))[0].stage;

/** Waits until the deal's stage in the database is `stage` (the move is sent by a fetcher). */
async function untilStage(id: string, stage: string): Promise<void> {
  await eventually(`deal ${id} in stage ${stage}`, async () => (await stageOf(id)) === stage, { timeoutMs: 15_000, intervalMs: 100 });
}

/**
 * Presses ArrowRight (the card is picked up) until @dnd-kit announces the card over the stage
 * `label`: a press that reaches a column out of view scrolls the board first (KeyboardSensor),
 * so the count of presses depends on the width of the screen.
 */
async function arrowRightUntilOver(page: Page, label: string): Promise<void> {
  const over = () =>
    page.evaluate(
      (want) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((e) => (e.textContent ?? '').includes(`над этапом «${want}»`)),
      label,
    );
  for (let i = 0; i < 12 && !(await over()); i++) {
    await page.keyboard.press('ArrowRight');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  expect(await over()).toBe(true);
}

const card = (page: Page, id: string) => page.locator(`li[data-deal-id="${id}"]`);
const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);

describe('deals kanban board (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await query(`UPDATE deals SET deleted_at = now() WHERE id = ANY($1)`, [inserted]);
  });

  it('moves a deal with the mouse and another with the keyboard, then closes one as won from the board', async () => {
    const marker = `Kanban${Date.now().toString(36)}`;
    const [byMouse, byKeys] = await insertDeals(marker, 2);
    const { context, page, problems } = await openPage(browser);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signIn(page, EMPLOYEE);
    await page.goto(`${BASE_URL}/dashboard/crm/deals?q=${encodeURIComponent(marker)}`);
    await page.getByRole('heading', { name: 'Сделки', level: 1 }).waitFor();
    await untilIdle(page);
    await card(page, byMouse).locator('.crm-card__handle').waitFor();
    expect(await column(page, 'new_lead').locator('[data-count]').getAttribute('data-count')).toBe('2');
    expect(await column(page, 'new_lead').locator('[data-sum]').getAttribute('data-sum')).toBe('300000');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The mouse: press on the handle, pass the activation distance, move over the next column, release.
    const handle = await card(page, byMouse).locator('.crm-card__handle').boundingBox();
    const target = await column(page, 'qualification').locator('ol').boundingBox();
    if (!handle || !target) throw new Error('board not laid out');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 15, handle.y + handle.height / 2 + 5, { steps: 5 });
    await page.mouse.move(target.x + target.width / 2, target.y + 20, { steps: 25 });
    await page.mouse.up();
    await untilStage(byMouse, 'qualification');
    await card(page, byMouse).and(column(page, 'qualification').locator('li')).waitFor();
    const moved = await query<{ probability: number; type: string; data: unknown }>(
      `SELECT d.probability, a.type, a.data FROM deals d JOIN activities a ON a.deal_id = d.id WHERE d.id = $1`,
      [byMouse],
    );
    expect(moved).toEqual([{ probability: 20, type: 'stage_change', data: { from: 'new_lead', to: 'qualification' } }]);

    // The keyboard: focus the handle, Space picks up, two steps right (qualification, viewing), Space drops.
    await untilIdle(page);
    await card(page, byKeys).locator('.crm-card__handle').focus();
    await page.keyboard.press('Space');
    await arrowRightUntilOver(page, 'Показ');
    await page.keyboard.press('Space');
    await untilStage(byKeys, 'viewing');
    await card(page, byKeys).and(column(page, 'viewing').locator('li')).waitFor();

    // Into "won" with the keyboard: the close dialog opens (won preset); closing it as won.
    await untilIdle(page);
    await card(page, byKeys).locator('.crm-card__handle').focus();
    await page.keyboard.press('Space');
    await arrowRightUntilOver(page, 'Успешно');
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: `Закрыть сделку «${marker} 2»` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Успешно').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Закрыть сделку' }).click();
    await untilStage(byKeys, 'won');
    await dialog.waitFor({ state: 'hidden' });
    await card(page, byKeys).and(column(page, 'won').locator('li')).waitFor();
    const closed = await query<{ closed_at: Date | null; probability: number }>(`SELECT closed_at, probability FROM deals WHERE id = $1`, [
      byKeys,
    ]);
    expect(closed[0].closed_at).not.toBeNull();
    expect(closed[0].probability).toBe(100);

    // the deal's page: stage history (new_lead -> viewing -> won), accessible
    await page.goto(`${BASE_URL}/dashboard/crm/deals/${byKeys}`);
    await page.getByRole('heading', { name: 'История этапов' }).waitFor();
    expect(await page.locator('.crm-stage-history li').count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(`${BASE_URL}/dashboard/crm/clients/new`);
    await page.getByRole('heading', { name: 'Новый клиент' }).waitFor();
    await untilIdle(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('a refused move (the deal was closed meanwhile) shows a toast and the card goes back', async () => {
    const marker = `Refused${Date.now().toString(36)}`;
    const [id] = await insertDeals(marker, 1);
    const { context, page, problems } = await openPage(browser);
    await signIn(page, EMPLOYEE);
    await page.goto(`${BASE_URL}/dashboard/crm/deals?q=${encodeURIComponent(marker)}`);
    await card(page, id).locator('.crm-card__handle').waitFor();
    await untilIdle(page);
    await recordToasts(page);
    // a colleague closes it while the board is open
    await query(`UPDATE deals SET stage = 'lost', lost_reason = 'Закрыта коллегой', closed_at = now() WHERE id = $1`, [id]);
    await card(page, id).locator('.crm-card__handle').focus();
    await page.keyboard.press('Space');
    await arrowRightUntilOver(page, 'Квалификация');
    await page.keyboard.press('Space');
    expect(await recordedToast(page, 'Не удалось переместить сделку')).toBe('Не удалось переместить сделку');
    // the board reloads: the card is in "lost", where the database has it
    await card(page, id).and(column(page, 'lost').locator('li')).waitFor();
    expect(await stageOf(id)).toBe('lost');
    expect(problems().filter((p) => !p.includes('409'))).toEqual([]);
    await context.close();
  });

  it('without JavaScript: the board renders and a card’s stage select moves it', async () => {
    const marker = `Nojs${Date.now().toString(36)}`;
    const [id] = await insertDeals(marker, 1);
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, EMPLOYEE);
    await page.goto(`${BASE_URL}/dashboard/crm/deals?q=${encodeURIComponent(marker)}`);
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    await card(page, id).getByLabel(`Этап сделки «${marker} 1»`).selectOption({ label: 'Переговоры' });
    await Promise.all([page.waitForLoadState('load'), card(page, id).getByRole('button', { name: 'Переместить' }).click()]);
    expect(await stageOf(id)).toBe('negotiation');
    await card(page, id).and(column(page, 'negotiation').locator('li')).waitFor();
    // the same deals as a list
    await page.getByRole('link', { name: 'Список' }).click();
    await page.locator(`table.data-table tr[data-id="${id}"][data-stage="negotiation"]`).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(marker);
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    await context.close();
  });

  it('without JavaScript: a company client with contact persons, its deal, a lost close that needs a reason, the client deleted', async () => {
    const marker = `Client${Date.now().toString(36)}`;
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, EMPLOYEE);
    await page.goto(`${BASE_URL}/dashboard/crm/clients/new`);
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    await page.getByLabel('Тип клиента').selectOption({ label: 'Компания' });
    await page.getByLabel('Название компании').fill(`ТОО ${marker}`);
    await page.getByLabel('Телефон', { exact: true }).fill('+7 701 555 44 33');
    await page.getByLabel('Имя контакта 1').fill('Айгуль');
    await page.getByLabel('Должность контакта 1').fill('Директор');
    await page.getByLabel('Имя контакта 3').fill('Ержан');
    await Promise.all([
      page.waitForURL(/\/dashboard\/crm\/clients\/[0-9a-f-]{36}$/),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    const clientId = page.url().split('/').pop()!;
    const contacts = await query<{ name: string }>(`SELECT name FROM client_contacts WHERE client_id = $1 ORDER BY sort_order`, [clientId]);
    expect(contacts.map((c) => c.name)).toEqual(['Айгуль', 'Ержан']);
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);

    // a deal of the client, from its page
    await page.getByRole('link', { name: 'Новая сделка' }).click();
    await page.getByLabel('Название').fill(`Аренда ${marker}`);
    await page.getByLabel('Сумма, ₸').fill('1 200 000');
    await Promise.all([
      page.waitForURL(/\/dashboard\/crm\/deals\/[0-9a-f-]{36}$/),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    const dealId = page.url().split('/').pop()!;
    inserted.push(dealId);
    const [deal] = await query<{ client_id: string; amount: string; stage: string }>(
      `SELECT client_id, amount, stage FROM deals WHERE id = $1`,
      [dealId],
    );
    expect(deal).toEqual({ client_id: clientId, amount: '1200000.00', stage: 'new_lead' });
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);

    // closing as lost needs the reason
    const close = page.locator('form.crm-close__form');
    await close.getByLabel('Проиграна').check();
    await Promise.all([page.waitForLoadState('load'), close.getByRole('button', { name: 'Закрыть сделку' }).click()]);
    await page.getByText('Укажите причину проигрыша').first().waitFor();
    expect(await stageOf(dealId)).toBe('new_lead');
    await page.locator('form.crm-close__form').getByLabel('Проиграна').check();
    await page.locator('form.crm-close__form').getByLabel('Причина').fill('Выбрали другой офис');
    await Promise.all([
      page.waitForLoadState('load'),
      page.locator('form.crm-close__form').getByRole('button', { name: 'Закрыть сделку' }).click(),
    ]);
    expect(await stageOf(dealId)).toBe('lost');

    // the client, without open deals now, is deleted after the confirmation
    await page.goto(`${BASE_URL}/dashboard/crm/clients/${clientId}?confirm=delete`);
    await Promise.all([
      page.waitForURL(/\/dashboard\/crm\/clients$/),
      page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click(),
    ]);
    const [gone] = await query<{ deleted_at: Date | null }>(`SELECT deleted_at FROM clients WHERE id = $1`, [clientId]);
    expect(gone.deleted_at).not.toBeNull();
    await context.close();
  });
});
