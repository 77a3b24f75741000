import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';

/**
 * Maps show streets by default (issue 19 item 14): a web started without MAP_TILE_URL draws
 * OpenStreetMap's standard tiles with their attribution linked to the copyright page. The stack
 * of global-setup.js turns tiles off (this machine is offline), so this file starts one more web
 * on the same API without that setting, and the browser's tile requests are answered by a
 * local 1x1 PNG (Playwright routing); every other request leaving the machine fails the test.
 */

const root = path.resolve(__dirname, '..');
const state = JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE ?? '', 'utf8')) as { serviceEnv: Record<string, string> };
/** A transparent 1x1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('maps with the default tiles', () => {
  let browser: Browser;
  let web: ChildProcess;
  let base: string;
  let log = '';

  beforeAll(async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, ...state.serviceEnv, WEB_PORT: String(port) };
    delete env.MAP_TILE_URL;
    delete env.MAP_TILE_ATTRIBUTION;
    delete env.MAP_TILE_ATTRIBUTION_URL;
    web = spawn('node', ['web/server.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    web.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    web.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (web.exitCode !== null) throw new Error(`web exited with ${web.exitCode}:\n${log}`);
      const up = await fetch(`${base}/`).then(
        (r) => r.status < 500,
        () => false,
      );
      if (up) break;
      if (i > 240) throw new Error(`web did not answer:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    web?.kill('SIGTERM');
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
