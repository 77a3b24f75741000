import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { SendLeadMessageDto, type LeadMessageQueuedDto } from '@realty/contracts';
import { CacheControl } from '../../common/cache-control';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import { CRM_ROLES } from '../shared/crm-access';
import { LeadMessagesService } from './lead-messages.service';

/**
 * Messages to a lead from a template (issue 22; spec 02 §7 "CRM leads": POST .../{id}/send-email,
 * .../{id}/send-telegram). The CRM's roles; an employee only for their own leads (403). Body
 * {templateId, language? (ru|en|kk|zh, default ru)} -> 202 LeadMessageQueuedDto {activityId,
 * channel, to, subject, text}: queued on the worker's notifications queue (through the outbox).
 * Errors: 400 fields.templateId | fields.email | fields.telegram, 404 lead, 503 TELEGRAM_NOT_CONFIGURED.
 */
@Controller('crm/leads')
@Roles(...CRM_ROLES)
@CacheControl('no-store')
export class LeadMessagesController {
  constructor(private readonly messages: LeadMessagesService) {}

  /** POST /api/crm/leads/:id/send-email {templateId, language?} -> 202. */
  @Post(':id/send-email')
  @HttpCode(202)
  sendEmail(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Param('id') id: string,
    @Body() dto: SendLeadMessageDto,
  ): Promise<LeadMessageQueuedDto> {
    return this.messages.send(user, client, id, 'email', dto);
  }

  /** POST /api/crm/leads/:id/send-telegram {templateId, language?} -> 202; 503 TELEGRAM_NOT_CONFIGURED without a bot token. */
  @Post(':id/send-telegram')
  @HttpCode(202)
  sendTelegram(
    @CurrentUser() user: AuthUser,
    @Client() client: RequestClient,
    @Param('id') id: string,
    @Body() dto: SendLeadMessageDto,
  ): Promise<LeadMessageQueuedDto> {
    return this.messages.send(user, client, id, 'telegram', dto);
  }
}
