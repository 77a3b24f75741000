import JSZip from 'jszip';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';
import { signIn } from './support/sign-in';

/**
 * Presentations in the browser (issue 23 "/dashboard/presentations: generate; bulk generate with
 * a progress bar fed by the jobs' progress; the list with status and download count; download
 * one; download a bulk batch as one zip (streamed); retry failed; delete"). Against the started
 * stack (its real worker renders the files): the demo employee generates one PDF, sees it
 * complete, downloads it (a whole PDF), bulk-generates three listings x two languages, watches the
 * progress reach 100%, downloads the zip (six entries, each a whole PDF), retries the demo
 * presentation that failed, and deletes the first
 * presentation after the confirmation. The pages are valid HTML without WCAG 2.2 A/AA violations.
 */

const EMPLOYEE = 'employee@realty.local';
const MANAGER = 'manager@realty.local';

/** A whole PDF: header, cross-reference start and end-of-file marker, a page. */
function isWholePdf(data: Buffer): boolean {
  const tail = data.subarray(Math.max(0, data.length - 64)).toString('latin1');
  return (
    data.subarray(0, 5).toString('latin1') === '%PDF-' &&
    /startxref\s+\d+\s+%%EOF\s*$/.test(tail) &&
    /\/Type\s*\/Page\b/.test(data.toString('latin1'))
  );
}

async function downloadOf(page: Page, click: () => Promise<unknown>): Promise<{ name: string; data: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), data: fs.readFileSync((await download.path())!) };
}

describe('presentations (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('generates one, downloads it, bulk-generates with progress to 100%, downloads the zip and deletes', async () => {
    const { context, page, problems } = await openPage(browser);
    await signIn(page, EMPLOYEE);
    const [{ id: employeeId }] = await query<{ id: string }>(`SELECT id FROM users WHERE lower(email) = $1`, [EMPLOYEE]);

    await page.goto(`${BASE_URL}/dashboard/presentations`);
    await page.getByRole('heading', { name: 'Презентации', level: 1 }).waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Generate one PDF of the first listing offered.
    await Promise.all([
      page.waitForURL(/\/dashboard\/presentations\/new/),
      page.getByRole('link', { name: 'Создать презентацию' }).click(),
    ]);
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    const pick = page.locator('input[name="propertyIds"]').first();
    const propertyId = await pick.getAttribute('value');
    await pick.check();
    await page.getByLabel('Формат').selectOption('pdf');
    await page.locator('#field-language').selectOption('ru');
    await Promise.all([page.waitForURL(/\/dashboard\/presentations$/), page.getByRole('button', { name: 'Создать' }).click()]);
    const [made] = await query<{ id: string; title: string }>(
      `SELECT id, title FROM presentations WHERE created_by = $1 AND property_ids = ARRAY[$2::uuid] ORDER BY created_at DESC LIMIT 1`,
      [employeeId, propertyId],
    );
    // The list reloads itself while a row is generating.
    const row = page.locator(`tr[data-id="${made.id}"]`);
    await row.locator('[data-status="completed"]').waitFor({ timeout: 60_000 });
    const one = await downloadOf(page, () => row.getByRole('link', { name: `Скачать «${made.title}»` }).click());
    expect(one.name).toMatch(/\.pdf$/);
    expect(isWholePdf(one.data)).toBe(true);
    const [{ download_count }] = await query<{ download_count: number }>(`SELECT download_count FROM presentations WHERE id = $1`, [
      made.id,
    ]);
    expect(download_count).toBe(1);

    // Bulk: three listings selected on the staff listings page x ru, en, as PDF.
    await page.goto(`${BASE_URL}/dashboard/employee/properties`);
    const boxes = page.locator('input[type="checkbox"][name="ids"]');
    const listings: Array<{ id: string }> = [];
    for (let i = 0; i < 3; i++) {
      await boxes.nth(i).check();
      listings.push({ id: (await boxes.nth(i).getAttribute('value'))! });
    }
    await Promise.all([
      page.waitForURL(/\/dashboard\/presentations\/bulk\?ids=/),
      page.getByRole('button', { name: 'Презентации' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Массовая генерация', level: 1 }).waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Английский').check();
    await Promise.all([page.waitForURL(/\/dashboard\/presentations\/batches\//), page.getByRole('button', { name: 'Запустить' }).click()]);
    const batchId = page.url().split('/').pop()!;
    // The bar follows the batch by itself (a fetcher polls its progress).
    await page.locator('.presentation-progress[data-percent="100"]').waitFor({ timeout: 90_000 });
    await page.getByText('Готово 6 из 6 (100%)').waitFor();
    expect(await page.locator('#presentation-batch-progress').getAttribute('value')).toBe('6');
    expect(await accessibilityViolations(page)).toEqual([]);
    const zip = await downloadOf(page, () => page.getByRole('link', { name: 'Скачать всё архивом (ZIP)' }).click());
    const entries = Object.values((await JSZip.loadAsync(zip.data)).files).filter((f) => !f.dir);
    expect(entries).toHaveLength(6);
    for (const e of entries) expect(isWholePdf(await e.async('nodebuffer'))).toBe(true);
    expect(entries.filter((e) => e.name.endsWith('-en.pdf'))).toHaveLength(3);
    const [{ n }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM presentations WHERE batch_id = $1`, [batchId]);
    expect(n).toBe(6);
    const inBatch = await query<{ id: string }>(`SELECT DISTINCT property_ids[1] AS id FROM presentations WHERE batch_id = $1`, [batchId]);
    expect(inBatch.map((r) => r.id).sort()).toEqual(listings.map((l) => l.id).sort());

    // Retry the demo presentation that failed (its listing was deleted): queued again, audited; it fails again with the reason in Russian.
    const [failedOne] = await query<{ id: string }>(
      `SELECT id FROM presentations WHERE created_by = $1 AND status = 'failed' ORDER BY created_at LIMIT 1`,
      [employeeId],
    );
    await page.goto(`${BASE_URL}/dashboard/presentations?status=failed`);
    const failedRow = page.locator(`tr[data-id="${failedOne.id}"]`);
    await failedRow.getByText('Причина: Объекты презентации удалены').waitFor();
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/dashboard/presentations')),
      failedRow.getByRole('button', { name: 'Повторить' }).click(),
    ]);
    await page.getByText('Презентация поставлена в очередь снова').first().waitFor();
    expect(await query(`SELECT 1 FROM audit_logs WHERE action = 'presentation.retry' AND entity_id = $1`, [failedOne.id])).toHaveLength(1);

    // Delete the first presentation, after the confirmation.
    await page.goto(`${BASE_URL}/dashboard/presentations`);
    await row.getByRole('link', { name: 'Удалить' }).click();
    const panel = page.getByRole('alertdialog', { name: 'Удалить презентацию?' });
    await panel.waitFor();
    await Promise.all([page.waitForURL(/\/dashboard\/presentations$/), panel.getByRole('button', { name: 'Удалить' }).click()]);
    await row.waitFor({ state: 'detached' });
    expect(await query(`SELECT 1 FROM presentations WHERE id = $1`, [made.id])).toHaveLength(0);

    expect(problems()).toEqual([]);
    await context.close();
  });

  it("shows a batch's progress without JavaScript (the demo manager's bulk run of the seed)", async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, MANAGER);
    const [batch] = await query<{ id: string }>(
      `SELECT b.id FROM presentation_batches b JOIN users u ON u.id = b.created_by WHERE lower(u.email) = $1 ORDER BY b.created_at DESC LIMIT 1`,
      [MANAGER],
    );
    await page.goto(`${BASE_URL}/dashboard/presentations/batches/${batch.id}`);
    await page.getByRole('heading', { name: 'Пакет презентаций', level: 1 }).waitFor();
    await page.getByText(/Готово \d+ из \d+ \(\d+%\)/).waitFor();
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    await context.close();
  });
});
