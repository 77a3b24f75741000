import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_USERS_PAGE_SIZE,
  LISTING_REF_FIELDS,
  type DeletedPropertyDto,
  type ListingRefField,
  type LocalizedText,
  type ModerationReviewDto,
  type PropertyImageDto,
  type PropertyWriteValues,
  type RoleName,
} from '@realty/contracts';
import type { FileStorage } from '@realty/db';
import type { DataSource } from 'typeorm';
import { ApiException } from '../common/api.exception';
import type { AuthUser } from '../common/decorators';
import { Paged } from '../common/envelope.interceptor';
import { toImageDto } from '../properties/properties.mapper';
import { fieldChanges, toStaffProperty, valuesOf } from './property-authoring.mapper';
import { PropertyModerationRepository, type ReviewRow } from './property-moderation.repository';

/** The FileStorage that makes image URLs (LocalFileStorage under DATA_DIR). */
export const MODERATION_FILE_STORAGE = Symbol('MODERATION_FILE_STORAGE');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMINS: readonly RoleName[] = ['admin', 'super_admin'];

/**
 * The admin's reads of listings to moderate and deleted listings (issue 21; spec 02 §2
 * "Moderation", "Deleted properties", §7; docs/decisions/036-listing-lifecycle.md): each queue
 * item with what approval would change (before = public, after = proposed; every field for a
 * new listing), its author, images and the names behind its reference ids; the deleted list
 * with owner and who deleted it (the newest property.delete audit row).
 */
@Injectable()
export class PropertyModerationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: PropertyModerationRepository,
    @Inject(MODERATION_FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** GET /api/properties/moderation-queue: oldest first. */
  async queue(page = 1, limit = ADMIN_USERS_PAGE_SIZE): Promise<Paged<ModerationReviewDto>> {
    const { rows, total } = await this.repository.queue(this.db.manager, page, limit);
    return new Paged(await this.reviews(rows), { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** GET /api/properties/moderation-queue/:id: one listing on moderation; 404 unknown, deleted or not awaiting moderation. */
  async item(id: string): Promise<ModerationReviewDto> {
    const row = UUID.test(id) ? await this.repository.item(this.db.manager, id) : undefined;
    if (!row) throw ApiException.notFound();
    return (await this.reviews([row]))[0];
  }

  /** GET /api/properties/deleted: admins see every deleted listing, other staff their own. */
  async deleted(actor: AuthUser, page = 1, limit = ADMIN_USERS_PAGE_SIZE): Promise<Paged<DeletedPropertyDto>> {
    const ownerId = ADMINS.includes(actor.role) ? null : actor.id;
    const { rows, total } = await this.repository.deleted(this.db.manager, ownerId, page, limit);
    const items = rows.map((r): DeletedPropertyDto => ({ ...toStaffProperty(r), owner: r.owner ?? null, deletedBy: r.deleted_by ?? null }));
    return new Paged(items, { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** Rows -> review items: changes per field, images (one query) and reference names (one query). */
  private async reviews(rows: ReviewRow[]): Promise<ModerationReviewDto[]> {
    const m = this.db.manager;
    const items = rows.map((r) => {
      const edit = r.pending_changes !== null;
      const current = valuesOf(r);
      return {
        row: r,
        kind: edit ? ('edit' as const) : ('new' as const),
        versions: edit ? [current, r.pending_changes!] : [current],
        changes: edit ? fieldChanges(current, r.pending_changes!) : fieldChanges(null, current),
      };
    });
    const wanted = Object.fromEntries(LISTING_REF_FIELDS.map((f) => [f, new Set<number>()])) as Record<ListingRefField, Set<number>>;
    for (const { versions } of items)
      for (const v of versions as PropertyWriteValues[])
        for (const f of LISTING_REF_FIELDS) if (typeof v[f] === 'number') wanted[f].add(v[f]);
    const [images, names] = await Promise.all([
      this.repository.images(
        m,
        rows.map((r) => r.id),
      ),
      this.repository.refNames(
        m,
        Object.fromEntries(LISTING_REF_FIELDS.map((f) => [f, [...wanted[f]]])) as Record<ListingRefField, number[]>,
      ),
    ]);
    const imagesOf = new Map<string, PropertyImageDto[]>();
    for (const img of images) imagesOf.set(img.propertyId, [...(imagesOf.get(img.propertyId) ?? []), toImageDto(img, this.storage)]);
    const refNames: Partial<Record<ListingRefField, Record<string, LocalizedText>>> = {};
    for (const n of names) (refNames[n.field] ??= {})[String(n.id)] = n.name;
    return items.map(({ row, kind, changes }) => ({
      property: toStaffProperty(row),
      kind,
      changes,
      owner: row.owner ?? null,
      images: imagesOf.get(row.id) ?? [],
      refNames,
    }));
  }
}
