import type { FieldChangeDto, LocalizedInput, PropertyWriteDto, PropertyWriteValues, StaffPropertyDto } from '@realty/contracts';
import type { DealType, LocalizedText, PropertyFeature, PropertyStatus } from '@realty/contracts';

/** A properties row as the repository reads it (snake_case columns). */
export interface StaffPropertyRow {
  id: string;
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  price: string | number;
  area: string | number;
  address: string;
  characteristics: Record<string, unknown>;
  floor: number | null;
  total_floors: number | null;
  latitude: number | null;
  longitude: number | null;
  deal_type: DealType;
  category_id: number;
  property_type_id: number;
  subcategory_id: number | null;
  district_id: number | null;
  building_complex_id: number | null;
  features: PropertyFeature[];
  status: PropertyStatus;
  owner_id: string | null;
  pending_changes: PropertyWriteValues | null;
  rejection_reason: string | null;
  rejection_notes: string | null;
  rejected_at: Date | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** Stored jsonb text {ru,en,kk,zh} (missing languages '') -> what the author wrote ({ru} plus non-empty others). */
function toInput(t: LocalizedText): LocalizedInput {
  const out: LocalizedInput = { ru: t.ru ?? '' };
  for (const lang of ['en', 'kk', 'zh'] as const) if (t[lang]) out[lang] = t[lang];
  return out;
}

/** Written text -> the stored jsonb shape with every language key ('' where not given; public pages fall back to ru). */
export function toStoredText(t: LocalizedInput): LocalizedText {
  return { ru: t.ru, en: t.en ?? '', kk: t.kk ?? '', zh: t.zh ?? '' };
}

/** The editable values of a row (city, rooms and yearBuilt live in `characteristics`: decision 036). */
export function valuesOf(r: StaffPropertyRow): PropertyWriteValues {
  const c = r.characteristics ?? {};
  return {
    title: toInput(r.title),
    description: toInput(r.description),
    price: Number(r.price),
    area: Number(r.area),
    address: r.address,
    city: typeof c.city === 'string' ? c.city : '',
    rooms: typeof c.rooms === 'number' ? c.rooms : null,
    floor: r.floor,
    totalFloors: r.total_floors,
    yearBuilt: typeof c.year_built === 'number' ? c.year_built : null,
    latitude: r.latitude,
    longitude: r.longitude,
    dealType: r.deal_type,
    categoryId: r.category_id,
    propertyTypeId: r.property_type_id,
    subcategoryId: r.subcategory_id,
    districtId: r.district_id,
    buildingComplexId: r.building_complex_id,
    features: r.features ?? [],
  };
}

/** A validated DTO -> the values as stored and compared (optional fields null, features []). */
export function valuesFromDto(dto: PropertyWriteDto): PropertyWriteValues {
  return {
    title: dto.title,
    description: dto.description,
    price: dto.price,
    area: dto.area,
    address: dto.address,
    city: dto.city,
    rooms: dto.rooms ?? null,
    floor: dto.floor ?? null,
    totalFloors: dto.totalFloors ?? null,
    yearBuilt: dto.yearBuilt ?? null,
    latitude: dto.latitude ?? null,
    longitude: dto.longitude ?? null,
    dealType: dto.dealType,
    categoryId: dto.categoryId,
    propertyTypeId: dto.propertyTypeId,
    subcategoryId: dto.subcategoryId ?? null,
    districtId: dto.districtId ?? null,
    buildingComplexId: dto.buildingComplexId ?? null,
    features: dto.features ?? [],
  };
}

/** Row -> StaffPropertyDto. */
export function toStaffProperty(r: StaffPropertyRow): StaffPropertyDto {
  return {
    id: r.id,
    slug: r.slug,
    ...valuesOf(r),
    status: r.status,
    ownerId: r.owner_id,
    pendingChanges: r.pending_changes,
    rejection: r.rejection_reason ? { reason: r.rejection_reason, notes: r.rejection_notes, at: iso(r.rejected_at)! } : null,
    publishedAt: iso(r.published_at),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    deletedAt: iso(r.deleted_at),
  };
}

/** JSON with object keys sorted (jsonb does not keep the written key order). */
function stable(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
    .join(',')}}`;
}

/**
 * The fields that differ between `before` (null for a new listing: every field) and `after`,
 * in the form's field order (moderation's before/after per field).
 */
export function fieldChanges(before: PropertyWriteValues | null, after: PropertyWriteValues): FieldChangeDto[] {
  return (Object.keys(before ?? after) as Array<keyof PropertyWriteValues>)
    .filter((k) => !before || stable(before[k]) !== stable(after[k]))
    .map((field) => ({ field, before: before ? before[field] : null, after: after[field] }));
}
