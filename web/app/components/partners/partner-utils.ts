import { partnerCategoryStyle, type Language, type PartnerDto } from '@realty/contracts';
import { pickText } from '@realty/i18n/format';

/** Display data of a partner's category: a known one keeps its slug; anything else is 'other' in grey (spec 01 §3). */
export function categoryDisplay(partner: Pick<PartnerDto, 'category'>): { key: string; icon: string; color: string } {
  const style = partnerCategoryStyle(partner.category?.slug);
  return style.key === 'other'
    ? style
    : { key: style.key, icon: partner.category.icon || style.icon, color: partner.category.color || style.color };
}

/** The partner's page (spec 01 §2 /partners/{slug or id}). */
export function partnerHref(p: Pick<PartnerDto, 'slug' | 'id'>): string {
  return `/partners/${encodeURIComponent(p.slug || p.id)}`;
}

export function partnerDescription(p: PartnerDto, lang: Language): string {
  return pickText(p.description, lang);
}

/** The first letter of the name for the logo placeholder (spec 01 §2 "logo initial"). */
export function initialOf(name: string): string {
  return ([...name.trim()][0] ?? '?').toUpperCase();
}
