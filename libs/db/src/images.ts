import type { default as SharpFactory, Metadata, Sharp, SharpOptions } from 'sharp';

let loadedSharp: typeof SharpFactory | undefined;

/**
 * sharp, loaded on first use: the worker and the demo seed decode images, the API never does.
 * The API reaches this package for its entities, storage and password parameters only, so it
 * does not load the native image library at start (issue 20).
 */
function sharp(...args: Parameters<typeof SharpFactory>): Sharp {
  loadedSharp ??= require('sharp') as typeof SharpFactory;
  return loadedSharp(...args);
}

/**
 * The most pixels any image may have to be decoded (width x height): 40 MP, above any
 * camera photo we expect (a 24 MP camera makes 6000x4000) and far below a decompression bomb
 * (issue 19 item 9). At 4 bytes a pixel, 40 MP decodes to ~160 MB at most.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** An image whose header declares more than MAX_INPUT_PIXELS: refused before any decoding. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(
      `image of ${width}x${height} pixels (${((width * height) / 1e6).toFixed(1)} MP) is over the ${MAX_INPUT_PIXELS / 1e6} MP limit; not decoded`,
    );
    this.name = 'ImageTooLargeError';
  }
}

/**
 * sharp for one image, limited to MAX_INPUT_PIXELS: every place that decodes an image opens it
 * here (worker media jobs, seed images), so an image declaring more pixels fails with sharp's
 * "Input image exceeds pixel limit" before its pixels are decoded.
 */
export function openImage(input: Buffer | string, options: Omit<SharpOptions, 'limitInputPixels'> = {}): Sharp {
  return sharp(input, { ...options, limitInputPixels: MAX_INPUT_PIXELS });
}

/**
 * The header of an image (sharp metadata: format, width, height, orientation...), read without
 * decoding its pixels, so the size of a bomb can be told. Throws ImageTooLargeError when it
 * declares more than MAX_INPUT_PIXELS, and sharp's error when it is no image.
 */
export async function decodableMetadata(input: Buffer | string): Promise<Metadata> {
  // metadata() parses the header only; the pixel limit applies to the decoding that follows.
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(width, height);
  return meta;
}
