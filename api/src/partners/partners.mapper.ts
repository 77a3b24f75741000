import { httpUrlOrNull, partnerCategoryStyle, type LocalizedText, type PartnerDto } from '@realty/contracts';
import type { Partner } from '@realty/db';

const OTHER_NAME: LocalizedText = { ru: 'Другое', en: 'Other', kk: 'Басқа', zh: '其他' };

/**
 * A partner row as the API answers it (spec 01 §3 Partner). A partner without a category (or
 * with one the web does not know) shows as 'Other' in grey (spec 01 §3). The website is
 * answered only when it is an http(s) URL, else null (issue 19 item 8: no javascript: link).
 */
export function toPartnerDto(p: Partner): PartnerDto {
  const known = p.category ? partnerCategoryStyle(p.category.slug) : partnerCategoryStyle(null);
  const category = p.category
    ? {
        slug: p.category.slug,
        name: p.category.name,
        icon: known.key === 'other' ? known.icon : p.category.icon,
        color: known.key === 'other' ? known.color : p.category.color,
      }
    : { slug: 'other', name: OTHER_NAME, icon: known.icon, color: known.color };
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    logoUrl: p.logoUrl,
    description: p.description,
    category,
    categoryName: category.name.ru,
    address: p.address,
    buildingFloor: p.buildingFloor,
    officeNumber: p.officeNumber,
    latitude: p.latitude,
    longitude: p.longitude,
    phone: p.phone,
    email: p.email,
    websiteUrl: httpUrlOrNull(p.websiteUrl),
    instagram: p.instagram,
    services: Array.isArray(p.services) ? p.services : [],
    workingHours: p.workingHours,
    rating: Number(p.rating),
    reviewsCount: p.reviewsCount,
    isInBusinessCenter: p.isInBusinessCenter,
    discountInfo: p.discountInfo,
    featured: p.featured,
  };
}
