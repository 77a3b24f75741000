import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { startStack, type PrivateStack } from './support/stack';

/**
 * Maps show streets by default (issue 19 item 14): a web started without MAP_TILE_URL draws
 * OpenStreetMap's standard tiles with their attribution linked to the copyright page. The stack
 * of global-setup.js turns tiles off (this machine is offline), so this file starts one more web
 * on the same API without that setting, and the browser's tile requests are answered by a
 * local 1x1 PNG (Playwright routing); every other request leaving the machine fails the test.
 */

/** A transparent 1x1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('maps with the default tiles', () => {
  let browser: Browser;
  let stack: PrivateStack;
  let base: string;

  beforeAll(async () => {
    // A web on the shared API without the stack's tile settings, so their defaults apply.
    stack = await startStack({ api: false, webs: [{ MAP_TILE_URL: null, MAP_TILE_ATTRIBUTION: null, MAP_TILE_ATTRIBUTION_URL: null }] });
    base = stack.webUrls[0];
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('draws OpenStreetMap tiles under the catalogue map, credited with a link to its copyright page', async () => {
    const { context, page, problems } = await openPage(browser);
    const tiles: string[] = [];
    const outside: string[] = [];
    await context.route(
      (url) => !url.href.startsWith(base) && !url.href.startsWith('data:'),
      async (route) => {
        const url = route.request().url();
        if (url.startsWith('https://tile.openstreetmap.org/')) {
          tiles.push(url);
          await route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL });
        } else {
          outside.push(url);
          await route.abort();
        }
      },
    );
    try {
      await page.goto(`${base}/catalog?dealType=rent&view=map`);
      await page.locator('.catalog-map img.leaflet-tile-loaded').first().waitFor({ timeout: 20_000 });
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.every((u) => /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(u))).toBe(true);
      const credit = page.locator('.catalog-map .leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]');
      await expect(credit.textContent()).resolves.toBe('© OpenStreetMap contributors');
      expect(outside).toEqual([]);
      expect(problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
