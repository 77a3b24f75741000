import { decodableMetadata, openImage, type FileStorage, type ImageVariants } from '@realty/db';

/** Sizes and encodings of the variants (card thumbnail, gallery image, each as JPEG and WebP). */
export const VARIANT_SPECS: Record<keyof ImageVariants, { width: number; format: 'jpeg' | 'webp'; quality: number; suffix: string }> = {
  thumb: { width: 480, format: 'jpeg', quality: 78, suffix: '.thumb.jpg' },
  gallery: { width: 1280, format: 'jpeg', quality: 82, suffix: '.gallery.jpg' },
  thumbWebp: { width: 480, format: 'webp', quality: 75, suffix: '.thumb.webp' },
  galleryWebp: { width: 1280, format: 'webp', quality: 75, suffix: '.gallery.webp' },
};

const VARIANT_NAMES = Object.keys(VARIANT_SPECS) as Array<keyof ImageVariants>;

/** 'properties/demo/office-07.jpg' -> { thumb: 'properties/demo/office-07.thumb.jpg', ... }. */
export function variantKeys(originalKey: string): ImageVariants {
  const slash = originalKey.lastIndexOf('/');
  const dot = originalKey.lastIndexOf('.');
  const stem = dot > slash ? originalKey.slice(0, dot) : originalKey;
  return Object.fromEntries(VARIANT_NAMES.map((name) => [name, `${stem}${VARIANT_SPECS[name].suffix}`])) as unknown as ImageVariants;
}

export interface VariantsResult {
  variants: ImageVariants;
  /** Size of the original after EXIF orientation. */
  width: number;
  height: number;
  /** How many variant files this call wrote (0 when they all existed). */
  written: number;
}

/**
 * Makes the missing variants of one stored image. Existing variant files are kept, so
 * running it again (or for another row sharing the file) writes nothing. Throws when the
 * original cannot be read (the job is then retried), and ImageTooLargeError, before decoding
 * anything, when it declares more than MAX_INPUT_PIXELS (40 MP: a decompression bomb).
 */
export async function makeImageVariants(
  storage: FileStorage,
  originalKey: string,
  onProgress: (percent: number) => Promise<void> | void = () => undefined,
): Promise<VariantsResult> {
  const variants = variantKeys(originalKey);
  const original = await storage.get(originalKey);
  // The header alone is read here; an image declaring more than 40 MP stops before decoding.
  const meta = await decodableMetadata(original);
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;

  const missing: Array<keyof ImageVariants> = [];
  for (const name of VARIANT_NAMES) if (!(await storage.exists(variants[name]))) missing.push(name);

  // Decode once; each variant is a clone of the auto-oriented pipeline.
  const base = openImage(original).rotate();
  let done = 0;
  for (const name of missing) {
    const spec = VARIANT_SPECS[name];
    const resized = base.clone().resize({ width: spec.width, withoutEnlargement: true });
    const data = await (
      spec.format === 'jpeg' ? resized.jpeg({ quality: spec.quality, progressive: true }) : resized.webp({ quality: spec.quality })
    ).toBuffer();
    await storage.put(variants[name], data);
    done++;
    await onProgress(20 + Math.round((70 * done) / missing.length));
  }
  return { variants, width, height, written: missing.length };
}
