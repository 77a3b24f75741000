/**
 * The PPTX renderer (issue 23 "Presentations"; spec 02 §2): real decks opened as zips (jszip,
 * pptxgenjs's own dependency), their slide XML and media read back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import sharp from 'sharp';
import { type DeckLanguage, type PresentationDeck, renderPresentation, warmRenderFonts } from './index';
import { formatNumber, LABELS } from './labels';
import { SAMPLE_TEXTS, sampleDeck } from './sample-decks';

jest.setTimeout(60_000);

let dir: string;
let jpeg: string;
let webp: string;
let broken: string;

beforeAll(async () => {
  warmRenderFonts();
  dir = mkdtempSync(path.join(os.tmpdir(), 'render-pptx-'));
  jpeg = path.join(dir, 'a.jpg');
  webp = path.join(dir, 'b.webp');
  broken = path.join(dir, 'broken.png');
  await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#4477aa' } })
    .jpeg()
    .toFile(jpeg);
  await sharp({ create: { width: 900, height: 600, channels: 3, background: '#aa7744' } })
    .webp()
    .toFile(webp);
  writeFileSync(broken, 'not a png');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface RunXml {
  text: string;
  typeface: string | null;
  lang: string | null;
}
interface SlideXml {
  text: string;
  runs: RunXml[];
  /** Media files the slide's relationships point at (e.g. "image-2-1.jpeg"). */
  media: string[];
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

async function openDeck(deck: PresentationDeck): Promise<{ slides: SlideXml[]; media: Record<string, Buffer> }> {
  // CRC check on: the renderer hands JSZip's CRC-32 to zlib (pptx.ts fastJsZip).
  const zip = await JSZip.loadAsync(await renderPresentation(deck, 'pptx'), { checkCRC32: true });
  const names = Object.keys(zip.files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  const slides: SlideXml[] = [];
  for (const name of names) {
    const xml = await zip.file(name)!.async('string');
    const rels = await zip.file(name.replace('slides/', 'slides/_rels/') + '.rels')!.async('string');
    const runs = [...xml.matchAll(/<a:r>([\s\S]*?)<\/a:r>/g)].map((m) => ({
      text: unescape(/<a:t>([\s\S]*?)<\/a:t>/.exec(m[1])?.[1] ?? ''),
      typeface: /<a:latin typeface="([^"]+)"/.exec(m[1])?.[1] ?? null,
      lang: /<a:rPr lang="([^"]+)"/.exec(m[1])?.[1] ?? null,
    }));
    const media = [...rels.matchAll(/Target="\.\.\/media\/([^"]+)"/g)].map((m) => m[1]);
    slides.push({ text: runs.map((r) => r.text).join(''), runs, media });
  }
  const media: Record<string, Buffer> = {};
  for (const n of Object.keys(zip.files).filter((f) => f.startsWith('ppt/media/') && !zip.files[f].dir)) {
    media[n.slice('ppt/media/'.length)] = await zip.file(n)!.async('nodebuffer');
  }
  return { slides, media };
}

const norm = (s: string, language: DeckLanguage) => (language === 'zh' ? s.replace(/\s+/g, '') : s.replace(/\s+/g, ' '));
const LANGUAGES: DeckLanguage[] = ['ru', 'en', 'kk', 'zh'];

describe.each(LANGUAGES)('PPTX in %s', (language) => {
  it('has a cover, a slide per property and contacts, with the texts whole in the fonts of the language', async () => {
    const deck = sampleDeck(language, { template: 'classic', count: 2, photoPaths: [jpeg, webp] });
    const { slides, media } = await openDeck(deck);
    expect(slides).toHaveLength(4);
    const t = SAMPLE_TEXTS[language];
    const L = LABELS[language];
    const p = deck.properties[0];
    const n = (s: string) => norm(s.replace(/\u00a0/g, ' '), language);
    expect(n(slides[0].text)).toContain(n(t.deckTitle));
    expect(n(slides[0].text)).toContain(n(t.brandName));
    const prop = n(slides[1].text);
    for (const s of [
      `${t.title} #1`,
      t.description,
      t.features.join(' · '),
      t.category,
      `${t.address}, ${t.city}`,
      `${formatNumber(p.price, language)} ₸`,
      `${formatNumber(p.pricePerM2!, language)} ₸/${L.m2}`,
      L.pricePerM2,
      '43.238949, 76.889709',
      p.url,
    ])
      expect(prop).toContain(n(s));
    expect(n(slides[2].text)).toContain(n(`${t.title} #2`));
    expect(n(slides[3].text)).toContain(n(L.contacts));
    expect(n(slides[3].text)).toContain(n(t.agentName));
    expect(n(slides[3].text)).toContain('agent@realty.example.kz');

    // Each run is set in the font that has its letters, and carries the language.
    const runs = slides.flatMap((s) => s.runs).filter((r) => r.text.trim());
    for (const r of runs) {
      const hasHan = /[\u4e00-\u9fff]/.test(r.text);
      expect(r.typeface).toBe(hasHan ? 'Noto Sans CJK SC' : 'DejaVu Sans');
      expect(r.lang).toBe({ ru: 'ru-RU', en: 'en-US', kk: 'kk-KZ', zh: 'zh-CN' }[language]);
    }
    if (language === 'zh') expect(runs.some((r) => r.typeface === 'Noto Sans CJK SC')).toBe(true);
    if (language === 'kk') {
      const all = slides.map((s) => s.text).join('');
      for (const letter of 'әғқңөұүһі') expect(all).toContain(letter);
    }

    // Pictures: the cover photo, both photos of each property (the WebP as a JPEG), a PNG QR code each.
    expect(slides[0].media).toHaveLength(1);
    for (const s of slides.slice(1, 3)) {
      expect(s.media.filter((m) => m.endsWith('.jpeg'))).toHaveLength(2);
      expect(s.media.filter((m) => m.endsWith('.png'))).toHaveLength(1);
    }
    for (const m of slides.flatMap((s) => s.media)) {
      const meta = await sharp(media[m]).metadata();
      expect(meta.format).toBe(m.endsWith('.png') ? 'png' : 'jpeg');
    }
  });
});

describe.each(LANGUAGES)('PPTX in %s, one-page and gallery', (language) => {
  it.each(['one-page', 'gallery'] as const)('%s: the property slide holds its texts whole', async (template) => {
    const deck = sampleDeck(language, { template, photoPaths: [jpeg, webp, jpeg, webp] });
    const { slides } = await openDeck(deck);
    expect(slides).toHaveLength(template === 'one-page' ? 1 : 3);
    const slide = slides[template === 'one-page' ? 0 : 1];
    const t = SAMPLE_TEXTS[language];
    const text = norm(slide.text, language);
    for (const s of [t.title, t.description, t.features.join(' · '), `${t.address}, ${t.city}`]) expect(text).toContain(norm(s, language));
    if (template === 'one-page') expect(text).toContain(norm(t.agentName, language));
    expect(slide.media.filter((m) => m.endsWith('.jpeg'))).toHaveLength(template === 'gallery' ? 4 : 3);
  });
});

describe('PPTX', () => {
  it('skips missing and unreadable photos; a slide per property in one-page', async () => {
    const deck = sampleDeck('ru', { template: 'one-page', count: 3, photoPaths: [path.join(dir, 'nope.jpg'), broken, webp] });
    const { slides, media } = await openDeck(deck);
    expect(slides).toHaveLength(3);
    for (const s of slides) {
      const jpegs = s.media.filter((m) => m.endsWith('.jpeg'));
      expect(jpegs).toHaveLength(1);
      expect((await sharp(media[jpegs[0]]).metadata()).width).toBe(900);
      expect(s.text).toContain(SAMPLE_TEXTS.ru.agentName);
    }
  });

  it('leaves the price out when showPrice is false', async () => {
    const on = await openDeck(sampleDeck('en', { template: 'classic', showPrice: true }));
    const off = await openDeck(sampleDeck('en', { template: 'classic', showPrice: false }));
    const all = (d: { slides: SlideXml[] }) => d.slides.map((s) => s.text).join('\n');
    expect(all(on)).toContain('₸');
    expect(all(on)).toContain(LABELS.en.pricePerM2);
    expect(all(off)).not.toContain('₸');
    expect(all(off)).not.toContain(LABELS.en.pricePerM2);
    expect(all(off)).toContain(SAMPLE_TEXTS.en.description);
  });

  it('cuts text longer than its box with "…"', async () => {
    const deck = sampleDeck('kk', { template: 'gallery', photoPaths: [jpeg] });
    deck.properties[0].description = Array.from({ length: 40 }, (_, i) => `${SAMPLE_TEXTS.kk.description} (${i + 1})`).join(' ');
    deck.properties[0].title = `${SAMPLE_TEXTS.kk.title} `.repeat(10);
    const { slides } = await openDeck(deck);
    expect(slides).toHaveLength(3);
    expect(slides[1].text).toContain('…');
    expect(slides[1].text).not.toContain('(40)');
    expect(slides[1].text).toContain(SAMPLE_TEXTS.kk.title);
  });
});
