import type { PropertyImageDto } from '@realty/contracts';

/** Width of the worker's variants (property.types: thumb 480 px, gallery 1280 px). */
const VARIANT_WIDTH = { thumb: 480, gallery: 1280 } as const;
export type ImageVariant = keyof typeof VARIANT_WIDTH;

/**
 * Intrinsic size of a variant (the original's ratio; 3:2 when unknown) for width/height
 * attributes and the srcset's width descriptor: the worker never enlarges, so a variant of a
 * narrower original has the original's width.
 */
export function variantSize(image: PropertyImageDto, variant: ImageVariant): { width: number; height: number } {
  const ratio = image.width && image.height ? image.height / image.width : 2 / 3;
  const hasVariant = variant === 'thumb' ? !!image.thumbUrl : !!image.galleryUrl;
  const width = !image.width ? VARIANT_WIDTH[variant] : hasVariant ? Math.min(VARIANT_WIDTH[variant], image.width) : image.width;
  return { width, height: Math.round(width * ratio) };
}

/** The sources of one image as a page shows it: WebP variant (or null), JPEG variant or original, size. */
export interface ResolvedImage {
  src: string;
  webp: string | null;
  width: number;
  height: number;
}

/**
 * The WebP variant when there is one, the JPEG variant, else the original (PropertyImageDto
 * variants are null until the media job has run).
 */
export function resolveImage(image: PropertyImageDto, variant: ImageVariant): ResolvedImage {
  const webp = variant === 'thumb' ? image.thumbWebpUrl : image.galleryWebpUrl;
  const src = (variant === 'thumb' ? image.thumbUrl : image.galleryUrl) ?? image.url;
  return { src, webp: webp ?? null, ...variantSize(image, variant) };
}

/**
 * The `srcset` of an image's WebP source: its URL with its width descriptor ('/media/a.webp
 * 480w'). The sources carry `sizes`, and with `sizes` every candidate must name its width
 * (HTML standard; the W3C checker reports it, issue 19 item 11).
 */
export function webpSrcset(image: ResolvedImage): string | null {
  return image.webp ? `${image.webp} ${image.width}w` : null;
}

type PictureOptions = {
  alt: string;
  eager?: boolean;
  /** The page's main image (fetchpriority=high). */
  highPriority?: boolean;
  className?: string;
  sizes?: string;
};

/** A listing image (see resolveImage). */
export function PropertyImage({ image, variant, ...options }: { image: PropertyImageDto; variant: ImageVariant } & PictureOptions) {
  return <Picture image={resolveImage(image, variant)} {...options} />;
}

/** A <picture> of an image whose sources are already resolved (see resolveImage). */
export function Picture({ image, alt, eager = false, highPriority = false, className, sizes }: { image: ResolvedImage } & PictureOptions) {
  return (
    <picture className={className}>
      {image.webp ? <source type="image/webp" srcSet={webpSrcset(image) ?? undefined} sizes={sizes} /> : null}
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'auto' : 'async'}
        {...(highPriority ? { fetchpriority: 'high' } : {})}
      />
    </picture>
  );
}
