/**
 * Enumerations shared by the API, the worker and the web app.
 * Values are the spec's own (spec 01 §3, spec 02 §3); never translate them.
 */

/** Interface languages, fallback first (spec 01 §1). */
export const LANGUAGES = ['ru', 'en', 'kk', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'ru';

/** A text kept once per interface language, e.g. a listing title (spec 01 §3). */
export type LocalizedText = Record<Language, string>;

/** Staff and visitor roles (spec 01 §6, spec 02 §6). */
export const ROLES = ['super_admin', 'admin', 'employee', 'manager', 'user'] as const;
export type RoleName = (typeof ROLES)[number];
/** Roles sent to /dashboard/employee after sign-in (spec 01 §6). */
export const STAFF_ROLES: readonly RoleName[] = ['super_admin', 'admin', 'employee', 'manager'];

export const USER_STATUSES = ['active', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Deal type of a listing (spec 01 §3). */
export const DEAL_TYPES = ['rent', 'sale'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/** Listing lifecycle: pending = on moderation (spec 01 §3, spec 02 §4). */
export const PROPERTY_STATUSES = ['active', 'pending', 'inactive'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** Property types (spec 01 §3); the catalogue's `type` filter. */
export const PROPERTY_TYPES = ['office', 'retail', 'warehouse', 'coworking'] as const;
export type PropertyTypeSlug = (typeof PROPERTY_TYPES)[number];

/** Districts of Almaty served by the agency (spec 01 §3). */
export const DISTRICTS = ['almaly', 'auezov', 'bostandyk', 'medeu'] as const;
export type DistrictSlug = (typeof DISTRICTS)[number];

/** Category slugs of /category/{slug} (spec 01 §2); unknown falls back to offices. */
export const CATEGORY_SLUGS = ['offices', 'retail', 'warehouses'] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

/** Catalogue sort orders (spec 01 §7); date_new is the default. */
export const PROPERTY_SORTS = ['date_new', 'price_asc', 'price_desc', 'area_asc', 'area_desc'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];

/** Feature keys a listing may carry; labels live in the i18n resources. */
export const PROPERTY_FEATURES = [
  'parking',
  'furniture',
  'air_conditioning',
  'security',
  'fiber_internet',
  'reception',
  'meeting_rooms',
  'kitchen',
  'panoramic_windows',
  'separate_entrance',
  'loading_ramp',
  'heating',
  'showcase_windows',
  'generator',
] as const;
export type PropertyFeature = (typeof PROPERTY_FEATURES)[number];
