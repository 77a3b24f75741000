import { existsSync } from 'node:fs';
import * as fontkit from 'fontkit';

/**
 * The fonts presentations are set in (issue 23; spec 02 §2 "Presentations"). No single font has
 * both the Kazakh letters (ә ғ қ ң ө ұ ү һ і) and Chinese, so text is split into runs by script:
 * DejaVu Sans (Debian fonts-dejavu-core) for Latin and Cyrillic, Noto Sans CJK SC (Debian
 * fonts-noto-cjk, the SC face of its .ttc collection) for Chinese. The files come from the
 * machine's packages (.ci/run, README), never from the network.
 *
 * Each file is parsed ONCE per process with fontkit and the fontkit font object is handed to
 * pdfkit (pdfkit 0.20 `PDFFontFactory.open` takes any object with `layout()`): parsing a font
 * anew for every document costs ~35 ms (DejaVu) and ~190 ms (Noto CJK) per 1-page PDF.
 */

/** The faces a run can be set in. */
export type FaceId = 'latin' | 'latinBold' | 'cjk';

export interface Face {
  id: FaceId;
  /** The font family name PowerPoint/LibreOffice look up (PPTX runs). */
  family: string;
  font: fontkit.Font;
}

// Debian's places (other systems: PRESENTATION_FONT_DIR_DEJAVU / PRESENTATION_FONT_DIR_NOTO).
const DEJAVU_DIR = process.env.PRESENTATION_FONT_DIR_DEJAVU || '/usr/share/fonts/truetype/dejavu';
const NOTO_DIR = process.env.PRESENTATION_FONT_DIR_NOTO || '/usr/share/fonts/opentype/noto';

const FILES: Record<FaceId, { path: string; postscriptName?: string; family: string }> = {
  latin: { path: `${DEJAVU_DIR}/DejaVuSans.ttf`, family: 'DejaVu Sans' },
  latinBold: { path: `${DEJAVU_DIR}/DejaVuSans-Bold.ttf`, family: 'DejaVu Sans' },
  cjk: { path: `${NOTO_DIR}/NotoSansCJK-Regular.ttc`, postscriptName: 'NotoSansCJKsc-Regular', family: 'Noto Sans CJK SC' },
};

const faces = new Map<FaceId, Face>();

function openFace(id: FaceId): Face {
  const spec = FILES[id];
  if (!existsSync(spec.path)) {
    const pkg = id.startsWith('cjk') ? 'fonts-noto-cjk' : 'fonts-dejavu-core';
    throw new Error(`presentation font missing: ${spec.path} (install the Debian package ${pkg}; see README)`);
  }
  const opened = fontkit.openSync(spec.path, spec.postscriptName);
  const font = 'fonts' in opened ? (opened.fonts.find((f) => f.postscriptName === spec.postscriptName) ?? opened.fonts[0]) : opened;
  primeGlyphs(font as fontkit.Font);
  memoizeGlyphDecode(font as fontkit.Font);
  return { id, family: spec.family, font: font as fontkit.Font };
}

type DecodingGlyph = { _decode?: () => unknown; __decoded?: unknown; __memo?: boolean };

/**
 * fontkit's TrueType glyph parses its outline from the font file on every `_decode()`, and the
 * subset pdfkit embeds in each document calls it for every glyph used (a 1-page PDF in Russian:
 * ~7.7 -> ~4.5 ms of CPU).
 * Kept on the glyph object after the first parse: the result is read only, except under a
 * variable font's variation processor (DejaVu Sans has none; CFF glyphs cache their path already).
 */
function memoizeGlyphDecode(font: fontkit.Font): void {
  if ((font as unknown as { _variationProcessor?: unknown })._variationProcessor) return;
  const proto = Object.getPrototypeOf(font.getGlyph(0)) as DecodingGlyph;
  if (typeof proto._decode !== 'function' || proto.__memo) return;
  const decode = proto._decode;
  proto._decode = function (this: DecodingGlyph) {
    if (this.__decoded === undefined) this.__decoded = decode.call(this);
    return this.__decoded;
  };
  proto.__memo = true;
}

/**
 * Creates fontkit's cached glyph object of every mapped character with its code point. fontkit
 * caches a glyph with the code points of its first request, and pdfkit writes those into the
 * PDF's ToUnicode map: when a subset of one document first asked for a glyph as a component of
 * another (DejaVu's Cyrillic "о" is drawn with the Latin "o"), it was cached with none, and
 * every later document using the shared font lost that letter from its extractable text.
 * (~45 ms for DejaVu, ~100 ms for Noto CJK, once per process.)
 */
function primeGlyphs(font: fontkit.Font): void {
  const later: number[] = [];
  for (const cp of font.characterSet) {
    // Presentation forms (ﬁ ﬃ) are left to the shaper, which caches a ligature with its letters.
    if (cp >= 0xfb00 && cp <= 0xfb4f) continue;
    // Radicals and compatibility ideographs share glyphs with the unified ideographs (⽊ and 木):
    // the unified code point must win, so they come last.
    if (
      (cp >= 0x2e80 && cp <= 0x2fdf) ||
      (cp >= 0x3190 && cp <= 0x319f) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0x2f800 && cp <= 0x2fa1f)
    ) {
      later.push(cp);
      continue;
    }
    font.glyphForCodePoint(cp);
  }
  for (const cp of later) font.glyphForCodePoint(cp);
}

/** The face `id`, parsed on first use and kept for the life of the process. */
export function face(id: FaceId): Face {
  let f = faces.get(id);
  if (!f) {
    f = openFace(id);
    faces.set(id, f);
  }
  return f;
}

/**
 * Parses every presentation font now (the worker calls it on start, so the first job does not
 * pay ~100 ms) and touches the glyphs the documents use most. Throws when a font file is missing
 * (the message names the Debian package to install).
 */
export function warmRenderFonts(): void {
  for (const id of Object.keys(FILES) as FaceId[]) {
    const f = face(id);
    f.font.layout(id.startsWith('cjk') ? '办公室出售出租面积价格' : 'Aa Бб әғқңөұүһі 0123456789 ₸ м² m²');
  }
}

// --- script runs -----------------------------------------------------------------------------

/** Code points set in the CJK face whatever the Latin face has (Han, kana, CJK punctuation, full-width forms). */
function isCjkCodePoint(cp: number): boolean {
  return (
    (cp >= 0x2e80 && cp <= 0x2fdf) || // radicals
    (cp >= 0x3000 && cp <= 0x30ff) || // CJK punctuation, kana
    (cp >= 0x3100 && cp <= 0x31ff) ||
    (cp >= 0x3200 && cp <= 0x9fff) || // enclosed, compatibility, ext. A, unified
    (cp >= 0xac00 && cp <= 0xd7af) || // Hangul
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) || // full-width forms
    (cp >= 0x20000 && cp <= 0x3134f)
  );
}

/** Neutral characters (spaces, digits, common punctuation) stay in the run they are in. */
const NEUTRAL_PUNCTUATION = new Set([...',.:;-()/+%'].map((c) => c.codePointAt(0)!));
function isNeutral(cp: number): boolean {
  return cp === 0x20 || cp === 0xa0 || (cp >= 0x30 && cp <= 0x39) || NEUTRAL_PUNCTUATION.has(cp);
}

const scriptCache = new Map<number, boolean>();
/** True when code point `cp` is set in the CJK face. */
function wantsCjk(cp: number): boolean {
  let v = scriptCache.get(cp);
  if (v === undefined) {
    if (isCjkCodePoint(cp)) v = true;
    else if (face('latin').font.hasGlyphForCodePoint(cp)) v = false;
    else v = face('cjk').font.hasGlyphForCodePoint(cp);
    scriptCache.set(cp, v);
  }
  return v;
}

export interface Run {
  text: string;
  cjk: boolean;
}

/** Splits `text` into runs of one script each (neutral characters join the run they are in). */
export function splitRuns(text: string): Run[] {
  // Called for every word measured: runs are sliced out of `text`, not built a character at a time.
  const runs: Run[] = [];
  let start = 0;
  let cjk: boolean | null = null;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const c: boolean = cjk !== null && isNeutral(cp) ? cjk : wantsCjk(cp);
    if (cjk === null) cjk = c;
    else if (c !== cjk) {
      runs.push({ text: text.slice(start, i), cjk });
      start = i;
      cjk = c;
    }
    i += cp > 0xffff ? 2 : 1;
  }
  if (cjk !== null) runs.push({ text: text.slice(start), cjk });
  return runs;
}

/**
 * The face of a run. Chinese has one face (regular; bold is drawn by the renderer, stroked in
 * the PDF, synthesised by the viewer in the PPTX): each embedded CFF subset of Noto Sans CJK costs
 * ~20 ms per document, and a second one would halve the Chinese figure (bench/README.md).
 */
export function faceFor(cjk: boolean, bold: boolean): Face {
  return face(cjk ? 'cjk' : bold ? 'latinBold' : 'latin');
}

// --- measuring and line breaking ----------------------------------------------------------------

/** A shaped piece of text as pdfkit keeps it (`EmbeddedFont.layoutRun`): positions and widths in 1/1000 em. */
interface ShapedPiece {
  advanceWidth: number;
}

/**
 * Shaped pieces per face, shared by the measuring here and by pdfkit's drawing in every document
 * of the process (pdf.ts hands this object to pdfkit as its `layoutCache`). pdfkit draws a string
 * as pieces cut after each space or tab ("word ", "word"), shaping each with fontkit once per
 * cache; measuring in the same pieces from the same cache gives the widths pdfkit draws, and a
 * new word is shaped once for a whole bulk run instead of three times per document (measured
 * with and without its space, then drawn): the shaping of new words was most of a 1-page PDF.
 * Replaced by an empty one past 50,000 pieces (counted here: pdfkit only draws pieces the line
 * breaking measured, as every text is laid out by wrapText, with its whitespace collapsed).
 */
const pieceCaches = new Map<FaceId, { cache: Record<string, ShapedPiece>; size: number }>();

/** The shared piece cache of face `id` (pdf.ts gives it to pdfkit). */
export function pieceCache(id: FaceId): Record<string, ShapedPiece> {
  let e = pieceCaches.get(id);
  if (!e || e.size > 50_000) {
    e = { cache: Object.create(null) as Record<string, ShapedPiece>, size: 0 };
    pieceCaches.set(id, e);
  }
  return e.cache;
}

/** pdfkit 0.20's `EmbeddedFont.layoutRun` without features: fontkit's run scaled to 1/1000 em. */
function shape(f: Face, piece: string): ShapedPiece {
  const cache = pieceCache(f.id);
  let run = cache[piece] as ShapedPiece | undefined;
  if (!run) {
    const scale = 1000 / f.font.unitsPerEm;
    const r = f.font.layout(piece);
    for (let i = 0; i < r.positions.length; i++) {
      const p = r.positions[i] as unknown as Record<string, number>;
      for (const k in p) p[k] *= scale;
      p.advanceWidth = r.glyphs[i].advanceWidth * scale;
    }
    run = r as unknown as ShapedPiece;
    cache[piece] = run;
    pieceCaches.get(f.id)!.size++;
  }
  return run;
}

/** Advance widths (1/1000 em) by code point, per face: the unshaped measure. */
const advances = new Map<FaceId, Map<number, number>>();

/** The sum of `text`'s glyph advances in `f` (1/1000 em), without shaping (no kerning, no ligatures). */
function advanceSum(f: Face, text: string): number {
  let byCp = advances.get(f.id);
  if (!byCp) advances.set(f.id, (byCp = new Map()));
  let w = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let a = byCp.get(cp);
    if (a === undefined) {
      a = (f.font.glyphForCodePoint(cp).advanceWidth * 1000) / f.font.unitsPerEm;
      byCp.set(cp, a);
    }
    w += a;
  }
  return w;
}

/**
 * Advance width of `text` in `f` at 1 pt: shaped, summed over pdfkit's pieces (what pdfkit
 * draws), or unshaped (`shaped` false: the glyphs' advances, for PPTX, whose text PowerPoint sets).
 */
function unitWidth(f: Face, text: string, shaped: boolean): number {
  if (!shaped) return advanceSum(f, text) / 1000;
  let w = 0;
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      w += shape(f, text.slice(last, i + 1)).advanceWidth;
      last = i + 1;
    }
  }
  if (last < text.length) w += shape(f, text.slice(last)).advanceWidth;
  return w / 1000;
}

/** Width in pt of `text` at `size` pt (runs measured in their own faces). */
export function textWidth(text: string, size: number, bold = false, shaped = true): number {
  let w = 0;
  for (const r of splitRuns(text)) w += unitWidth(faceFor(r.cjk, bold), r.text, shaped) * size;
  return w;
}

export interface PlacedRun {
  text: string;
  face: Face;
  /** Offset from the line's start, pt. */
  x: number;
  width: number;
}

export interface Line {
  runs: PlacedRun[];
  width: number;
}

/** CJK punctuation that must not start a line (kept with the character before). */
const NO_LINE_START = new Set([...'，。、：；！？）》」』】〉”’…%·,.;:!?)]}']);

/** Breakable pieces of a paragraph: words with their trailing spaces; each CJK character alone. */
function tokens(paragraph: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const ch of paragraph) {
    const cp = ch.codePointAt(0)!;
    if (NO_LINE_START.has(ch)) {
      cur += ch;
      continue;
    }
    if (ch === ' ') {
      cur += ch;
      continue;
    }
    const cjk = isCjkCodePoint(cp);
    if (cjk || (cur.endsWith(' ') && cur.length > 0) || (cur && isCjkCodePoint(cur.codePointAt(cur.length - 1) ?? 0))) {
      if (cur) out.push(cur);
      cur = ch;
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * Splits a token wider than a line into pieces that fit (long URLs, numbers): characters are
 * added while the sum of their own widths fits, then each piece is measured whole and gives back
 * characters while kerning makes it wider (measuring every growing prefix shaped the token once
 * per character: a listing's URL under its QR code cost more than the rest of the page).
 */
function splitLong(token: string, width: number, size: number, bold: boolean, shaped: boolean): string[] {
  const out: string[] = [];
  let chars = [...token];
  while (chars.length) {
    let n = 0;
    let w = 0;
    while (n < chars.length) {
      const cw = textWidth(chars[n], size, bold, shaped);
      if (n && w + cw > width) break;
      w += cw;
      n++;
    }
    while (n > 1 && textWidth(chars.slice(0, n).join(''), size, bold, shaped) > width) n--;
    out.push(chars.slice(0, n).join(''));
    chars = chars.slice(n);
  }
  return out;
}

function placeLine(text: string, size: number, bold: boolean, shaped: boolean): Line {
  const runs: PlacedRun[] = [];
  let x = 0;
  for (const r of splitRuns(text)) {
    const f = faceFor(r.cjk, bold);
    const w = unitWidth(f, r.text, shaped) * size;
    runs.push({ text: r.text, face: f, x, width: w });
    x += w;
  }
  return { runs, width: x };
}

export interface WrapOptions {
  width: number;
  size: number;
  bold?: boolean;
  /** At most this many lines; the last one kept ends with "…" when text was left out. */
  maxLines?: number;
  /**
   * false: measured by the glyphs' advances, unshaped. For PPTX, where PowerPoint sets the text
   * and the lines here only decide where "…" goes: shaping each new word cost a third of a
   * 10-slide deck of new listings. Kerning narrows DejaVu text, so the estimate errs wide.
   */
  shaped?: boolean;
}

/**
 * Breaks `text` into lines no wider than `width` pt (paragraphs at "\n"), in at most `maxLines`
 * lines: text that does not fit is cut at a word (a character for Chinese) and "…" added, so a
 * box never overflows. The lines are cached: read them, do not change them.
 */
export function wrapText(text: string, o: WrapOptions): Line[] {
  // Labels, the footer and a property's texts recur across the documents of a bulk run.
  const key = `${o.width.toFixed(2)}|${o.size}|${o.bold ? 1 : 0}|${o.maxLines ?? ''}|${o.shaped === false ? 0 : 1}|${text}`;
  let lines = wrapCache.get(key);
  if (!lines) {
    lines = wrapUncached(text, o);
    if (wrapCache.size >= 5_000) wrapCache.clear();
    wrapCache.set(key, lines);
  }
  return lines;
}

/** wrapText's results (read only), by options and text. */
const wrapCache = new Map<string, Line[]>();

function wrapUncached(text: string, o: WrapOptions): Line[] {
  const bold = !!o.bold;
  const shaped = o.shaped !== false;
  const max = Math.max(1, o.maxLines ?? Infinity);
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((p) => p.replace(/[\t ]+/g, ' ').trim())
    .filter(Boolean);
  const raw: string[] = [];
  let cut = false;
  outer: for (let pi = 0; pi < paragraphs.length; pi++) {
    // A line's width is the sum of its tokens' (each measured once, cached): measuring every
    // growing prefix of the line made each line cost a fontkit layout per word.
    let line = '';
    let lineW = 0;
    for (const tok0 of tokens(paragraphs[pi])) {
      const pieces = textWidth(tok0.trimEnd(), o.size, bold, shaped) > o.width ? splitLong(tok0, o.width, o.size, bold, shaped) : [tok0];
      for (const tok of pieces) {
        if (line && lineW + textWidth(tok.trimEnd(), o.size, bold, shaped) > o.width) {
          raw.push(line.trimEnd());
          line = '';
          lineW = 0;
          if (raw.length >= max) {
            cut = true;
            break outer;
          }
        }
        line += tok;
        lineW += textWidth(tok, o.size, bold, shaped);
      }
    }
    if (line) raw.push(line.trimEnd());
    if (raw.length >= max && pi < paragraphs.length - 1) {
      cut = true;
      break;
    }
  }
  if (cut && raw.length) {
    let last = raw[raw.length - 1];
    while (last && textWidth(`${last}…`, o.size, bold, shaped) > o.width) last = [...last].slice(0, -1).join('').trimEnd();
    raw[raw.length - 1] = `${last.replace(/[\s,.;:，。]+$/, '')}…`;
  }
  return raw.map((l) => placeLine(l, o.size, bold, shaped));
}

/** Ascent of the Latin face at 1 pt (baseline offset from a line's top). */
export function ascentRatio(): number {
  const f = face('latin').font;
  return f.ascent / f.unitsPerEm;
}
