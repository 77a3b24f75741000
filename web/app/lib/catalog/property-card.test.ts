// @realty/contracts also holds DTO classes whose decorators need the metadata polyfill (Nest loads it in the API).
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import type { PropertyImageDto, PropertyListItem } from '@realty/contracts';
import { propertyHref } from '~/components/PropertyCard';
import { resolveImage, webpSrcset } from '~/components/PropertyImage';
import { toCardProperty } from './property-card';

const image = (over: Partial<PropertyImageDto> = {}): PropertyImageDto => ({
  id: 'i1',
  url: '/media/a.jpg',
  thumbUrl: '/media/a.thumb.jpg',
  galleryUrl: '/media/a.gallery.jpg',
  thumbWebpUrl: '/media/a.thumb.webp',
  galleryWebpUrl: '/media/a.gallery.webp',
  width: 1600,
  height: 1200,
  ...over,
});

const item = (over: Partial<PropertyListItem> = {}) =>
  ({
    id: 'p1',
    slug: 'office-64',
    title: { ru: 'Офис', en: 'Office', kk: '', zh: '' },
    dealType: 'rent',
    price: 704000,
    pricePerSqm: 11000,
    area: 64,
    floor: 19,
    totalFloors: 25,
    address: 'пр. Аль-Фараби, 77/8',
    features: ['furniture'],
    viewsCount: 279,
    favoritesCount: 9,
    images: [image(), image({ id: 'i2', url: '/media/b.jpg' })],
    description: { ru: 'long text' },
    characteristics: { ceiling: 3 },
    ...over,
  }) as unknown as PropertyListItem;

describe('card data (lib/catalog/property-card.ts)', () => {
  it('keeps what the card shows: the title in the language (else ru), the main image as its thumbnail', () => {
    expect(toCardProperty(item(), 'en')).toEqual({
      id: 'p1',
      href: '/property/office-64',
      title: 'Office',
      dealType: 'rent',
      price: 704000,
      pricePerSqm: 11000,
      area: 64,
      floor: 19,
      totalFloors: 25,
      address: 'пр. Аль-Фараби, 77/8',
      features: ['furniture'],
      viewsCount: 279,
      favoritesCount: 9,
      image: { src: '/media/a.thumb.jpg', webp: '/media/a.thumb.webp', width: 480, height: 360 },
    });
    expect(toCardProperty(item(), 'kk').title).toBe('Офис');
    expect(toCardProperty(item({ title: {} as PropertyListItem['title'] }), 'ru').title).toBe('');
  });

  it('without variants: the original at its own size; without images: none', () => {
    expect(resolveImage(image({ thumbUrl: null, thumbWebpUrl: null }), 'thumb')).toEqual({
      src: '/media/a.jpg',
      webp: null,
      width: 1600,
      height: 1200,
    });
    expect(toCardProperty(item({ images: [] }), 'ru').image).toBeNull();
    expect(toCardProperty(item({ features: undefined as unknown as [] }), 'ru').features).toEqual([]);
  });

  it("names the WebP source's width in its srcset (it has sizes); a narrower original's variant is not enlarged", () => {
    expect(webpSrcset(resolveImage(image(), 'thumb'))).toBe('/media/a.thumb.webp 480w');
    expect(webpSrcset(resolveImage(image(), 'gallery'))).toBe('/media/a.gallery.webp 1280w');
    expect(resolveImage(image({ width: 300, height: 200 }), 'thumb')).toMatchObject({ width: 300, height: 200 });
    expect(webpSrcset(resolveImage(image({ width: 300, height: 200 }), 'thumb'))).toBe('/media/a.thumb.webp 300w');
    expect(webpSrcset(resolveImage(image({ thumbWebpUrl: null }), 'thumb'))).toBeNull();
  });

  it('links to the slug, else the id', () => {
    expect(propertyHref({ slug: 'a b', id: 'x' })).toBe('/property/a%20b');
    expect(propertyHref({ slug: '', id: 'x' })).toBe('/property/x');
  });
});
