import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import { CRM_SCOPES, VIEWING_STATUSES, type CrmScope, type ViewingStatus } from './crm.enums';
import { BlankToNull, InstantFilter, IsInstant, OptionalUuid, ToInstant, UuidFilter, isUuid } from './crm-schedule.time';
import type { ScheduleLinkDto } from './crm-tasks.dto';
import { LANGUAGES, type Language } from './enums';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';
import { PageNumber } from './users.dto';

/**
 * Viewings of listings (issue 22 "Viewings"; spec 02 §3): a property shown by an agent to a
 * client or lead at a time. A scheduled viewing holds its agent's and its listing's time alone
 * (the database's exclusion constraints): a clash answers 409 VIEWING_AGENT_BUSY or
 * VIEWING_PROPERTY_BUSY. Durations in minutes.
 */
export const VIEWING_DURATION = { min: 15, max: 480, default: 60 } as const;
export const VIEWING_TEXT_MAX = 5000;
export const VIEWINGS_PAGE_SIZE = 25;
/** Outcomes a viewing may be given (POST /api/crm/viewings/{id}/outcome). */
export const VIEWING_OUTCOME_STATUSES = ['completed', 'no_show'] as const;
export type ViewingOutcomeStatus = (typeof VIEWING_OUTCOME_STATUSES)[number];
/** 409 codes of a double booking. */
export const VIEWING_CONFLICT_CODES = ['VIEWING_AGENT_BUSY', 'VIEWING_PROPERTY_BUSY'] as const;

const msg = (key: MessageKey) => ({ message: key });

const ToInt = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
    if (typeof value === 'string' && /^\d{1,6}$/.test(value.trim())) return Number(value.trim());
    return value;
  });

const optionalText = (name: string) => (target: object, key: string | symbol) => {
  BlankToNull()(target, key);
  IsOptional()(target, key);
  Check(name, (v) => (v === null || (typeof v === 'string' && v.length <= VIEWING_TEXT_MAX) ? null : 'field.tooLong'))(target, key);
};

/** POST /api/crm/viewings and PUT /api/crm/viewings/{id}. */
export class ViewingWriteDto {
  @Check('propertyId', (v) => (isUuid(v) ? null : 'crmSchedule.property'))
  propertyId!: string;

  @OptionalUuid('clientId')
  clientId?: string | null;

  @OptionalUuid('leadId')
  leadId?: string | null;

  @OptionalUuid('dealId')
  dealId?: string | null;

  /** The agent who shows it; an employee books only themselves. Default the author. */
  @OptionalUuid('agentId')
  agentId?: string | null;

  /** ISO 8601, or 'YYYY-MM-DDTHH:mm' (Almaty time). */
  @ToInstant()
  @IsInstant('startsAt')
  startsAt!: string;

  /** Minutes, 15..480, default 60. */
  @ToInt()
  @IsOptional()
  @Check('durationMinutes', (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= VIEWING_DURATION.min && v <= VIEWING_DURATION.max ? null : 'crmSchedule.duration',
  )
  durationMinutes?: number;

  @optionalText('notes')
  notes?: string | null;
}

/** POST /api/crm/viewings/{id}/outcome {status: completed | no_show, outcome}. */
export class ViewingOutcomeDto {
  @LowerEnum()
  @IsIn(VIEWING_OUTCOME_STATUSES as unknown as string[], msg('field.enum'))
  status!: ViewingOutcomeStatus;

  @optionalText('outcome')
  outcome?: string | null;
}

/**
 * GET /api/crm/viewings: scope ('my' = I am the agent, default | 'all'), status, from / to
 * (a day or a date-time, Almaty when no zone; default from = now: upcoming first), agentId,
 * propertyId, page, limit (1..100, 25), lang.
 */
export class ViewingsQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(CRM_SCOPES as unknown as string[], msg('field.enum'))
  scope?: CrmScope;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(VIEWING_STATUSES)
  status?: ViewingStatus;

  @InstantFilter('from')
  from?: string;

  @InstantFilter('to')
  to?: string;

  @UuidFilter('agentId')
  agentId?: string;

  @UuidFilter('propertyId')
  propertyId?: string;

  @IsOptional()
  @PageNumber(100_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(100, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** A viewing as the API answers it. */
export interface ViewingDto {
  id: string;
  property: { id: string; title: string; address: string };
  agent: { id: string; name: string };
  clientId: string | null;
  leadId: string | null;
  dealId: string | null;
  subject: ScheduleLinkDto | null;
  /** ISO 8601. */
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  status: ViewingStatus;
  outcome: string | null;
  notes: string | null;
  createdAt: string;
  editable: boolean;
}

/** A listing to choose for a viewing (the 200 most recently changed active listings, or a title search). */
export interface ViewingPropertyOptionDto {
  id: string;
  title: string;
  address: string;
}

/** GET /api/crm/viewings/options?q: listings, clients and staff for the viewing form. */
export interface ViewingOptionsDto {
  properties: ViewingPropertyOptionDto[];
  clients: Array<{ id: string; name: string }>;
  agents: Array<{ id: string; name: string }>;
}

/** GET /api/crm/viewings/options?q (a listing's title or address, substring). */
export class ViewingOptionsQuery {
  @IsOptional()
  @QueryRules.filterText()
  @QueryRules.IsQueryText(100)
  q?: string;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}
