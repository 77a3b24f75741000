import type { LocalizedText } from './enums';
import type { ModerationItemDto, StaffPropertyDto } from './listings.dto';
import type { PropertyImageDto } from './property.types';

/**
 * What the admin's moderation and deleted-listings screens read beyond the listing itself
 * (issue 21; spec 02 §2 "Moderation: a queue of properties, each approved or rejected",
 * "Deleted properties: list, restore", §7 GET /properties/moderation-queue, /properties/deleted).
 */

/** A staff member named on a listing: its owner, or who deleted it. */
export interface StaffPersonDto {
  id: string | null;
  name: string;
  email: string;
}

/** The reference-id fields of a listing whose names a reviewer reads instead of numbers. */
export const LISTING_REF_FIELDS = ['categoryId', 'subcategoryId', 'propertyTypeId', 'districtId', 'buildingComplexId'] as const;
export type ListingRefField = (typeof LISTING_REF_FIELDS)[number];

/**
 * GET /api/properties/moderation-queue item and GET /api/properties/moderation-queue/{id}: the
 * listing, what approval would change (ModerationItemDto), its author, its images (main first)
 * and the names of the reference ids in the public version and the proposal.
 */
export interface ModerationReviewDto extends ModerationItemDto {
  owner: StaffPersonDto | null;
  images: PropertyImageDto[];
  /** Per reference field: id (as a string key) -> its name {ru, en, kk, zh}. */
  refNames: Partial<Record<ListingRefField, Record<string, LocalizedText>>>;
}

/** GET /api/properties/deleted item: the listing, its owner and who deleted it (from the audit log; null when not on it). */
export interface DeletedPropertyDto extends StaffPropertyDto {
  owner: StaffPersonDto | null;
  deletedBy: StaffPersonDto | null;
}
