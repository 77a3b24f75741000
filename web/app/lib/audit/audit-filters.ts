import { AUDIT_EXPORT_FORMATS, type AuditExportFormat } from '@realty/contracts';

/** Where the audit log pages live (spec 02 §2 /dashboard/admin/audit-logs). */
export const AUDIT_PATH = '/dashboard/admin/audit-logs';
/** The web resource route that streams the API's export (resources.audit-logs.$format.ts). */
export const AUDIT_EXPORT_PATH = '/resources/audit-logs';

/** The filters of the audit log page as the URL carries them ('' = any); the API validates them. */
export interface AuditPageFilters {
  actor: string;
  entity: string;
  action: string;
  from: string;
  to: string;
  page: number;
}

const FILTER_KEYS = ['actor', 'entity', 'action', 'from', 'to'] as const;

/** The filters of a URL's query: trimmed, at most 254 characters each; page 1..10000 (else 1). */
export function readAuditFilters(params: URLSearchParams): AuditPageFilters {
  const text = (key: string) => (params.get(key) ?? '').trim().slice(0, 254);
  const page = Number(params.get('page'));
  return {
    actor: text('actor'),
    entity: text('entity'),
    action: text('action'),
    from: text('from'),
    to: text('to'),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The non-empty filters as a query string ('' when none), page included when above 1 and asked for. */
function query(filters: Partial<AuditPageFilters>, withPage: boolean): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  if (withPage && filters.page && filters.page > 1) params.set('page', String(filters.page));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The list page URL for `filters`. */
export function auditListHref(filters: Partial<AuditPageFilters>): string {
  return `${AUDIT_PATH}${query(filters, true)}`;
}

/** The export URL of `format` for `filters` (no page: an export holds every matching row). */
export function auditExportHref(format: AuditExportFormat, filters: Partial<AuditPageFilters>): string {
  return `${AUDIT_EXPORT_PATH}/${format}${query(filters, false)}`;
}

/** `value` when it is an export format, else null. */
export function exportFormatOf(value: string | undefined): AuditExportFormat | null {
  return (AUDIT_EXPORT_FORMATS as readonly string[]).includes(value ?? '') ? (value as AuditExportFormat) : null;
}

/** A before/after value as text: strings as they are, anything else as JSON; null as '—'. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
