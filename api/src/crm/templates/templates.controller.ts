import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { MessageTemplatesQuery, MessageTemplateWriteDto, type MessageTemplateDto } from '@realty/contracts';
import { CacheControl } from '../../common/cache-control';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import type { Paged } from '../../common/envelope.interceptor';
import { CRM_ROLES } from '../shared/crm-access';
import { TemplatesService } from './templates.service';

/**
 * Message templates (issue 22 "Message templates"; spec 02 §2 /dashboard/admin/message-templates).
 * Reads: the CRM's roles (the send forms list them); writes: admin and super_admin, with
 * X-CSRF-Token, on the audit log (message_template.create|update|delete). Errors: 400
 * VALIDATION_ERROR {fields} (fields.subject / fields.body 'crmMessaging.unknownPlaceholder' for
 * a {{placeholder}} not in MESSAGE_PLACEHOLDERS), 401, 403, 404.
 */
@Controller('crm/message-templates')
@Roles(...CRM_ROLES)
@CacheControl('no-store')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  /** GET /api/crm/message-templates?channel&active&page&limit -> 200 MessageTemplateDto[] by name, meta paging. */
  @Get()
  list(@Query() query: MessageTemplatesQuery): Promise<Paged<MessageTemplateDto>> {
    return this.templates.list(query);
  }

  /** GET /api/crm/message-templates/:id -> 200 the template; 404. */
  @Get(':id')
  get(@Param('id') id: string): Promise<MessageTemplateDto> {
    return this.templates.get(id);
  }

  /** POST /api/crm/message-templates {name, channel, subject?, body, isActive?} -> 201 the template. */
  @Post()
  @HttpCode(201)
  @Roles('admin', 'super_admin')
  create(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Body() dto: MessageTemplateWriteDto,
  ): Promise<MessageTemplateDto> {
    return this.templates.create(user, client, dto);
  }

  /** PUT /api/crm/message-templates/:id (same body, every field replaced) -> 200 the template; 404. */
  @Put(':id')
  @Roles('admin', 'super_admin')
  update(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Param('id') id: string,
    @Body() dto: MessageTemplateWriteDto,
  ): Promise<MessageTemplateDto> {
    return this.templates.update(user, client, id, dto);
  }

  /** DELETE /api/crm/message-templates/:id -> 204; 404. */
  @Delete(':id')
  @HttpCode(204)
  @Roles('admin', 'super_admin')
  remove(@CurrentUser() user: AuthUser, @Client() client: RequestClient, @Param('id') id: string): Promise<void> {
    return this.templates.remove(user, client, id);
  }
}
