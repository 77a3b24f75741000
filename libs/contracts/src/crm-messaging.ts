import { Transform } from 'class-transformer';
import { IsIn, IsOptional, ValidateIf } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import {
  MESSAGE_CHANNELS,
  CRM_SCOPES,
  NOTIFICATION_TYPES,
  type CrmScope,
  type DealStage,
  type MessageChannel,
  type NotificationType,
} from './crm.enums';
import { LANGUAGES, type Language } from './enums';
import type { MessageKey } from './messages';
import { escapeHtml } from './text';
import { PageNumber } from './users.dto';

/**
 * CRM messaging (issue 22 "Message templates", "Notifications", the CRM overview; spec 02 §2
 * /dashboard/admin/message-templates, /dashboard/notifications, /dashboard/crm; §7 "CRM leads"
 * send-email / send-telegram): the template DTOs, the pure placeholder renderer shared by the
 * API (validation at save, rendering at send) and the web (live preview), the notification and
 * overview answers.
 */

// ---------------------------------------------------------------------------------------
// Placeholders

/** The placeholders a template may use ({{lead.firstName}} ...). Anything else is refused at save. */
export const MESSAGE_PLACEHOLDERS = [
  'lead.firstName',
  'lead.lastName',
  'client.name',
  'property.title',
  'property.url',
  'agent.name',
  'agent.phone',
  'agent.email',
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];
/** Values of the placeholders ('' when a lead has no client, listing, ...). */
export type MessageValues = Record<MessagePlaceholder, string>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names in `text` that are not in MESSAGE_PLACEHOLDERS (in order, unique). */
export function unknownPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1];
    if (!(MESSAGE_PLACEHOLDERS as readonly string[]).includes(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * Fills `{{name}}` placeholders of `text` with `values`. `html`: the VALUES are HTML-escaped
 * (the template's own text is the admin's and is escaped too, so the result is safe HTML
 * text with line breaks as <br>). Unknown placeholders become ''. Pure.
 */
export function renderMessage(text: string, values: Partial<MessageValues>, options: { html?: boolean } = {}): string {
  const value = (name: string) =>
    (MESSAGE_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as MessagePlaceholder] ?? '') : '';
  if (!options.html) return text.replace(PLACEHOLDER, (_w, name: string) => value(name));
  let out = '';
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    out += escapeHtml(text.slice(last, m.index)) + escapeHtml(value(m[1]));
    last = (m.index ?? 0) + m[0].length;
  }
  out += escapeHtml(text.slice(last));
  return out.replace(/\r?\n/g, '<br>\n');
}

/** Picks `lang`'s text of a localized value, else ru. */
export function localizedOf(text: Partial<Record<Language, string>> | null | undefined, lang: Language): string {
  return (text?.[lang] && text[lang]!.trim()) || text?.ru || '';
}

// ---------------------------------------------------------------------------------------
// Templates

export const TEMPLATE_BOUNDS = { name: [2, 100], subject: 200, body: 4000 } as const;

/** {ru, en?, kk?, zh?} of a template: trimmed, blank languages dropped. */
const TrimLocalized = () =>
  Transform(({ value }) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [lang, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'string') {
        if (v.trim() !== '') out[lang] = v.trim();
      } else if (v !== undefined && v !== null) out[lang] = v;
    }
    return out;
  });

function localizedTextProblem(value: unknown, max: number, required: boolean, key: MessageKey): MessageKey | null {
  if (value === undefined || value === null) return required ? key : null;
  if (typeof value !== 'object' || Array.isArray(value)) return key;
  const o = value as Record<string, unknown>;
  if (Object.keys(o).some((k) => !(LANGUAGES as readonly string[]).includes(k))) return key;
  if (required && typeof o.ru !== 'string') return key;
  for (const v of Object.values(o)) {
    if (typeof v !== 'string' || v.length > max) return key;
    if (unknownPlaceholders(v).length) return 'crmMessaging.unknownPlaceholder';
  }
  return null;
}

const ToBool = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    return v === 'true' || v === 'on' ? true : v === 'false' || v === '' ? false : value;
  });

/**
 * POST /api/crm/message-templates and PUT .../{id}: name (2-100), channel email|telegram,
 * subject {ru, en?, kk?, zh?} (e-mail: ru required, ≤ 200; Telegram: ignored), body (ru
 * required, ≤ 4000 per language), isActive (default true). Any `{{x}}` not in
 * MESSAGE_PLACEHOLDERS -> fields.subject / fields.body 'crmMessaging.unknownPlaceholder'.
 */
export class MessageTemplateWriteDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Check('name', (v) =>
    typeof v === 'string' && v.length >= TEMPLATE_BOUNDS.name[0] && v.length <= TEMPLATE_BOUNDS.name[1] ? null : 'crmMessaging.name',
  )
  name: string;

  @LowerEnum()
  @IsIn(MESSAGE_CHANNELS as unknown as string[], { message: 'field.enum' satisfies MessageKey })
  channel: MessageChannel;

  // checked when given, and always for e-mail (its subject is required)
  @ValidateIf((o: { channel?: unknown; subject?: unknown }) => o.channel === 'email' || (o.subject !== undefined && o.subject !== null))
  @TrimLocalized()
  @Check('subject', (v, args) =>
    localizedTextProblem(
      v,
      TEMPLATE_BOUNDS.subject,
      (args?.object as { channel?: string } | undefined)?.channel === 'email',
      'crmMessaging.subject',
    ),
  )
  subject?: Partial<Record<Language, string>>;

  @TrimLocalized()
  @Check('body', (v) => localizedTextProblem(v, TEMPLATE_BOUNDS.body, true, 'crmMessaging.body'))
  body: { ru: string } & Partial<Record<Language, string>>;

  @IsOptional()
  @ToBool()
  @Check('isActive', (v) => (typeof v === 'boolean' ? null : 'field.invalid'))
  isActive?: boolean;
}

/** A message template as the API answers it. */
export interface MessageTemplateDto {
  id: string;
  name: string;
  channel: MessageChannel;
  subject: Partial<Record<Language, string>>;
  body: { ru: string } & Partial<Record<Language, string>>;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/crm/message-templates: channel and active filters, page paging (by name). */
export class MessageTemplatesQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(MESSAGE_CHANNELS as unknown as string[], { message: 'field.enum' satisfies MessageKey })
  channel?: MessageChannel;

  /** 'true': active ones only (the send forms). */
  @IsOptional()
  @ToBool()
  @Check('active', (v) => (typeof v === 'boolean' ? null : 'field.invalid'))
  active?: boolean;

  @IsOptional()
  @PageNumber(10_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(100, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], { message: 'field.enum' satisfies MessageKey })
  lang?: Language;
}

export const MESSAGE_TEMPLATES_PAGE_SIZE = 50;

/** POST /api/crm/leads/{id}/send-email | send-telegram: the template and the message's language (default ru). */
export class SendLeadMessageDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Check('templateId', (v) =>
    typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? null : 'crmMessaging.template',
  )
  templateId: string;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], { message: 'field.enum' satisfies MessageKey })
  language?: Language;
}

/** Answer of send-email / send-telegram (202): the queued message and its timeline entry. */
export interface LeadMessageQueuedDto {
  activityId: string;
  channel: MessageChannel;
  /** The e-mail address or Telegram chat the message goes to. */
  to: string;
  subject: string | null;
  text: string;
}

// ---------------------------------------------------------------------------------------
// Notifications

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications: page paging, newest first; unread=true: unread only. */
export class NotificationsQuery {
  @IsOptional()
  @ToBool()
  @Check('unread', (v) => (typeof v === 'boolean' ? null : 'field.invalid'))
  unread?: boolean;

  @IsOptional()
  @PageNumber(10_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(100, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], { message: 'field.enum' satisfies MessageKey })
  lang?: Language;
}

/** A notification with its text in the reader's language. */
export interface NotificationDto {
  id: string;
  type: NotificationType;
  /** Rendered from type + data in the request's language. */
  text: string;
  data: Record<string, unknown>;
  link: string | null;
  read: boolean;
  createdAt: string;
}

type Texts = Record<Language, (d: Record<string, unknown>) => string>;
const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** The lead's name: `name` as the leads part writes it (docs/api.md), `leadName` accepted too. */
const leadName = (d: Record<string, unknown>) => s(d.name ?? d.leadName);
/** Minutes waited: `waitedMinutes` (working minutes, the leads part), `minutes` accepted too. */
const waited = (d: Record<string, unknown>) => s(d.waitedMinutes ?? d.minutes);

/** Texts of each notification type (issue 22 "Notifications"), from its data. */
export const NOTIFICATION_TEXTS: Record<NotificationType, Texts> = {
  lead_assigned: {
    ru: (d) => `Вам назначен лид: ${leadName(d)}`,
    en: (d) => `A lead was assigned to you: ${leadName(d)}`,
    kk: (d) => `Сізге лид тағайындалды: ${leadName(d)}`,
    zh: (d) => `您被分配了一个线索：${leadName(d)}`,
  },
  lead_waiting: {
    ru: (d) => `Лид ждёт ответа ${waited(d)} мин: ${leadName(d)}`,
    en: (d) => `A lead has waited ${waited(d)} min for contact: ${leadName(d)}`,
    kk: (d) => `Лид ${waited(d)} мин жауап күтуде: ${leadName(d)}`,
    zh: (d) => `线索已等待联系 ${waited(d)} 分钟：${leadName(d)}`,
  },
  task_due: {
    ru: (d) => `Срок задачи: ${s(d.title)}`,
    en: (d) => `Task due: ${s(d.title)}`,
    kk: (d) => `Тапсырма мерзімі: ${s(d.title)}`,
    zh: (d) => `任务到期：${s(d.title)}`,
  },
  viewing_soon: {
    ru: (d) => `Скоро показ: ${s(d.propertyTitle)}`,
    en: (d) => `Viewing soon: ${s(d.propertyTitle)}`,
    kk: (d) => `Жақында көрсетілім: ${s(d.propertyTitle)}`,
    zh: (d) => `即将看房：${s(d.propertyTitle)}`,
  },
  listing_rejected: {
    ru: (d) => `Объявление отклонено: ${s(d.propertyTitle)}. Причина: ${s(d.reason)}`,
    en: (d) => `Listing rejected: ${s(d.propertyTitle)}. Reason: ${s(d.reason)}`,
    kk: (d) => `Хабарландыру қабылданбады: ${s(d.propertyTitle)}. Себебі: ${s(d.reason)}`,
    zh: (d) => `房源被拒绝：${s(d.propertyTitle)}。原因：${s(d.reason)}`,
  },
  import_finished: {
    ru: (d) => `Импорт завершён: добавлено ${s(d.imported)}, ошибок ${s(d.errors)}`,
    en: (d) => `Import finished: ${s(d.imported)} added, ${s(d.errors)} errors`,
    kk: (d) => `Импорт аяқталды: қосылды ${s(d.imported)}, қате ${s(d.errors)}`,
    zh: (d) => `导入完成：新增 ${s(d.imported)}，错误 ${s(d.errors)}`,
  },
};

/** The text of a notification in `lang` (ru when the type is unknown to this build: the type itself). */
export function notificationText(type: string, data: Record<string, unknown>, lang: Language): string {
  const texts = (NOTIFICATION_TEXTS as Record<string, Texts | undefined>)[type];
  return texts ? texts[lang](data) : type;
}

export const isNotificationType = (v: string): v is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(v);

// ---------------------------------------------------------------------------------------
// CRM overview

/** GET /api/crm/overview?scope=my|all (default my). */
export class CrmOverviewQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(CRM_SCOPES as unknown as string[], { message: 'field.enum' satisfies MessageKey })
  scope?: CrmScope;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], { message: 'field.enum' satisfies MessageKey })
  lang?: Language;
}

/** How many of the oldest waiting leads and of today's tasks the overview lists. */
export const OVERVIEW_LIST_MAX = 10;

export interface CrmOverviewDto {
  scope: CrmScope;
  /** Open deals per stage in board order: count and sum of amounts (₸). */
  funnel: Array<{ stage: DealStage; count: number; amount: number }>;
  /** Deals won / lost since the start of this month (UTC+5, Almaty). */
  wonThisMonth: { count: number; amount: number };
  lostThisMonth: { count: number; amount: number };
  /** The caller's open tasks due today or overdue, earliest first. */
  todayTasks: Array<{ id: string; title: string; dueDate: string; priority: string; overdue: boolean; leadId: string | null }>;
  /** Leads with status new, never contacted, oldest first; minutes waited. */
  waitingLeads: Array<{ id: string; name: string; source: string; createdAt: string; waitingMinutes: number; ownerName: string | null }>;
  waitingTotal: number;
  newLeads: { today: number; week: number };
}
