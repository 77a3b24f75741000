import type { DealType, Language, PropertyFeature, PropertyListItem } from '@realty/contracts';
import { pickText } from '@realty/i18n';
import { propertyHref } from '~/components/PropertyCard';
import { resolveImage, type ResolvedImage } from '~/components/PropertyImage';

/**
 * What a property card shows (spec 01 §2 Card), nothing more: list loaders map the API's
 * PropertyListItem to this so the page's inline loader data carries one title (the page's
 * language) and one image (the main one, as its thumbnail) instead of every text in four
 * languages and every image with four URLs.
 */
export interface CardProperty {
  id: string;
  /** /property/{slug or id}. */
  href: string;
  /** In the page's language ('' when the listing has none in any language: the card shows 'No title'). */
  title: string;
  dealType: DealType;
  price: number;
  pricePerSqm: number;
  area: number;
  floor: number | null;
  totalFloors: number | null;
  address: string;
  features: PropertyFeature[];
  viewsCount: number;
  favoritesCount: number;
  /** The main image's thumbnail, or null. */
  image: ResolvedImage | null;
}

/** The card of a listing in `lang` (see CardProperty). */
export function toCardProperty(p: PropertyListItem, lang: Language): CardProperty {
  const image = p.images?.[0];
  return {
    id: p.id,
    href: propertyHref(p),
    title: pickText(p.title, lang),
    dealType: p.dealType,
    price: p.price,
    pricePerSqm: p.pricePerSqm,
    area: p.area,
    floor: p.floor,
    totalFloors: p.totalFloors,
    address: p.address,
    features: p.features ?? [],
    viewsCount: p.viewsCount,
    favoritesCount: p.favoritesCount,
    image: image ? resolveImage(image, 'thumb') : null,
  };
}

/** The cards of a list of listings. */
export function toCardProperties(items: PropertyListItem[] | null | undefined, lang: Language): CardProperty[] {
  return (items ?? []).map((p) => toCardProperty(p, lang));
}
