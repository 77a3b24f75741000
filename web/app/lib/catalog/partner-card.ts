import { httpUrlOrNull, type Language, type PartnerDto } from '@realty/contracts';
import { pickText } from '@realty/i18n/format';
import { categoryDisplay, partnerHref } from '~/components/partners/partner-utils';

/**
 * What a partner card and its map marker show (spec 01 §2 Partners), nothing more: /partners
 * maps the API's PartnerDto to this, so the page's inline loader data carries the description
 * and discount in the page's language only, and none of the services, opening hours, e-mail or
 * Instagram that only the partner's own page shows: the browser decodes the loader data before
 * it hydrates (sizes before and after: decision 031).
 */
export interface CardPartner {
  id: string;
  /** /partners/{slug or id}. */
  href: string;
  name: string;
  /** categoryDisplay(): the category bar's key, its icon and colour. */
  category: { key: string; icon: string; color: string };
  isInBusinessCenter: boolean;
  /** In the page's language ('' when there is none). */
  description: string;
  address: string;
  buildingFloor: number | null;
  officeNumber: string | null;
  phone: string | null;
  /** An http(s) URL or null (issue 19 item 8): the card links nothing else. */
  websiteUrl: string | null;
  /** 0..5, one decimal. */
  rating: number;
  reviewsCount: number;
  /** In the page's language; '' when there is none. */
  discount: string;
  latitude: number | null;
  longitude: number | null;
}

/** The card of a partner in `lang` (see CardPartner). */
export function toCardPartner(p: PartnerDto, lang: Language): CardPartner {
  return {
    id: p.id,
    href: partnerHref(p),
    name: p.name,
    category: categoryDisplay(p),
    isInBusinessCenter: p.isInBusinessCenter,
    description: pickText(p.description, lang),
    address: p.address,
    buildingFloor: p.buildingFloor,
    officeNumber: p.officeNumber,
    phone: p.phone,
    // Checked here too: the link must not depend on every source of partner data being the API's mapper.
    websiteUrl: httpUrlOrNull(p.websiteUrl),
    rating: p.rating,
    reviewsCount: p.reviewsCount,
    discount: pickText(p.discountInfo, lang),
    latitude: p.latitude,
    longitude: p.longitude,
  };
}
