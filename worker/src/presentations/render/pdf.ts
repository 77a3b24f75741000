import PDFDocument from 'pdfkit';
import { loadPhotos, type Photo, qrPng } from './assets';
import type { DeckProperty, PresentationDeck } from './deck';
import { ascentRatio, type FaceId, face, pieceCache, wrapText } from './fonts';
import { formatCoordinates, keyFacts, LABELS } from './labels';

/**
 * The PDF renderer (issue 23 "Presentations"; spec 02 §2): A4 pages drawn with pdfkit 0.20.
 *
 * Templates:
 * - 'one-page': one A4 page per property with everything on it (no cover);
 * - 'classic': a cover, a page per property, a contacts page (1 + N + 1 pages);
 * - 'gallery': the same pages as 'classic', photo-led (a large photo and a grid of four).
 *
 * Text is typeset by fonts.ts (runs per script, each in its face; lines broken there, cut with
 * "…" at a box's last line), so no text leaves its box and no page is added by pdfkit itself.
 * Photos are JPEGs from assets.ts (missing/unreadable ones skipped); the QR code is a PNG.
 */

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const M = 40;
const W = PAGE_W - 2 * M;
const FOOTER_Y = PAGE_H - 28;
const CONTENT_BOTTOM = FOOTER_Y - 12;

const ACCENT = '#1f4e79';
const TEXT = '#222222';
const MUTED = '#666666';
const RULE = '#d0d7de';
const PLACEHOLDER = '#eef1f4';

interface TextOpts {
  size: number;
  width: number;
  bold?: boolean;
  color?: string;
  maxLines?: number;
  /** Line height as a multiple of the size (1.3). */
  leading?: number;
  align?: 'left' | 'center' | 'right';
}

/** pdfkit's opened image (openImage is not in @types/pdfkit 0.17). */
type Img = object;
type WithOpenImage = { openImage(src: Buffer): Img; image(src: Img, x: number, y: number, o: object): unknown };

/** One document being drawn: pdfkit plus the typesetting of fonts.ts. */
class Canvas {
  readonly doc: PDFKit.PDFDocument;
  private page = 0;
  private readonly images = new Map<Photo, Img>();
  private readonly opened = new Set<FaceId>();

  constructor(private readonly deck: PresentationDeck) {
    const lang = { ru: 'ru-RU', en: 'en-US', kk: 'kk-KZ', zh: 'zh-CN' }[deck.language];
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      autoFirstPage: false,
      // No Helvetica: every run is set in a registered face.
      font: null as unknown as string,
      lang,
      info: { Title: deck.title, Author: deck.brand.name, Creator: deck.brand.name },
    });
    // The fontkit objects parsed once per process (fonts.ts); pdfkit embeds a subset per document.
    for (const id of ['latin', 'latinBold', 'cjk'] as FaceId[]) {
      this.doc.registerFont(id, face(id).font as unknown as string);
    }
  }

  /**
   * Selects face `id`. pdfkit's per-font cache of shaped words (`EmbeddedFont.layoutCache`: word
   * -> glyphs and positions in 1/1000 em, never changed once made) lives one document long, so
   * every document shaped its words again: it is replaced by the face's piece cache of fonts.ts,
   * shared by the documents of the process and by the line breaking, which measured the same words.
   */
  private useFace(id: FaceId): void {
    this.doc.font(id);
    if (!this.opened.has(id)) {
      this.opened.add(id);
      const embedded = (this.doc as unknown as { _font?: { layoutCache?: object } })._font;
      if (embedded && embedded.layoutCache) embedded.layoutCache = pieceCache(id);
    }
  }

  addPage(): void {
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.page++;
    this.footer();
  }

  /** Draws `text` with its top at `y`; returns the height used (pt). */
  text(text: string, x: number, y: number, o: TextOpts): number {
    if (!text) return 0;
    const lines = wrapText(text, { width: o.width, size: o.size, bold: o.bold, maxLines: o.maxLines });
    const lh = o.size * (o.leading ?? 1.3);
    const ascent = ascentRatio() * o.size;
    this.doc.fillColor(o.color ?? TEXT);
    lines.forEach((line, i) => {
      const baseline = y + i * lh + ascent + (lh - o.size * 1.17) / 2;
      const dx = o.align === 'center' ? (o.width - line.width) / 2 : o.align === 'right' ? o.width - line.width : 0;
      for (const r of line.runs) {
        // Chinese bold: the regular face stroked in its own colour (one CJK subset per document).
        const fauxBold = !!o.bold && r.face.id === 'cjk';
        if (fauxBold)
          this.doc
            .save()
            .lineWidth(o.size * 0.035)
            .strokeColor(o.color ?? TEXT);
        this.useFace(r.face.id);
        this.doc
          .fontSize(o.size)
          .text(r.text, x + dx + r.x, baseline, { lineBreak: false, baseline: 'alphabetic', fill: true, stroke: fauxBold });
        if (fauxBold) this.doc.restore();
      }
    });
    return lines.length * lh;
  }

  /** Lines of `size` that fit in `height` pt. */
  linesIn(height: number, size: number, leading = 1.3): number {
    return Math.max(0, Math.floor(height / (size * leading)));
  }

  /** Draws `photo` covering the box (cropped to it), or a light placeholder without one. */
  photo(photo: Photo | undefined, x: number, y: number, w: number, h: number): void {
    const doc = this.doc;
    if (!photo) {
      doc.save().rect(x, y, w, h).fill(PLACEHOLDER).restore();
      return;
    }
    let img = this.images.get(photo);
    if (!img) {
      img = (doc as unknown as WithOpenImage).openImage(photo.data);
      this.images.set(photo, img);
    }
    doc.save();
    doc.rect(x, y, w, h).clip();
    (doc as unknown as WithOpenImage).image(img, x, y, { cover: [w, h], align: 'center', valign: 'center' });
    doc.restore();
  }

  qr(png: Buffer, x: number, y: number, size: number): void {
    this.doc.image(png, x, y, { width: size, height: size });
  }

  rule(y: number, x = M, w = W): void {
    this.doc
      .save()
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
      .restore();
  }

  private footer(): void {
    const b = this.deck.brand;
    const line = [b.name, b.siteUrl, b.phone].filter(Boolean).join('  ·  ');
    this.rule(FOOTER_Y - 6);
    this.text(line, M, FOOTER_Y, { size: 8, width: W - 40, color: MUTED, maxLines: 1 });
    this.text(String(this.page), PAGE_W - M - 40, FOOTER_Y, { size: 8, width: 40, color: MUTED, align: 'right', maxLines: 1 });
  }

  finish(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.doc.end();
    return done;
  }
}

interface Loaded {
  p: DeckProperty;
  photos: Photo[];
  qr: Buffer;
}

/** Renders `deck` as a PDF (see the module comment for the templates). */
export async function renderPdf(deck: PresentationDeck): Promise<Buffer> {
  const maxPhotos = deck.template === 'gallery' ? 5 : 4;
  const loaded: Loaded[] = [];
  for (const p of deck.properties) {
    loaded.push({ p, photos: await loadPhotos(p.photoPaths, maxPhotos, 1600, 800, p.smallPhotoPaths), qr: await qrPng(p.url) });
  }
  const c = new Canvas(deck);
  if (deck.template === 'one-page') {
    for (const l of loaded) onePage(c, deck, l);
    if (!loaded.length) cover(c, deck, undefined);
  } else {
    cover(c, deck, loaded.find((l) => l.photos.length)?.photos[0]);
    for (const l of loaded) propertyPage(c, deck, l, deck.template === 'gallery');
    contactsPage(c, deck);
  }
  return c.finish();
}

function cover(c: Canvas, deck: PresentationDeck, photo: Photo | undefined): void {
  c.addPage();
  const L = LABELS[deck.language];
  let y = M;
  y += c.text(deck.brand.name, M, y, { size: 14, width: W, bold: true, color: ACCENT, maxLines: 1 });
  y += 14;
  c.photo(photo, M, y, W, 430);
  y += 430 + 28;
  y += c.text(deck.title, M, y, { size: 26, width: W, bold: true, maxLines: 3, leading: 1.2 });
  y += 10;
  const sub =
    deck.properties.length === 1
      ? [deck.properties[0].address, deck.properties[0].city].filter(Boolean).join(', ')
      : L.properties(deck.properties.length);
  y += c.text(sub, M, y, { size: 13, width: W, color: MUTED, maxLines: 2 });
  const agent = deck.options.agent;
  if (agent) {
    const bottom = CONTENT_BOTTOM - 40;
    c.rule(bottom - 8);
    c.text(`${L.agent}: ${agent.name}`, M, bottom, { size: 11, width: W, bold: true, maxLines: 1 });
    c.text([agent.phone, agent.email].filter(Boolean).join('  ·  '), M, bottom + 16, { size: 10, width: W, color: MUTED, maxLines: 1 });
  }
}

/** Key facts as a two-column table (label, value); returns the height used. */
function factsTable(c: Canvas, deck: PresentationDeck, p: DeckProperty, x: number, y: number, width: number, size = 10): number {
  const labelW = Math.min(130, width * 0.45);
  let h = 0;
  for (const [label, value] of keyFacts(p, deck.language, deck.options.showPrice)) {
    const lh1 = c.text(label, x, y + h, { size: size - 1, width: labelW - 6, color: MUTED, maxLines: 2 });
    const lh2 = c.text(value, x + labelW, y + h, { size, width: width - labelW, bold: true, maxLines: 2 });
    h += Math.max(lh1, lh2) + 4;
  }
  return h;
}

/** Address, coordinates and the QR code with the listing's URL under it; returns the height used. */
function locationBlock(c: Canvas, deck: PresentationDeck, l: Loaded, x: number, y: number, width: number, qrSize: number): number {
  const L = LABELS[deck.language];
  let h = 0;
  h += c.text(L.address, x, y + h, { size: 9, width, color: MUTED, maxLines: 1 });
  h += c.text([l.p.address, l.p.city].filter(Boolean).join(', '), x, y + h, { size: 10, width, maxLines: 3 });
  const coords = formatCoordinates(l.p);
  if (coords) {
    h += 4;
    h += c.text(`${L.coordinates}: ${coords}`, x, y + h, { size: 8, width, color: MUTED, maxLines: 2 });
  }
  h += 8;
  c.qr(l.qr, x, y + h, qrSize);
  const capX = x + qrSize + 8;
  const capW = width - qrSize - 8;
  if (capW > 40) {
    const ch = c.text(L.scan, capX, y + h + 4, { size: 9, width: capW, bold: true, maxLines: 2 });
    c.text(l.p.url, capX, y + h + 8 + ch, { size: 7, width: capW, color: MUTED, maxLines: 4 });
  }
  h += qrSize;
  return h;
}

/** Heading + body (features or description) in at most `height` pt; returns the height used. */
function section(c: Canvas, heading: string, body: string, x: number, y: number, width: number, height: number, size = 10): number {
  if (!body || height < size * 3) return 0;
  let h = c.text(heading, x, y, { size: 11, width, bold: true, color: ACCENT, maxLines: 1 }) + 3;
  const lines = c.linesIn(height - h, size);
  if (lines < 1) return 0;
  h += c.text(body, x, y + h, { size, width, maxLines: lines });
  return h;
}

/** Photos: one large, then a row of up to `thumbs` small ones; returns the height used. */
function photoBlock(c: Canvas, photos: Photo[], y: number, heroH: number, thumbs: number, thumbH: number, gap = 6): number {
  c.photo(photos[0], M, y, W, heroH);
  let h = heroH;
  const rest = photos.slice(1, 1 + thumbs);
  if (rest.length) {
    const tw = (W - gap * (thumbs - 1)) / thumbs;
    rest.forEach((ph, i) => c.photo(ph, M + i * (tw + gap), y + h + gap, tw, thumbH));
    h += gap + thumbH;
  }
  return h;
}

function propertyPage(c: Canvas, deck: PresentationDeck, l: Loaded, gallery: boolean): void {
  c.addPage();
  const L = LABELS[deck.language];
  const p = l.p;
  let y = M;
  y += c.text(p.title, M, y, { size: 18, width: W, bold: true, maxLines: 2, leading: 1.2 });
  y +=
    c.text(`${p.dealType === 'rent' ? L.rent : L.sale} · ${p.category} · ${p.city}`, M, y + 2, {
      size: 10,
      width: W,
      color: MUTED,
      maxLines: 1,
    }) + 10;
  if (gallery) {
    // A large photo, then a 2x2 grid of the next four.
    c.photo(l.photos[0], M, y, W, 250);
    y += 256;
    const gw = (W - 6) / 2;
    const grid = l.photos.slice(1, 5);
    grid.forEach((ph, i) => c.photo(ph, M + (i % 2) * (gw + 6), y + Math.floor(i / 2) * 96, gw, 90));
    y += grid.length ? Math.ceil(grid.length / 2) * 96 + 6 : 0;
  } else {
    y += photoBlock(c, l.photos, y, 260, 3, 90) + 14;
  }
  const leftW = W * 0.56;
  const rightX = M + leftW + 18;
  const rightW = W - leftW - 18;
  const factsH = factsTable(c, deck, p, M, y, leftW);
  const locH = locationBlock(c, deck, l, rightX, y, rightW, gallery ? 72 : 84);
  y += Math.max(factsH, locH) + 12;
  c.rule(y - 6);
  const room = CONTENT_BOTTOM - y;
  const featuresH = section(c, L.features, p.features.join(' · '), M, y, W, Math.min(room, 60), 9);
  y += featuresH ? featuresH + 8 : 0;
  section(c, L.description, p.description, M, y, W, CONTENT_BOTTOM - y);
}

function onePage(c: Canvas, deck: PresentationDeck, l: Loaded): void {
  c.addPage();
  const L = LABELS[deck.language];
  const p = l.p;
  let y = M - 8;
  c.text(deck.brand.name, M, y, { size: 10, width: W / 2, bold: true, color: ACCENT, maxLines: 1 });
  c.text(deck.brand.siteUrl, M + W / 2, y, { size: 9, width: W / 2, color: MUTED, align: 'right', maxLines: 1 });
  y += 20;
  y += c.text(p.title, M, y, { size: 17, width: W, bold: true, maxLines: 2, leading: 1.2 }) + 6;
  y += photoBlock(c, l.photos, y, 220, 3, 70) + 12;
  const leftW = W * 0.56;
  const rightX = M + leftW + 18;
  const rightW = W - leftW - 18;
  const factsH = factsTable(c, deck, p, M, y, leftW);
  const locH = locationBlock(c, deck, l, rightX, y, rightW, 76);
  y += Math.max(factsH, locH) + 10;
  c.rule(y - 5);
  const agent = deck.options.agent;
  const agentH = agent ? 40 : 0;
  const bottom = CONTENT_BOTTOM - agentH;
  const featuresH = section(c, L.features, p.features.join(' · '), M, y, W, Math.min(bottom - y, 48), 9);
  y += featuresH ? featuresH + 6 : 0;
  section(c, L.description, p.description, M, y, W, bottom - y, 9);
  if (agent) agentBox(c, deck, CONTENT_BOTTOM - agentH + 6);
}

/** The agent's name, phone and e-mail in one box (36 pt high). */
function agentBox(c: Canvas, deck: PresentationDeck, y: number): void {
  const L = LABELS[deck.language];
  const a = deck.options.agent!;
  c.rule(y - 4);
  c.text(`${L.agent}: ${a.name}`, M, y, { size: 10, width: W, bold: true, maxLines: 1 });
  const parts = [a.phone && `${L.phone}: ${a.phone}`, a.email && `${L.email}: ${a.email}`].filter(Boolean).join('   ');
  c.text(parts, M, y + 15, { size: 9, width: W, color: MUTED, maxLines: 1 });
}

function contactsPage(c: Canvas, deck: PresentationDeck): void {
  c.addPage();
  const L = LABELS[deck.language];
  let y = M + 20;
  y += c.text(L.contacts, M, y, { size: 24, width: W, bold: true, color: ACCENT, maxLines: 1 }) + 24;
  const a = deck.options.agent;
  if (a) {
    y += c.text(L.agent, M, y, { size: 11, width: W, color: MUTED, maxLines: 1 }) + 4;
    y += c.text(a.name, M, y, { size: 18, width: W, bold: true, maxLines: 2 }) + 6;
    if (a.phone) y += c.text(`${L.phone}: ${a.phone}`, M, y, { size: 13, width: W, maxLines: 1 }) + 4;
    if (a.email) y += c.text(`${L.email}: ${a.email}`, M, y, { size: 13, width: W, maxLines: 1 }) + 4;
    y += 24;
    c.rule(y - 12);
  }
  const b = deck.brand;
  y += c.text(b.name, M, y, { size: 16, width: W, bold: true, maxLines: 2 }) + 6;
  if (b.phone) y += c.text(`${L.phone}: ${b.phone}`, M, y, { size: 12, width: W, maxLines: 1 }) + 4;
  if (b.siteUrl) c.text(`${L.site}: ${b.siteUrl}`, M, y, { size: 12, width: W, maxLines: 1 });
}
