import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  localizedOf,
  renderMessage,
  type Language,
  type LeadMessageQueuedDto,
  type MessageChannel,
  type MessageValues,
  type SendLeadMessageDto,
} from '@realty/contracts';
import { JobName } from '@realty/jobs';
import type { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { publicWebUrl } from '../../leads/leads.service';
import { OutboxRelay } from '../../outbox/outbox.relay';
import { ActivityRecorder } from '../shared/activity.recorder';
import { assertCanChange } from '../shared/crm-access';
import { LeadMessagesRepository, type AgentForMessage, type LeadForMessage } from './lead-messages.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A Telegram chat: a numeric id or an @username (Bot API). */
const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

/** True when the API may queue Telegram messages (TELEGRAM_BOT_TOKEN set; the worker reads the same variable). */
export function telegramConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.TELEGRAM_BOT_TOKEN ?? '').trim() !== '';
}

/** The placeholder values of a lead's message (issue 22 "Message templates"). */
export function messageValues(lead: LeadForMessage, agent: AgentForMessage, lang: Language): MessageValues {
  return {
    'lead.firstName': lead.first_name,
    'lead.lastName': lead.last_name,
    'client.name': lead.client_name ?? '',
    'property.title': localizedOf(lead.property_title, lang),
    'property.url': lead.property_slug ? `${publicWebUrl()}/property/${encodeURIComponent(lead.property_slug)}` : '',
    'agent.name': `${agent.first_name} ${agent.last_name}`.trim(),
    'agent.phone': agent.phone ?? '',
    'agent.email': agent.email,
  };
}

/**
 * POST /api/crm/leads/:id/send-email and /send-telegram (issue 22; spec 02 §7 "CRM leads"). In
 * one transaction: the lead is read (and locked), the template rendered with the lead, its
 * client, its listing and the acting agent, the activity ('email' / 'telegram', data.status
 * 'queued') and the audit row written, and the worker's job written to the outbox (relayed to the
 * notifications queue after the commit, so a message is never lost nor sent for a rolled-back
 * request). The worker marks a Telegram activity 'sent' or 'failed'.
 */
@Injectable()
export class LeadMessagesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: LeadMessagesRepository,
    private readonly activities: ActivityRecorder,
    private readonly audit: AuditService,
    private readonly outbox: OutboxRelay,
  ) {}

  /**
   * 404 unknown or deleted lead; 403 another agent's lead (employee); 400 fields.templateId (not an
   * active template of the channel), fields.email / fields.telegram (the lead has none);
   * 503 TELEGRAM_NOT_CONFIGURED when no bot token is set.
   */
  async send(
    actor: AuthUser,
    client: RequestClient,
    leadId: string,
    channel: MessageChannel,
    dto: SendLeadMessageDto,
  ): Promise<LeadMessageQueuedDto> {
    if (!UUID.test(leadId)) throw ApiException.notFound();
    const lang: Language = dto.language ?? 'ru';
    const result = await this.db.transaction(async (m) => {
      const lead = await this.repository.lead(m, leadId);
      if (!lead) throw ApiException.notFound();
      assertCanChange(actor, lead.assigned_to);
      // Refused before anything is queued: the worker could not send it (issue 22).
      if (channel === 'telegram' && !telegramConfigured())
        throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'TELEGRAM_NOT_CONFIGURED', 'crmMessaging.telegramNotConfigured');
      const template = await this.repository.template(m, dto.templateId, channel);
      if (!template) throw ApiException.validation({ templateId: 'crmMessaging.template' });
      const to = channel === 'email' ? lead.email.trim() : lead.telegram.trim();
      if (channel === 'email' && !to) throw ApiException.validation({ email: 'crmMessaging.noEmail' });
      if (channel === 'telegram' && !TELEGRAM_CHAT.test(to)) throw ApiException.validation({ telegram: 'crmMessaging.noTelegram' });

      const values = messageValues(lead, await this.repository.agent(m, actor.id), lang);
      const bodyText = localizedOf(template.body, lang);
      const text = renderMessage(bodyText, values);
      const subject = channel === 'email' ? renderMessage(localizedOf(template.subject, lang), values) : null;
      const activityId = await this.activities.record(m, {
        type: channel,
        leadId: lead.id,
        clientId: lead.client_id,
        actorId: actor.id,
        body: subject ? `${subject}\n\n${text}` : text,
        data: { templateId: template.id, templateName: template.name, to, language: lang, status: 'queued' },
      });
      if (channel === 'email') {
        await this.outbox.write(m, JobName.SendEmail, {
          to,
          template: 'lead-message',
          locale: lang,
          data: { leadId: lead.id, activityId, subject: subject ?? '', text, html: renderMessage(bodyText, values, { html: true }) },
        });
      } else {
        await this.outbox.write(m, JobName.SendTelegram, { chatId: to, text, leadId: lead.id, activityId });
      }
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: channel === 'email' ? 'lead.send_email' : 'lead.send_telegram',
          entity: 'lead',
          entityId: lead.id,
          before: null,
          after: { templateId: template.id, to, language: lang, activityId },
        },
      );
      return { activityId, channel, to, subject, text };
    });
    this.outbox.kick();
    return result;
  }
}
