import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import type { ActivityDto } from './crm-activities';
import type { CrmRefDto } from './crm-clients.dto';
import { CRM_SCOPES, DEAL_RESULTS, DEAL_STAGES, OPEN_DEAL_STAGES, type CrmScope, type DealResult, type DealStage } from './crm.enums';
import { DEAL_TYPES, LANGUAGES, type DealType, type Language } from './enums';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';
import { SORT_DIRECTIONS, type SortDirection } from './staff-listings';
import { PageNumber } from './users.dto';

/**
 * CRM deals (issue 22 "Deals"; spec 02 §2 kanban with stages, §3 Deal: type sale/rent, amount
 * (₸), stage, probability (%), expectedClose; §4 move and close are separate actions; §7
 * "Deals"). One DTO per call, shared by the pages (validateInput) and the API (ValidationPipe).
 */

/** Cards per kanban column (the first by position); the column's count and sum cover all. */
export const KANBAN_COLUMN_CARDS = 50;
export const DEAL_SORTS = ['updated', 'created', 'amount', 'expectedClose', 'title'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export const DEALS_PAGE_SIZE = 25;
export const DEALS_LIMIT_MAX = 100;
export const DEALS_Q_MAX = 100;
export const DEAL_BOUNDS = { title: [2, 200], amountMax: 1e13, reason: 500 } as const;

const msg = (key: MessageKey) => ({ message: key });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Trimmed text; '' becomes null. */
const TrimOrNull = () =>
  Transform(({ value }) =>
    value === undefined
      ? undefined
      : value === null
        ? null
        : typeof value === 'string'
          ? value.trim() === ''
            ? null
            : value.trim()
          : value,
  );
/** A number from JSON or form digits; '' -> null. */
const ToNumber = () =>
  Transform(({ value }) => {
    if (value === undefined) return undefined;
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    if (typeof value === 'string' && /^-?\d{1,16}(\.\d{1,2})?$/.test(value.trim())) return Number(value.trim());
    return value;
  });

const titleProblem = (v: unknown): MessageKey | null =>
  typeof v !== 'string' || [...v].length < DEAL_BOUNDS.title[0] || [...v].length > DEAL_BOUNDS.title[1] ? 'crm.dealTitle' : null;
const amountProblem = (v: unknown): MessageKey | null =>
  typeof v !== 'number' || !Number.isFinite(v) ? 'field.number' : v < 0 ? 'field.min0' : v > DEAL_BOUNDS.amountMax ? 'field.max' : null;
const probabilityProblem = (v: unknown): MessageKey | null =>
  v === null ? null : typeof v !== 'number' || !Number.isInteger(v) ? 'field.integer' : v < 0 || v > 100 ? 'crm.probability' : null;
const dayProblem = (v: unknown): MessageKey | null =>
  v === null ? null : typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'field.date';
const uuidOrNull = (v: unknown): MessageKey | null => (v === null || (typeof v === 'string' && UUID.test(v)) ? null : 'field.invalid');

/**
 * POST /api/crm/deals: title (2-200), type (sale | rent), amount (₸, >= 0, default 0),
 * probability (0-100; default the stage's, DEAL_STAGE_PROBABILITY), expectedClose (YYYY-MM-DD),
 * stage (an open stage, default new_lead), clientId, propertyId, ownerId (supervisors only;
 * default the caller). The new deal goes to the top of its column.
 */
export class DealCreateDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Check('title', titleProblem)
  title!: string;

  @LowerEnum()
  @IsIn(DEAL_TYPES as unknown as string[], msg('field.enum'))
  type!: DealType;

  @IsOptional()
  @ToNumber()
  @Check('amount', amountProblem)
  amount?: number;

  @IsOptional()
  @ToNumber()
  @Check('probability', probabilityProblem)
  probability?: number | null;

  @IsOptional()
  @TrimOrNull()
  @Check('expectedClose', dayProblem)
  expectedClose?: string | null;

  @IsOptional()
  @LowerEnum()
  @IsIn(OPEN_DEAL_STAGES as unknown as string[], msg('field.enum'))
  stage?: DealStage;

  @IsOptional()
  @TrimOrNull()
  @Check('clientId', uuidOrNull)
  clientId?: string | null;

  @IsOptional()
  @TrimOrNull()
  @Check('propertyId', uuidOrNull)
  propertyId?: string | null;

  @IsOptional()
  @TrimOrNull()
  @Check('ownerId', uuidOrNull)
  ownerId?: string | null;
}

/**
 * PATCH /api/crm/deals/{id}: any of title, amount, type, probability, expectedClose, clientId,
 * propertyId, ownerId (supervisors only); absent fields stay; null clears an optional one.
 */
export class DealUpdateDto {
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Check('title', titleProblem)
  title?: string;

  @IsOptional()
  @LowerEnum()
  @IsIn(DEAL_TYPES as unknown as string[], msg('field.enum'))
  type?: DealType;

  @IsOptional()
  @ToNumber()
  @Check('amount', amountProblem)
  amount?: number;

  @IsOptional()
  @ToNumber()
  @Check('probability', probabilityProblem)
  probability?: number | null;

  @IsOptional()
  @TrimOrNull()
  @Check('expectedClose', dayProblem)
  expectedClose?: string | null;

  @IsOptional()
  @TrimOrNull()
  @Check('clientId', uuidOrNull)
  clientId?: string | null;

  @IsOptional()
  @TrimOrNull()
  @Check('propertyId', uuidOrNull)
  propertyId?: string | null;

  @IsOptional()
  @TrimOrNull()
  @Check('ownerId', uuidOrNull)
  ownerId?: string | null;
}

/**
 * PATCH /api/crm/deals/{id}/move: stage (an open stage; won / lost go through close), position
 * (the index in its column, 0 = top, as the board of `scope`, `q` and `type` shows it).
 */
export class DealMoveDto {
  @LowerEnum()
  @IsIn(DEAL_STAGES as unknown as string[], msg('field.enum'))
  stage!: DealStage;

  @Transform(({ value }) => (typeof value === 'string' && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : value))
  @Check('position', (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000 ? null : 'field.integer'))
  position: number = 0;

  /** The board the index refers to: 'all' (default) every owner's cards, 'my' the caller's. */
  @IsOptional()
  @LowerEnum()
  @IsIn(CRM_SCOPES as unknown as string[], msg('field.enum'))
  scope?: CrmScope;

  /** The board's search, when it had one (the index counts its cards only). */
  @IsOptional()
  @QueryRules.filterText()
  @QueryRules.IsQueryText(DEALS_Q_MAX)
  q?: string;

  /** The board's deal type filter, when it had one. */
  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(DEAL_TYPES)
  type?: DealType;
}

/** POST /api/crm/deals/{id}/close: result won | lost; reason (at most 500) required for lost. */
export class DealCloseDto {
  @LowerEnum()
  @IsIn(DEAL_RESULTS as unknown as string[], msg('field.enum'))
  result!: DealResult;

  @Transform(({ value }) => (value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value))
  @Check('reason', (v, a) => {
    if (typeof v !== 'string') return 'field.invalid';
    if ((a?.object as DealCloseDto | undefined)?.result === 'lost' && v === '') return 'crm.lostReason';
    return [...v].length > DEAL_BOUNDS.reason ? 'field.tooLong' : null;
  })
  reason = '';
}

/** GET /api/crm/deals/kanban: scope ('my' default | 'all'), q (title, client), type (sale | rent), lang. */
export class DealsKanbanQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(CRM_SCOPES as unknown as string[], msg('field.enum'))
  scope?: CrmScope;

  @IsOptional()
  @QueryRules.filterText()
  @QueryRules.IsQueryText(DEALS_Q_MAX)
  q?: string;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(DEAL_TYPES)
  type?: DealType;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** GET /api/crm/deals: the kanban's filters plus stage, sort (updated) + dir (desc), page, limit (1..100, 25). */
export class DealsQuery extends DealsKanbanQuery {
  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(DEAL_STAGES)
  stage?: DealStage;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim()) : value))
  @IsIn(DEAL_SORTS as unknown as string[], msg('field.enum'))
  sort?: DealSort;

  @IsOptional()
  @LowerEnum()
  @IsIn(SORT_DIRECTIONS as unknown as string[], msg('field.enum'))
  dir?: SortDirection;

  @IsOptional()
  @PageNumber(10_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(DEALS_LIMIT_MAX, 'field.limit')
  limit?: number;
}

/** A card of the board and a row of the deal list. amount in ₸; expectedClose YYYY-MM-DD. */
export interface DealCardDto {
  id: string;
  title: string;
  amount: number;
  type: DealType;
  stage: DealStage;
  probability: number;
  expectedClose: string | null;
  client: CrmRefDto | null;
  property: { id: string; title: string } | null;
  owner: CrmRefDto | null;
  /** Whether the caller may change it (own, or a supervisor). */
  editable: boolean;
}

/** One column of GET /api/crm/deals/kanban: every deal of the stage counted and summed (₸), the first 50 cards. */
export interface KanbanColumnDto {
  stage: DealStage;
  count: number;
  sum: number;
  deals: DealCardDto[];
}

/** One step of a deal's stage history (activities of type stage_change and closed). */
export interface DealStageStepDto {
  from: DealStage | null;
  to: DealStage;
  at: string;
  actor: CrmRefDto | null;
}

/** GET /api/crm/deals/{id}. */
export interface DealDto extends DealCardDto {
  position: number;
  leadId: string | null;
  lostReason: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
  stageHistory: DealStageStepDto[];
  timeline: ActivityDto[];
}
