import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { BulkStatusDto, StaffListingsQuery, type BulkStatusResultDto, type StaffListingItemDto } from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { PropertyManageService } from './property-manage.service';

/**
 * The staff listing list and bulk status change (issue 21; spec 02 §2
 * "/dashboard/employee/properties", §4, §7 "Properties"). Staff only (employee, manager, admin,
 * super_admin). The write needs X-CSRF-Token and is on the audit log (property.status).
 */
@Controller('properties')
@Roles('employee', 'manager', 'admin', 'super_admin')
export class PropertyManageController {
  constructor(private readonly manage: PropertyManageService) {}

  /**
   * GET /api/properties/manage?scope=mine|all&q&status&dealType&categoryId&sort=updated|price|area|created
   * &dir=asc|desc&cursor&limit -> 200 StaffListingItemDto[], meta {total, page, limit, totalPages,
   * nextCursor} (keyset: pass nextCursor as cursor; null on the last page). Soft-deleted left out.
   */
  @Get('manage')
  list(@CurrentUser() actor: AuthUser, @Query() q: StaffListingsQuery): Promise<Paged<StaffListingItemDto>> {
    return this.manage.list(actor, q);
  }

  /** POST /api/properties/bulk-status {ids, status} -> 200 {updated: ids, refused: [{id, reason}]}. */
  @Post('bulk-status')
  @HttpCode(200)
  bulkStatus(@CurrentUser() actor: AuthUser, @Body() dto: BulkStatusDto, @Client() client: RequestClient): Promise<BulkStatusResultDto> {
    return this.manage.bulkStatus(actor, dto.ids, dto.status, client);
  }
}
