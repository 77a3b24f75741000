import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ImageTooLargeError, LocalFileStorage, MAX_INPUT_PIXELS, openImage } from '@realty/db';
import sharp from 'sharp';
import { pngBomb } from '../../test/png-bomb';
import { makeImageVariants, variantKeys } from './image-variants';

describe('variantKeys', () => {
  it('derives the variant keys from the original key', () => {
    expect(variantKeys('properties/demo/office-07.jpg')).toEqual({
      thumb: 'properties/demo/office-07.thumb.jpg',
      gallery: 'properties/demo/office-07.gallery.jpg',
      thumbWebp: 'properties/demo/office-07.thumb.webp',
      galleryWebp: 'properties/demo/office-07.gallery.webp',
    });
    expect(variantKeys('uploads/v1.2/photo').thumb).toBe('uploads/v1.2/photo.thumb.jpg');
  });
});

describe('makeImageVariants', () => {
  let tmp: string;
  let storage: LocalFileStorage;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-variants-'));
    storage = new LocalFileStorage(path.join(tmp, 'uploads'));
  });

  afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

  it('applies the EXIF orientation, never enlarges, and writes nothing the second time', async () => {
    // 1000x600 pixels stored sideways: EXIF orientation 6 means "rotate 90° to view".
    const photo = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await storage.put('photos/sideways.jpg', photo);
    const progress: number[] = [];

    const first = await makeImageVariants(storage, 'photos/sideways.jpg', (p) => void progress.push(p));
    expect([first.width, first.height, first.written]).toEqual([600, 1000, 4]);
    const size = async (key: string) => {
      const m = await sharp(await storage.get(key)).metadata();
      return [m.format, m.width, m.height];
    };
    expect(await size(first.variants.thumb)).toEqual(['jpeg', 480, 800]);
    expect(await size(first.variants.thumbWebp)).toEqual(['webp', 480, 800]);
    expect(await size(first.variants.gallery)).toEqual(['jpeg', 600, 1000]);
    expect(await size(first.variants.galleryWebp)).toEqual(['webp', 600, 1000]);
    expect(progress).toHaveLength(4);
    expect(progress[progress.length - 1]).toBe(90);

    const again = await makeImageVariants(storage, 'photos/sideways.jpg');
    expect(again.written).toBe(0);
    expect(again.variants).toEqual(first.variants);
  });

  it('throws when the original is missing (so the job is retried)', async () => {
    await expect(makeImageVariants(storage, 'photos/none.jpg')).rejects.toThrow(/ENOENT/);
  });

  it('refuses a decompression bomb (a 12 KB PNG declaring 10000x10000) with a clear error, decoding nothing', async () => {
    const bomb = pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    await storage.put('photos/bomb.png', bomb);
    const refused = makeImageVariants(storage, 'photos/bomb.png');
    await expect(refused).rejects.toThrow(ImageTooLargeError);
    await expect(refused).rejects.toThrow('image of 10000x10000 pixels (100.0 MP) is over the 40 MP limit; not decoded');
    for (const key of Object.values(variantKeys('photos/bomb.png'))) expect(await storage.exists(key)).toBe(false);
  });

  it('decodes nothing over 40 MP wherever an image is opened (sharp limitInputPixels), and up to it as before', async () => {
    expect(MAX_INPUT_PIXELS).toBe(40_000_000);
    await expect(openImage(pngBomb(10_000, 10_000)).resize(100).toBuffer()).rejects.toThrow(/exceeds pixel limit/);
    // the same kind of file at 8000x5000 (exactly 40 MP) is an image like any other
    const big = await openImage(pngBomb(8000, 5000)).resize(100).png().toBuffer();
    expect((await sharp(big).metadata()).width).toBe(100);
  });
});
