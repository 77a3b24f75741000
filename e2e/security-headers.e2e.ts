import argon2 from 'argon2';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';
import { startStack, type PrivateStack } from './support/stack';

/**
 * The web server's security headers (issue 19 item 4, decision 024), read from real answers of
 * the started stack: helmet's headers on a page, an asset and a /media file; a nonce of its own
 * in every answer (kept pages of the page cache included) that every inline script and style
 * carries; the dashboards' and the reset-password page's own Cache-Control and Referrer-Policy;
 * and in the browser, no Content-Security-Policy violation on the main public pages, map tiles
 * from another host (MAP_TILE_URL) included.
 */

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

/** The nonce the CSP header of `res` names for scripts. */
function headerNonce(res: Response): string {
  const source = directives(res.headers.get('content-security-policy'))
    .get('script-src')
    ?.find((v) => v.startsWith("'nonce-"));
  expect(source).toBeDefined();
  return source!.slice("'nonce-".length, -1);
}

/** The headers every answer of the web server carries (NODE_ENV=production in the e2e stack). */
function expectHelmetHeaders(res: Response, what: string) {
  const h = (name: string) => [what, name, res.headers.get(name)];
  expect(h('x-content-type-options')).toEqual([what, 'x-content-type-options', 'nosniff']);
  expect(h('referrer-policy')).toEqual([what, 'referrer-policy', 'strict-origin-when-cross-origin']);
  expect(h('x-frame-options')).toEqual([what, 'x-frame-options', 'DENY']);
  expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/);
  const csp = directives(res.headers.get('content-security-policy'));
  expect([what, csp.get('frame-ancestors')]).toEqual([what, ["'none'"]]);
  const scripts = csp.get('script-src') ?? [];
  expect(scripts).toContain("'self'");
  expect(scripts.some((v) => /^'nonce-[\w-]{22}'$/.test(v))).toBe(true);
  expect(scripts.filter((v) => /unsafe/.test(v))).toEqual([]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
}

/**
 * Checks that every inline script and <style> of `html` carries `nonce`, and that no other
 * nonce appears in it; returns how many elements carry it. JSON-LD blocks are left out:
 * Remix's <Meta> writes them without a nonce, and a data block is never run, so CSP does not
 * apply to it (HTML "prepare the script element" stops at its type; the browser test below
 * sees no violation on the pages that have them).
 */
function expectNonceEverywhere(html: string, nonce: string): number {
  const inline = [...html.matchAll(/<(script|style)\b([^>]*)>/g)].filter(
    ([, tag, attrs]) => tag === 'style' || (!/\bsrc=/.test(attrs) && !attrs.includes('type="application/ld+json"')),
  );
  const without = inline.filter(([, , attrs]) => !attrs.includes(`nonce="${nonce}"`)).map(([tag]) => tag);
  expect(without).toEqual([]);
  const others = [...html.matchAll(/nonce="([^"]*)"/g)].map(([, n]) => n).filter((n) => n !== nonce);
  expect(others).toEqual([]);
  return inline.length;
}

describe('security headers of the web server', () => {
  it('a page, an asset and a /media file carry the CSP (nonce, no unsafe-inline scripts, frame-ancestors none), HSTS, nosniff and the referrer policy', async () => {
    const page = await fetch(`${BASE_URL}/catalog`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expectHelmetHeaders(page, 'page');
    const html = await page.text();
    const asset = /(\/assets\/[\w.-]+\.js)/.exec(html)?.[1];
    const media = /(\/media\/[^"'\s?]+)/.exec(html)?.[1];
    expect([asset, media]).toEqual([expect.any(String), expect.any(String)]);
    for (const [what, path] of [
      ['asset', asset!],
      ['media', media!],
    ]) {
      const res = await fetch(`${BASE_URL}${path}`);
      expect([what, res.status]).toEqual([what, 200]);
      expectHelmetHeaders(res, what);
      await res.arrayBuffer();
    }
  });

  it('every answer of a page has its own nonce, in its header and in every inline script and style, kept pages of the page cache too', async () => {
    const seen = new Set<string>();
    const states: string[] = [];
    // Compressed (the cache's gzip parts once deflated) and plain answers, the first a miss.
    for (const encoding of ['gzip', 'identity', 'gzip', 'identity', 'gzip']) {
      const res = await fetch(`${BASE_URL}/?nonce-test=1`, { headers: { accept: 'text/html', 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      const nonce = headerNonce(res);
      expect(seen.has(nonce)).toBe(false);
      seen.add(nonce);
      states.push(res.headers.get('x-page-cache') ?? '');
      expect(expectNonceEverywhere(await res.text(), nonce)).toBeGreaterThan(3);
    }
    // After the first, kept pages ('stale' while the cache renders it anew in the background).
    expect(states.slice(1).filter((s) => s !== 'hit' && s !== 'stale')).toEqual([]);
  });

  it("the dashboards' no-store and the reset-password page's no-referrer and no-store reach the browser", async () => {
    const email = `e2e.headers.${Date.now().toString(36)}@example.kz`;
    const [role] = await query<{ id: string }>(`SELECT id FROM roles WHERE name = 'user'`);
    const hash = await argon2.hash('Passw0rd1', { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    await query(
      `INSERT INTO users (email, password_hash, first_name, last_name, language, status, role_id) VALUES ($1, $2, 'Тест', 'Заголовков', 'ru', 'active', $3)`,
      [email, hash, role.id],
    );
    // Sign in through the web's form (no JavaScript).
    const form = await fetch(`${BASE_URL}/auth`, { headers: { accept: 'text/html' } });
    const cookies = new Map(form.headers.getSetCookie().map((c) => c.slice(0, c.indexOf(';')).split('=') as [string, string]));
    const token = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
    const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const signIn = await fetch(`${BASE_URL}/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
      body: new URLSearchParams({ csrf: token, intent: 'login', email, password: 'Passw0rd1' }).toString(),
    });
    expect(signIn.status).toBe(302);
    for (const c of signIn.headers.getSetCookie()) cookies.set(c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1, c.indexOf(';')));
    for (const path of ['/dashboard/user', '/dashboard/user/favorites', '/dashboard/profile']) {
      const res = await fetch(`${BASE_URL}${path}`, { headers: { accept: 'text/html', cookie: cookie() }, redirect: 'manual' });
      expect([path, res.status]).toEqual([path, 200]);
      expect([path, res.headers.get('cache-control')]).toEqual([path, 'private, no-store']);
      expectHelmetHeaders(res, path);
      await res.arrayBuffer();
    }
    const reset = await fetch(`${BASE_URL}/auth/reset-password?token=abc`, { headers: { accept: 'text/html' } });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('cache-control')).toBe('no-store');
    expect(reset.headers.get('referrer-policy')).toBe('no-referrer');
    await reset.arrayBuffer();
  });
});

/** A 1×1 PNG: the tiles of the test's tile server. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

describe('Content-Security-Policy in the browser', () => {
  let browser: Browser;
  let stack: PrivateStack;
  let tiles: http.Server;
  let tileRequests = 0;

  beforeAll(async () => {
    // Map tiles from another host, as OpenStreetMap's would be: a server of our own on
    // {a,b,c}.localhost (Chromium sends *.localhost to loopback), named by MAP_TILE_URL.
    tiles = http.createServer((_req, res) => {
      tileRequests += 1;
      res.writeHead(200, { 'content-type': 'image/png' }).end(TILE);
    });
    await new Promise<void>((resolve) => tiles.listen(0, resolve));
    const tileUrl = `http://{s}.localhost:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
    [browser, stack] = await Promise.all([
      launchBrowser(),
      startStack({ api: false, webs: [{ MAP_TILE_URL: tileUrl, MAP_TILE_ATTRIBUTION: 'Test tiles' }] }),
    ]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([browser?.close(), stack?.stop(), new Promise((resolve) => tiles?.close(resolve))]);
  });

  it('no CSP violation on home, the catalogue map view, a listing, a news article and the partners, with JavaScript on', async () => {
    const web = stack.webUrls[0];
    const text = (path: string) => fetch(`${web}${path}`, { headers: { accept: 'text/html' } }).then((r) => r.text());
    const listing = /href="(\/property\/[^"?#]+)"/.exec(await text('/catalog'))?.[1];
    const article = /href="(\/news\/[^"?#]+)"/.exec(await text('/news'))?.[1];
    expect([listing, article]).toEqual([expect.any(String), expect.any(String)]);

    const { context, page, problems } = await openPage(browser);
    await context.addInitScript(() => {
      const found: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = found;
      document.addEventListener('securitypolicyviolation', (e) => found.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const violations: string[] = [];
    for (const path of ['/', '/catalog?view=map', listing!, article!, '/partners']) {
      await page.goto(`${web}${path}`, { waitUntil: 'load' });
      // Hydrated: the analytics tracker and the client scripts ran.
      await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
      if (path.includes('view=map'))
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll('img.leaflet-tile')].some(
              (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          undefined,
          { timeout: 20_000 },
        );
      violations.push(
        ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).map((v) => `${path}: ${v}`),
      );
    }
    // A client navigation away and back: React writes the page's stylesheets into <head> again (decision 020), with the nonce.
    await page.locator('footer a[href="/about"]').click();
    await page.waitForURL(/\/about$/);
    await page.goBack();
    await page.waitForURL(/\/partners$/);
    await page.locator('head style[data-href]').first().waitFor({ state: 'attached' });
    violations.push(
      ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).map(
        (v) => `back to /partners: ${v}`,
      ),
    );
    expect(violations).toEqual([]);
    expect(problems()).toEqual([]);
    expect(tileRequests).toBeGreaterThan(0);
    await context.close();
  });
});
