import type {
  AdminBuildingComplexDto,
  BuildingComplexWriteDto,
  AdminCategoryDto,
  AdminPropertyTypeDto,
  AdminSubcategoryDto,
  LocalizedName,
  LocalizedText,
  NamedRefDto,
} from '@realty/contracts';

/**
 * Rows of the reference tables -> the administration's shapes (@realty/contracts
 * reference-data.dto), and what the audit log keeps of each (issue 21; spec 02 §2, §7 Audit).
 */

/** The reference kinds the administration edits, as the audit log and the in-use messages name them. */
export type ReferenceKind = 'category' | 'subcategory' | 'type' | 'complex';

/** Per kind: table, the listing column (and pending_changes key) naming it, audit entity, in-use message. */
export const KINDS: Record<
  ReferenceKind,
  { table: string; column: string; pendingKey: string; entity: string; inUse: string; hasOrder: boolean; slugMax: number }
> = {
  category: {
    table: 'property_categories',
    column: 'category_id',
    pendingKey: 'categoryId',
    entity: 'property_category',
    inUse: 'reference.categoryInUse',
    hasOrder: true,
    slugMax: 64,
  },
  subcategory: {
    table: 'property_subcategories',
    column: 'subcategory_id',
    pendingKey: 'subcategoryId',
    entity: 'property_subcategory',
    inUse: 'reference.subcategoryInUse',
    hasOrder: true,
    slugMax: 64,
  },
  type: {
    table: 'property_types',
    column: 'property_type_id',
    pendingKey: 'propertyTypeId',
    entity: 'property_type',
    inUse: 'reference.typeInUse',
    hasOrder: false,
    slugMax: 32,
  },
  complex: {
    table: 'building_complexes',
    column: 'building_complex_id',
    pendingKey: 'buildingComplexId',
    entity: 'building_complex',
    inUse: 'reference.complexInUse',
    hasOrder: false,
    slugMax: 100,
  },
};

export interface CategoryRow {
  id: number;
  slug: string;
  name: LocalizedName;
  description: Partial<LocalizedText> | null;
  icon: string;
  sort_order: number;
  listings?: number;
}

export interface SubcategoryRow extends CategoryRow {
  category_id: number;
}

export interface TypeRow {
  id: number;
  slug: string;
  name: LocalizedName;
  listings?: number;
}

export interface ComplexRow {
  id: number;
  slug: string;
  name: LocalizedName;
  address: string;
  district_id: number | null;
  district_slug: string | null;
  district_name: LocalizedText | null;
  building_class: string | null;
  total_floors: number | null;
  year_built: number | null;
  latitude: number | null;
  longitude: number | null;
  listings?: number;
}

/** A description with no text in any language is stored as null. */
export const storedDescription = (d: Partial<LocalizedText> | null | undefined): Partial<LocalizedText> | null =>
  d && Object.keys(d).length ? d : null;

export function toSubcategory(r: SubcategoryRow): AdminSubcategoryDto {
  return {
    id: r.id,
    categoryId: r.category_id,
    slug: r.slug,
    name: r.name,
    description: storedDescription(r.description),
    sortOrder: r.sort_order,
    listings: Number(r.listings ?? 0),
  };
}

export function toCategory(r: CategoryRow, subcategories: SubcategoryRow[] = []): AdminCategoryDto {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: storedDescription(r.description),
    icon: r.icon,
    sortOrder: r.sort_order,
    listings: Number(r.listings ?? 0),
    subcategories: subcategories.map(toSubcategory),
  };
}

export function toType(r: TypeRow): AdminPropertyTypeDto {
  return { id: r.id, slug: r.slug, name: r.name, listings: Number(r.listings ?? 0) };
}

export function toComplex(r: ComplexRow): AdminBuildingComplexDto {
  const district: NamedRefDto | null =
    r.district_id !== null && r.district_slug !== null ? { id: r.district_id, slug: r.district_slug, name: r.district_name! } : null;
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    address: r.address,
    districtId: r.district_id,
    district,
    buildingClass: r.building_class,
    totalFloors: r.total_floors,
    yearBuilt: r.year_built,
    latitude: r.latitude,
    longitude: r.longitude,
    listings: Number(r.listings ?? 0),
  };
}

/** What the audit log keeps of a row: its editable fields (no usage counts). */
export function auditView(kind: ReferenceKind, r: CategoryRow | SubcategoryRow | TypeRow | ComplexRow): Record<string, unknown> {
  const common = { slug: r.slug, name: r.name };
  switch (kind) {
    case 'category': {
      const c = r as CategoryRow;
      return { ...common, description: storedDescription(c.description), icon: c.icon, sortOrder: c.sort_order };
    }
    case 'subcategory': {
      const s = r as SubcategoryRow;
      return { ...common, categoryId: s.category_id, description: storedDescription(s.description), sortOrder: s.sort_order };
    }
    case 'type':
      return common;
    case 'complex': {
      const b = r as ComplexRow;
      return {
        ...common,
        address: b.address,
        districtId: b.district_id,
        buildingClass: b.building_class,
        totalFloors: b.total_floors,
        yearBuilt: b.year_built,
        latitude: b.latitude,
        longitude: b.longitude,
      };
    }
  }
}

/** The optional columns of a building complex (undefined: not given). */
export function complexValues(dto: BuildingComplexWriteDto): Record<string, unknown> {
  return {
    district_id: dto.districtId,
    building_class: dto.buildingClass,
    total_floors: dto.totalFloors,
    year_built: dto.yearBuilt,
    latitude: dto.latitude,
    longitude: dto.longitude,
  };
}
