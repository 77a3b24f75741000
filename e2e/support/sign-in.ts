import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../libs/seed/src/reference-data';
import { BASE_URL } from './browser';

/** The demo admin (libs/seed), who opens the admin screens in the browser tests. */
export const DEMO_ADMIN = 'admin@realty.local';

/**
 * Signs `email` (a demo account: the seed's DEMO_PASSWORD) in through the /auth form, in
 * Russian, and waits until the dashboard it lands on (staff: /dashboard/employee; others:
 * /dashboard/user). Works with and without JavaScript.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${BASE_URL}/auth?lng=ru`);
  const form = page.locator('form.auth-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL(/\/dashboard\//), form.getByRole('button', { name: 'Войти' }).click()]);
}
