import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { AdminUsersQuery, CreateUserDto, UpdateUserRoleDto, UpdateUserStatusDto, type AdminUserDto, type RoleDto } from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { UsersService } from './users.service';

/**
 * User administration (spec 02 §7 "Users"; dashboard /dashboard/admin/users). admin and
 * super_admin only: 401 without a valid token, 403 for other roles. Writes need X-CSRF-Token.
 * Every write is on the audit log with the actor, ip and user agent (user.create, user.role,
 * user.status, user.delete; issue 21, spec 02 §7 Audit).
 * A user: {id, email, firstName, lastName, phone, language, role, roleId, status, createdAt, updatedAt}.
 */
@Controller('admin')
@Roles('admin', 'super_admin')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /**
   * GET /api/admin/users?q&role&status&page&limit -> 200 data AdminUserDto[] newest first,
   * meta {total, page, limit, totalPages}. q: substring of the e-mail or "first last" name
   * (case-insensitive); role: a role name; status: active | blocked; page 1..10000; limit
   * 1..100 (default 20). 400 VALIDATION_ERROR for a bad parameter.
   */
  @Get('users')
  list(@Query() query: AdminUsersQuery): Promise<Paged<AdminUserDto>> {
    return this.users.list(query);
  }

  /** GET /api/admin/roles -> 200 data RoleDto[] {id, name, title}: the ids PATCH .../role and POST /users take. */
  @Get('roles')
  roles(): Promise<RoleDto[]> {
    return this.users.roles();
  }

  /**
   * POST /api/admin/users {email, password, firstName, lastName, phone?, roleId, language?} ->
   * 201 the user (status active). 400 with fields (spec 01 §5 rules; fields.roleId for an unknown
   * role); 403 when an admin creates a super_admin; 409 fields.email when the e-mail is taken.
   */
  @Post('users')
  @HttpCode(201)
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateUserDto, @Client() client: RequestClient): Promise<AdminUserDto> {
    return this.users.create(actor, dto, client);
  }

  /**
   * PATCH /api/admin/users/:id/role {roleId} -> 200 the user; the new role applies to the user's
   * next request. 404 unknown user; 400 fields.roleId; 403 for an admin touching or appointing
   * a super_admin, or for one's own account; 409 for the last active super_admin.
   */
  @Patch('users/:id/role')
  changeRole(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateUserRoleDto,
    @Client() client: RequestClient,
  ): Promise<AdminUserDto> {
    return this.users.changeRole(actor, id, dto.roleId, client);
  }

  /**
   * PATCH /api/admin/users/:id/status {status: active | blocked} -> 200 the user. Blocking ends
   * every session of the user at once; a blocked user cannot sign in (403). Errors as for the role.
   */
  @Patch('users/:id/status')
  changeStatus(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateUserStatusDto,
    @Client() client: RequestClient,
  ): Promise<AdminUserDto> {
    return this.users.changeStatus(actor, id, dto.status, client);
  }

  /** DELETE /api/admin/users/:id -> 204. 404 unknown; 403 / 409 as for the role; 409 'users.inUse' while records refer to the user. */
  @Delete('users/:id')
  @HttpCode(204)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.users.remove(actor, id, client);
  }
}
