import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import { ACTIVITY_TYPES, CRM_SCOPES, type ActivityType, type CrmScope } from './crm.enums';
import type { ActivityDto } from './crm-activities';
import { DayFilter, isUuid } from './crm-schedule.time';
import type { ScheduleLinkDto } from './crm-tasks.dto';
import { LANGUAGES, type Language } from './enums';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';
import { PageNumber } from './users.dto';

/**
 * The activity feed (issue 22 "Activities"; spec 02 §2): every timeline entry of leads,
 * clients and deals, newest first, with keyset paging; and a note written on a lead, client or
 * deal (POST /api/crm/activities).
 */
export const FEED_PAGE_SIZE = 30;
export const NOTE_MAX = 5000;
const msg = (key: MessageKey) => ({ message: key });
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * GET /api/crm/activities: scope ('my' = I did it or the lead / client / deal is mine, default |
 * 'all'), type, from / to (Almaty days, inclusive), cursor (the previous page's
 * meta.nextCursor), limit (1..100, 30), lang.
 */
export class FeedQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(CRM_SCOPES as unknown as string[], msg('field.enum'))
  scope?: CrmScope;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(ACTIVITY_TYPES)
  type?: ActivityType;

  @DayFilter('from')
  from?: string;

  @DayFilter('to')
  to?: string;

  @IsOptional()
  @QueryRules.filterText()
  @Check('cursor', (v) => (typeof v === 'string' && CURSOR.test(v) ? null : 'field.invalid'))
  cursor?: string;

  @IsOptional()
  @PageNumber(100, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** POST /api/crm/activities: a note (1-5000 characters) on exactly one lead, client or deal. */
export class NoteWriteDto {
  @Check('subjectKind', (v) => (v === 'lead' || v === 'client' || v === 'deal' ? null : 'field.enum'))
  subjectKind!: 'lead' | 'client' | 'deal';

  @Check('subjectId', (v) => (isUuid(v) ? null : 'field.invalid'))
  subjectId!: string;

  @Check('body', (v) => (typeof v === 'string' && v.trim().length >= 1 && v.length <= NOTE_MAX ? null : 'crmSchedule.noteBody'))
  body!: string;
}

/** One entry of the feed: the activity and what it is about. */
export interface FeedItemDto extends ActivityDto {
  subject: ScheduleLinkDto | null;
}
