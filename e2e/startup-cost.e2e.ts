// What a phone has to do before a public page responds (issue 19 item 13; the scores themselves
// are bench figures, `npm run bench`, bench/README.md): these tests hold the structural parts of
// the fixes that brought /partners and the other list pages to a Lighthouse mobile score >= 90.
import type { Browser } from 'playwright-core';
import { recordToasts, refusalToastOrReport } from './support/toasts';
import { BASE_URL, launchBrowser, openPage } from './support/browser';

describe('startup cost of the public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("/partners carries only the cards' data, in the page's language, and its hydrated cards still work", async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${BASE_URL}/partners`, { waitUntil: 'networkidle' });
    // The loader data as the browser decoded it (Remix keeps it on window.__remixContext).
    const partners = await page.evaluate(
      () =>
        (window as unknown as { __remixContext: { state: { loaderData: Record<string, { partners: Array<Record<string, unknown>> }> } } })
          .__remixContext.state.loaderData['routes/partners._index'].partners,
    );
    expect(partners.length).toBeGreaterThan(20);
    for (const p of partners) {
      // Not the API's PartnerDto: no services, hours, e-mail, Instagram; texts in one language.
      expect(Object.keys(p).sort()).toEqual(
        [
          'address',
          'buildingFloor',
          'category',
          'description',
          'discount',
          'href',
          'id',
          'isInBusinessCenter',
          'latitude',
          'longitude',
          'name',
          'officeNumber',
          'phone',
          'rating',
          'reviewsCount',
          'websiteUrl',
        ].sort(),
      );
      expect(typeof p.description).toBe('string');
    }
    // The card's static parts are markup strings now: the texts and links are still there.
    const card = page.locator('.partners-list .partner-card').first();
    await expect(card.locator('.partner-badge').first().textContent()).resolves.toMatch(/\S/);
    await expect(card.locator('.partner-card__rating .sr-only').textContent()).resolves.toMatch(/^Рейтинг \d\.\d из 5$/);
    // React parts: the heart toggles, and the name is a client-side link (no new document).
    const heart = card.getByRole('button', { name: 'В избранное' });
    await heart.click();
    await expect(card.getByRole('button', { name: 'Убрать из избранного' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const name = (await card.locator('h2 a').textContent()) ?? '';
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents += 1;
    });
    await card.locator('h2 a').click();
    await page.waitForURL(/\/partners\/[^/?]+$/);
    await page.locator('h1', { hasText: name }).waitFor();
    expect(documents).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it("preloads a news article's cover ahead of its scripts, and asks for it once (decision 022)", async () => {
    const { context, page, problems } = await openPage(browser);
    // An article with a cover: the news list links to them.
    const target = (await (await context.request.get(`${BASE_URL}/news`)).text()).match(/href="(\/news\/[^"?]+)"/)?.[1] ?? '';
    expect(target).not.toBe('');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${BASE_URL}${target}`);
    await page.waitForFunction(() => Object.keys(document.querySelector('header a') ?? {}).some((k) => k.startsWith('__reactProps$')));
    const src = await page.locator('img.article-image').getAttribute('src');
    expect(src).toMatch(/^\/media\/.+\.jpg$/);
    const head = (await (await context.request.get(`${BASE_URL}${target}`)).text()).split('</head>')[0];
    const links = [...head.matchAll(/<link rel="(preload|modulepreload)"[^>]*>/g)].map((m) => m[0]);
    expect(links[0]).toBe(`<link rel="preload" as="image" href="${src}" fetchpriority="high"/>`);
    expect(links.slice(1).every((l) => l.startsWith('<link rel="modulepreload"'))).toBe(true);
    expect(requested.filter((u) => u === src)).toHaveLength(1);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('starts a page without the toast UI and without route discovery; a toast still shows, and links still navigate client-side', async () => {
    const { context, page, problems } = await openPage(browser);
    const scripts: Array<Promise<string>> = [];
    const manifestRequests: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
      if (new URL(r.url()).pathname === '/__manifest') manifestRequests.push(r.url());
    });
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Object.keys(document.querySelector('header a') ?? {}).some((k) => k.startsWith('__reactProps$')));
    // Radix Toast (its viewport's name is in its code) is not among the scripts of a page without a toast.
    expect((await Promise.all(scripts)).filter((code) => code.includes('ToastViewport'))).toEqual([]);
    await expect(page.locator('.toast-viewport').count()).resolves.toBe(0);
    // The whole route manifest came with the page: no /__manifest requests for the page's links.
    expect(
      await page.evaluate(() => Object.keys((window as unknown as { __remixManifest: { routes: object } }).__remixManifest.routes)),
    ).toEqual(expect.arrayContaining(['routes/partners.$slug', 'routes/property.$id', 'routes/news.$slug']));
    // A toast (the contact form's validation error) loads the toast UI and shows. The form
    // first: hydration is time-sliced, so the header may be hydrated before it.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLInputElement>('#contact-form input[name="_js"]')).every((i) => i.value === '1'),
    );
    const form = page.locator('#contact-form form');
    await form.getByLabel('Имя').fill('Айдана Сейткали');
    await form.getByLabel('Телефон').fill('12345');
    await recordToasts(page);
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    // The plain box shows the message at once; Radix, loaded for it, then takes over.
    if ((await refusalToastOrReport(page, 'Ошибка валидации')) !== null) {
      await page.getByRole('region', { name: /F8/ }).waitFor({ state: 'attached' });
      await expect(page.getByRole('region', { name: /F8/ }).count()).resolves.toBe(1);
    }
    // A link to a route this document did not render is followed client-side (no new document).
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents += 1;
    });
    await page.locator('footer a[href="/about"]').click();
    await page.waitForURL(/\/about$/);
    await page.locator('.company-hero').first().waitFor();
    expect(documents).toBe(0);
    expect(manifestRequests).toEqual([]);
    // The form's answer to the invalid post is a 400 (with the errors), which the console reports.
    expect(problems().filter((p) => !p.includes('status of 400'))).toEqual([]);
    await context.close();
  });
});
