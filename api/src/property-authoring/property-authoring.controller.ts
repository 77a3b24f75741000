import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApprovePropertyDto,
  PropertyWriteDto,
  RejectPropertyDto,
  StaffPropertiesQuery,
  type DeletedPropertyDto,
  type ModerationReviewDto,
  type StaffPropertyDto,
} from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { PropertyAuthoringService } from './property-authoring.service';
import { PropertyModerationService } from './property-moderation.service';

/**
 * The listing write API (issue 21; spec 02 §4, §5, §7 "Properties"). Staff only (employee,
 * manager, admin, super_admin; approve, reject and the moderation queue: admin, super_admin).
 * Writes need X-CSRF-Token and are on the audit log (property.create|update|delete|restore|
 * approve|reject). Errors: 400 VALIDATION_ERROR {fields} in the request's language, 401, 403
 * (role, or not the owner), 404 unknown listing, 409 wrong state.
 * Static paths (deleted, mine, moderation-queue) win over the public GET /api/properties/:idOrSlug
 * in Fastify's router whatever the registration order (find-my-way matches static segments first).
 */
@Controller('properties')
@Roles('employee', 'manager', 'admin', 'super_admin')
export class PropertyAuthoringController {
  constructor(
    private readonly authoring: PropertyAuthoringService,
    private readonly moderation: PropertyModerationService,
  ) {}

  /**
   * GET /api/properties/deleted?page&limit -> 200 DeletedPropertyDto[] (newest deletion first;
   * owner and who deleted it), meta {total, page, limit, totalPages}. Admins see all, other staff their own.
   */
  @Get('deleted')
  deleted(@CurrentUser() actor: AuthUser, @Query() q: StaffPropertiesQuery): Promise<Paged<DeletedPropertyDto>> {
    return this.moderation.deleted(actor, q.page, q.limit);
  }

  /** GET /api/properties/mine?page&limit -> 200 the caller's listings with status, pendingChanges and rejection {reason, notes, at}. */
  @Get('mine')
  mine(@CurrentUser() actor: AuthUser, @Query() q: StaffPropertiesQuery): Promise<Paged<StaffPropertyDto>> {
    return this.authoring.listMine(actor, q.page, q.limit);
  }

  /**
   * GET /api/properties/moderation-queue?page&limit -> 200 ModerationReviewDto[] {property, kind
   * 'new'|'edit', changes [{field, before, after}], owner, images, refNames} oldest first. Admins only.
   */
  @Get('moderation-queue')
  @Roles('admin', 'super_admin')
  moderationQueue(@Query() q: StaffPropertiesQuery): Promise<Paged<ModerationReviewDto>> {
    return this.moderation.queue(q.page, q.limit);
  }

  /** GET /api/properties/moderation-queue/:id -> 200 ModerationReviewDto; 404 unknown, deleted or not on moderation. Admins only. */
  @Get('moderation-queue/:id')
  @Roles('admin', 'super_admin')
  moderationItem(@Param('id') id: string): Promise<ModerationReviewDto> {
    return this.moderation.item(id);
  }

  /** POST /api/properties PropertyWriteDto -> 201 StaffPropertyDto (status active for admins, pending otherwise). */
  @Post()
  @HttpCode(201)
  create(@CurrentUser() actor: AuthUser, @Body() dto: PropertyWriteDto, @Client() client: RequestClient): Promise<StaffPropertyDto> {
    return this.authoring.create(actor, dto, client);
  }

  /**
   * PUT /api/properties/:id PropertyWriteDto -> 200 StaffPropertyDto. A non-admin's edit of an
   * active listing waits in pendingChanges (public unchanged) until approved.
   */
  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: PropertyWriteDto,
    @Client() client: RequestClient,
  ): Promise<StaffPropertyDto> {
    return this.authoring.update(actor, id, dto, client);
  }

  /** DELETE /api/properties/:id -> 204 (soft delete; restorable). */
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.authoring.remove(actor, id, client);
  }

  /** POST /api/properties/:id/restore -> 200 StaffPropertyDto in its previous status. 409 when not deleted. */
  @Post(':id/restore')
  @HttpCode(200)
  restore(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<StaffPropertyDto> {
    return this.authoring.restore(actor, id, client);
  }

  /** POST /api/properties/:id/approve {comment?} -> 200 StaffPropertyDto (active, changes applied). Admins only. */
  @Post(':id/approve')
  @HttpCode(200)
  @Roles('admin', 'super_admin')
  approve(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: ApprovePropertyDto,
    @Client() client: RequestClient,
  ): Promise<StaffPropertyDto> {
    return this.authoring.approve(actor, id, dto.comment ?? null, client);
  }

  /** POST /api/properties/:id/reject {reason, notes?} -> 200 StaffPropertyDto with rejection. Admins only. */
  @Post(':id/reject')
  @HttpCode(200)
  @Roles('admin', 'super_admin')
  reject(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: RejectPropertyDto,
    @Client() client: RequestClient,
  ): Promise<StaffPropertyDto> {
    return this.authoring.reject(actor, id, dto.reason, dto.notes ?? null, client);
  }
}
