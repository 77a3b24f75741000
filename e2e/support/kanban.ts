import { eventually } from '@realty/testkit';
import type { Page } from 'playwright-core';
import { query } from './db';

/** The deals board's card of deal `id` and the column of `stage` (web/app/routes/dashboard.crm.deals._index.tsx). */
export const dealCard = (page: Page, id: string) => page.locator(`li[data-deal-id="${id}"]`);
export const dealColumn = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);

export const dealStage = async (id: string) => (await query<{ stage: string }>(`SELECT stage FROM deals WHERE id = $1`, [id]))[0].stage;

/** Waits until the deal's stage in the database is `stage` (the board sends a move by a fetcher). */
export async function untilDealStage(id: string, stage: string): Promise<void> {
  await eventually(`deal ${id} in stage ${stage}`, async () => (await dealStage(id)) === stage, { timeoutMs: 15_000, intervalMs: 100 });
}

/**
 * Drags deal `id`'s card by its handle with the mouse onto the column of `stage`: press, pass
 * @dnd-kit's activation distance, move over the column in steps, release. Both must be in view.
 */
export async function dragDealWithMouse(page: Page, id: string, stage: string): Promise<void> {
  const handle = await dealCard(page, id).locator('.crm-card__handle').boundingBox();
  const target = await dealColumn(page, stage).locator('ol').boundingBox();
  if (!handle || !target) throw new Error('board not laid out');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 15, handle.y + handle.height / 2 + 5, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, target.y + 20, { steps: 25 });
  await page.mouse.up();
}

/**
 * Presses ArrowRight (the card is picked up) until @dnd-kit announces the card over the stage
 * `label`: a press that reaches a column out of view scrolls the board first (KeyboardSensor),
 * so the count of presses depends on the width of the screen.
 */
export async function arrowRightUntilOver(page: Page, label: string): Promise<void> {
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

/** Picks deal `id`'s card up with the keyboard (its handle, Space), moves it over the stage `label` and drops it (Space). */
export async function moveDealWithKeyboard(page: Page, id: string, label: string): Promise<void> {
  await dealCard(page, id).locator('.crm-card__handle').focus();
  await page.keyboard.press('Space');
  await arrowRightUntilOver(page, label);
  await page.keyboard.press('Space');
}
