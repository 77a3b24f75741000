/**
 * The PDF renderer (issue 23 "Presentations"; spec 02 §2): real PDFs read back with poppler's
 * pdftotext / pdfinfo / pdfimages (Debian poppler-utils, installed by .ci/run).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { type DeckLanguage, renderPresentation, warmRenderFonts } from './index';
import { formatNumber, LABELS } from './labels';
import { SAMPLE_TEXTS, sampleDeck } from './sample-decks';

jest.setTimeout(60_000);

let dir: string;
let jpeg: string;
let webp: string;
let png: string;
let broken: string;

beforeAll(async () => {
  warmRenderFonts();
  dir = mkdtempSync(path.join(os.tmpdir(), 'render-pdf-'));
  jpeg = path.join(dir, 'a.jpg');
  webp = path.join(dir, 'b.webp');
  png = path.join(dir, 'c.png');
  broken = path.join(dir, 'broken.jpg');
  await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#4477aa' } })
    .jpeg()
    .toFile(jpeg);
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#aa7744' } })
    .webp()
    .toFile(webp);
  await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 60, g: 170, b: 110, alpha: 0.5 } } })
    .png()
    .toFile(png);
  writeFileSync(broken, 'this is not an image');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function save(pdf: Buffer, name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, pdf);
  return file;
}

/** The PDF's text (pdftotext, reading order), optionally of pages first..last. */
function pdfText(file: string, first?: number, last?: number): string {
  const args = first ? ['-f', String(first), '-l', String(last ?? first)] : [];
  return execFileSync('pdftotext', [...args, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
}

interface PdfImage {
  page: number;
  type: string;
  width: number;
  height: number;
  enc: string;
}
/** `pdfimages -list`: the images drawn (SMask rows left out). */
function images(file: string): PdfImage[] {
  const out = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2);
  return out
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c.length > 8)
    .map((c) => ({ page: Number(c[0]), type: c[2], width: Number(c[3]), height: Number(c[4]), enc: c[8] }))
    .filter((i) => i.type === 'image');
}

/** Whitespace collapsed (and removed entirely for Chinese, where line breaks fall between characters). */
function norm(s: string, language: DeckLanguage): string {
  return language === 'zh' ? s.replace(/\s+/g, '') : s.replace(/\s+/g, ' ');
}

const LANGUAGES: DeckLanguage[] = ['ru', 'en', 'kk', 'zh'];

describe.each(LANGUAGES)('PDF in %s', (language) => {
  it('holds every text of the deck whole, in one A4 page (one-page)', async () => {
    const deck = sampleDeck(language, { template: 'one-page', photoPaths: [jpeg, webp, png] });
    const file = save(await renderPresentation(deck, 'pdf'), `one-${language}.pdf`);
    expect(pageCount(file)).toBe(1);
    const text = norm(pdfText(file), language);
    const t = SAMPLE_TEXTS[language];
    const L = LABELS[language];
    const p = deck.properties[0];
    const expected = [
      t.title,
      t.description,
      ...t.features,
      t.category,
      `${t.address}, ${t.city}`,
      t.agentName,
      t.brandName,
      L.sale,
      L.pricePerM2,
      `${formatNumber(p.price, language)} ₸`,
      `${formatNumber(p.pricePerM2!, language)} ₸/${L.m2}`,
      `${p.area} ${L.m2}`,
      L.floorOf(p.floor!, p.totalFloors),
      '43.238949, 76.889709',
      '+7 701 555 12 34',
      'agent@realty.example.kz',
    ];
    for (const s of expected) expect(text).toContain(norm(s.replace(/\u00a0/g, ' '), language));
    if (language === 'kk') for (const letter of 'әғқңөұүһі') expect(text).toContain(letter);
  });

  it('holds the texts of the gallery template with five photos (photo-led page)', async () => {
    const deck = sampleDeck(language, { template: 'gallery', photoPaths: [jpeg, webp, png, jpeg, webp] });
    const file = save(await renderPresentation(deck, 'pdf'), `gallery-${language}.pdf`);
    expect(pageCount(file)).toBe(3);
    expect(images(file).filter((i) => i.page === 2 && i.enc === 'jpeg')).toHaveLength(5);
    const t = SAMPLE_TEXTS[language];
    const page = norm(pdfText(file, 2), language);
    for (const s of [t.title, t.description, ...t.features, `${t.address}, ${t.city}`]) expect(page).toContain(norm(s, language));
  });

  it('holds the texts of the classic template (cover, property, contacts)', async () => {
    const deck = sampleDeck(language, { template: 'classic', count: 2, photoPaths: [jpeg] });
    const file = save(await renderPresentation(deck, 'pdf'), `classic-${language}.pdf`);
    expect(pageCount(file)).toBe(4);
    const t = SAMPLE_TEXTS[language];
    expect(norm(pdfText(file, 1), language)).toContain(norm(t.deckTitle, language));
    expect(norm(pdfText(file, 2), language)).toContain(norm(`${t.title} #1`, language));
    expect(norm(pdfText(file, 2), language)).toContain(norm(t.description, language));
    expect(norm(pdfText(file, 3), language)).toContain(norm(`${t.title} #2`, language));
    expect(norm(pdfText(file, 4), language)).toContain(norm(LABELS[language].contacts, language));
    expect(norm(pdfText(file, 4), language)).toContain(norm(t.agentName, language));
  });
});

describe('PDF', () => {
  it('draws a QR code whose modules encode the listing URL', async () => {
    const deck = sampleDeck('ru', { template: 'one-page', photoPaths: [] });
    const file = save(await renderPresentation(deck, 'pdf'), 'qr.pdf');
    const imgs = images(file);
    // No photo: the one image is the QR code (a lossless PNG, so its pixels can be read back).
    expect(imgs).toHaveLength(1);
    const out = path.join(dir, 'qr-out');
    execFileSync('pdfimages', ['-png', file, out]);
    const first = readdirSync(dir)
      .filter((f) => f.startsWith('qr-out'))
      .sort()[0];
    const { data, info } = await sharp(readFileSync(path.join(dir, first)))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const qr = QRCode.create([{ data: Buffer.from(deck.properties[0].url), mode: 'byte' }], { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const margin = 1;
    const scale = info.width / (n + 2 * margin);
    expect(Number.isInteger(scale)).toBe(true);
    let mismatches = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const px = data[Math.floor((r + margin + 0.5) * scale) * info.width + Math.floor((c + margin + 0.5) * scale)];
        const dark = px < 128;
        if (dark !== Boolean(qr.modules.get(r, c))) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    // Another URL gives another code: the comparison can fail.
    const other = QRCode.create('https://realty.example.kz/ru/listing/other', { errorCorrectionLevel: 'M' });
    let diff = 0;
    for (let r = 0; r < Math.min(n, other.modules.size); r++)
      for (let c = 0; c < Math.min(n, other.modules.size); c++) if (other.modules.get(r, c) !== qr.modules.get(r, c)) diff++;
    expect(diff).toBeGreaterThan(0);
  });

  it('embeds JPEG, WebP and PNG photos as JPEGs and skips missing or unreadable files', async () => {
    const deck = sampleDeck('en', {
      template: 'one-page',
      photoPaths: [path.join(dir, 'missing.jpg'), broken, webp, jpeg, png],
    });
    const file = save(await renderPresentation(deck, 'pdf'), 'photos.pdf');
    const imgs = images(file);
    const photos = imgs.filter((i) => i.enc === 'jpeg');
    expect(photos).toHaveLength(3);
    // The first (the WebP) is the large one, at its own size; the 2400 px JPEG, a small one, was
    // made 800 px; the PNG is there at its own size.
    expect(photos.map((p) => `${p.width}x${p.height}`).sort()).toEqual(['1200x800', '640x480', '800x533']);

    const none = sampleDeck('en', { template: 'classic', photoPaths: [path.join(dir, 'missing.jpg'), broken] });
    const file2 = save(await renderPresentation(none, 'pdf'), 'no-photos.pdf');
    expect(pageCount(file2)).toBe(3);
    expect(images(file2).filter((i) => i.enc === 'jpeg')).toHaveLength(0);
    expect(norm(pdfText(file2), 'en')).toContain(SAMPLE_TEXTS.en.description);
  });

  it("draws the small frames from the listing's small variants as they are, and the large one from its photo", async () => {
    const small = path.join(dir, 'small.jpg');
    await sharp({ create: { width: 480, height: 320, channels: 3, background: '#336699' } })
      .jpeg({ quality: 78 })
      .toFile(small);
    const deck = sampleDeck('ru', { template: 'one-page', photoPaths: [webp, jpeg, png] });
    // The first photo's small variant is not used (it is the large frame); the PNG has none.
    deck.properties[0].smallPhotoPaths = [small, small, null];
    const pdf = await renderPresentation(deck, 'pdf');
    const photos = images(save(pdf, 'small-variants.pdf')).filter((i) => i.enc === 'jpeg');
    expect(photos.map((p) => `${p.width}x${p.height}`).sort()).toEqual(['1200x800', '480x320', '640x480']);
    // Embedded byte for byte: no conversion.
    expect(pdf.includes(readFileSync(small))).toBe(true);
  });

  it('leaves the price out when showPrice is false', async () => {
    const shown = sampleDeck('ru', { showPrice: true });
    const hidden = sampleDeck('ru', { showPrice: false });
    const price = formatNumber(shown.properties[0].price, 'ru').replace(/\u00a0/g, ' ');
    const perM2 = formatNumber(shown.properties[0].pricePerM2!, 'ru').replace(/\u00a0/g, ' ');
    const withPrice = norm(pdfText(save(await renderPresentation(shown, 'pdf'), 'price-on.pdf')), 'ru');
    const without = norm(pdfText(save(await renderPresentation(hidden, 'pdf'), 'price-off.pdf')), 'ru');
    expect(withPrice).toContain(price);
    expect(withPrice).toContain(perM2);
    expect(withPrice).toContain(LABELS.ru.price);
    expect(without).not.toContain(price);
    expect(without).not.toContain(perM2);
    expect(without).not.toContain('₸');
    expect(without).toContain(SAMPLE_TEXTS.ru.title);
  });

  it('gives a 10-property classic deck a cover, ten property pages and a contacts page', async () => {
    const deck = sampleDeck('kk', { template: 'classic', count: 10, photoPaths: [jpeg, webp] });
    const file = save(await renderPresentation(deck, 'pdf'), 'ten.pdf');
    expect(pageCount(file)).toBe(12);
    for (let i = 1; i <= 10; i++) expect(norm(pdfText(file, i + 1), 'kk')).toContain(`${SAMPLE_TEXTS.kk.title} #${i}`);
    const gallery = sampleDeck('zh', { template: 'gallery', count: 10, photoPaths: [jpeg, webp, png] });
    expect(pageCount(save(await renderPresentation(gallery, 'pdf'), 'ten-gallery.pdf'))).toBe(12);
    const onePage = sampleDeck('en', { template: 'one-page', count: 10, photoPaths: [jpeg] });
    expect(pageCount(save(await renderPresentation(onePage, 'pdf'), 'ten-one.pdf'))).toBe(10);
  });

  it.each(LANGUAGES)('keeps very long texts in their boxes (%s): no extra page, cut with "…"', async (language) => {
    for (const template of ['one-page', 'classic', 'gallery'] as const) {
      const deck = sampleDeck(language, { template, photoPaths: [jpeg] });
      const p = deck.properties[0];
      p.description = Array.from({ length: 60 }, (_, i) => `${SAMPLE_TEXTS[language].description} (${i + 1})`).join('\n');
      p.title = `${p.title} `.repeat(12);
      p.features = Array.from({ length: 80 }, (_, i) => `${SAMPLE_TEXTS[language].features[i % 4]} ${i + 1}`);
      p.address = `${p.address} `.repeat(20);
      p.url = `https://realty.example.kz/${'a'.repeat(400)}`;
      deck.title = `${deck.title} `.repeat(20);
      const file = save(await renderPresentation(deck, 'pdf'), `long-${language}-${template}.pdf`);
      expect(pageCount(file)).toBe(template === 'one-page' ? 1 : 3);
      const text = pdfText(file);
      expect(text).toContain('…');
      // The beginning is there, the end was cut.
      expect(norm(text, language)).toContain(norm(`${SAMPLE_TEXTS[language].description} (1)`, language));
      expect(text).not.toContain('(60)');
    }
  });
});
