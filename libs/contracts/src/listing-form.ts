import { Check } from './auth.dto';
import type { LocalizedText } from './enums';
import type { StaffPropertyDto } from './listings.dto';

/**
 * What the staff listing form reads besides the listing (issue 21; spec 02 §2
 * /dashboard/employee/create and /edit/{id}, §7 "Properties"): its reference lists, the listing
 * as its author edits it (with its images) and the image order it writes.
 */

/** One entry of a reference list of the form (id written in PropertyWriteDto). */
export interface FormOptionDto {
  id: number;
  slug: string;
  name: LocalizedText;
}

/** GET /api/properties/form-options: every reference list the listing form selects from, in display order. */
export interface ListingFormOptionsDto {
  categories: Array<FormOptionDto & { subcategories: FormOptionDto[] }>;
  propertyTypes: FormOptionDto[];
  districts: FormOptionDto[];
  buildingComplexes: Array<FormOptionDto & { districtId: number | null }>;
}

/** One image of a listing as its author manages it: the first (lowest sortOrder) is the main image. */
export interface StaffPropertyImageDto {
  id: string;
  /**
   * The stored upload name (DELETE /api/upload/{name}); null for an image without an upload
   * record (demo images loaded by the seed), which the form cannot delete.
   */
  name: string | null;
  /** Original file. */
  url: string;
  /** The worker's 480 px thumbnail, null until the media job has run. */
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
  sortOrder: number;
  isMain: boolean;
}

/**
 * GET /api/properties/:id/edit: the listing as its owner or an admin edits it. When an edit waits
 * for moderation (pendingChanges), the value fields are the PROPOSED ones (the author edits what
 * they proposed; pendingChanges is kept so the page can say it waits).
 */
export interface StaffPropertyEditDto extends StaffPropertyDto {
  images: StaffPropertyImageDto[];
}

/** Most images one listing's order may name. */
export const MAX_LISTING_IMAGES = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * PUT /api/properties/:id/images {order}: every image id of the listing once, the main image
 * first. The service answers 400 listing.imageOrder unless `order` names exactly the listing's images.
 */
export class ReorderImagesDto {
  @Check('order', (v) =>
    Array.isArray(v) &&
    v.length >= 1 &&
    v.length <= MAX_LISTING_IMAGES &&
    v.every((x) => typeof x === 'string' && UUID.test(x)) &&
    new Set(v.map((x: string) => x.toLowerCase())).size === v.length
      ? null
      : 'listing.imageOrder',
  )
  order: string[];
}
