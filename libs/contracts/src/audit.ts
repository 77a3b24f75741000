import { Transform } from 'class-transformer';
import { IsIn, IsOptional, MaxLength } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import { LANGUAGES, type Language } from './enums';
import type { MessageKey } from './messages';
import { PROPERTY_QUERY_LIMITS } from './properties.filters';
import { PageNumber } from './users.dto';

/**
 * The audit log as the administration reads it (spec 02 §2 "Audit logs: list, open one, export
 * by format and filters"; §7 Audit: GET /admin/audit-logs, GET /audit-logs/{id},
 * GET /admin/audit-logs/export). Rows are written by the API with every staff write (issue 21).
 */

/** One audit row (spec 02 §7 Audit). */
export interface AuditLogDto {
  id: string;
  /** When the change committed, ISO 8601 UTC (millisecond precision). */
  occurredAt: string;
  /** Who did it: a snapshot taken at the time (id null for a system change or a deleted user's row). */
  actor: { id: string | null; email: string; role: string };
  /** `<entity>.<verb>`, e.g. user.role. */
  action: string;
  /** The kind of record, e.g. user. */
  entity: string;
  entityId: string | null;
  /** The changed fields as they were (null for a creation); never password hashes or tokens. */
  before: Record<string, unknown> | null;
  /** The changed fields as they became (null for a deletion). */
  after: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
}

/** Default page size of GET /api/admin/audit-logs. */
export const AUDIT_LOGS_PAGE_SIZE = 50;

/** Export formats of GET /api/admin/audit-logs/export. */
export const AUDIT_EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/**
 * The offset of the agency's clock (Asia/Almaty, UTC+5 all year since 2024): a bare date in a
 * filter is a day of Almaty, from 00:00 to 23:59:59.999999 there.
 */
export const AUDIT_DAY_OFFSET = '+05:00';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A real calendar day ('2025-02-30' is not). */
function realDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/**
 * A period bound as a timestamptz literal, or null when `value` is not a date: 'YYYY-MM-DD'
 * (the start of that Almaty day for `from`, its last microsecond for `to`), or
 * 'YYYY-MM-DDThh:mm[:ss[.ffffff]][Z|±hh:mm]' (no zone: Almaty time).
 */
export function auditPeriodBound(value: string, side: 'from' | 'to'): string | null {
  if (DATE_ONLY.test(value)) {
    if (!realDay(value)) return null;
    return `${value}T${side === 'from' ? '00:00:00' : '23:59:59.999999'}${AUDIT_DAY_OFFSET}`;
  }
  if (!DATE_TIME.test(value) || !realDay(value.slice(0, 10))) return null;
  const withZone = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}${AUDIT_DAY_OFFSET}`;
  return Number.isNaN(Date.parse(withZone)) ? null : withZone;
}

const boundProblem =
  (side: 'from' | 'to') =>
  (value: unknown): MessageKey | null =>
    typeof value === 'string' && auditPeriodBound(value, side) ? null : 'field.date';

/** Filter text: trimmed; '' means no filter. */
const FilterText = () => Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim()) : value));

const msg = (key: MessageKey) => ({ message: key });

/** The filters of the list and the export (spec 02 §2 "export by format and filters"). */
export class AuditFilters {
  /** ru | en | kk | zh: language of the error texts. */
  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;

  /** The actor: a user id (uuid), or a case-insensitive substring of the actor's e-mail; at most 254 characters. */
  @IsOptional()
  @FilterText()
  @MaxLength(254, msg('field.tooLong'))
  actor?: string;

  /** The kind of record, exactly (e.g. user); case-insensitive. */
  @IsOptional()
  @FilterText()
  @Check('auditEntity', (v) => (typeof v === 'string' && /^[a-z][a-z0-9_]{0,63}$/i.test(v) ? null : 'field.invalid'))
  entity?: string;

  /** The action, exactly (e.g. user.role), or an entity's every action with a trailing '.*' (user.*); case-insensitive. */
  @IsOptional()
  @FilterText()
  @Check('auditAction', (v) => (typeof v === 'string' && /^[a-z][a-z0-9_]{0,31}\.([a-z0-9_.]{1,31}|\*)$/i.test(v) ? null : 'field.invalid'))
  action?: string;

  /** Start of the period, inclusive (see auditPeriodBound). */
  @IsOptional()
  @FilterText()
  @Check('auditFrom', boundProblem('from'))
  from?: string;

  /** End of the period, inclusive; not before `from` (400 fields.to 'field.dateOrder'). */
  @IsOptional()
  @FilterText()
  @Check('auditTo', (value, args) => {
    const problem = boundProblem('to')(value);
    if (problem) return problem;
    const from = (args?.object as { from?: unknown } | undefined)?.from;
    const start = typeof from === 'string' ? auditPeriodBound(from, 'from') : null;
    return start && Date.parse(start) > Date.parse(auditPeriodBound(value as string, 'to')!) ? 'field.dateOrder' : null;
  })
  to?: string;
}

/** GET /api/admin/audit-logs: the filters and page (1..10000), limit (1..100, default 50); newest first. */
export class AuditLogsQuery extends AuditFilters {
  @IsOptional()
  @PageNumber(PROPERTY_QUERY_LIMITS.pageMax, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(PROPERTY_QUERY_LIMITS.limitMax, 'field.limit')
  limit?: number;
}

/** GET /api/admin/audit-logs/export: the filters and a format (csv | xlsx | json); every matching row, no paging. */
export class AuditExportQuery extends AuditFilters {
  @LowerEnum()
  @IsIn(AUDIT_EXPORT_FORMATS as unknown as string[], msg('field.enum'))
  format: AuditExportFormat;
}
