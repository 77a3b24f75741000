import { eventually } from '@realty/testkit';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';
import { DEMO_ADMIN, signIn } from './support/sign-in';

/**
 * Moderation in the browser (issue 21; spec 02 §2 "Moderation: a queue of properties, each
 * approved (with a comment) or rejected (with a reason and notes)", "Deleted properties: list,
 * restore"), on the demo data (libs/seed demo-moderation.ts): the demo admin opens the queue from
 * the menu, reviews the listing with an agent's waiting edit (price and title, side by side:
 * the public value and the proposal), rejects a new listing (a reason too short first: the error
 * at its field; then the author's e-mail reaches the mail sink), approves another, which a
 * visitor then finds on its public page, and restores a deleted listing after the confirmation
 * step. With JavaScript off, approve is a plain form post. Pages are valid HTML without WCAG
 * A/AA violations axe-core finds.
 */

const state = JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE ?? '', 'utf8')) as { mailDir: string };
const QUEUE = `${BASE_URL}/dashboard/admin/moderation`;

interface Listing {
  id: string;
  slug: string;
  title: Record<string, string>;
}

/** New listings on moderation (never published), newest first so tests of other screens that take the oldest are not raced. */
/** Listings the tests approved (soft-deleted after them). */
const published: string[] = [];

async function pendingListings(): Promise<Listing[]> {
  return query<Listing>(
    `SELECT id, slug, title FROM properties WHERE status = 'pending' AND pending_changes IS NULL AND deleted_at IS NULL
     ORDER BY updated_at DESC, id LIMIT 10`,
  );
}

/** Whether the sink has caught a mail to `to` whose subject contains `subject`. */
function mailCaught(to: string, subject: string): boolean {
  if (!fs.existsSync(state.mailDir)) return false;
  return fs
    .readdirSync(state.mailDir)
    .filter((name) => name.endsWith('.json'))
    .some((name) => {
      const mail = JSON.parse(fs.readFileSync(path.join(state.mailDir, name), 'utf8')) as { to: string[]; subject: string };
      return mail.to.includes(to) && mail.subject.includes(subject);
    });
}

describe('moderation (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    // What these tests published leaves the catalogue again: the bulk test's listings have no
    // images, and at the head of /catalog they changed what later tests read there.
    await query(`UPDATE properties SET deleted_at = now() WHERE id = ANY($1::uuid[])`, [published]);
  });

  it('reviews the waiting edit side by side, rejects one listing, approves another that the public then sees, restores a deleted one', async () => {
    const { context, page, problems } = await openPage(browser);
    await signIn(page, DEMO_ADMIN);

    // The queue from the menu: the demo's new listings and the waiting edit.
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/moderation$/),
      page.getByRole('link', { name: 'Модерация', exact: true }).click(),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Модерация объектов' }).waitFor();
    const [edit] = await query<Listing & { price: string; proposed: { price: number; title: Record<string, string> } }>(
      `SELECT id, slug, title, price, pending_changes AS proposed FROM properties WHERE pending_changes IS NOT NULL AND deleted_at IS NULL LIMIT 1`,
    );
    expect(edit).toBeDefined();
    expect(await page.locator('tr[data-kind="new"]').count()).toBeGreaterThanOrEqual(3);
    expect(await markupErrors(await page.content())).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The edit: public value and proposal side by side, only the changed fields.
    const editRow = page.locator(`tr[data-listing="${edit.id}"]`);
    await editRow.getByText('Правка опубликованного').waitFor();
    await Promise.all([page.waitForURL(new RegExp(`/moderation/${edit.id}$`)), editRow.getByRole('link', { name: /^Проверить/ }).click()]);
    const price = page.locator('tr[data-field="price"]');
    const digits = (s: string) => s.replace(/\D/g, '');
    expect(digits(await price.locator('[data-side="before"]').innerText())).toBe(String(Math.round(Number(edit.price))));
    expect(digits(await price.locator('[data-side="after"]').innerText())).toBe(String(edit.proposed.price));
    const title = page.locator('tr[data-field="title.ru"]');
    expect((await title.locator('[data-side="before"]').innerText()).trim()).toBe(edit.title.ru);
    expect((await title.locator('[data-side="after"]').innerText()).trim()).toBe(edit.proposed.title.ru);
    // The words that changed are marked on each side (the rate inside the long description too).
    expect(await title.locator('[data-side="after"] mark').allInnerTexts()).toEqual([edit.proposed.title.ru.slice(edit.title.ru.length)]);
    expect(await page.locator('tr[data-field="description.ru"] [data-side="after"] mark').count()).toBeGreaterThan(0);
    expect(await page.locator('tr[data-field="address"]').count()).toBe(0);
    // A reason typed and not sent: leaving asks first (the staff form's unsaved-changes guard).
    await page.locator('form#reject-form').getByLabel('Причина').fill('Черновик причины');
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: '← Вся очередь' }).click();
    await eventually('the unsaved-changes question', () => asked.length > 0);
    expect(asked).toEqual(['Есть несохранённые изменения. Уйти со страницы без сохранения?']);
    expect(page.url()).toMatch(new RegExp(`/moderation/${edit.id}$`));
    expect(await markupErrors(await page.content())).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Reject a new listing: a reason too short is refused at its field, then the rejection goes through.
    const [rejected, approved] = await pendingListings();
    published.push(approved.id);
    await page.goto(`${QUEUE}/${rejected.id}`);
    const rejectForm = page.locator('form#reject-form');
    await rejectForm.getByLabel('Причина').fill('ab');
    await rejectForm.getByRole('button', { name: 'Отклонить' }).click();
    await page.locator('#field-reason-error').getByText('Причина: от 3 до 500 символов').waitFor();
    await page.getByText('Ошибка валидации').first().waitFor();
    expect(await rejectForm.getByLabel('Причина').getAttribute('aria-invalid')).toBe('true');
    expect(await markupErrors(await page.content())).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await rejectForm.getByLabel('Причина').fill('Фотографии не соответствуют объекту');
    await rejectForm.getByLabel('Подробности для автора (необязательно)').fill('Загрузите снимки этого помещения.');
    await Promise.all([page.waitForURL(/\/dashboard\/admin\/moderation$/), rejectForm.getByRole('button', { name: 'Отклонить' }).click()]);
    await page.getByText('Объект отклонён, автор получит письмо').first().waitFor();
    const [stored] = await query<{ status: string; rejection_reason: string; email: string; language: 'ru' | 'en' | 'kk' | 'zh' }>(
      `SELECT p.status, p.rejection_reason, u.email, u.language FROM properties p JOIN users u ON u.id = p.owner_id WHERE p.id = $1`,
      [rejected.id],
    );
    expect([stored.status, stored.rejection_reason]).toEqual(['inactive', 'Фотографии не соответствуют объекту']);
    await eventually(
      `the rejection mail to ${stored.email}`,
      () => mailCaught(stored.email, rejected.title[stored.language] || rejected.title.ru),
      {
        timeoutMs: 60_000,
        intervalMs: 250,
      },
    );

    // Approve another with a comment: a visitor then finds it on its public page.
    await page.goto(`${QUEUE}/${approved.id}`);
    const approveForm = page.locator('form#approve-form');
    await approveForm.getByLabel('Комментарий (необязательно)').fill('Проверено, фото соответствуют.');
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/moderation$/),
      approveForm.getByRole('button', { name: 'Одобрить и опубликовать' }).click(),
    ]);
    await page.getByText('Объект одобрен и опубликован').first().waitFor();
    expect(await page.locator(`tr[data-listing="${approved.id}"]`).count()).toBe(0);
    const visitor = await openPage(browser);
    await eventually('the approved listing on its public page', async () => {
      const res = await visitor.page.goto(`${BASE_URL}/property/${approved.slug}`);
      return res?.status() === 200;
    });
    await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
    await visitor.context.close();

    // Restore a deleted listing after the confirmation step.
    const [deleted] = await query<Listing & { status: string }>(
      `SELECT id, slug, title, status FROM properties WHERE deleted_at IS NOT NULL AND status = 'active' ORDER BY deleted_at DESC LIMIT 1`,
    );
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/deleted-properties$/),
      page.getByRole('link', { name: 'Удалённые объекты', exact: true }).click(),
    ]);
    const deletedRow = page.locator(`tr[data-listing="${deleted.id}"]`);
    await Promise.all([page.waitForURL(/confirm=/), deletedRow.getByRole('link', { name: /^Восстановить/ }).click()]);
    const dialog = page.getByRole('alertdialog', { name: 'Восстановить объект?' });
    await dialog.getByText('вернётся в статус «Опубликован»').waitFor();
    expect(await markupErrors(await page.content())).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/deleted-properties$/),
      dialog.getByRole('button', { name: 'Да, восстановить' }).click(),
    ]);
    await page.getByText('Объект восстановлен').first().waitFor();
    expect(await page.locator(`tr[data-listing="${deleted.id}"]`).count()).toBe(0);
    const [restored] = await query<{ deleted_at: Date | null }>('SELECT deleted_at FROM properties WHERE id = $1', [deleted.id]);
    expect(restored.deleted_at).toBeNull();

    // The refused reason answered 400 on purpose (the page with the field error); nothing else went wrong.
    expect(problems().filter((p) => !p.includes('status of 400 (Bad Request)'))).toEqual([]);
    await context.close();
  });

  it('approves with JavaScript off: a plain form post, back to the queue with the toast', async () => {
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, DEMO_ADMIN);
    const [listing] = (await pendingListings()).slice(-1);
    published.push(listing.id);
    await page.goto(`${QUEUE}/${listing.id}`);
    await page.locator('tr[data-field="title.ru"] [data-side="after"]').getByText(listing.title.ru).waitFor();
    const approveForm = page.locator('form#approve-form');
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/moderation$/),
      approveForm.getByRole('button', { name: 'Одобрить и опубликовать' }).click(),
    ]);
    await page.getByText('Объект одобрен и опубликован').first().waitFor();
    const [row] = await query<{ status: string; published_at: Date | null }>('SELECT status, published_at FROM properties WHERE id = $1', [
      listing.id,
    ]);
    expect(row.status).toBe('active');
    expect(row.published_at).not.toBeNull();
    expect(problems()).toEqual([]);
    // The review of a listing no longer on moderation says so (404), with the way back.
    const res = await page.goto(`${QUEUE}/${listing.id}`);
    expect(res?.status()).toBe(404);
    await page.getByText('Объект не ждёт модерации').first().waitFor();
    await page.getByRole('link', { name: '← Вся очередь' }).waitFor();
    await context.close();
  });

  it('approves selected listings at once from the queue (bulk form, JavaScript off)', async () => {
    const tag = Date.now().toString(36);
    const made = await query<{ id: string }>(
      `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, price, area, address, status, owner_id, agent_id)
       SELECT 'e2e-bulk-' || x || '-' || $1,
              jsonb_build_object('ru', 'Офис на Абая для проверки ' || x, 'en', '', 'kk', '', 'zh', ''),
              jsonb_build_object('ru', 'Офис с ремонтом и парковкой в центре Алматы.', 'en', '', 'kk', '', 'zh', ''),
              p.category_id, p.property_type_id, 'rent', 500000, 80, 'пр. Абая, 150, офис ' || x, 'pending', p.owner_id, p.owner_id
       FROM (SELECT category_id, property_type_id, owner_id FROM properties WHERE owner_id IS NOT NULL LIMIT 1) p, generate_series(1, 2) x
       RETURNING id`,
      [tag],
    );
    published.push(...made.map((m) => m.id));
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, DEMO_ADMIN);
    await page.goto(QUEUE);
    for (const { id } of made) await page.locator(`tr[data-listing="${id}"] input[name="ids"]`).check();
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/moderation$/),
      page.getByRole('button', { name: 'Одобрить выбранные' }).click(),
    ]);
    await page.getByText('Одобрено 2 объекта').first().waitFor();
    const rows = await query<{ status: string }>('SELECT status FROM properties WHERE id = ANY($1::uuid[])', [made.map((m) => m.id)]);
    expect(rows.map((r) => r.status)).toEqual(['active', 'active']);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('is for admins only: an employee gets the 403 page', async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${BASE_URL}/auth`);
    const form = page.locator('form.auth-form');
    await form.getByLabel('Email').fill('employee@realty.local');
    await form.getByLabel('Пароль', { exact: true }).fill('Demo12345');
    await Promise.all([page.waitForURL(/\/dashboard\//), form.getByRole('button', { name: 'Войти' }).click()]);
    for (const url of [QUEUE, `${BASE_URL}/dashboard/admin/deleted-properties`]) {
      const res = await page.goto(url);
      expect(res?.status()).toBe(403);
      await page.getByRole('heading', { name: 'Недостаточно прав доступа' }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Модерация', exact: true }).count()).toBe(0);
    await context.close();
  });
});
