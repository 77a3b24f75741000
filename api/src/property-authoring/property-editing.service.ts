import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ListingFormOptionsDto, RoleName, StaffPropertyEditDto, StaffPropertyImageDto } from '@realty/contracts';
import type { FileStorage } from '@realty/db';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../common/api.exception';
import type { AuthUser, RequestClient } from '../common/decorators';
import { PropertiesService } from '../properties/properties.service';
import { toStaffProperty, type StaffPropertyRow } from './property-authoring.mapper';
import { PropertyAuthoringRepository } from './property-authoring.repository';
import { PropertyEditingRepository, type ListingImageRow } from './property-editing.repository';

/** Injection token of the file storage that builds the image URLs of the form. */
export const LISTING_FILE_STORAGE = Symbol('LISTING_FILE_STORAGE');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMINS: readonly RoleName[] = ['admin', 'super_admin'];

/**
 * What the staff listing form needs beyond the lifecycle writes (issue 21; spec 02 §2
 * /dashboard/employee/create and /edit/{id}; decisions 035, 036):
 * - the reference lists it selects from;
 * - the listing as its owner or an admin edits it: the proposed values when an edit waits for
 *   moderation, and its images (main first) with their upload names for DELETE /api/upload/{name};
 * - the image order: the first image is the main one (public cards and the property page show
 *   the lowest sort_order first). The order applies at once (images are not moderated, decision
 *   035), is on the audit log in its transaction (property.images_reorder) and drops the
 *   catalogue cache (other processes follow the catalogue_version trigger on property_images).
 */
@Injectable()
export class PropertyEditingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly listings: PropertyAuthoringRepository,
    private readonly repository: PropertyEditingRepository,
    private readonly audit: AuditService,
    private readonly catalog: PropertiesService,
    @Inject(LISTING_FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** GET /api/properties/form-options. */
  formOptions(): Promise<ListingFormOptionsDto> {
    return this.repository.formOptions(this.db.manager);
  }

  /** GET /api/properties/:id/edit. 404 unknown or deleted; 403 neither the owner nor an admin. */
  async forEdit(actor: AuthUser, id: string): Promise<StaffPropertyEditDto> {
    const { row, images } = await this.db.transaction(async (m) => {
      const found = await this.owned(m, actor, id);
      return { row: found, images: await this.repository.images(m, found.id) };
    });
    const dto = toStaffProperty(row);
    return { ...dto, ...(row.pending_changes ?? {}), images: images.map((img, i) => this.imageDto(img, i)) };
  }

  /**
   * PUT /api/properties/:id/images {order}: `order` must name every image of the listing once
   * (400 listing.imageOrder otherwise); answers the images in their new order.
   */
  async reorder(actor: AuthUser, id: string, order: string[], client: RequestClient): Promise<StaffPropertyImageDto[]> {
    const wanted = order.map((x) => x.toLowerCase());
    const images = await this.db.transaction(async (m) => {
      const row = await this.owned(m, actor, id);
      const before = await this.repository.images(m, row.id);
      const known = new Set(before.map((img) => img.id));
      if (wanted.length !== known.size || !wanted.every((x) => known.has(x)))
        throw ApiException.validation({ order: 'listing.imageOrder' });
      await this.repository.reorder(m, row.id, wanted);
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'property.images_reorder',
          entity: 'property',
          entityId: row.id,
          before: { imageOrder: before.map((img) => img.id) },
          after: { imageOrder: wanted },
        },
      );
      return this.repository.images(m, row.id);
    });
    this.catalog.invalidate();
    return images.map((img, i) => this.imageDto(img, i));
  }

  private imageDto(img: ListingImageRow, index: number): StaffPropertyImageDto {
    return {
      id: img.id,
      name: img.name,
      url: this.storage.publicUrl(img.storage_key),
      thumbUrl: img.variants?.thumb ? this.storage.publicUrl(img.variants.thumb) : null,
      width: img.width,
      height: img.height,
      sortOrder: img.sort_order,
      isMain: index === 0,
    };
  }

  /** The row locked, not deleted, owned by the actor or the actor an admin. 404; 403 (as the lifecycle writes). */
  private async owned(m: EntityManager, actor: AuthUser, id: string): Promise<StaffPropertyRow> {
    const row = UUID.test(id) ? await this.listings.lock(m, id) : undefined;
    if (!row || row.deleted_at) throw ApiException.notFound();
    if (!ADMINS.includes(actor.role) && row.owner_id !== actor.id)
      throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN', 'listing.notOwner');
    return row;
  }
}
