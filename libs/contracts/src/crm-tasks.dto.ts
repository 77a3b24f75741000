import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import {
  CRM_SCOPES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
  type CrmScope,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from './crm.enums';
import { BlankToNull, DayFilter, OptionalUuid, ToInstant, UuidFilter } from './crm-schedule.time';
import { LANGUAGES, type Language } from './enums';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';
import { SORT_DIRECTIONS, type SortDirection } from './staff-listings';
import { PageNumber } from './users.dto';

/**
 * Tasks of the CRM (issue 22 "Tasks"; spec 02 §2 /dashboard/crm/tasks, §3 Task): one write DTO
 * shared by the task form (validateInput) and POST / PUT /api/crm/tasks, the list's query, and
 * the answer. `overdue` is never stored by a write: a task is overdue when it is open (pending or
 * in_progress) and its due date has passed by the API's clock.
 */

export const TASK_BOUNDS = { title: [1, 200], descriptionMax: 5000, qMax: 100 } as const;
/** Statuses a write may set (overdue is computed, not set). */
export const TASK_WRITE_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskWriteStatus = (typeof TASK_WRITE_STATUSES)[number];
/** Open statuses: they can become overdue. */
export const OPEN_TASK_STATUSES: readonly TaskStatus[] = ['pending', 'in_progress', 'overdue'];

export const TASK_SORTS = ['due', 'priority', 'created'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const TASKS_PAGE_SIZE = 25;
export const TASKS_LIMIT_MAX = 100;
/** Bulk complete: at most this many ids at once. */
export const TASKS_BULK_MAX = 100;

const msg = (key: MessageKey) => ({ message: key });
const textProblem = (v: unknown, min: number, max: number, key: MessageKey): MessageKey | null =>
  typeof v === 'string' && [...v.trim()].length >= min && [...v.trim()].length <= max ? null : key;

/** POST /api/crm/tasks and PUT /api/crm/tasks/{id} (PUT: the whole task again). */
export class TaskWriteDto {
  /** 1-200 characters, trimmed. */
  @Check('taskTitle', (v) => textProblem(v, TASK_BOUNDS.title[0], TASK_BOUNDS.title[1], 'crmSchedule.title'))
  title!: string;

  /** At most 5000 characters; '' is none. */
  @BlankToNull()
  @IsOptional()
  @Check('taskDescription', (v) =>
    v === null || textProblem(v, 0, TASK_BOUNDS.descriptionMax, 'field.tooLong') === null ? null : 'field.tooLong',
  )
  description?: string | null;

  @IsOptional()
  @LowerEnum()
  @IsIn(TASK_TYPES as unknown as string[], msg('field.enum'))
  type?: TaskType;

  @IsOptional()
  @LowerEnum()
  @IsIn(TASK_PRIORITIES as unknown as string[], msg('field.enum'))
  priority?: TaskPriority;

  /** PUT only (a new task is pending): pending | in_progress | completed | cancelled. */
  @IsOptional()
  @LowerEnum()
  @IsIn(TASK_WRITE_STATUSES as unknown as string[], msg('field.enum'))
  status?: TaskWriteStatus;

  /** When it is due: ISO 8601, or 'YYYY-MM-DDTHH:mm' (Almaty time); '' / null none. */
  @ToInstant()
  @IsOptional()
  @Check('taskDue', (v) => (v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v))) ? null : 'field.date'))
  dueDate?: string | null;

  /** The assignee (an active staff member); default the author. An employee may only assign to themselves. */
  @OptionalUuid('assignedTo')
  assignedTo?: string | null;

  @OptionalUuid('leadId')
  leadId?: string | null;

  @OptionalUuid('clientId')
  clientId?: string | null;

  @OptionalUuid('dealId')
  dealId?: string | null;
}

/** POST /api/crm/tasks/bulk-complete {ids}. */
export class TaskBulkCompleteDto {
  @Check('ids', (v) =>
    Array.isArray(v) &&
    v.length >= 1 &&
    v.length <= TASKS_BULK_MAX &&
    v.every((x) => typeof x === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(x))
      ? null
      : 'field.invalid',
  )
  ids!: string[];
}

/**
 * GET /api/crm/tasks: scope ('my' = assigned to me, default | 'all'), status (overdue = open and
 * past due), priority, type, dueFrom / dueTo (Almaty days, inclusive), q (title, substring),
 * sort (due: soonest first, no due date last | priority: urgent first | created: newest first),
 * dir, page, limit (1..100, 25), lang. '' and 'all' mean no filter.
 */
export class TasksQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(CRM_SCOPES as unknown as string[], msg('field.enum'))
  scope?: CrmScope;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(TASK_STATUSES)
  status?: TaskStatus;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(TASK_PRIORITIES)
  priority?: TaskPriority;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(TASK_TYPES)
  type?: TaskType;

  @DayFilter('dueFrom')
  dueFrom?: string;

  @DayFilter('dueTo')
  dueTo?: string;

  @IsOptional()
  @QueryRules.filterText()
  @QueryRules.IsQueryText(TASK_BOUNDS.qMax)
  q?: string;

  /** With scope=all: one assignee's tasks. */
  @UuidFilter('agentId')
  agentId?: string;

  @IsOptional()
  @LowerEnum()
  @IsIn(TASK_SORTS as unknown as string[], msg('field.enum'))
  sort?: TaskSort;

  @IsOptional()
  @LowerEnum()
  @IsIn(SORT_DIRECTIONS as unknown as string[], msg('field.enum'))
  dir?: SortDirection;

  @IsOptional()
  @PageNumber(100_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(TASKS_LIMIT_MAX, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** A linked record of a task, viewing or event: its kind, id and display name. */
export interface ScheduleLinkDto {
  kind: 'lead' | 'client' | 'deal';
  id: string;
  name: string;
}

/** A task as the API answers it. */
export interface TaskDto {
  id: string;
  title: string;
  description: string | null;
  type: TaskType;
  priority: TaskPriority;
  /** The stored status (never 'overdue'). */
  status: TaskStatus;
  /** Open and past due by the API's clock. */
  overdue: boolean;
  /** ISO 8601 or null. */
  dueDate: string | null;
  assignee: { id: string; name: string } | null;
  createdBy: { id: string; name: string } | null;
  leadId: string | null;
  clientId: string | null;
  dealId: string | null;
  /** The linked lead, client or deal (the first of them) for display. */
  subject: ScheduleLinkDto | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** May the caller change it (assignee or a supervisor). */
  editable: boolean;
}

/** POST /api/crm/tasks/bulk-complete answer: completed ids and refused ones with the reason. */
export interface TaskBulkResultDto {
  completed: string[];
  refused: Array<{ id: string; reason: 'notFound' | 'forbidden' | 'unchanged' }>;
}

/** A staff member to pick as an assignee or an agent. */
export interface StaffOptionDto {
  id: string;
  name: string;
  role: string;
}
