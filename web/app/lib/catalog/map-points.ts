import type { Language, MapMarkerDto } from '@realty/contracts';
import { formatPrice, pickText } from '@realty/i18n/format';
import { propertyHref } from '~/components/PropertyCard';
import type { MapPoint } from '~/components/MapView';

/**
 * A catalogue map point as GET /resources/map-points sends it: no id (the page uses the href,
 * one per listing; a uuid per point was a third of the compressed answer) and no link text
 * (the page's own).
 */
export type MapPointData = Omit<MapPoint, 'id' | 'linkText' | 'href'> & { href: string };

/** The answer of GET /resources/map-points. */
export interface MapPointsAnswer {
  points: MapPointData[];
}

/**
 * A catalogue map point (spec 01 §2, map view): the listing's position, its title in `lang`
 * (`noTitle` when it has none), its price as the popup's second line (₸, per month for rent),
 * and its page.
 */
export function mapPoint(m: MapMarkerDto, lang: Language, noTitle: string): MapPointData {
  return {
    lat: m.latitude,
    lng: m.longitude,
    title: pickText(m.title, lang, noTitle),
    subtitle: formatPrice(m.price, m.dealType, lang),
    href: propertyHref(m),
  };
}

/**
 * Where the catalogue page fetches the points of its map view: the listing filters of `filters`
 * (the page's own query, serializeListing; page, sort and view do not change the points) and
 * the page's language.
 */
export function mapPointsUrl(filters: URLSearchParams, lang: Language): string {
  const params = new URLSearchParams(filters);
  for (const name of ['page', 'sort', 'view']) params.delete(name);
  params.set('lang', lang);
  return `/resources/map-points?${params.toString()}`;
}
