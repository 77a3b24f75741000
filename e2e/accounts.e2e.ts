import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations } from './support/audit';
import { BASE_URL, launchBrowser, openPage } from './support/browser';

/**
 * Accounts, sessions and access control in the browser (issue 3): registration, sign-out,
 * sign-in with and without rememberMe (persistent vs browser-session cookie), favourites from
 * the catalogue to /dashboard/user/favorites, anonymous and wrong-role access, and an admin
 * blocking a user. With JavaScript on and off; with it on, the account screens (with their
 * error messages showing) have no WCAG 2.2 A/AA violation axe-core finds.
 */

const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:3001/api';
const PASSWORD = 'Passw0rd1';
const DEMO_PASSWORD = 'Demo12345';

function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.kz`;
}

/** The favourites count on a card (the number after the sr-only label). */
async function favCount(card: ReturnType<Page['locator']>): Promise<number> {
  const text = await card.locator('.property-card__stats span[title="В избранном"]').innerText();
  return Number(/(\d+)\s*$/.exec(text)?.[1] ?? NaN);
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(BASE_URL)).find((c) => c.name === '__session');
}

/** The session cookie's payload (signed, not encrypted: only the server and this test read it). */
async function sessionPayload(context: BrowserContext): Promise<Record<string, unknown>> {
  const cookie = await sessionCookie(context);
  if (!cookie) return {};
  const [value] = decodeURIComponent(cookie.value).split('.');
  return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
}

/** Clicks and waits for the URL (a full page load without JavaScript, a client navigation with it). */
async function clickTo(page: Page, locator: ReturnType<Page['locator']>, url: RegExp | ((u: URL) => boolean)) {
  await Promise.all([page.waitForURL(url), locator.click()]);
}

async function signIn(
  page: Page,
  email: string,
  password: string,
  rememberMe = false,
  expectUrl: RegExp | ((u: URL) => boolean) = /\/dashboard\//,
) {
  if (!new URL(page.url()).pathname.startsWith('/auth')) await page.goto(`${BASE_URL}/auth`);
  const form = page.locator('form.auth-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Пароль', { exact: true }).fill(password);
  if (rememberMe) await form.getByLabel('Запомнить меня').check();
  await clickTo(page, form.getByRole('button', { name: 'Войти' }), expectUrl);
}

async function signOut(page: Page) {
  await clickTo(page, page.locator('header').getByRole('button', { name: 'Выйти' }), (u) => u.pathname === '/');
  await page.locator('header').getByRole('link', { name: 'Войти' }).waitFor();
}

async function register(page: Page, email: string, fullName = 'Тест Покупатель') {
  await page.goto(`${BASE_URL}/auth?tab=register`);
  const form = page.locator('form.auth-form');
  await form.getByLabel('Имя и фамилия').fill(fullName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Телефон').fill('+7 (700) 123-45-67');
  await form.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Подтвердите пароль').fill(PASSWORD);
  await clickTo(page, form.getByRole('button', { name: 'Зарегистрироваться' }), /\/dashboard\/user$/);
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('accounts %s', (_label, javaScriptEnabled) => {
  let browser: Browser;
  const email = uniqueEmail(javaScriptEnabled ? 'js' : 'nojs');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('registers, signs out, signs in without and with rememberMe', async () => {
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled });

    // Registration: field errors first (kept values, red messages under the fields).
    await page.goto(`${BASE_URL}/auth`);
    await clickTo(page, page.getByRole(javaScriptEnabled ? 'tab' : 'link', { name: 'Регистрация' }), /tab=register/);
    const form = page.locator('form.auth-form');
    await form.getByLabel('Имя и фамилия').fill('Тест');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Подтвердите пароль').fill('Other0000');
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await form.getByText('Пароли не совпадают').waitFor();
    await form.getByText('Неверный формат email адреса').waitFor();
    await form.getByText('Телефон обязателен для заполнения').waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe('not-an-email');
    expect(await form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await register(page, email);
    await page.getByRole('heading', { level: 1, name: 'Здравствуйте, Тест!' }).waitFor();
    await page.getByText('Успешная регистрация').first().waitFor();
    // A registration is not remembered: a browser-session cookie, httpOnly, SameSite=Lax.
    const registered = await sessionCookie(context);
    expect(registered).toMatchObject({ httpOnly: true, sameSite: 'Lax', expires: -1 });
    // Tokens never reach page scripts.
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => document.cookie)).not.toContain('__session');
      expect(await page.content()).not.toContain(String((await sessionPayload(context)).accessToken));
    }

    // Header: dashboard and logout instead of the login link.
    const header = page.locator('header');
    await header.getByRole('link', { name: 'Кабинет' }).waitFor();
    await signOut(page);
    expect((await sessionPayload(context)).refreshToken).toBeUndefined();

    // Anonymous dashboard -> /auth and back after signing in (without rememberMe).
    await page.goto(`${BASE_URL}/dashboard/user`);
    expect(page.url()).toBe(`${BASE_URL}/auth?redirectTo=%2Fdashboard%2Fuser`);
    const loginForm = page.locator('form.auth-form');
    await loginForm.getByLabel('Email').fill(email);
    await loginForm.getByLabel('Пароль', { exact: true }).fill('Wrong0000');
    await loginForm.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Ошибка входа').first().waitFor();
    await page.getByText('Неверный email или пароль').first().waitFor();
    expect(await loginForm.getByLabel('Email').inputValue()).toBe(email);
    if (javaScriptEnabled) expect(await accessibilityViolations(page)).toEqual([]);

    await signIn(page, email, PASSWORD, false, /\/dashboard\/user$/);
    await page.getByText('Успешный вход').first().waitFor();
    expect((await sessionCookie(context))?.expires).toBe(-1);
    await signOut(page);

    // With rememberMe the cookie lives 30 days.
    await signIn(page, email, PASSWORD, true);
    const remembered = await sessionCookie(context);
    expect(remembered?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    expect(new URL(page.url()).pathname).toBe('/dashboard/user');

    // A user is not an administrator: 403 page.
    const denied = await page.goto(`${BASE_URL}/dashboard/admin/users`);
    expect(denied?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Недостаточно прав доступа' }).waitFor();

    expect(problems().filter((p) => !/status of (400|403)/.test(p))).toEqual([]);
    await context.close();
  });

  it('favourites a listing from the catalogue, sees it in the dashboard and filled after a reload, then removes it', async () => {
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled });
    await signIn(page, email, PASSWORD);

    await page.goto(`${BASE_URL}/catalog`);
    const card = page.locator('.property-card').first();
    const title = ((await card.locator('.property-card__title').textContent()) ?? '').trim();
    const heart = card.getByRole('button', { name: `Добавить в избранное: ${title}` });
    const countBefore = await favCount(card);
    if (javaScriptEnabled) {
      await heart.click();
      await page.getByText('Добавлено в избранное').first().waitFor();
    } else {
      await Promise.all([page.waitForNavigation(), heart.click()]);
      await page.getByText('Добавлено в избранное').first().waitFor();
    }
    const filled = page
      .locator('.property-card')
      .first()
      .getByRole('button', { name: `Удалить из избранного: ${title}` });
    await filled.waitFor();
    expect(await filled.getAttribute('aria-pressed')).toBe('true');
    expect(await favCount(page.locator('.property-card').first())).toBe(countBefore + 1);

    // Still filled after a reload (the real starting state).
    await page.reload();
    await page
      .locator('.property-card')
      .first()
      .getByRole('button', { name: `Удалить из избранного: ${title}` })
      .waitFor();

    // In the dashboard list.
    await page.goto(`${BASE_URL}/dashboard/user/favorites`);
    await page.getByRole('heading', { level: 1, name: 'Избранное' }).waitFor();
    const saved = page.locator('.property-card', { hasText: title });
    await saved.waitFor();
    expect(await page.locator('.property-card').count()).toBe(1);
    if (javaScriptEnabled) expect(await accessibilityViolations(page)).toEqual([]);

    // Removed from there: the list is empty again.
    const remove = saved.getByRole('button', { name: `Удалить из избранного: ${title}` });
    if (javaScriptEnabled) await remove.click();
    else await Promise.all([page.waitForNavigation(), remove.click()]);
    await page.getByText('Удалено из избранного').first().waitFor();
    await page.getByText('В избранном пока ничего нет').waitFor();

    expect(problems()).toEqual([]);
    await context.close();
  });

  it('an anonymous heart leads to /auth and back to the page after signing in', async () => {
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled });
    await page.goto(`${BASE_URL}/catalog`);
    const heart = page.locator('.property-card').first().locator('a.fav-btn');
    expect(await heart.getAttribute('href')).toBe('/auth?redirectTo=%2Fcatalog');
    await clickTo(page, heart, /\/auth\?redirectTo=%2Fcatalog/);
    await signIn(page, email, PASSWORD, false, (u: URL) => u.pathname === '/catalog');
    await page.locator('.property-card').first().locator('button.fav-btn').waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('edits the profile, refuses a wrong current password, and shows the empty enquiries list', async () => {
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled });
    await signIn(page, email, PASSWORD);
    await page.goto(`${BASE_URL}/dashboard/profile`);
    const personal = page.locator('form', { has: page.getByRole('heading', { name: 'Личные данные' }) });
    await personal.getByLabel('Имя', { exact: true }).fill('Тимур');
    await clickTo(page, personal.getByRole('button', { name: 'Сохранить' }), /\/dashboard\/profile$/);
    await page.getByText('Профиль сохранен').first().waitFor();
    expect(await personal.getByLabel('Имя', { exact: true }).inputValue()).toBe('Тимур');

    const password = page.locator('form', { has: page.getByRole('heading', { name: 'Смена пароля' }) });
    await password.getByLabel('Текущий пароль').fill('Wrong0000');
    await password.getByLabel('Новый пароль').fill('Newpass123');
    await password.getByLabel('Подтвердите пароль').fill('Newpass123');
    await password.getByRole('button', { name: 'Изменить пароль' }).click();
    await password.getByText('Неверный текущий пароль').waitFor();
    if (javaScriptEnabled) expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto(`${BASE_URL}/dashboard/user`);
    await page.getByRole('heading', { level: 1, name: 'Здравствуйте, Тимур!' }).waitFor();
    await page.goto(`${BASE_URL}/dashboard/user/requests`);
    await page.getByText('Заявок пока нет').waitFor();
    if (javaScriptEnabled) expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems().filter((p) => !/status of 400/.test(p))).toEqual([]);
    await context.close();
  });

  it('forgot password from the login e-mail field, and the reset screen without a token', async () => {
    const { context, page, problems } = await openPage(browser, { javaScriptEnabled });
    await page.goto(`${BASE_URL}/auth`);
    const form = page.locator('form.auth-form');
    await form.getByRole('button', { name: 'Забыли пароль?' }).click();
    await form.getByText('Введите email для восстановления пароля').waitFor();
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Забыли пароль?' }).click();
    await page.getByText('Письмо отправлено').first().waitFor();
    await page.getByText('Если указанный email существует, на него отправлена ссылка для восстановления пароля.').first().waitFor();

    await page.goto(`${BASE_URL}/auth/reset-password`);
    await page.getByText('Токен восстановления пароля не найден').waitFor();
    await page.goto(`${BASE_URL}/auth/reset-password?token=${'x'.repeat(43)}`);
    await page.getByLabel('Новый пароль').fill('short');
    await page.getByLabel('Подтвердите пароль').fill('other');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Пароль должен содержать минимум 8 символов').waitFor();
    await page.getByText('Пароли не совпадают').waitFor();
    // Refused forms answer 400 (which Chromium logs).
    expect(problems().filter((p) => !/status of 400/.test(p))).toEqual([]);
    await context.close();
  });
});

/** Registers an account straight through the API (CSRF handshake of spec 02 §7). */
async function registerViaApi(email: string): Promise<void> {
  const csrf = await fetch(`${API_URL}/csrf-token`);
  const token = ((await csrf.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const cookie = (csrf.headers.getSetCookie()[0] ?? '').split(';')[0];
  const res = await fetch(`${API_URL}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token, Cookie: cookie },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Блок', lastName: 'Тестов', phone: '+77001234567' }),
  });
  if (res.status !== 201) throw new Error(`register via API: ${res.status} ${await res.text()}`);
}

describe('users administration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('an admin blocks a user, who can no longer sign in, then deletes it (%s)', async (_label, javaScriptEnabled) => {
    const victim = uniqueEmail(javaScriptEnabled ? 'blockjs' : 'blocknojs');
    await registerViaApi(victim);

    const admin = await openPage(browser, { javaScriptEnabled });
    await signIn(admin.page, 'admin@realty.local', DEMO_PASSWORD, false, /\/dashboard\/employee$/);
    await admin.page.getByRole('link', { name: 'Пользователи' }).first().waitFor();
    await admin.page.goto(`${BASE_URL}/dashboard/admin/users?q=${encodeURIComponent(victim)}`);
    const row = admin.page.locator(`tr[data-user="${victim}"]`);
    await row.waitFor();
    await admin.page.getByText('Найден 1 пользователь').waitFor();
    await row.getByRole('button', { name: 'Заблокировать' }).click();
    await admin.page.getByText('Пользователь заблокирован').first().waitFor();
    await row.getByText('Заблокирован', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Разблокировать' }).waitFor();
    if (javaScriptEnabled) expect(await accessibilityViolations(admin.page)).toEqual([]);

    const user = await openPage(browser, { javaScriptEnabled });
    await user.page.goto(`${BASE_URL}/auth`);
    const form = user.page.locator('form.auth-form');
    await form.getByLabel('Email').fill(victim);
    await form.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Войти' }).click();
    await user.page.getByText('Учётная запись заблокирована. Обратитесь к администратору').first().waitFor();
    expect(new URL(user.page.url()).pathname).toBe('/auth');
    await user.context.close();

    // Delete with a confirmation step.
    await clickTo(admin.page, row.getByRole('link', { name: 'Удалить' }), /confirm=/);
    await admin.page.getByText(`Пользователь ${victim} будет удален без возможности восстановления.`).waitFor();
    await admin.page.getByRole('button', { name: 'Да, удалить' }).click();
    await admin.page.getByText('Пользователь удален').first().waitFor();
    await admin.page.getByText('Пользователи не найдены').waitFor();
    expect(admin.problems()).toEqual([]);
    await admin.context.close();
  });

  it('staff land on /dashboard/employee; an employee gets 403 on the users screen', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, 'employee@realty.local', DEMO_PASSWORD, false, /\/dashboard\/employee$/);
    await page.getByText('Ваша роль: Сотрудник').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const res = await page.goto(`${BASE_URL}/dashboard/admin/users`);
    expect(res?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Недостаточно прав доступа' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
