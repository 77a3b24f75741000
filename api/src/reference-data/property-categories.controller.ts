import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  PropertyCategoryWriteDto,
  PropertySubcategoryWriteDto,
  ReferenceListQuery,
  type AdminCategoryDto,
  type AdminSubcategoryDto,
} from '@realty/contracts';
import { CacheControl } from '../common/cache-control';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { ReferenceDataService } from './reference-data.service';

/**
 * Property categories and their subcategories (issue 21; spec 02 §2 /dashboard/admin/property-
 * categories). admin and super_admin only: 401 without a valid token, 403 for other roles.
 * Writes need X-CSRF-Token and are on the audit log (property_category.create|update|delete,
 * property_subcategory.create|update|delete). Errors: 400 VALIDATION_ERROR {fields} in the
 * request's language (fields.slug 'reference.slugTaken' for a slug in use), 404 unknown id,
 * 409 CONFLICT while listings (deleted ones included) or subcategories use the row.
 * The public reads GET /api/properties/categories[/:id/subcategories] show a change at once.
 */
@Controller('admin')
@Roles('admin', 'super_admin')
@CacheControl('no-store')
export class PropertyCategoriesController {
  constructor(private readonly reference: ReferenceDataService) {}

  /**
   * GET /api/admin/property-categories?q&sort&page&limit -> 200 AdminCategoryDto[] each with its
   * subcategories and `listings`, meta {total, page, limit, totalPages}. q: substring of a slug
   * or a name in any language (a subcategory's finds its category); sort: order (default), -order,
   * name, -name, slug, -slug, listings, -listings; limit 1..100 (default 20).
   */
  @Get('property-categories')
  list(@Query() query: ReferenceListQuery): Promise<Paged<AdminCategoryDto>> {
    return this.reference.listCategories(query);
  }

  /** POST /api/admin/property-categories {name {ru, en?, kk?, zh?}, slug?, description?, icon?, sortOrder?} -> 201 the category. */
  @Post('property-categories')
  @HttpCode(201)
  create(@CurrentUser() user: AuthUser, @Client() client: RequestClient, @Body() dto: PropertyCategoryWriteDto): Promise<AdminCategoryDto> {
    return this.reference.createCategory({ user, client }, dto);
  }

  /** PUT /api/admin/property-categories/:id (same body; absent fields kept, blank slug kept) -> 200 the category. */
  @Put('property-categories/:id')
  update(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Param('id') id: string,
    @Body() dto: PropertyCategoryWriteDto,
  ): Promise<AdminCategoryDto> {
    return this.reference.updateCategory({ user, client }, id, dto);
  }

  /** DELETE /api/admin/property-categories/:id -> 204; 409 'Категорию нельзя удалить: она используется (объектов: N, подкатегорий: M)'. */
  @Delete('property-categories/:id')
  @HttpCode(204)
  remove(@CurrentUser() user: AuthUser, @Client() client: RequestClient, @Param('id') id: string): Promise<void> {
    return this.reference.removeCategory({ user, client }, id);
  }

  /** POST /api/admin/property-categories/:id/subcategories {name, slug?, description?, sortOrder?} -> 201 the subcategory; 404 unknown category. */
  @Post('property-categories/:id/subcategories')
  @HttpCode(201)
  createSubcategory(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Param('id') id: string,
    @Body() dto: PropertySubcategoryWriteDto,
  ): Promise<AdminSubcategoryDto> {
    return this.reference.createSubcategory({ user, client }, id, dto);
  }

  /** PUT /api/admin/property-subcategories/:id (same body) -> 200 the subcategory. */
  @Put('property-subcategories/:id')
  updateSubcategory(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Param('id') id: string,
    @Body() dto: PropertySubcategoryWriteDto,
  ): Promise<AdminSubcategoryDto> {
    return this.reference.updateSubcategory({ user, client }, id, dto);
  }

  /** DELETE /api/admin/property-subcategories/:id -> 204; 409 while listings use it. */
  @Delete('property-subcategories/:id')
  @HttpCode(204)
  removeSubcategory(@CurrentUser() user: AuthUser, @Client() client: RequestClient, @Param('id') id: string): Promise<void> {
    return this.reference.removeSubcategory({ user, client }, id);
  }
}
