import { useLocation } from '@remix-run/react';
import type { PropertyImageDto } from '@realty/contracts';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { CameraIcon, ChevronLeftIcon, ChevronRightIcon } from './Icons';
import { PropertyImage } from './PropertyImage';

/**
 * Property gallery (spec 01 §2 Property detail): previous/next (wrapping), dots and thumbnails,
 * arrow keys. Without JavaScript the main image, previous/next and the thumbnails are links to
 * ?image=n (1-based). Give it `key={property.id}` so it starts at the first image again when
 * the property changes.
 */
export function Gallery({ images, title, initialIndex = 0 }: { images: PropertyImageDto[]; title: string; initialIndex?: number }) {
  const { t } = useTranslation('catalog');
  const hydrated = useHydrated();
  const location = useLocation();
  const count = images.length;
  const [index, setIndex] = useState(() => (initialIndex >= 0 && initialIndex < count ? initialIndex : 0));

  if (!count) {
    return (
      <div className="gallery gallery--empty">
        <CameraIcon size={40} />
        <p>{t('gallery.noPhotos')}</p>
      </div>
    );
  }

  const current = Math.min(index, count - 1);
  const prev = (current - 1 + count) % count;
  const next = (current + 1) % count;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  const hrefFor = (i: number) => {
    const params = new URLSearchParams(location.search);
    if (i === 0) params.delete('image');
    else params.set('image', String(i + 1));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}#gallery`;
  };
  const onLink = (i: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    go(i);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    const to = e.key === 'ArrowLeft' ? prev : e.key === 'ArrowRight' ? next : e.key === 'Home' ? 0 : e.key === 'End' ? count - 1 : null;
    if (to === null) return;
    e.preventDefault();
    go(to);
  };

  const position = t('gallery.position', { n: current + 1, total: count });
  return (
    <section
      id="gallery"
      className="gallery"
      aria-roledescription={t('gallery.roledescription')}
      aria-label={t('gallery.label')}
      onKeyDown={onKeyDown}
    >
      <div
        className="gallery__main"
        tabIndex={count > 1 ? 0 : undefined}
        role="group"
        aria-roledescription={t('gallery.slide')}
        aria-label={position}
      >
        <PropertyImage
          key={images[current].id}
          image={images[current]}
          variant="gallery"
          alt={t('gallery.imageAlt', { title, n: current + 1, total: count })}
          eager={current === initialIndex}
          highPriority={current === initialIndex}
          sizes="(min-width: 1024px) 800px, 100vw"
        />
        {count > 1 ? (
          <>
            {hydrated ? (
              <>
                <button type="button" className="gallery__nav gallery__nav--prev" aria-label={t('gallery.prev')} onClick={() => go(prev)}>
                  <ChevronLeftIcon size={24} />
                </button>
                <button type="button" className="gallery__nav gallery__nav--next" aria-label={t('gallery.next')} onClick={() => go(next)}>
                  <ChevronRightIcon size={24} />
                </button>
              </>
            ) : (
              <>
                <a href={hrefFor(prev)} className="gallery__nav gallery__nav--prev" aria-label={t('gallery.prev')}>
                  <ChevronLeftIcon size={24} />
                </a>
                <a href={hrefFor(next)} className="gallery__nav gallery__nav--next" aria-label={t('gallery.next')}>
                  <ChevronRightIcon size={24} />
                </a>
              </>
            )}
            <p className="gallery__counter" aria-live="polite" aria-atomic="true">
              {position}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 && hydrated ? (
        <div className="gallery__dots" role="group" aria-label={t('gallery.dots')}>
          {images.map((img, i) => (
            <button
              key={img.id}
              type="button"
              aria-label={t('gallery.goTo', { n: i + 1 })}
              aria-pressed={i === current}
              onClick={() => go(i)}
            />
          ))}
        </div>
      ) : null}
      {count > 1 ? (
        <ul className="gallery__thumbs" aria-label={t('gallery.thumbnails')}>
          {images.map((img, i) => (
            <li key={img.id}>
              <a href={hrefFor(i)} aria-current={i === current ? 'true' : undefined} onClick={hydrated ? onLink(i) : undefined}>
                <PropertyImage image={img} variant="thumb" alt={t('gallery.thumbAlt', { n: i + 1 })} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
