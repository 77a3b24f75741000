import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ReorderImagesDto, type ListingFormOptionsDto, type StaffPropertyEditDto, type StaffPropertyImageDto } from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import { PropertyEditingService } from './property-editing.service';

/**
 * The reads and the image order of the staff listing form (issue 21; spec 02 §2
 * /dashboard/employee/create, /edit/{id}; §7 "Properties"). Staff only (employee, manager, admin,
 * super_admin); the listing routes: its owner or an admin (403 otherwise, 404 unknown or deleted).
 * GET /api/properties/form-options is a static path, so it wins over the public :idOrSlug.
 */
@Controller('properties')
@Roles('employee', 'manager', 'admin', 'super_admin')
export class PropertyEditingController {
  constructor(private readonly editing: PropertyEditingService) {}

  /** GET /api/properties/form-options -> 200 {categories (with subcategories), propertyTypes, districts, buildingComplexes}. */
  @Get('form-options')
  formOptions(): Promise<ListingFormOptionsDto> {
    return this.editing.formOptions();
  }

  /**
   * GET /api/properties/:id/edit -> 200 StaffPropertyEditDto: the listing with its images (main
   * first); the proposed values when an edit waits for moderation (pendingChanges kept).
   */
  @Get(':id/edit')
  forEdit(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<StaffPropertyEditDto> {
    return this.editing.forEdit(actor, id);
  }

  /**
   * PUT /api/properties/:id/images {order: imageId[]} -> 200 StaffPropertyImageDto[] in the new
   * order; the first is the main image. 400 listing.imageOrder unless every image is named once.
   */
  @Put(':id/images')
  reorder(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: ReorderImagesDto,
    @Client() client: RequestClient,
  ): Promise<StaffPropertyImageDto[]> {
    return this.editing.reorder(actor, id, dto.order, client);
  }
}
