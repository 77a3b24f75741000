import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Base URL of the stack started by global-setup.js. */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
}

/** Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page that records console errors and failed same-origin requests; `problems()` lists
 * them so a test can assert a clean page.
 */
export async function openPage(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; problems: () => string[] }> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // Wide enough for the inline main navigation (below 1440 px it sits in the menu button).
    viewport: { width: 1440, height: 900 },
    locale: options.locale ?? 'ru-RU',
    extraHTTPHeaders: { 'Accept-Language': options.locale ?? 'ru-RU' },
  });
  const page = await context.newPage();
  const found: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') found.push(`console: ${m.text()}`);
  });
  // The page and the first frames too: a thrown non-Error (a Response, say) has only its class name as message.
  page.on('pageerror', (e) =>
    found.push(`pageerror: ${e.message} (on ${page.url()}) ${(e.stack ?? '').split('\n').slice(0, 4).join(' | ')}`),
  );
  page.on('response', (r) => {
    if (r.url().startsWith(BASE_URL) && r.status() >= 500) found.push(`${r.status()} ${r.url()}`);
  });
  return { context, page, problems: () => [...found] };
}

/**
 * Resolves once the page's main thread has nothing left to run (requestIdleCallback): the
 * hydration React schedules right after the scripts load has finished, so its errors are seen.
 */
export async function untilIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}
