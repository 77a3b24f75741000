import { readFile, stat } from 'node:fs/promises';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * Photos and QR codes for the renderers (issue 23). pdfkit embeds only JPEG and PNG, so every
 * photo becomes a JPEG of at most `maxSide` px on its longer side (WebP, PNG, large or rotated
 * JPEGs through sharp; a small plain JPEG as it is): the first photo of a property (the large
 * one) up to 1600 px in a PDF and 1280 px in a PPTX (the listing's 1280 px gallery variant as it
 * is; a slide shown full screen on a 1920 px display draws it ~850 px wide), the others half
 * that, or the listing's 480 px card variant as it is (they are drawn ~170 pt / ~2.2 in wide:
 * ~200 dpi). Uploaded photos have both variants, so a presentation converts none of them; sharp
 * is left for photos without variants (still being processed, or a test's). A photo file that
 * is missing or is not an image is skipped (null), never thrown. Both are cached per process
 * (bulk runs render the same property in several languages and formats).
 */
export interface Photo {
  /** JPEG bytes. */
  data: Buffer;
  /** Pixels (after EXIF rotation). */
  width: number;
  height: number;
  /** "image/jpeg;base64,..." for pptxgenjs, made on first use and kept with the cached photo. */
  dataUri?: string;
}

/** The photo as pptxgenjs takes it (encoded once per cached photo, not once per slide). */
export function photoDataUri(photo: Photo): string {
  return (photo.dataUri ??= `image/jpeg;base64,${photo.data.toString('base64')}`);
}

/** JPEG bytes kept (their base64 for PPTX may add 4/3 of it). */
const CACHE_BYTES = 48 * 1024 * 1024;

/** Least-recently-used cache of values with a byte size. */
class ByteLru<V> {
  private map = new Map<string, { v: V; bytes: number }>();
  private total = 0;
  constructor(private readonly max: number) {}
  get(k: string): V | undefined {
    const e = this.map.get(k);
    if (!e) return undefined;
    this.map.delete(k);
    this.map.set(k, e);
    return e.v;
  }
  set(k: string, v: V, bytes: number): void {
    const old = this.map.get(k);
    if (old) {
      this.total -= old.bytes;
      this.map.delete(k);
    }
    this.map.set(k, { v, bytes });
    this.total += bytes;
    for (const [key, e] of this.map) {
      if (this.total <= this.max) break;
      this.map.delete(key);
      this.total -= e.bytes;
    }
  }
}

const photos = new ByteLru<Photo | null>(CACHE_BYTES);
const qrs = new ByteLru<Buffer>(4 * 1024 * 1024);
const qrUris = new ByteLru<string>(4 * 1024 * 1024);

/** `path` as a JPEG of at most `maxSide` px, or null when it is missing or not a readable image. */
export async function loadPhoto(path: string, maxSide: number): Promise<Photo | null> {
  let key: string;
  try {
    const st = await stat(path);
    if (!st.isFile()) return null;
    key = `${path}\u0000${st.size}\u0000${st.mtimeMs}\u0000${maxSide}`;
  } catch {
    return null;
  }
  const hit = photos.get(key);
  if (hit !== undefined) return hit;
  let photo: Photo | null = null;
  try {
    const input = await readFile(path);
    const meta = await sharp(input).metadata();
    const w = meta.width ?? 0;
    const h = meta.height ?? 0;
    if (!w || !h) throw new Error('no size');
    const plain =
      meta.format === 'jpeg' && (meta.orientation ?? 1) === 1 && meta.space === 'srgb' && meta.channels === 3 && Math.max(w, h) <= maxSide;
    if (plain) photo = { data: input, width: w, height: h };
    else {
      const { data, info } = await sharp(input)
        .rotate()
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      photo = { data, width: info.width, height: info.height };
    }
  } catch {
    photo = null;
  }
  photos.set(key, photo, photo ? photo.data.length : 64);
  return photo;
}

/**
 * Loads `paths` (at most `max`), skipping the ones that are not images; order kept. The first
 * one kept is at most `firstSide` px, the others `otherSide`, read from `small[i]` (a small JPEG
 * of the same photo) when there is one, else from `paths[i]`.
 */
export async function loadPhotos(
  paths: string[],
  max: number,
  firstSide: number,
  otherSide: number,
  small: ReadonlyArray<string | null> = [],
): Promise<Photo[]> {
  const out: Photo[] = [];
  for (const [i, p] of paths.entries()) {
    if (out.length >= max) break;
    const smallFile = out.length ? small[i] : null;
    const photo = (smallFile && (await loadPhoto(smallFile, otherSide))) || (await loadPhoto(p, out.length ? otherSide : firstSide));
    if (photo) out.push(photo);
  }
  return out;
}

/** Pixels per module and modules of quiet zone of the QR code. */
const QR_SCALE = 4;
const QR_MARGIN = 1;

/**
 * A PNG QR code of `url` (8-bit grey, black on white, one module of quiet zone, 4 px per module):
 * qrcode's matrix (one byte-mode segment), encoded by pngjs from grey pixels without row filters.
 * Grey without alpha, because pdfkit embeds such a PNG's data as it is (with alpha it decodes and
 * re-compresses it).
 * qrcode's own PNG renderer (the same pixels) drew RGBA, converted it to grey and tried five
 * filters per row: ~2 ms a listing, as much as the rest of its page's text; this is ~0.5 ms.
 */
export async function qrPng(url: string): Promise<Buffer> {
  const hit = qrs.get(url);
  if (hit) return hit;
  // One byte-mode segment: a URL in lower case gains nothing from qrcode's search for the
  // shortest mix of modes (a graph search per code, a tenth of its time).
  const { modules } = QRCode.create([{ data: Buffer.from(url), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * QR_MARGIN) * QR_SCALE;
  const data = Buffer.alloc(side * side, 255);
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++) {
      if (!modules.get(r, c)) continue;
      for (let y = 0; y < QR_SCALE; y++) {
        const at = ((r + QR_MARGIN) * QR_SCALE + y) * side + (c + QR_MARGIN) * QR_SCALE;
        data.fill(0, at, at + QR_SCALE);
      }
    }
  const png = PNG.sync.write({ width: side, height: side, data } as PNG, {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    filterType: 0,
  });
  qrs.set(url, png, png.length);
  return png;
}

/** The QR code of `url` as "image/png;base64,..." (pptxgenjs), cached like the PNG. */
export async function qrDataUri(url: string): Promise<string> {
  const hit = qrUris.get(url);
  if (hit) return hit;
  const uri = `image/png;base64,${(await qrPng(url)).toString('base64')}`;
  qrUris.set(url, uri, uri.length);
  return uri;
}
