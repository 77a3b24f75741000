import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum, Trim, TrimToNull } from './auth.dto';
import { LANGUAGES, type LocalizedText } from './enums';
import type { MessageKey } from './messages';
import type { NamedRefDto } from './property.types';
import { PageQuery } from './users.dto';

/**
 * The reference data of the catalogue as the administration edits it (issue 21; spec 02 §2
 * /dashboard/admin/property-categories (with subcategories), /property-types,
 * /building-complexes). One DTO per write, shared by the dashboard forms (validateInput) and the
 * API (ValidationPipe). Names are localized like the rest of the schema: {ru, en?, kk?, zh?}.
 */

export const REFERENCE_BOUNDS = {
  name: [2, 100],
  descriptionMax: 500,
  sortOrder: [0, 10_000],
  address: [5, 200],
  totalFloors: [1, 200],
  yearBuilt: [1800, 2100],
  searchMax: 100,
  /** Slug lengths are those of the columns. */
  slug: { category: 64, subcategory: 64, type: 32, complex: 100 },
} as const;

/** Icon keys the web maps to a picture (web CategoryIcon). */
export const CATEGORY_ICONS = ['building', 'store', 'warehouse'] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

/** Building classes of a business centre. */
export const BUILDING_CLASSES = ['A', 'B+', 'B', 'C'] as const;
export type BuildingClass = (typeof BUILDING_CLASSES)[number];

/** Sort keys of the reference lists ('-' first: descending). `order`: the display order (types and complexes: by id). */
export const REFERENCE_SORTS = ['order', '-order', 'name', '-name', 'slug', '-slug', 'listings', '-listings'] as const;
export type ReferenceSort = (typeof REFERENCE_SORTS)[number];

/** A text per language as written: ru required, en/kk/zh optional (blank ones dropped). */
export type LocalizedName = { ru: string } & Partial<Omit<LocalizedText, 'ru'>>;

/** Lower-case latin words of letters and digits joined by single hyphens; not digits only (ids are numbers). */
const SLUG = /^(?!\d+$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** {ru: 'x', en: ' '} -> {ru: 'x'}: trimmed, blank languages dropped; a form's flat `name.ru` fields are read by the page. */
const TrimLocalized = () =>
  Transform(({ value }) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [lang, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'string') {
        if (v.trim() !== '') out[lang] = v.trim();
      } else if (v !== undefined && v !== null) out[lang] = v;
    }
    return out;
  });

/** Localized text: only ru/en/kk/zh keys, strings of min..max characters; ru required when `required`. */
function localizedProblem(value: unknown, min: number, max: number, required: boolean, key: MessageKey): MessageKey | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return key;
  const o = value as Record<string, unknown>;
  if (Object.keys(o).some((k) => !(LANGUAGES as readonly string[]).includes(k))) return key;
  if (required && typeof o.ru !== 'string') return key;
  for (const v of Object.values(o)) if (typeof v !== 'string' || [...v].length < min || [...v].length > max) return key;
  return null;
}

/** A number from a JSON number or a form's digits; '' or null is "no value" (null). */
const ToNumberOrNull = () =>
  Transform(({ value }) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
    if (typeof value === 'string' && /^-?\d{1,12}(\.\d{1,12})?$/.test(value.trim())) return Number(value.trim());
    return value;
  });

const numberIn = (value: unknown, min: number, max: number, key: MessageKey, integer = false): MessageKey | null => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return integer ? 'field.integer' : 'field.number';
  if (integer && !Number.isInteger(value)) return 'field.integer';
  return value < min || value > max ? key : null;
};

const NameField = () => (target: object, key: string | symbol) => {
  TrimLocalized()(target, key);
  Check('name', (v) => localizedProblem(v, REFERENCE_BOUNDS.name[0], REFERENCE_BOUNDS.name[1], true, 'reference.name'))(target, key);
};

/** Optional localized description ({} or null: none). */
const DescriptionField = () => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  TrimLocalized()(target, key);
  Check('description', (v) => localizedProblem(v, 1, REFERENCE_BOUNDS.descriptionMax, false, 'reference.description'))(target, key);
};

/** Optional slug (lower-case latin, digits, hyphens, at most `max`); blank: made from name.ru (create) or kept (update). */
const SlugField = (max: number) => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value))(
    target,
    key,
  );
  Check('slug', (v) => (typeof v === 'string' && v.length <= max && SLUG.test(v) ? null : 'reference.slug'))(target, key);
};

const SortOrderField = () => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  ToNumberOrNull()(target, key);
  Check('sortOrder', (v) =>
    v === null ? null : numberIn(v, REFERENCE_BOUNDS.sortOrder[0], REFERENCE_BOUNDS.sortOrder[1], 'reference.sortOrder', true),
  )(target, key);
};

/** POST /api/admin/property-categories and PUT .../:id. */
export class PropertyCategoryWriteDto {
  @NameField()
  name: LocalizedName;

  @SlugField(REFERENCE_BOUNDS.slug.category)
  slug?: string;

  @DescriptionField()
  description?: Partial<LocalizedText> | null;

  /** building (default), store, warehouse. */
  @IsOptional()
  @LowerEnum()
  @IsIn(CATEGORY_ICONS as unknown as string[], { message: 'field.enum' })
  icon?: CategoryIcon;

  /** Display order, 0..10000 (default 0). */
  @SortOrderField()
  sortOrder?: number | null;
}

/** POST /api/admin/property-categories/:id/subcategories and PUT /api/admin/property-subcategories/:id. */
export class PropertySubcategoryWriteDto {
  @NameField()
  name: LocalizedName;

  @SlugField(REFERENCE_BOUNDS.slug.subcategory)
  slug?: string;

  @DescriptionField()
  description?: Partial<LocalizedText> | null;

  @SortOrderField()
  sortOrder?: number | null;
}

/** POST /api/admin/property-types and PUT .../:id. */
export class PropertyTypeWriteDto {
  @NameField()
  name: LocalizedName;

  @SlugField(REFERENCE_BOUNDS.slug.type)
  slug?: string;
}

/** POST /api/admin/building-complexes and PUT .../:id. */
export class BuildingComplexWriteDto {
  @NameField()
  name: LocalizedName;

  @SlugField(REFERENCE_BOUNDS.slug.complex)
  slug?: string;

  @Trim()
  @Check('address', (v) =>
    typeof v === 'string' && [...v].length >= REFERENCE_BOUNDS.address[0] && [...v].length <= REFERENCE_BOUNDS.address[1]
      ? null
      : 'reference.address',
  )
  address: string;

  /** A district id (GET /api/admin/building-complexes answers the districts); unknown: 400 fields.districtId. */
  @IsOptional()
  @ToNumberOrNull()
  @Check('districtId', (v) =>
    v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647) ? null : 'field.integer',
  )
  districtId?: number | null;

  @IsOptional()
  @TrimToNull()
  @Check('buildingClass', (v) => (v === null || (BUILDING_CLASSES as readonly unknown[]).includes(v) ? null : 'field.enum'))
  buildingClass?: BuildingClass | null;

  @IsOptional()
  @ToNumberOrNull()
  @Check('totalFloors', (v) =>
    v === null ? null : numberIn(v, REFERENCE_BOUNDS.totalFloors[0], REFERENCE_BOUNDS.totalFloors[1], 'reference.totalFloors', true),
  )
  totalFloors?: number | null;

  @IsOptional()
  @ToNumberOrNull()
  @Check('yearBuilt', (v) =>
    v === null ? null : numberIn(v, REFERENCE_BOUNDS.yearBuilt[0], REFERENCE_BOUNDS.yearBuilt[1], 'reference.yearBuilt', true),
  )
  yearBuilt?: number | null;

  @IsOptional()
  @ToNumberOrNull()
  @Check('latitude', (v) => (v === null ? null : numberIn(v, -90, 90, 'listing.latitude')))
  latitude?: number | null;

  @IsOptional()
  @ToNumberOrNull()
  @Check('longitude', (v) => (v === null ? null : numberIn(v, -180, 180, 'listing.longitude')))
  longitude?: number | null;
}

/** GET /api/admin/{property-categories,property-types,building-complexes}: page, limit, q, sort. */
export class ReferenceListQuery extends PageQuery {
  /** Case-insensitive substring of the slug or a name in any language (complexes: the address too). */
  @IsOptional()
  @Trim()
  @Check('q', (v) => (typeof v === 'string' && [...v].length <= REFERENCE_BOUNDS.searchMax ? null : 'reference.search'))
  q?: string;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value))
  @IsIn(REFERENCE_SORTS as unknown as string[], { message: 'field.enum' })
  sort?: ReferenceSort;
}

/** A subcategory as the administration sees it; `listings`: listings (deleted ones included) that name it. */
export interface AdminSubcategoryDto {
  id: number;
  categoryId: number;
  slug: string;
  name: LocalizedName;
  description: Partial<LocalizedText> | null;
  sortOrder: number;
  listings: number;
}

/** A category with its subcategories (by display order). */
export interface AdminCategoryDto {
  id: number;
  slug: string;
  name: LocalizedName;
  description: Partial<LocalizedText> | null;
  icon: string;
  sortOrder: number;
  listings: number;
  subcategories: AdminSubcategoryDto[];
}

export interface AdminPropertyTypeDto {
  id: number;
  slug: string;
  name: LocalizedName;
  listings: number;
}

export interface AdminBuildingComplexDto {
  id: number;
  slug: string;
  name: LocalizedName;
  address: string;
  districtId: number | null;
  district: NamedRefDto | null;
  buildingClass: string | null;
  totalFloors: number | null;
  yearBuilt: number | null;
  latitude: number | null;
  longitude: number | null;
  listings: number;
}
