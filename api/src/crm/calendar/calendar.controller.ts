import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CalendarEventWriteDto, CalendarQuery, type CalendarEventDto, type CalendarItemDto } from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import { CRM_ROLES } from '../shared/crm-access';
import { CalendarService } from './calendar.service';

/**
 * The calendar (issue 22 "Calendar"; spec 02 §2 /dashboard/calendar), part of CrmModule.
 * employee, manager, admin, super_admin; writes need X-CSRF-Token and are audited.
 */
@Controller('calendar')
@Roles(...CRM_ROLES)
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /**
   * GET /api/calendar?start&end (ISO or 'YYYY-MM-DD[THH:mm]' Almaty; end after start, at most 62 days)
   * &type=task|viewing|event|meeting|call|reminder|other&status&agentId (supervisors) -> 200
   * CalendarItemDto[] {kind, id, title, start, end, allDay, status, type, link, ownerId}, soonest first.
   */
  @Get()
  range(@CurrentUser() actor: AuthUser, @Query() q: CalendarQuery): Promise<CalendarItemDto[]> {
    return this.calendar.range(actor, q);
  }

  /** POST /api/calendar CalendarEventWriteDto -> 201 CalendarEventDto; 400 fields. */
  @Post()
  @HttpCode(201)
  create(@CurrentUser() actor: AuthUser, @Body() dto: CalendarEventWriteDto, @Client() client: RequestClient): Promise<CalendarEventDto> {
    return this.calendar.create(actor, dto, client);
  }

  /** GET /api/calendar/{id} -> 200 CalendarEventDto; 404. */
  @Get(':id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<CalendarEventDto> {
    return this.calendar.get(actor, id);
  }

  /** PUT /api/calendar/{id} -> 200 CalendarEventDto; 403 not the owner (employee); 404. */
  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: CalendarEventWriteDto,
    @Client() client: RequestClient,
  ): Promise<CalendarEventDto> {
    return this.calendar.update(actor, id, dto, client);
  }

  /** DELETE /api/calendar/{id} -> 204; 403; 404. */
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.calendar.remove(actor, id, client);
  }
}
