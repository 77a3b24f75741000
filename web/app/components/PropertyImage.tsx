import type { PropertyImageDto } from '@realty/contracts';

/** Width of the worker's variants (property.types: thumb 480 px, gallery 1280 px). */
const VARIANT_WIDTH = { thumb: 480, gallery: 1280 } as const;

/** Intrinsic size of a variant (the original's ratio; 3:2 when unknown) for width/height attributes. */
export function variantSize(image: PropertyImageDto, variant: keyof typeof VARIANT_WIDTH): { width: number; height: number } {
  const ratio = image.width && image.height ? image.height / image.width : 2 / 3;
  const hasVariant = variant === 'thumb' ? !!image.thumbUrl : !!image.galleryUrl;
  const width = hasVariant || !image.width ? VARIANT_WIDTH[variant] : image.width;
  return { width, height: Math.round(width * ratio) };
}

/**
 * A listing image: the WebP variant when there is one, the JPEG variant, else the original
 * (PropertyImageDto variants are null until the media job has run).
 */
export function PropertyImage({
  image,
  variant,
  alt,
  eager = false,
  highPriority = false,
  className,
  sizes,
}: {
  image: PropertyImageDto;
  variant: 'thumb' | 'gallery';
  alt: string;
  eager?: boolean;
  /** The page's main image (fetchpriority=high). */
  highPriority?: boolean;
  className?: string;
  sizes?: string;
}) {
  const webp = variant === 'thumb' ? image.thumbWebpUrl : image.galleryWebpUrl;
  const jpeg = (variant === 'thumb' ? image.thumbUrl : image.galleryUrl) ?? image.url;
  const { width, height } = variantSize(image, variant);
  return (
    <picture className={className}>
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      <img
        src={jpeg}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'auto' : 'async'}
        {...(highPriority ? { fetchpriority: 'high' } : {})}
      />
    </picture>
  );
}
