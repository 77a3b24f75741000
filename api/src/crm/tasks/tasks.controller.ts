import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { TaskBulkCompleteDto, TaskWriteDto, TasksQuery, type TaskBulkResultDto, type TaskDto } from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import type { Paged } from '../../common/envelope.interceptor';
import { CRM_ROLES } from '../shared/crm-access';
import { TasksService } from './tasks.service';

/**
 * Tasks (issue 22 "Tasks"; spec 02 §2 /dashboard/crm/tasks, §3). employee, manager, admin,
 * super_admin; writes need X-CSRF-Token and are audited. Rules: TasksService.
 */
@Controller('crm/tasks')
@Roles(...CRM_ROLES)
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  /**
   * GET /api/crm/tasks?scope=my|all&status (incl. overdue)&priority&type&dueFrom&dueTo (Almaty days)
   * &q&agentId&sort=due|priority|created&dir&page&limit -> 200 TaskDto[], meta {total, page, limit, totalPages}.
   */
  @Get()
  list(@CurrentUser() actor: AuthUser, @Query() q: TasksQuery): Promise<Paged<TaskDto>> {
    return this.tasks.list(actor, q);
  }

  /** POST /api/crm/tasks TaskWriteDto -> 201 TaskDto. 400 fields (assignedTo: employees assign only themselves). */
  @Post()
  @HttpCode(201)
  create(@CurrentUser() actor: AuthUser, @Body() dto: TaskWriteDto, @Client() client: RequestClient): Promise<TaskDto> {
    return this.tasks.create(actor, dto, client);
  }

  /** POST /api/crm/tasks/bulk-complete {ids (1..100)} -> 200 {completed, refused [{id, reason}]}. */
  @Post('bulk-complete')
  @HttpCode(200)
  bulkComplete(
    @CurrentUser() actor: AuthUser,
    @Body() dto: TaskBulkCompleteDto,
    @Client() client: RequestClient,
  ): Promise<TaskBulkResultDto> {
    return this.tasks.bulkComplete(actor, dto.ids, client);
  }

  /** GET /api/crm/tasks/{id} -> 200 TaskDto; 404. */
  @Get(':id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<TaskDto> {
    return this.tasks.get(actor, id);
  }

  /** PUT /api/crm/tasks/{id} TaskWriteDto -> 200 TaskDto; 403 not the assignee (employee); 404. */
  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: TaskWriteDto,
    @Client() client: RequestClient,
  ): Promise<TaskDto> {
    return this.tasks.update(actor, id, dto, client);
  }

  /** POST /api/crm/tasks/{id}/complete -> 200 TaskDto (status completed; activity 'task' on its lead/client/deal). */
  @Post(':id/complete')
  @HttpCode(200)
  complete(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<TaskDto> {
    return this.tasks.complete(actor, id, client);
  }

  /** DELETE /api/crm/tasks/{id} -> 204 (soft delete); 403; 404. */
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.tasks.remove(actor, id, client);
  }
}
