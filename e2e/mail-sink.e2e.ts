import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { signIn } from './support/sign-in';

/**
 * The local demo's mail sink in the started stack (issue 19 item 6, docs/decisions/028): the
 * worker's mail reaches the sink, an admin reads it at /dashboard/admin/mail and follows the
 * password reset link from it; other roles get the 403 page.
 */

/** A demo account no other browser test signs in with or resets. */
const RESET_EMAIL = 'manager@realty.local';

const state = JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE ?? '', 'utf8')) as { mailDir: string };

/** Whether the sink's directory holds a mail to `to` whose subject contains `subject`. */
function caught(to: string, subject: string): boolean {
  return fs
    .readdirSync(state.mailDir)
    .filter((name) => name.endsWith('.json'))
    .some((name) => {
      const mail = JSON.parse(fs.readFileSync(path.join(state.mailDir, name), 'utf8')) as { to: string[]; subject: string };
      return mail.to.includes(to) && mail.subject.includes(subject);
    });
}

/** Resolves once the sink has caught such a mail (it writes each one whole, by a rename): watched, not polled. */
function untilCaught(to: string, subject: string, timeoutMs = 60_000): Promise<void> {
  fs.mkdirSync(state.mailDir, { recursive: true });
  return new Promise((resolve, reject) => {
    const watcher = fs.watch(state.mailDir);
    const done = (error?: Error) => {
      clearTimeout(timer);
      watcher.close();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => done(new Error(`no mail to ${to} about "${subject}" in ${timeoutMs} ms`)), timeoutMs);
    watcher.on('change', () => caught(to, subject) && done());
    if (caught(to, subject)) done();
  });
}

describe('mail sink page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the password reset mail to an admin, who follows its link to the reset form', async () => {
    // A visitor asks for a new password.
    const visitor = await openPage(browser);
    await visitor.page.goto(`${BASE_URL}/auth`);
    const form = visitor.page.locator('form.auth-form');
    await form.getByLabel('Email').fill(RESET_EMAIL);
    await form.getByRole('button', { name: 'Забыли пароль?' }).click();
    await visitor.page.getByText('Письмо отправлено').first().waitFor();
    await visitor.context.close();

    // The admin finds it through the dashboard navigation.
    const { context, page, problems } = await openPage(browser);
    await signIn(page, 'admin@realty.local');
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/mail$/),
      page.getByRole('navigation', { name: 'Разделы кабинета' }).getByRole('link', { name: 'Почта (демо)' }).click(),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Перехваченные письма' }).waitFor();
    // The worker sends it within seconds: once the sink has it, the list shows it.
    await untilCaught(RESET_EMAIL, 'Восстановление пароля');
    await page.reload();
    const row = page.locator('tr', { hasText: RESET_EMAIL }).filter({ hasText: 'Восстановление пароля' });
    expect(await row.count()).toBeGreaterThan(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await markupErrors(await page.content())).toEqual([]);

    // The mail: its text with the link, its HTML in a sandboxed frame.
    await Promise.all([page.waitForURL(/\/dashboard\/admin\/mail\/\d{13}-[0-9a-f]{8}$/), row.first().getByRole('link').click()]);
    await page.getByRole('heading', { level: 1, name: /Восстановление пароля/ }).waitFor();
    const frame = page.locator('iframe.mail-html');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page.frameLocator('iframe.mail-html').getByText('Задать новый пароль').first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await markupErrors(await page.content())).toEqual([]);
    const link = page.locator('pre.mail-text a', { hasText: '/auth/reset-password?token=' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/auth/reset-password\\?token=[\\w-]{43}$`));
    await Promise.all([page.waitForURL(/\/auth\/reset-password\?token=/), link.click()]);
    await page.getByLabel('Новый пароль').waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('is not for other roles: no link, and the 403 page', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'user@realty.local');
    expect(await page.getByRole('link', { name: 'Почта (демо)' }).count()).toBe(0);
    const res = await page.goto(`${BASE_URL}/dashboard/admin/mail`);
    expect(res?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Недостаточно прав доступа' }).waitFor();
    await context.close();
  });
});
