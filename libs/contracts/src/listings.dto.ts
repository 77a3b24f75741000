import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum, Trim, TrimToNull } from './auth.dto';
import { DEAL_TYPES, LANGUAGES, PROPERTY_FEATURES, type DealType, type Language, type PropertyFeature, type PropertyStatus } from './enums';
import type { MessageKey } from './messages';
import { PageQuery } from './users.dto';

/**
 * The listing write API (issue 21; spec 02 §2 staff listing form, §4 lifecycle, §5 bounds, §7
 * POST/PUT/DELETE /properties, deleted, restore, moderation-queue, approve, reject). One DTO,
 * PropertyWriteDto, is shared by the dashboard form (validateInput) and the API (ValidationPipe).
 */

/** Spec 02 §5 bounds of the listing form. yearBuilt's upper bound is the current year + 5 (`listingYearProblem`). */
export const LISTING_BOUNDS = {
  title: [5, 200],
  description: [20, 2000],
  priceMin: 1000,
  priceMax: 1_000_000_000_000,
  areaMin: 1,
  areaMax: 10_000_000,
  address: [10, 200],
  city: [2, 50],
  rooms: [0, 20],
  floor: [0, 200],
  totalFloors: [1, 200],
  yearBuiltMin: 1800,
  yearsAhead: 5,
  reason: [3, 500],
  notesMax: 2000,
  commentMax: 2000,
} as const;

/** A text per language as written: ru required, en/kk/zh optional (spec 02 §5). */
export type LocalizedInput = { ru: string } & Partial<Record<Exclude<Language, 'ru'>, string>>;

const trimLocalized = () =>
  Transform(({ value }) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const lang of LANGUAGES) {
      const v = (value as Record<string, unknown>)[lang];
      if (typeof v === 'string' && v.trim() !== '') out[lang] = v.trim();
      else if (v !== undefined && v !== null && v !== '') out[lang] = v;
    }
    return out;
  });

/** {ru, en?, kk?, zh?}: ru required, each given text min..max characters, no other keys. */
function localizedProblem(value: unknown, [min, max]: readonly [number, number], key: MessageKey): MessageKey | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return key;
  const o = value as Record<string, unknown>;
  if (Object.keys(o).some((k) => !(LANGUAGES as readonly string[]).includes(k))) return key;
  if (typeof o.ru !== 'string') return key;
  for (const v of Object.values(o)) if (typeof v !== 'string' || [...v].length < min || [...v].length > max) return key;
  return null;
}

const textProblem = (value: unknown, [min, max]: readonly [number, number], key: MessageKey): MessageKey | null =>
  typeof value === 'string' && [...value].length >= min && [...value].length <= max ? null : key;

const numberIn = (value: unknown, min: number, max: number, key: MessageKey, integer = false): MessageKey | null => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return integer ? 'field.integer' : 'field.number';
  if (integer && !Number.isInteger(value)) return 'field.integer';
  return value < min || value > max ? key : null;
};

/** A positive integer id of a reference table (the service answers 400 listing.unknownRef for one that does not exist). */
const RefId = (name: string) =>
  Check(name, (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647 ? null : 'field.integer'));

/**
 * yearBuilt's rule with "now" given (the API passes its injected Clock; a page passes Date.now()):
 * a whole number from 1800 to the current year + 5 (spec 02 §5). Null when fine.
 */
export function listingYearProblem(value: unknown, nowMs: number): MessageKey | null {
  const maxYear = new Date(nowMs).getUTCFullYear() + LISTING_BOUNDS.yearsAhead;
  return numberIn(value, LISTING_BOUNDS.yearBuiltMin, maxYear, 'listing.yearBuilt', true);
}

/**
 * POST /api/properties and PUT /api/properties/:id (PUT replaces every field). Bounds: spec 02 §5
 * (LISTING_BOUNDS); `floor` ≤ `totalFloors`; yearBuilt's upper bound is checked by the service
 * with its clock (`listingYearProblem`). Money in ₸, area in m², coordinates in degrees.
 */
export class PropertyWriteDto {
  @trimLocalized()
  @Check('title', (v) => localizedProblem(v, LISTING_BOUNDS.title, 'listing.title'))
  title: LocalizedInput;

  @trimLocalized()
  @Check('description', (v) => localizedProblem(v, LISTING_BOUNDS.description, 'listing.description'))
  description: LocalizedInput;

  /** ₸: per month for rent, total for sale; a whole number ≥ 1000. */
  @Check('price', (v) => numberIn(v, LISTING_BOUNDS.priceMin, LISTING_BOUNDS.priceMax, 'listing.price', true))
  price: number;

  /** m², ≥ 1. */
  @Check('area', (v) => numberIn(v, LISTING_BOUNDS.areaMin, LISTING_BOUNDS.areaMax, 'listing.area'))
  area: number;

  @Trim()
  @Check('address', (v) => textProblem(v, LISTING_BOUNDS.address, 'listing.address'))
  address: string;

  @Trim()
  @Check('city', (v) => textProblem(v, LISTING_BOUNDS.city, 'listing.city'))
  city: string;

  @IsOptional()
  @Check('rooms', (v) => numberIn(v, LISTING_BOUNDS.rooms[0], LISTING_BOUNDS.rooms[1], 'listing.rooms', true))
  rooms?: number | null;

  @IsOptional()
  @Check('floor', (v, args) => {
    const problem = numberIn(v, LISTING_BOUNDS.floor[0], LISTING_BOUNDS.floor[1], 'listing.floor', true);
    if (problem) return problem;
    const total = (args?.object as PropertyWriteDto | undefined)?.totalFloors;
    return typeof total === 'number' && typeof v === 'number' && v > total ? 'listing.floorAboveTotal' : null;
  })
  floor?: number | null;

  @IsOptional()
  @Check('totalFloors', (v) => numberIn(v, LISTING_BOUNDS.totalFloors[0], LISTING_BOUNDS.totalFloors[1], 'listing.totalFloors', true))
  totalFloors?: number | null;

  /** 1800 .. current year + 5; the upper bound is the service's (clock). */
  @IsOptional()
  @Check('yearBuilt', (v) => numberIn(v, LISTING_BOUNDS.yearBuiltMin, 9999, 'listing.yearBuilt', true))
  yearBuilt?: number | null;

  @IsOptional()
  @Check('latitude', (v) => numberIn(v, -90, 90, 'listing.latitude'))
  latitude?: number | null;

  @IsOptional()
  @Check('longitude', (v) => numberIn(v, -180, 180, 'listing.longitude'))
  longitude?: number | null;

  @LowerEnum()
  @IsIn(DEAL_TYPES as unknown as string[], { message: 'field.enum' })
  dealType: DealType;

  @RefId('categoryId')
  categoryId: number;

  @RefId('propertyTypeId')
  propertyTypeId: number;

  @IsOptional()
  @RefId('subcategoryId')
  subcategoryId?: number | null;

  @IsOptional()
  @RefId('districtId')
  districtId?: number | null;

  @IsOptional()
  @RefId('buildingComplexId')
  buildingComplexId?: number | null;

  /** Feature keys (PROPERTY_FEATURES), each at most once. */
  @IsOptional()
  @Check('features', (v) =>
    Array.isArray(v) && v.every((f) => (PROPERTY_FEATURES as readonly unknown[]).includes(f)) && new Set(v).size === v.length
      ? null
      : 'field.enum',
  )
  features?: PropertyFeature[];
}

/** POST /api/properties/:id/approve {comment?}: at most 2000 characters, kept on the audit log. */
export class ApprovePropertyDto {
  @IsOptional()
  @TrimToNull()
  @Check('comment', (v) => (v === null || (typeof v === 'string' && v.length <= LISTING_BOUNDS.commentMax) ? null : 'field.tooLong'))
  comment?: string | null;
}

/** POST /api/properties/:id/reject {reason, notes?}: reason 3-500 characters, notes at most 2000. */
export class RejectPropertyDto {
  @Trim()
  @Check('reason', (v) => textProblem(v, LISTING_BOUNDS.reason, 'listing.reason'))
  reason: string;

  @IsOptional()
  @TrimToNull()
  @Check('notes', (v) => (v === null || (typeof v === 'string' && v.length <= LISTING_BOUNDS.notesMax) ? null : 'field.tooLong'))
  notes?: string | null;
}

/** GET /api/properties/deleted and /mine: page (default 1), limit (1..100, default 20), lang. */
export class StaffPropertiesQuery extends PageQuery {}

/** The editable fields of a listing as stored (what PUT replaces and moderation compares). */
export interface PropertyWriteValues {
  title: LocalizedInput;
  description: LocalizedInput;
  price: number;
  area: number;
  address: string;
  city: string;
  rooms: number | null;
  floor: number | null;
  totalFloors: number | null;
  yearBuilt: number | null;
  latitude: number | null;
  longitude: number | null;
  dealType: DealType;
  categoryId: number;
  propertyTypeId: number;
  subcategoryId: number | null;
  districtId: number | null;
  buildingComplexId: number | null;
  features: PropertyFeature[];
}

/** A listing as its author and the administration see it (staff side, spec 02 §3). */
export interface StaffPropertyDto extends PropertyWriteValues {
  id: string;
  slug: string;
  /** active (public), pending (on moderation), inactive (rejected before ever being approved). */
  status: PropertyStatus;
  ownerId: string | null;
  /** An edit of the active listing waiting for approval (the public still sees the fields above); null when none. */
  pendingChanges: PropertyWriteValues | null;
  /** The last rejection, shown to the author; null after an approval or a new edit. */
  rejection: { reason: string; notes: string | null; at: string } | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** One changed field of a moderation item: the public value and the proposed one. */
export interface FieldChangeDto {
  field: keyof PropertyWriteValues;
  before: unknown;
  after: unknown;
}

/** GET /api/properties/moderation-queue item: the listing and what approval would change. */
export interface ModerationItemDto {
  property: StaffPropertyDto;
  /** 'new' (never approved, pending) or 'edit' (changes of an active listing). */
  kind: 'new' | 'edit';
  /** For 'edit' the changed fields (before = public, after = proposed); for 'new' every field with before null. */
  changes: FieldChangeDto[];
}
