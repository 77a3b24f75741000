import type {
  CrmOverviewDto,
  CrmScope,
  Language,
  LeadMessageQueuedDto,
  MessageChannel,
  MessageTemplateDto,
  MessageTemplateWriteDto,
  NotificationDto,
  PageMeta,
} from '@realty/contracts';
import { segment } from './public-reads';
import type { CallOptions, Paged, Transport } from './transport';

/** Query of the template list: channel, active only, paging. */
export interface MessageTemplateListParams {
  channel?: MessageChannel | '';
  active?: boolean;
  page?: number;
  limit?: number;
}

/** Query of the notification list: unread only, paging. */
export interface NotificationListParams {
  unread?: boolean;
  page?: number;
  limit?: number;
}

function paged<T>(data: T[] | null, meta: PageMeta | undefined, page: number, limit: number): Paged<T> {
  const items = Array.isArray(data) ? data : [];
  return { items, meta: meta ?? { total: items.length, page, limit, totalPages: items.length ? 1 : 0 } };
}

/**
 * CRM calls (issue 22): message templates, send e-mail / Telegram to a lead, notifications, the
 * CRM overview. Errors: ApiValidationError (400, per-field messages in the client's language:
 * fields.subject / fields.body for an unknown placeholder, fields.email / fields.telegram for a
 * lead without them, fields.templateId), ApiError 401 / 403 / 404, ApiError 503
 * TELEGRAM_NOT_CONFIGURED.
 */
export function crmMessagingCalls({ request, write, getData }: Transport, langQuery: { lang?: string }) {
  const q = { query: langQuery };
  return {
    templates: {
      /** GET /crm/message-templates (CRM roles) -> templates by name. */
      list: async (query: MessageTemplateListParams = {}, opts?: CallOptions): Promise<Paged<MessageTemplateDto>> => {
        const result = await request<MessageTemplateDto[] | null>('GET', '/crm/message-templates', {
          ...opts,
          query: { ...langQuery, ...query, channel: query.channel || undefined },
        });
        return paged(result.data, result.meta, query.page ?? 1, query.limit ?? 50);
      },
      /** GET /crm/message-templates/{id}; ApiError 404. */
      get: (id: string, opts?: CallOptions) => getData<MessageTemplateDto>(`/crm/message-templates/${segment(id)}`, langQuery, opts),
      /** POST /crm/message-templates (admin) -> 201 the template. */
      create: (body: MessageTemplateWriteDto, opts?: CallOptions) =>
        write<MessageTemplateDto>('POST', '/crm/message-templates', body, { ...opts, ...q }),
      /** PUT /crm/message-templates/{id} (admin; every field replaced). */
      update: (id: string, body: MessageTemplateWriteDto, opts?: CallOptions) =>
        write<MessageTemplateDto>('PUT', `/crm/message-templates/${segment(id)}`, body, { ...opts, ...q }),
      /** DELETE /crm/message-templates/{id} (admin) -> null. */
      remove: (id: string, opts?: CallOptions) =>
        write<null>('DELETE', `/crm/message-templates/${segment(id)}`, undefined, { ...opts, ...q }),
    },
    /** POST /crm/leads/{id}/send-email {templateId, language?} -> 202 the queued message. */
    sendEmail: (leadId: string, body: { templateId: string; language?: Language }, opts?: CallOptions) =>
      write<LeadMessageQueuedDto>('POST', `/crm/leads/${segment(leadId)}/send-email`, body, { ...opts, ...q }),
    /** POST /crm/leads/{id}/send-telegram {templateId, language?} -> 202; ApiError 503 TELEGRAM_NOT_CONFIGURED. */
    sendTelegram: (leadId: string, body: { templateId: string; language?: Language }, opts?: CallOptions) =>
      write<LeadMessageQueuedDto>('POST', `/crm/leads/${segment(leadId)}/send-telegram`, body, { ...opts, ...q }),
    notifications: {
      /** GET /notifications (the caller's, newest first, texts in the client's language). */
      list: async (query: NotificationListParams = {}, opts?: CallOptions): Promise<Paged<NotificationDto>> => {
        const result = await request<NotificationDto[] | null>('GET', '/notifications', {
          ...opts,
          query: { ...langQuery, ...query, unread: query.unread ? true : undefined },
        });
        return paged(result.data, result.meta, query.page ?? 1, query.limit ?? 20);
      },
      /** GET /notifications/unread-count -> {count}. */
      unreadCount: (opts?: CallOptions) => getData<{ count: number }>('/notifications/unread-count', langQuery, opts),
      /** POST /notifications/{id}/read; ApiError 404 when not the caller's. */
      markRead: (id: string, opts?: CallOptions) =>
        write<NotificationDto>('POST', `/notifications/${segment(id)}/read`, undefined, { ...opts, ...q }),
      /** POST /notifications/read-all -> {updated}. */
      markAllRead: (opts?: CallOptions) => write<{ updated: number }>('POST', '/notifications/read-all', undefined, { ...opts, ...q }),
    },
    /** GET /crm/overview?scope=my|all -> the funnel, today's tasks, waiting leads, new-lead counts. */
    overview: (scope: CrmScope = 'my', opts?: CallOptions) => getData<CrmOverviewDto>('/crm/overview', { ...langQuery, scope }, opts),
  };
}
