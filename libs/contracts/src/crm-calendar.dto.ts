import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import { CALENDAR_EVENT_STATUSES, CALENDAR_EVENT_TYPES, type CalendarEventStatus, type CalendarEventType } from './crm.enums';
import { BlankToNull, InstantFilter, IsInstant, OptionalUuid, ToInstant, UuidFilter } from './crm-schedule.time';
import { LANGUAGES, type Language } from './enums';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';

/**
 * The calendar (issue 22 "Calendar"; spec 02 §2 /dashboard/calendar): one merged list of the
 * caller's tasks (by due date), viewings and calendar events in a range, and the events' own
 * writes (table calendar_events; the owner or a supervisor changes an event).
 */
export const CALENDAR_ITEM_KINDS = ['task', 'viewing', 'event'] as const;
export type CalendarItemKind = (typeof CALENDAR_ITEM_KINDS)[number];
/** The `type` filter: a kind (task, viewing) or an event type. */
export const CALENDAR_TYPE_FILTERS = ['task', 'viewing', 'event', ...CALENDAR_EVENT_TYPES] as const;
export type CalendarTypeFilter = (typeof CALENDAR_TYPE_FILTERS)[number];
/** The longest range one GET /api/calendar answers, days (a month view with its edge weeks fits). */
export const CALENDAR_RANGE_MAX_DAYS = 62;
/** Most items one range answers. */
export const CALENDAR_ITEMS_MAX = 1000;
export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const msg = (key: MessageKey) => ({ message: key });

/** GET /api/calendar?start&end&type&status&agentId&lang: start and end are required (end after start). */
export class CalendarQuery {
  @InstantFilter('start')
  @Check('startRequired', (v) => (typeof v === 'string' ? null : 'field.date'))
  start!: string;

  @InstantFilter('end')
  @Check('endRequired', (v) => (typeof v === 'string' ? null : 'field.date'))
  end!: string;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(CALENDAR_TYPE_FILTERS)
  type?: CalendarTypeFilter;

  /** A status of the item's own kind (pending, scheduled, planned...), matched as stored. */
  @IsOptional()
  @QueryRules.filterEnum()
  @Check('calendarStatus', (v) => (typeof v === 'string' && /^[a-z_]{1,16}$/.test(v) ? null : 'field.enum'))
  status?: string;

  /** Supervisors: one agent's items; without it, everyone's. Others: ignored (always their own). */
  @UuidFilter('agentId')
  agentId?: string;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** POST /api/calendar and PUT /api/calendar/{id}. */
export class CalendarEventWriteDto {
  @Check('eventTitle', (v) => (typeof v === 'string' && v.trim().length >= 1 && v.trim().length <= 200 ? null : 'crmSchedule.title'))
  title!: string;

  @BlankToNull()
  @IsOptional()
  @Check('eventDescription', (v) => (v === null || (typeof v === 'string' && v.length <= 5000) ? null : 'field.tooLong'))
  description?: string | null;

  @IsOptional()
  @LowerEnum()
  @IsIn(CALENDAR_EVENT_TYPES as unknown as string[], msg('field.enum'))
  type?: CalendarEventType;

  @IsOptional()
  @LowerEnum()
  @IsIn(CALENDAR_EVENT_STATUSES as unknown as string[], msg('field.enum'))
  status?: CalendarEventStatus;

  /** ISO 8601 or 'YYYY-MM-DDTHH:mm' (Almaty). */
  @ToInstant()
  @IsInstant('startsAt')
  startsAt!: string;

  /** Not before startsAt (crmSchedule.endBeforeStart). */
  @ToInstant()
  @IsInstant('endsAt')
  @Check('endsAfterStart', (v, args) => {
    const s = (args?.object as { startsAt?: unknown } | undefined)?.startsAt;
    return typeof s !== 'string' || typeof v !== 'string' || Date.parse(v) >= Date.parse(s) ? null : 'crmSchedule.endBeforeStart';
  })
  endsAt!: string;

  @IsOptional()
  @Check('allDay', (v) => (typeof v === 'boolean' ? null : 'field.boolean'))
  allDay?: boolean;

  /** The owner; employees own their events only. Default the author. */
  @OptionalUuid('ownerId')
  ownerId?: string | null;

  @OptionalUuid('leadId')
  leadId?: string | null;

  @OptionalUuid('clientId')
  clientId?: string | null;

  @OptionalUuid('dealId')
  dealId?: string | null;
}

/** One item of the calendar: a task (at its due time), a viewing or an event. */
export interface CalendarItemDto {
  kind: CalendarItemKind;
  id: string;
  title: string;
  /** ISO 8601. */
  start: string;
  end: string;
  allDay: boolean;
  status: string;
  /** The task's type, 'viewing', or the event's type. */
  type: string;
  /** The staff page of the item. */
  link: string;
  /** Whose it is (assignee, agent, owner). */
  ownerId: string | null;
}

/** A calendar event as the API answers it. */
export interface CalendarEventDto {
  id: string;
  title: string;
  description: string | null;
  type: CalendarEventType;
  status: CalendarEventStatus;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  owner: { id: string; name: string } | null;
  leadId: string | null;
  clientId: string | null;
  dealId: string | null;
  createdAt: string;
  updatedAt: string;
  editable: boolean;
}
