import zlib from 'node:zlib';
import PptxGenJS from 'pptxgenjs';
import { loadPhotos, type Photo, photoDataUri, qrDataUri } from './assets';
import type { DeckProperty, PresentationDeck } from './deck';
import { faceFor, splitRuns, wrapText } from './fonts';
import { formatCoordinates, keyFacts, LABELS } from './labels';

/**
 * The PPTX renderer (issue 23 "Presentations"; spec 02 §2): 16:9 slides with pptxgenjs 4.
 * 'classic' and 'gallery': a cover, a slide per property, a contacts slide; 'one-page': a slide
 * per property with the agent's contacts on it. Every text run names the font that covers its
 * script (DejaVu Sans for Latin/Cyrillic incl. Kazakh, Noto Sans CJK SC for Chinese) and the
 * deck's language; text is cut to its box by fonts.ts's line breaking (with "…"), measured in
 * the same fonts, so nothing spills out of a box.
 */

/**
 * Two of JSZip 3's steps done by Node instead, once per process, with the same results (the
 * module is the one pptxgenjs requires: node_modules/jszip, no nested copy). They were two thirds
 * of a 10-slide deck with photos (bench/README.md "Presentations (issue 23)"):
 * - pptxgenjs hands every picture to JSZip as base64 (`zip.file(name, b64, { base64: true })`),
 *   which JSZip decodes in JavaScript a character at a time: Buffer's decoder instead (the same
 *   bytes for valid base64, ours always being Buffer's own encoding; a data URL refused as before);
 * - JSZip computes each entry's CRC-32 in JavaScript a byte at a time: zlib.crc32 instead (Node
 *   20.15+; the same value; the PPTX tests load the decks with JSZip's CRC check on). Text
 *   chunks (JSZip hashes a string's char codes) still go through JSZip's own function.
 */
function fastJsZip(): void {
  const b64 = require('jszip/lib/base64') as { decode: (input: string) => Uint8Array; __node?: boolean };
  if (!b64.__node) {
    b64.decode = (input: string): Uint8Array => {
      if (input.startsWith('data:')) throw new Error('Invalid base64 input, it looks like a data url.');
      // Buffer skips characters outside the alphabet, as JSZip's regex did (a scan of every byte).
      const buf = Buffer.from(input, 'base64');
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
    };
    b64.__node = true;
  }
  const nodeCrc32 = (zlib as unknown as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
  type Chunk = { data: unknown };
  type Probe = { streamInfo: { crc32?: number }; push(chunk: Chunk): void };
  const probe = require('jszip/lib/stream/Crc32Probe') as {
    prototype: { processChunk(this: Probe, chunk: Chunk): void; __node?: boolean };
  };
  if (nodeCrc32 && !probe.prototype.__node) {
    const original = probe.prototype.processChunk;
    probe.prototype.processChunk = function (this: Probe, chunk: Chunk) {
      if (!(chunk.data instanceof Uint8Array)) return original.call(this, chunk);
      // JSZip keeps the CRC as a signed 32-bit number; zlib takes and gives it unsigned.
      this.streamInfo.crc32 = nodeCrc32(chunk.data, (this.streamInfo.crc32 || 0) >>> 0) | 0;
      this.push(chunk);
    };
    probe.prototype.__node = true;
  }
}
fastJsZip();

const SLIDE_W = 10;
const SLIDE_H = 5.625;
const M = 0.4;
const W = SLIDE_W - 2 * M;
const ACCENT = '1F4E79';
const TEXT = '222222';
const MUTED = '666666';
const PLACEHOLDER = 'EEF1F4';
const LANG = { ru: 'ru-RU', en: 'en-US', kk: 'kk-KZ', zh: 'zh-CN' } as const;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Line height as a multiple of the size (PowerPoint's single spacing is ~1.2). */
  leading?: number;
}

type Slide = ReturnType<PptxGenJS['addSlide']>;

class Deck {
  readonly pptx = new PptxGenJS();
  private readonly lang: string;

  constructor(private readonly deck: PresentationDeck) {
    this.pptx.layout = 'LAYOUT_16x9';
    this.pptx.title = deck.title;
    this.pptx.author = deck.brand.name;
    this.pptx.company = deck.brand.name;
    this.lang = LANG[deck.language];
  }

  slide(): Slide {
    const s = this.pptx.addSlide();
    const b = this.deck.brand;
    this.text(
      s,
      [b.name, b.siteUrl, b.phone].filter(Boolean).join('  ·  '),
      { x: M, y: SLIDE_H - 0.35, w: W, h: 0.25 },
      { size: 8, color: MUTED },
    );
    return s;
  }

  /**
   * `text` in `box` (inches), cut to the lines that fit, each run in its script's font.
   * Returns the height (in) the lines take.
   */
  text(s: Slide, text: string, box: Box, st: TextStyle): number {
    if (!text) return 0;
    const leading = st.leading ?? 1.25;
    const lineH = (st.size * leading) / 72;
    const maxLines = Math.max(1, Math.floor((box.h - 0.02) / lineH));
    // Measured a little narrower than the box: PowerPoint's insets and rounding.
    const lines = wrapText(text, { width: box.w * 72 * 0.94, size: st.size, bold: st.bold, maxLines, shaped: false });
    const joined = lines
      .map((l) => l.runs.map((r) => r.text).join(''))
      .reduce((acc, l) => (acc && !/[\u3000-\u9fff\uff00-\uffef]$/.test(acc) ? `${acc} ${l}` : acc + l), '');
    const runs = splitRuns(joined).map((r) => ({
      text: r.text,
      options: { fontFace: faceFor(r.cjk, !!st.bold).family, lang: this.lang },
    }));
    s.addText(runs, {
      ...box,
      fontSize: st.size,
      bold: st.bold,
      color: st.color ?? TEXT,
      align: st.align ?? 'left',
      valign: 'top',
      margin: 0,
      lineSpacingMultiple: leading / 1.2,
      fit: 'none',
      lang: this.lang,
    });
    return lines.length * lineH;
  }

  /**
   * Single-line paragraphs (each cut to the box's width with "…") in one text box, `rowH`
   * inches apart: a column of a table in one shape instead of a shape per cell.
   */
  column(s: Slide, items: string[], box: Box, st: TextStyle, rowH: number): void {
    const runs: { text: string; options: PptxGenJS.TextPropsOptions }[] = [];
    items.forEach((item, i) => {
      const line = wrapText(item, { width: box.w * 72 * 0.94, size: st.size, bold: st.bold, maxLines: 1, shaped: false })[0];
      const text = line ? line.runs.map((r) => r.text).join('') : ' ';
      const parts = splitRuns(text);
      parts.forEach((r, j) => {
        runs.push({
          text: r.text,
          options: {
            fontFace: faceFor(r.cjk, !!st.bold).family,
            lang: this.lang,
            breakLine: j === parts.length - 1 && i < items.length - 1,
          },
        });
      });
    });
    s.addText(runs, {
      ...box,
      fontSize: st.size,
      bold: st.bold,
      color: st.color ?? TEXT,
      valign: 'top',
      margin: 0,
      lineSpacing: rowH * 72,
      fit: 'none',
      lang: this.lang,
    });
  }

  photo(s: Slide, photo: Photo | undefined, box: Box): void {
    if (!photo) {
      s.addShape(this.pptx.ShapeType.rect, { ...box, fill: { color: PLACEHOLDER }, line: { color: PLACEHOLDER } });
      return;
    }
    s.addImage({
      data: photoDataUri(photo),
      x: box.x,
      y: box.y,
      w: box.w,
      h: (box.w * photo.height) / photo.width,
      sizing: { type: 'cover', w: box.w, h: box.h },
    });
  }

  async finish(): Promise<Buffer> {
    return (await this.pptx.write({ outputType: 'nodebuffer', compression: false })) as Buffer;
  }
}

interface Loaded {
  p: DeckProperty;
  photos: Photo[];
  /** The QR code as a PNG data URI. */
  qr: string;
}

/** Renders `deck` as a PPTX (see the module comment for the slides). */
export async function renderPptx(deck: PresentationDeck): Promise<Buffer> {
  const max = deck.template === 'gallery' ? 4 : 3;
  const loaded: Loaded[] = [];
  for (const p of deck.properties)
    loaded.push({ p, photos: await loadPhotos(p.photoPaths, max, 1280, 512, p.smallPhotoPaths), qr: await qrDataUri(p.url) });
  const d = new Deck(deck);
  if (deck.template === 'one-page') {
    for (const l of loaded) propertySlide(d, deck, l, false, true);
    if (!loaded.length) cover(d, deck, undefined);
  } else {
    cover(d, deck, loaded.find((l) => l.photos.length)?.photos[0]);
    for (const l of loaded) propertySlide(d, deck, l, deck.template === 'gallery', false);
    contacts(d, deck);
  }
  return d.finish();
}

function cover(d: Deck, deck: PresentationDeck, photo: Photo | undefined): void {
  const s = d.slide();
  const L = LABELS[deck.language];
  d.photo(s, photo, { x: 0, y: 0, w: SLIDE_W * 0.5, h: SLIDE_H });
  const x = SLIDE_W * 0.5 + 0.4;
  const w = SLIDE_W * 0.5 - 0.8;
  let y = 0.5;
  y += d.text(s, deck.brand.name, { x, y, w, h: 0.35 }, { size: 14, bold: true, color: ACCENT }) + 0.4;
  y += d.text(s, deck.title, { x, y, w, h: 1.9 }, { size: 26, bold: true, leading: 1.15 }) + 0.2;
  const sub =
    deck.properties.length === 1
      ? [deck.properties[0].address, deck.properties[0].city].filter(Boolean).join(', ')
      : L.properties(deck.properties.length);
  d.text(s, sub, { x, y, w, h: 0.8 }, { size: 14, color: MUTED });
  const a = deck.options.agent;
  if (a) {
    d.text(s, `${L.agent}: ${a.name}`, { x, y: SLIDE_H - 1.2, w, h: 0.3 }, { size: 12, bold: true });
    d.text(s, [a.phone, a.email].filter(Boolean).join('  ·  '), { x, y: SLIDE_H - 0.85, w, h: 0.3 }, { size: 10, color: MUTED });
  }
}

function propertySlide(d: Deck, deck: PresentationDeck, l: Loaded, gallery: boolean, withAgent: boolean): void {
  const s = d.slide();
  const L = LABELS[deck.language];
  const p = l.p;
  let y = 0.3;
  y += d.text(s, p.title, { x: M, y, w: W, h: 0.5 }, { size: 20, bold: true, leading: 1.15 });
  d.text(
    s,
    `${p.dealType === 'rent' ? L.rent : L.sale} · ${p.category} · ${p.city}`,
    { x: M, y: y + 0.02, w: W, h: 0.25 },
    { size: 10, color: MUTED },
  );
  y += 0.4;
  // Photos on the left: one large and up to two (gallery: three) small under it.
  const pw = gallery ? 5.2 : 4.4;
  const heroH = gallery ? 2.9 : 2.05;
  d.photo(s, l.photos[0], { x: M, y, w: pw, h: heroH });
  const thumbs = l.photos.slice(1, gallery ? 4 : 3);
  const n = gallery ? 3 : 2;
  const tw = (pw - 0.1 * (n - 1)) / n;
  const thumbH = gallery ? 0.95 : 0.7;
  thumbs.forEach((ph, i) => d.photo(s, ph, { x: M + i * (tw + 0.1), y: y + heroH + 0.1, w: tw, h: thumbH }));
  // Facts, location and QR on the right.
  const rx = M + pw + 0.3;
  const rw = SLIDE_W - M - rx;
  let ry = y;
  const facts = keyFacts(p, deck.language, deck.options.showPrice);
  const rowH = 0.24;
  const tableH = facts.length * rowH;
  d.column(
    s,
    facts.map(([label]) => label),
    { x: rx, y: ry, w: rw * 0.45, h: tableH },
    { size: 9, color: MUTED },
    rowH,
  );
  d.column(
    s,
    facts.map(([, value]) => value),
    { x: rx + rw * 0.45, y: ry, w: rw * 0.55, h: tableH },
    { size: 10, bold: true },
    rowH,
  );
  ry += tableH + 0.08;
  const coords = formatCoordinates(p);
  ry += d.text(s, [p.address, p.city].filter(Boolean).join(', '), { x: rx, y: ry, w: rw, h: 0.4 }, { size: 10 });
  if (coords) ry += d.text(s, `${L.coordinates}: ${coords}`, { x: rx, y: ry, w: rw, h: 0.2 }, { size: 8, color: MUTED });
  ry += 0.1;
  const qr = 0.9;
  s.addImage({ data: l.qr, x: rx, y: ry, w: qr, h: qr });
  d.text(s, L.scan, { x: rx + qr + 0.1, y: ry + 0.05, w: rw - qr - 0.1, h: 0.25 }, { size: 9, bold: true });
  d.text(s, p.url, { x: rx + qr + 0.1, y: ry + 0.32, w: rw - qr - 0.1, h: 0.55 }, { size: 7, color: MUTED });
  ry += qr + 0.1;
  // Features and the description under the facts, to the footer.
  const bottom = SLIDE_H - 0.45 - (withAgent && deck.options.agent ? 0.3 : 0);
  if (p.features.length && bottom - ry > 0.3) {
    ry += d.text(s, p.features.join(' · '), { x: rx, y: ry, w: rw, h: Math.min(0.45, bottom - ry) }, { size: 8, color: ACCENT }) + 0.05;
  }
  const photosBottom = y + heroH + (thumbs.length ? thumbH + 0.1 : 0) + 0.1;
  if (!gallery && bottom - photosBottom > 0.3) {
    d.text(s, p.description, { x: M, y: photosBottom, w: pw, h: bottom - photosBottom }, { size: 9 });
  } else if (bottom - ry > 0.3) {
    d.text(s, p.description, { x: rx, y: ry, w: rw, h: bottom - ry }, { size: 8 });
  }
  if (withAgent && deck.options.agent) {
    const a = deck.options.agent;
    const parts = [`${L.agent}: ${a.name}`, a.phone, a.email].filter(Boolean).join('  ·  ');
    d.text(s, parts, { x: M, y: SLIDE_H - 0.7, w: W, h: 0.25 }, { size: 9, bold: true });
  }
}

function contacts(d: Deck, deck: PresentationDeck): void {
  const s = d.slide();
  const L = LABELS[deck.language];
  let y = 0.6;
  y += d.text(s, L.contacts, { x: M, y, w: W, h: 0.6 }, { size: 28, bold: true, color: ACCENT }) + 0.3;
  const a = deck.options.agent;
  if (a) {
    y += d.text(s, L.agent, { x: M, y, w: W, h: 0.3 }, { size: 12, color: MUTED });
    y += d.text(s, a.name, { x: M, y, w: W, h: 0.45 }, { size: 20, bold: true }) + 0.05;
    if (a.phone) y += d.text(s, `${L.phone}: ${a.phone}`, { x: M, y, w: W, h: 0.3 }, { size: 14 });
    if (a.email) y += d.text(s, `${L.email}: ${a.email}`, { x: M, y, w: W, h: 0.3 }, { size: 14 });
    y += 0.35;
  }
  const b = deck.brand;
  y += d.text(s, b.name, { x: M, y, w: W, h: 0.4 }, { size: 16, bold: true });
  if (b.phone) y += d.text(s, `${L.phone}: ${b.phone}`, { x: M, y, w: W, h: 0.3 }, { size: 12 });
  if (b.siteUrl) d.text(s, `${L.site}: ${b.siteUrl}`, { x: M, y, w: W, h: 0.3 }, { size: 12 });
}
