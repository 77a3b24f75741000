import { Transform } from 'class-transformer';
import { IsOptional, type ValidationArguments } from 'class-validator';
import type { ActivityDto } from './crm-activities';
import { CALL_OUTCOMES, type CallOutcome, type DealStage } from './crm.enums';
import { DEAL_TYPES, type DealType } from './enums';
import { Check, LowerEnum, Trim, TrimToNull, emailProblem, phoneProblem } from './auth.dto';
import { budgetProblem, nameProblem, propertyTypeProblem, ToNumber, topicProblem } from './leads.fields';
import { LEAD_QUALITIES, LEAD_SOURCES, LEAD_STATUSES, type LeadQuality, type LeadSource, type LeadStatus } from './leads.rules';
import type { MessageKey } from './messages';
import { isBlank } from './text';

/**
 * The CRM's lead writes and answers (issue 22 "Leads"; spec 02 §3 Lead, §7 "CRM leads"): one
 * class-validator DTO per write, shared by the dashboard forms (validateInput / submitStaffForm)
 * and the API (ValidationPipe), and the shapes GET /api/crm/leads and /{id} answer.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A Telegram username: 5-32 letters, digits and '_', with or without the '@'. */
const TELEGRAM = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;

/** Lengths of the CRM's lead texts. */
export const CRM_LEAD_LIMITS = {
  messageMax: 1000,
  notesMax: 1000,
  noteMax: 1000,
  /** A logged call, seconds (one day at most). */
  durationMax: 86_400,
  companyMax: 200,
  dealTitleMax: 200,
} as const;

const uuidProblem = (v: unknown): MessageKey | null => (typeof v === 'string' && UUID.test(v) ? null : 'field.invalid');
const optionalUuid = (v: unknown): MessageKey | null => (isBlank(v) ? null : uuidProblem(v));
const oneOf =
  (values: readonly string[]) =>
  (v: unknown): MessageKey | null =>
    typeof v === 'string' && values.includes(v) ? null : 'field.enum';
const textMax =
  (max: number) =>
  (v: unknown): MessageKey | null =>
    v === null || v === undefined ? null : typeof v !== 'string' ? 'field.invalid' : v.length > max ? 'field.tooLong' : null;

/** Phone or e-mail: a lead needs one way to reach the person (the other may be empty). */
function contactProblem(own: 'phone' | 'email') {
  return (value: unknown, args?: ValidationArguments): MessageKey | null => {
    const other = (args?.object as Record<string, unknown> | undefined)?.[own === 'phone' ? 'email' : 'phone'];
    if (isBlank(value)) return own === 'phone' && isBlank(other) ? 'crmLead.contactRequired' : null;
    return own === 'phone' ? phoneProblem(value) : emailProblem(value);
  };
}

/**
 * PUT /api/crm/leads/{id} and the lead page's edit form: firstName (2-50 letters) required;
 * lastName optional; phone or email required (each valid when given); telegram (@username,
 * optional); source (LEAD_SOURCES), topic (3-100), message (up to 1000, optional), quality
 * (hot | warm | cold), budget (₸, positive, optional), propertyType (up to 50), propertyId
 * (a listing uuid, optional).
 */
export class CrmLeadDto {
  @Trim()
  @Check('firstName', (v) => nameProblem(v, true))
  firstName: string;

  @IsOptional()
  @TrimToNull()
  @Check('lastName', (v) => nameProblem(v, false))
  lastName?: string | null;

  // not @IsOptional: a blank phone is judged with the e-mail (one of the two is required)
  @TrimToNull()
  @Check('phone', contactProblem('phone'))
  phone?: string | null;

  @IsOptional()
  @TrimToNull()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @Check('email', contactProblem('email'))
  email?: string | null;

  @IsOptional()
  @TrimToNull()
  @Check('telegram', (v) => (isBlank(v) ? null : typeof v === 'string' && TELEGRAM.test(v) ? null : 'crmLead.telegram'))
  telegram?: string | null;

  @LowerEnum()
  @Check('source', oneOf(LEAD_SOURCES))
  source: LeadSource;

  @Trim()
  @Check('topic', topicProblem)
  topic: string;

  @IsOptional()
  @TrimToNull()
  @Check('message', textMax(CRM_LEAD_LIMITS.messageMax))
  message?: string | null;

  @LowerEnum()
  @Check('quality', oneOf(LEAD_QUALITIES))
  quality: LeadQuality;

  @IsOptional()
  @ToNumber()
  @Check('budget', (v) => (v === null ? null : budgetProblem(v)))
  budget?: number | null;

  @IsOptional()
  @TrimToNull()
  @Check('propertyType', (v) => (v === null ? null : propertyTypeProblem(v)))
  propertyType?: string | null;

  @IsOptional()
  @TrimToNull()
  @Check('propertyId', optionalUuid)
  propertyId?: string | null;
}

/**
 * POST /api/crm/leads and /dashboard/crm/leads/new: the fields of CrmLeadDto and ownerId (an
 * active agent's uuid, optional: without it the lead goes to the next agent in rotation; an
 * employee may only name themself).
 */
export class CreateCrmLeadDto extends CrmLeadDto {
  @IsOptional()
  @TrimToNull()
  @Check('ownerId', optionalUuid)
  ownerId?: string | null;
}

/** PATCH /api/crm/leads/{id}/status: the new status and a note kept on the timeline (up to 1000). */
export class LeadStatusDto {
  @LowerEnum()
  @Check('status', oneOf(LEAD_STATUSES))
  status: LeadStatus;

  @IsOptional()
  @TrimToNull()
  @Check('notes', textMax(CRM_LEAD_LIMITS.notesMax))
  notes?: string | null;
}

/** A duration as staff type it: seconds ('95') or minutes:seconds ('1:35'); '' -> undefined. */
export function parseDuration(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const s = value.trim();
  if (s === '') return undefined;
  if (/^\d{1,6}$/.test(s)) return Number(s);
  const m = /^(\d{1,4}):([0-5]\d)$/.exec(s);
  return m ? Number(m[1]) * 60 + Number(m[2]) : value;
}

/** POST /api/crm/leads/{id}/call: outcome (CALL_OUTCOMES), durationSec (0..86400 s; '1:35' accepted), note (up to 1000). */
export class LeadCallDto {
  @LowerEnum()
  @Check('outcome', oneOf(CALL_OUTCOMES))
  outcome: CallOutcome;

  @Transform(({ value }) => parseDuration(value))
  @Check('durationSec', (v) =>
    typeof v !== 'number' || !Number.isInteger(v)
      ? 'crmLead.duration'
      : v < 0 || v > CRM_LEAD_LIMITS.durationMax
        ? 'crmLead.duration'
        : null,
  )
  durationSec: number;

  @IsOptional()
  @TrimToNull()
  @Check('note', textMax(CRM_LEAD_LIMITS.noteMax))
  note?: string | null;
}

/** POST /api/crm/leads/{id}/assign: the agent (an active employee or manager). */
export class LeadAssignDto {
  @Trim()
  @Check('agentId', uuidProblem)
  agentId: string;
}

/**
 * POST /api/crm/leads/{id}/convert: all optional. clientId links an existing client instead of
 * creating one; companyName makes the new client corporate; title and type (sale | rent) of the
 * deal (defaults: the lead's topic, the listing's deal type or rent).
 */
export class LeadConvertDto {
  @IsOptional()
  @TrimToNull()
  @Check('clientId', optionalUuid)
  clientId?: string | null;

  @IsOptional()
  @TrimToNull()
  @Check('companyName', textMax(CRM_LEAD_LIMITS.companyMax))
  companyName?: string | null;

  @IsOptional()
  @TrimToNull()
  @Check('title', textMax(CRM_LEAD_LIMITS.dealTitleMax))
  title?: string | null;

  @IsOptional()
  @LowerEnum()
  @Check('type', (v) => (v === undefined || v === null ? null : oneOf(DEAL_TYPES)(v)))
  type?: DealType | null;
}

/** POST /api/crm/leads/{id}/merge: the lead this one (a duplicate) is merged into. */
export class LeadMergeDto {
  @Trim()
  @Check('intoId', uuidProblem)
  intoId: string;
}

/** A staff member as the CRM names them. */
export interface CrmPersonRef {
  id: string;
  name: string;
}

/** One row of GET /api/crm/leads. Times ISO 8601; waitingMinutes: wall-clock minutes since creation. */
export interface CrmLeadItemDto {
  id: string;
  name: string;
  phone: string;
  email: string;
  source: string;
  topic: string;
  status: LeadStatus;
  quality: LeadQuality;
  owner: CrmPersonRef | null;
  createdAt: string;
  updatedAt: string;
  firstContactedAt: string | null;
  /** For a lead still 'new' and never contacted: minutes since it arrived; else null. */
  waitingMinutes: number | null;
  /** True when the wait passed CRM_FIRST_CONTACT_MINUTES of working time. */
  waitingTooLong: boolean;
  /** The oldest live lead with the same phone or e-mail, when this one is a duplicate. */
  duplicateOfId: string | null;
  /** The caller may change it (their own; supervisors any). */
  editable: boolean;
}

/** GET /api/crm/leads/{id}: the lead, its timeline (newest first), its duplicates and links. */
export interface CrmLeadDetailDto extends CrmLeadItemDto {
  firstName: string;
  lastName: string;
  telegram: string;
  message: string | null;
  budget: number | null;
  propertyType: string | null;
  property: { id: string; slug: string; title: string; dealType: string } | null;
  client: CrmPersonRef | null;
  deal: { id: string; title: string; stage: DealStage } | null;
  mergedIntoId: string | null;
  /** Live leads with the same phone or e-mail (both ways), oldest first. */
  duplicates: CrmLeadItemDto[];
  activities: ActivityDto[];
  /** CRM_FIRST_CONTACT_MINUTES. */
  firstContactMinutes: number;
}

/** POST /api/crm/leads/{id}/convert answers the client and the deal made (or linked). */
export interface LeadConvertResultDto {
  client: CrmPersonRef;
  deal: { id: string; title: string; stage: DealStage; amount: number };
}

/** GET /api/crm/leads/agents: active staff who may own leads (employee, manager). */
export interface CrmAgentDto extends CrmPersonRef {
  role: 'employee' | 'manager';
  inRotation: boolean;
}
