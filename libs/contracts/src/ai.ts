import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { Check } from './auth.dto';
import { LANGUAGES, type Language } from './enums';
import type { MessageKey } from './messages';
import { PageNumber } from './users.dto';

/**
 * AI content (issue 23 "AI content"; spec 02 §4 AI property session, §7 AI and AI property
 * sessions): the request bodies shared by the listing editor and the API, and the answers.
 * Every generation is an ai_requests row run by the worker on the `ai` queue; its output is a
 * DRAFT until a person accepts it (POST /api/ai/requests/{id}/accept).
 */

export const AI_REQUEST_KINDS = ['description', 'questions', 'translate', 'router', 'session-suggestions'] as const;
export type AiRequestKind = (typeof AI_REQUEST_KINDS)[number];
export const AI_REQUEST_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type AiRequestStatus = (typeof AI_REQUEST_STATUSES)[number];
export const AI_SESSION_STATUSES = ['created', 'editing', 'suggested', 'completed'] as const;
export type AiSessionStatus = (typeof AI_SESSION_STATUSES)[number];
/** Entities a translation reads and (when accepted) writes, with their translatable fields. */
export const AI_TRANSLATE_FIELDS = { property: ['title', 'description'], blog_post: ['title', 'excerpt', 'content'] } as const;
export type AiTranslateEntity = keyof typeof AI_TRANSLATE_FIELDS;
/** Target languages of a translation (the source is ru, spec 02 §7). */
export const AI_TRANSLATE_TARGETS = ['en', 'kk', 'zh'] as const;
export const AI_BOUNDS = { promptMax: 4000, taskMax: 50, queueLimitMax: 100, statsMaxHours: 31 * 24 } as const;
export const AI_QUEUE_PAGE_SIZE = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidProblem = (v: unknown): MessageKey | null => (typeof v === 'string' && UUID.test(v) ? null : 'field.invalid');
const langProblem = (v: unknown): MessageKey | null => (LANGUAGES.includes(v as Language) ? null : 'field.invalid');
const Lower = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
/** A list from JSON, or from a form's repeated or comma-separated field. */
const ToList = () =>
  Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  );

/** POST /api/ai/generate-description and /api/ai/generate-questions. */
export class AiPropertyGenerateDto {
  @Trim()
  @Check('aiPropertyId', uuidProblem)
  propertyId!: string;

  @Lower()
  @Check('aiLanguage', langProblem)
  language!: Language;
}

/** POST /api/ai/translate: `fields` of a listing or post from `from` (ru) into `to` (en, kk, zh). */
export class AiTranslateDto {
  @Lower()
  @Check('aiEntity', (v) => (v === 'property' || v === 'blog_post' ? null : 'field.invalid'))
  entity!: AiTranslateEntity;

  @Trim()
  @Check('aiId', uuidProblem)
  id!: string;

  @Lower()
  @Check('aiFrom', (v) => (v === 'ru' ? null : 'field.invalid'))
  from!: 'ru';

  @ToList()
  @Check('aiTo', (v) =>
    Array.isArray(v) && v.length > 0 && v.length <= 3 && v.every((l) => (AI_TRANSLATE_TARGETS as readonly unknown[]).includes(l))
      ? null
      : 'field.invalid',
  )
  to!: Array<'en' | 'kk' | 'zh'>;

  @ToList()
  @Check('aiFields', (v, args) => {
    const entity = (args?.object as { entity?: string })?.entity;
    const allowed: readonly string[] = AI_TRANSLATE_FIELDS[entity as AiTranslateEntity] ?? [];
    return Array.isArray(v) && v.length > 0 && v.every((f) => allowed.includes(f as string)) ? null : 'field.invalid';
  })
  fields!: string[];
}

/** POST /api/ai/generate-via-router: a free prompt for a named task. */
export class AiRouterDto {
  @Trim()
  @Check('aiPrompt', (v) => (typeof v !== 'string' || !v ? 'field.invalid' : [...v].length > AI_BOUNDS.promptMax ? 'field.tooLong' : null))
  prompt!: string;

  @Lower()
  @Check('aiTask', (v) => (typeof v === 'string' && /^[a-z0-9][a-z0-9_-]{0,49}$/.test(v) ? null : 'field.invalid'))
  task!: string;

  @Lower()
  @Check('aiLanguage', langProblem)
  language!: Language;
}

/** GET /api/ai/stats/hourly?from&to (ISO instants; default the last 24 hours; at most 31 days). */
export class AiHourlyQuery {
  @IsOptional()
  @Check('aiFrom', (v) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? null : 'field.date'))
  from?: string;

  @IsOptional()
  @Check('aiTo', (v) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? null : 'field.date'))
  to?: string;

  /** The answer's language (error texts); ignored otherwise. */
  @IsOptional()
  @Lower()
  @Check('aiLang', langProblem)
  lang?: Language;
}

/** GET /api/ai/queue?status&page&limit (newest first). */
export class AiQueueQuery {
  @IsOptional()
  @Lower()
  @Check('aiStatus', (v) => ((AI_REQUEST_STATUSES as readonly unknown[]).includes(v) ? null : 'field.invalid'))
  status?: AiRequestStatus;

  @IsOptional()
  @PageNumber(100_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(AI_BOUNDS.queueLimitMax, 'field.limit')
  limit?: number;

  /** The answer's language (error texts); ignored otherwise. */
  @IsOptional()
  @Lower()
  @Check('aiLang', langProblem)
  lang?: Language;
}

const fieldsProblem = (v: unknown): MessageKey | null =>
  v && typeof v === 'object' && !Array.isArray(v) && JSON.stringify(v).length <= 50_000 ? null : 'field.invalid';

/** POST /api/ai-property-sessions: optional draft fields (PropertyWriteDto's names) or a listing to start from. */
export class AiSessionCreateDto {
  @IsOptional()
  @Check('aiSessionPropertyId', uuidProblem)
  propertyId?: string;

  @IsOptional()
  @Check('aiSessionFields', fieldsProblem)
  fields?: Record<string, unknown>;
}

/** PATCH /api/ai-property-sessions/{id}: the draft fields merged over the session's. */
export class AiSessionPatchDto {
  @Check('aiSessionFields', fieldsProblem)
  fields!: Record<string, unknown>;
}

/** POST /api/ai-property-sessions/{id}/generate-suggestions {language?} (questions' language; default ru). */
export class AiSessionSuggestDto {
  @IsOptional()
  @Lower()
  @Check('aiLanguage', langProblem)
  language?: Language;
}

/** POST /api/ai-property-sessions/{id}/complete {publishToSite}. */
export class AiSessionCompleteDto {
  @Transform(({ value }) => (value === 'true' || value === 'on' ? true : value === 'false' ? false : value))
  @Check('aiPublish', (v) => (typeof v === 'boolean' ? null : 'field.boolean'))
  publishToSite!: boolean;
}

/** One AI request as the API answers it. */
export interface AiRequestDto {
  id: string;
  kind: AiRequestKind;
  status: AiRequestStatus;
  input: Record<string, unknown>;
  /** The draft (completed only): {language, text} | {language, questions} | {entity, id, from, fields, source, translations}. */
  output: Record<string, unknown> | null;
  error: string | null;
  errorKind: string | null;
  provider: string | null;
  model: string | null;
  /** Prompt + completion tokens (0 offline). */
  tokens: number;
  /** Provider time, ms. */
  durationMs: number | null;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  acceptedAt: string | null;
  discardedAt: string | null;
}

/** GET /api/ai/status. */
export interface AiStatusDto {
  provider: 'offline' | 'openai';
  model: string;
  /** True when AI_BASE_URL, AI_API_KEY and AI_MODEL are set (the worker then calls the endpoint). */
  configured: boolean;
  /** ai_requests by status, all time. */
  counts: Record<AiRequestStatus, number>;
  /** BullMQ's `ai` queue now (null when Redis is unreachable). */
  queue: { waiting: number; active: number; delayed: number; failed: number } | null;
  lastError: { at: string; message: string; kind: string | null } | null;
}

/** One hour of GET /api/ai/stats/hourly (hour = its start, ISO). */
export interface AiHourlyDto {
  hour: string;
  requests: number;
  failures: number;
  tokens: number;
  /** Mean provider time of the finished requests, ms (null: none finished). */
  meanDurationMs: number | null;
}

/** An AI property session. */
export interface AiSessionDto {
  id: string;
  propertyId: string | null;
  fields: Record<string, unknown>;
  suggestions: Record<string, unknown> | null;
  status: AiSessionStatus;
  publishToSite: boolean;
  lastRequestId: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}
