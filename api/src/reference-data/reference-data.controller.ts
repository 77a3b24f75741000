import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  BuildingComplexWriteDto,
  PropertyTypeWriteDto,
  ReferenceListQuery,
  type AdminBuildingComplexDto,
  type AdminPropertyTypeDto,
  type NamedRefDto,
} from '@realty/contracts';
import { CacheControl } from '../common/cache-control';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { ReferenceDataService } from './reference-data.service';

/**
 * Property types and building complexes (issue 21; spec 02 §2 /dashboard/admin/property-types,
 * /building-complexes). admin and super_admin only (401, 403). Lists take q, sort (order, -order
 * = by id; name, -name, slug, -slug, listings, -listings), page, limit. Writes need X-CSRF-Token
 * and are on the audit log (property_type.*, building_complex.* create|update|delete). Errors:
 * 400 VALIDATION_ERROR {fields} (fields.slug 'reference.slugTaken', fields.districtId unknown),
 * 404 unknown id, 409 CONFLICT while listings (deleted ones included) use the row.
 */
@Controller('admin')
@Roles('admin', 'super_admin')
@CacheControl('no-store')
export class ReferenceDataController {
  constructor(private readonly reference: ReferenceDataService) {}

  /** GET /api/admin/property-types?q&sort&page&limit -> 200 AdminPropertyTypeDto[] {id, slug, name, listings}. */
  @Get('property-types')
  listTypes(@Query() query: ReferenceListQuery): Promise<Paged<AdminPropertyTypeDto>> {
    return this.reference.listTypes(query);
  }

  /** POST /api/admin/property-types {name {ru, en?, kk?, zh?}, slug? (≤ 32)} -> 201 the type. */
  @Post('property-types')
  @HttpCode(201)
  createType(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Body() dto: PropertyTypeWriteDto,
  ): Promise<AdminPropertyTypeDto> {
    return this.reference.createType({ user, client }, dto);
  }

  /** PUT /api/admin/property-types/:id (same body) -> 200 the type. */
  @Put('property-types/:id')
  updateType(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Param('id') id: string,
    @Body() dto: PropertyTypeWriteDto,
  ): Promise<AdminPropertyTypeDto> {
    return this.reference.updateType({ user, client }, id, dto);
  }

  /** DELETE /api/admin/property-types/:id -> 204; 409 'Тип недвижимости нельзя удалить: он используется (объектов: N)'. */
  @Delete('property-types/:id')
  @HttpCode(204)
  removeType(@CurrentUser() user: AuthUser, @Client() client: RequestClient, @Param('id') id: string): Promise<void> {
    return this.reference.removeType({ user, client }, id);
  }

  /** GET /api/admin/building-complexes?q&sort&page&limit -> 200 AdminBuildingComplexDto[] (q also finds the address). */
  @Get('building-complexes')
  listComplexes(@Query() query: ReferenceListQuery): Promise<Paged<AdminBuildingComplexDto>> {
    return this.reference.listComplexes(query);
  }

  /**
   * POST /api/admin/building-complexes {name, slug? (≤ 100), address (5-200), districtId?,
   * buildingClass? (A, B+, B, C), totalFloors? (1-200), yearBuilt? (1800-2100), latitude?,
   * longitude?} -> 201 the complex.
   */
  @Post('building-complexes')
  @HttpCode(201)
  createComplex(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Body() dto: BuildingComplexWriteDto,
  ): Promise<AdminBuildingComplexDto> {
    return this.reference.createComplex({ user, client }, dto);
  }

  /** PUT /api/admin/building-complexes/:id (same body; absent fields kept, null clears) -> 200 the complex. */
  @Put('building-complexes/:id')
  updateComplex(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Param('id') id: string,
    @Body() dto: BuildingComplexWriteDto,
  ): Promise<AdminBuildingComplexDto> {
    return this.reference.updateComplex({ user, client }, id, dto);
  }

  /** DELETE /api/admin/building-complexes/:id -> 204; 409 while listings use it. */
  @Delete('building-complexes/:id')
  @HttpCode(204)
  removeComplex(@CurrentUser() user: AuthUser, @Client() client: RequestClient, @Param('id') id: string): Promise<void> {
    return this.reference.removeComplex({ user, client }, id);
  }

  /** GET /api/admin/districts -> 200 NamedRefDto[] {id, slug, name}: the ids a building complex takes. */
  @Get('districts')
  districts(): Promise<NamedRefDto[]> {
    return this.reference.districts();
  }
}
