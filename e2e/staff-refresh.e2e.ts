import { eventually } from '@realty/testkit';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, openPage } from './support/browser';

/**
 * Staff lists refresh while open (issue 21; spec 02 §9 "users: 2 min"): an admin keeps
 * /dashboard/admin/users open on a search with no match; a matching account is registered
 * meanwhile; once the page's clock has moved two minutes the list reloads by itself (Remix
 * revalidation, useStaffRefresh) and shows it, without a navigation. The browser's clock is
 * Playwright's fake one (page.clock): nothing waits two real minutes, and nothing in the
 * application is configured for the test. The scheduling's details (hidden tab, no stacking)
 * are unit-tested in web/app/lib/staff/refresh.test.ts.
 */

const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:3001/api';

function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.kz`;
}

/** Registers an account straight through the API (CSRF handshake of spec 02 §7). */
async function registerViaApi(email: string): Promise<void> {
  const csrf = await fetch(`${API_URL}/csrf-token`);
  const token = ((await csrf.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const cookie = (csrf.headers.getSetCookie()[0] ?? '').split(';')[0];
  const res = await fetch(`${API_URL}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token, Cookie: cookie },
    body: JSON.stringify({ email, password: 'Passw0rd1', firstName: 'Обнов', lastName: 'Тестов', phone: '+77001234567' }),
  });
  if (res.status !== 201) throw new Error(`register via API: ${res.status} ${await res.text()}`);
}

describe('staff list refresh', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the users list reloads itself after 2 minutes on the page and shows an account created meanwhile', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.clock.install();
    const reloads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/dashboard/admin/users') && url.pathname.endsWith('.data')) reloads.push(url.pathname);
    });

    await page.goto(`${BASE_URL}/auth`);
    const form = page.locator('form.auth-form');
    await form.getByLabel('Email').fill('admin@realty.local');
    await form.getByLabel('Пароль', { exact: true }).fill('Demo12345');
    await form.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(/\/dashboard\/employee$/);

    const email = uniqueEmail('refresh');
    await page.goto(`${BASE_URL}/dashboard/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByText('Пользователи не найдены').waitFor();
    await page.waitForFunction(
      () => !!(window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
    );
    expect(reloads).toEqual([]);

    await registerViaApi(email);
    const row = page.locator(`tr[data-user="${email}"]`);
    // Two minutes of page time per step: the first step after the hook's effect has run reloads the list.
    await eventually(
      'the list to reload with the new account',
      async () => {
        await page.clock.fastForward('02:00');
        return (await row.count()) > 0;
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(reloads.length).toBeGreaterThanOrEqual(1);
    expect(new URL(page.url()).searchParams.get('q')).toBe(email);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
