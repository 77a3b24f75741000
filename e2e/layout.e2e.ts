import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, openPage } from './support/browser';

describe('layout, language and not-found page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the 404 page of spec 01 §2 with status 404 for an unknown path', async () => {
    const { context, page, problems } = await openPage(browser);
    const res = await page.goto(`${BASE_URL}/no/such/page`);
    expect(res?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Page Not Found');
    expect(await page.locator('code').textContent()).toContain('/no/such/page');
    expect(problems().filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  });

  it('switches the page texts to Kazakh and remembers the choice', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${BASE_URL}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    await expect(page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Каталог' }).count()).resolves.toBe(1);

    await page.getByRole('navigation', { name: 'Язык' }).getByRole('link', { name: 'KK' }).click();
    await page.waitForURL(/lng=kk/);
    expect(await page.getAttribute('html', 'lang')).toBe('kk');
    await expect(page.getByRole('navigation', { name: 'Негізгі навигация' }).getByRole('link', { name: 'Серіктестер' }).count()).resolves.toBe(1);

    // The cookie keeps Kazakh on a page opened without ?lng=
    await page.goto(`${BASE_URL}/no-such-page`);
    expect(await page.getAttribute('html', 'lang')).toBe('kk');
    expect(problems().filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  });

  it('serves the theme chosen without JavaScript on the first paint', async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${BASE_URL}/`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('system');
    await page.getByRole('button', { name: 'Тёмная' }).click();
    await page.waitForLoadState('load');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.goto(`${BASE_URL}/`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await context.close();
  });

  it('serves a kept catalogue page to a new visitor whose forms still pass the CSRF check', async () => {
    // A URL no other test asks, first rendered for someone else (web/app/lib/page-cache.server.ts).
    const url = `${BASE_URL}/catalog?type=office&area_min=37`;
    const first = await fetch(url, { headers: { accept: 'text/html' } });
    expect(first.status).toBe(200);
    // rendered by the worker thread (web/render-thread.mjs), not the thread serving kept pages
    expect(first.headers.get('x-page-cache')).toBe('miss, render thread');
    // It carries a visitor's token: private to the browser, which revalidates it.
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    await first.text();

    const { context, page, problems } = await openPage(browser, { javaScriptEnabled: false });
    const res = await page.goto(url);
    expect(res?.headers()['x-page-cache']).toBe('hit');
    expect(res?.headers()['cache-control']).toBe('private, no-cache');
    expect(await page.getAttribute('html', 'data-theme')).toBe('system');
    await page.getByRole('button', { name: 'Тёмная' }).click();
    await page.waitForLoadState('load');
    // The theme form carried this visitor's token, not the first visitor's: no 'form expired'.
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await expect(page.getByText('Срок действия формы истёк').count()).resolves.toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  });
  it('paints from the stylesheets written into the document and links the ones a client-side navigation adds (decision 020)', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${BASE_URL}/catalog`);
    // The catalogue's stylesheets come with the HTML: no render-blocking <link> round trip.
    const inlined = await page.locator('head style[data-href^="/assets/"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-href')));
    expect(inlined).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/app-[\w-]+\.css$/), expect.stringMatching(/^\/assets\/catalog-[\w-]+\.css$/)]));
    await expect(page.locator('head link[rel="stylesheet"]').count()).resolves.toBe(0);
    // ...and they apply (catalog.css lays the cards out as flex columns).
    await expect(page.locator('.property-card').first().evaluate((el) => getComputedStyle(el).flexDirection)).resolves.toBe('column');
    // Hydrated without a mismatch (React reports one as a console error).
    await page.waitForFunction(() => {
      const el = document.querySelector('#catalog-q');
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
    });

    // A client-side navigation to a page whose stylesheet the document did not carry links it.
    await page.locator('footer a[href="/about"]').click();
    await page.waitForURL(/\/about$/);
    await page.locator('.company-hero').first().waitFor();
    await page.locator('head link[rel="stylesheet"][href*="/assets/company-"]').waitFor({ state: 'attached', timeout: 5000 });
    await expect(page.locator('.company-hero').first().evaluate((el) => getComputedStyle(el).borderBottomStyle)).resolves.toBe('solid');
    // Back in the catalogue, its written stylesheets are still there and still apply.
    await page.goBack();
    await page.waitForURL(/\/catalog$/);
    await page.locator('.property-card').first().waitFor();
    await page.locator('head style[data-href^="/assets/catalog-"]').waitFor({ state: 'attached', timeout: 5000 });
    await expect(page.locator('.property-card').first().evaluate((el) => getComputedStyle(el).flexDirection)).resolves.toBe('column');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('loads the code every page shares as one shell chunk, so the home page asks for at most 10 scripts (web/vite.config.ts)', async () => {
    const { context, page, problems } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${BASE_URL}/`);
    await page.waitForFunction(() => Object.keys(document.querySelector('header a') ?? {}).some((k) => k.startsWith('__reactProps$')));
    // Six connections a host over HTTP/1.1: each further six files were one more round trip.
    expect(scripts.filter((s) => s.startsWith('/assets/')).length).toBeLessThanOrEqual(10);
    expect(scripts).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/shell-[\w-]+\.js$/)]));
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('names the first card image and then every script of the page at the top of <head>, and hydrates without a mismatch (decision 022)', async () => {
    const { context, page, problems } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && r.url().includes('/assets/') && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${BASE_URL}/catalog`);
    await page.waitForFunction(() => Object.keys(document.querySelector('#catalog-q') ?? {}).some((k) => k.startsWith('__reactProps$')));
    // The document as the server wrote it (the head's preloads are dropped once hydrated).
    const html = await (await context.request.get(`${BASE_URL}/catalog`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => ({ rel: m[1], href: m[2], tag: m[0] }));
    // First the image of the first card, at high priority, as the card's <picture> will ask for it...
    expect(preloads[0]).toMatchObject({ rel: 'preload' });
    expect(preloads[0].tag).toContain('fetchpriority="high"');
    const firstCardImage = await page.locator('.property-card picture').first().evaluate((el) => el.querySelector('source')?.getAttribute('srcset') ?? el.querySelector('img')?.getAttribute('src'));
    expect(preloads[0].href).toBe(firstCardImage);
    // ...then every script the page loaded, before the content that used to come first.
    expect(preloads.slice(1).every((p) => p.rel === 'modulepreload')).toBe(true);
    expect(scripts.length).toBeGreaterThan(3);
    expect(new Set(preloads.slice(1).map((p) => p.href))).toEqual(new Set(scripts));
    // Gone from the hydrated page: client-side navigations do not add preloads.
    await expect(page.locator('head link[rel="modulepreload"]').count()).resolves.toBe(0);
    // The map view has no card to preload.
    const mapHead = (await (await context.request.get(`${BASE_URL}/catalog?view=map`)).text()).split('</head>')[0];
    expect(mapHead).not.toContain('rel="preload" as="image"');
    expect(mapHead).toContain('rel="modulepreload"');
    expect(problems()).toEqual([]);
    await context.close();
  });
});
