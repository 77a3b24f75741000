import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { accessibilityViolations, markupErrors } from './support/audit';
import { BASE_URL, launchBrowser, openPage, untilIdle } from './support/browser';
import { query } from './support/db';
import { DEMO_ADMIN, signIn } from './support/sign-in';

/**
 * The blog desk in the browser (issue 23 "The blog desk"): the demo admin writes a post in the
 * Tiptap editor with bold text and a link, publishes it and reads it on /news/{slug}; a
 * <script> typed in the HTML fallback never reaches the page (stored sanitised, shown
 * sanitised, the preview too); Tiptap's chunk loads on the desk and never on the public pages.
 */

/** Script URLs the page requested (to tell whether the editor's chunk was loaded). */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') seen.push(r.url());
  });
  return seen;
}
const EDITOR_CHUNK = /RichTextEditor|tiptap|prosemirror/i;

/** Slugs of the posts the tests here wrote: removed after them. */
const written: string[] = [];

describe('blog desk (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    // The posts written here leave the site, so no other test's public pages show them.
    await query(`DELETE FROM blog_posts WHERE slug = ANY($1)`, [written]);
  });

  it('writes a post with bold text and a link in the editor, publishes it, and shows it on /news/{slug}', async () => {
    const slug = `desk-e2e-${Date.now().toString(36)}`;
    written.push(slug);
    const { context, page, problems } = await openPage(browser);
    const scripts = scriptsOf(page);
    await signIn(page, DEMO_ADMIN);

    // the list: demo posts in every state, accessible
    await page.goto(`${BASE_URL}/dashboard/admin/blog`);
    await page.getByRole('heading', { name: 'Блог', level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);

    await page.goto(`${BASE_URL}/dashboard/admin/blog/new`);
    await untilIdle(page);
    await page.getByLabel('Заголовок — Русский').fill('Статья из редактора');
    const editor = page.getByTestId('editor-ru');
    await editor.waitFor();
    expect(scripts.some((u) => EDITOR_CHUNK.test(u))).toBe(true);
    await editor.click();
    await page.keyboard.type('Обычный текст и ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('жирный');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' и ссылка');
    for (let i = 0; i < 'ссылка'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    page.once('dialog', (d) => void d.accept('https://example.kz/guide'));
    await page.getByRole('toolbar', { name: 'Текст — Русский' }).getByRole('button', { name: 'Ссылка', exact: true }).click();
    await page.locator('[data-testid="editor-ru"] a[href="https://example.kz/guide"]').waitFor();
    await page.getByLabel('Адрес (slug)').fill(slug);
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    await page.getByLabel('Обложка').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    expect(await accessibilityViolations(page)).toEqual([]);

    // A preview keeps the chosen cover (the browser empties the file field): uploaded at once and shown.
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Предпросмотр' }).click()]);
    await untilIdle(page);
    const previewedCover = page.locator('img.blog-cover-preview');
    await previewedCover.waitFor();
    const previewedSrc = await previewedCover.getAttribute('src');
    expect(previewedSrc).toMatch(/blog\/covers\/[0-9a-f-]{36}\.png$/);
    await page.locator('[data-testid="editor-ru"] a[href="https://example.kz/guide"]').waitFor();

    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/blog\/[0-9a-f-]{36}$/),
      page.getByRole('button', { name: 'Создать черновик' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Публикация: Статья из редактора' }).waitFor();
    await untilIdle(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await markupErrors(await (await page.request.get(page.url())).text())).toEqual([]);
    const [stored] = await query<{ content: Record<string, string>; moderation_status: string; cover_image_key: string | null }>(
      `SELECT content, moderation_status, cover_image_key FROM blog_posts WHERE slug = $1`,
      [slug],
    );
    expect(stored.content.ru).toMatch(/<strong>\s?жирный<\/strong>/);
    expect(stored.content.ru).toContain('href="https://example.kz/guide"');
    expect(stored.moderation_status).toBe('approved'); // an admin's own post
    expect(stored.cover_image_key).toMatch(/^blog\/covers\/[0-9a-f-]{36}\.png$/);
    expect(previewedSrc).toContain(stored.cover_image_key);

    await untilIdle(page);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Опубликовать' }).click()]);
    await page.getByRole('link', { name: 'Открыть на сайте' }).waitFor();

    const pub = await context.newPage();
    const publicScripts = scriptsOf(pub);
    await pub.goto(`${BASE_URL}/news/${slug}`);
    await pub.locator('.article-body strong', { hasText: 'жирный' }).waitFor();
    expect(await pub.locator('.article-body a[href="https://example.kz/guide"]').innerText()).toBe('ссылка');
    const cover = pub.locator(`img[src*="${stored.cover_image_key}"]`).first();
    await cover.waitFor();
    expect(await cover.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    await untilIdle(pub);
    expect(publicScripts.filter((u) => EDITOR_CHUNK.test(u))).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('keeps a <script> typed in the HTML fallback out of the preview, the database and the public page', async () => {
    const slug = `desk-xss-${Date.now().toString(36)}`;
    written.push(slug);
    const attack = '<p>Безопасный текст</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">';
    const { context, page, problems } = await openPage(browser);
    await signIn(page, DEMO_ADMIN);
    await page.goto(`${BASE_URL}/dashboard/admin/news/new`);
    await untilIdle(page);
    await page.getByLabel('Заголовок — Русский').fill('Новость с попыткой атаки');
    await page.getByTestId('html-mode-ru').click();
    await page.getByLabel('HTML — Русский').fill(attack);
    await page.getByLabel('Адрес (slug)').fill(slug);
    // a "cover" that is not an image: refused on its field, nothing typed is lost
    await page.getByLabel('Обложка').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(attack) });

    // the preview goes through the public sanitiser
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Предпросмотр' }).click()]);
    await untilIdle(page);
    expect((await page.locator('#field-coverImageKey-error').innerText()).length).toBeGreaterThan(0);
    expect(await page.getByLabel('Заголовок — Русский').inputValue()).toBe('Новость с попыткой атаки');
    expect(await page.locator('img.blog-cover-preview').count()).toBe(0);
    // the form comes back with the body as it will be stored
    expect(await page.getByTestId('editor-ru').innerHTML()).not.toMatch(/script|onerror/i);
    const preview = page.getByTestId('blog-preview');
    await preview.locator('.article-body p', { hasText: 'Безопасный текст' }).waitFor();
    expect(await preview.locator('.article-body').first().innerHTML()).not.toMatch(/script|onerror/i);

    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/news\/[0-9a-f-]{36}$/),
      page.getByRole('button', { name: 'Создать черновик' }).click(),
    ]);
    const [stored] = await query<{ content: Record<string, string>; kind: string }>(
      `SELECT content, kind FROM blog_posts WHERE slug = $1`,
      [slug],
    );
    expect(stored.kind).toBe('news');
    expect(stored.content.ru).toBe('<p>Безопасный текст</p><img src="x" alt="" />');
    await untilIdle(page);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Опубликовать' }).click()]);
    await page.getByRole('link', { name: 'Открыть на сайте' }).waitFor();

    const html = await (await page.request.get(`${BASE_URL}/news/${slug}`)).text();
    expect(html).toContain('Безопасный текст');
    expect(html).not.toContain('window.__pwned');
    await page.goto(`${BASE_URL}/news/${slug}`);
    await untilIdle(page);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // only the image's own 404 (src="x" is kept: a relative URL); no CSP report of a blocked script or handler
    expect(problems().filter((p) => !/Failed to load resource: .* 404/.test(p))).toEqual([]);
    await context.close();
  });

  it('generates a month of drafts in the worker and shows the progress until done', async () => {
    const { context, page, problems } = await openPage(browser);
    await signIn(page, DEMO_ADMIN);
    await page.goto(`${BASE_URL}/dashboard/admin/news`);
    await untilIdle(page);
    const start = new Date(Date.now() + 5 * 3_600_000 + 40 * 86_400_000).toISOString().slice(0, 10); // Almaty day in 40 days
    await page.getByLabel('Дата начала').fill(start);
    for (const lang of ['English', 'Қазақша', '中文']) await page.getByLabel(lang, { exact: true }).uncheck();
    await Promise.all([page.waitForURL(/\?batch=[0-9a-f-]{36}$/), page.getByRole('button', { name: 'Сгенерировать' }).click()]);
    const batchId = page.url().split('batch=')[1];
    const progress = page.getByTestId('auto-month-progress');
    await progress.getByText('Готово').waitFor({ timeout: 30_000 });
    const rows = await query<{
      kind: string;
      status: string;
      moderation_status: string;
      title: Record<string, string>;
      scheduled_at: Date;
    }>(`SELECT kind, status, moderation_status, title, scheduled_at FROM blog_posts WHERE batch_id = $1 ORDER BY scheduled_at`, [batchId]);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(await progress.innerText()).toContain(`${rows.length} из ${rows.length}`);
    for (const r of rows) {
      expect(r).toMatchObject({ kind: 'news', status: 'draft', moderation_status: 'pending' });
      expect(Object.keys(r.title)).toEqual(['ru']);
      expect([2, 4]).toContain(new Date(r.scheduled_at).getUTCDay());
      expect(new Date(r.scheduled_at).getUTCHours()).toBe(5); // 10:00 Almaty
    }
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the list, and a post written in the HTML textarea', async () => {
    const slug = `desk-nojs-${Date.now().toString(36)}`;
    written.push(slug);
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, DEMO_ADMIN);
    await page.goto(`${BASE_URL}/dashboard/admin/news?moderation=pending`);
    await page.locator('tr[data-status]').first().waitFor();
    await page.goto(`${BASE_URL}/dashboard/admin/news/new`);
    await page.getByLabel('Заголовок — Русский').fill('Новость без скриптов');
    await page.getByLabel('HTML — Русский').fill('<p>Текст <b>без</b> JavaScript</p>');
    await page.getByLabel('Адрес (slug)').fill(slug);
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/news\/[0-9a-f-]{36}$/),
      page.getByRole('button', { name: 'Создать черновик' }).click(),
    ]);
    const [stored] = await query<{ content: Record<string, string> }>(`SELECT content FROM blog_posts WHERE slug = $1`, [slug]);
    expect(stored.content.ru).toBe('<p>Текст <b>без</b> JavaScript</p>');
    // delete after the confirmation step
    await page.goto(`${page.url()}?confirm=delete`);
    await Promise.all([
      page.waitForURL(/\/dashboard\/admin\/news$/),
      page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click(),
    ]);
    expect(await query(`SELECT 1 FROM blog_posts WHERE slug = $1`, [slug])).toEqual([]);
    await context.close();
  });
});
