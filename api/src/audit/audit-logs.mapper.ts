import type { AuditLogDto } from '@realty/contracts';

/** A row of audit_logs as the repository selects it. */
export interface AuditLogRow {
  id: string;
  occurred_at: Date;
  /** occurred_at as PostgreSQL text, to the microsecond (keyset cursor). */
  at_key: string;
  actor_id: string | null;
  actor_email: string;
  actor_role: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
}

/** The API shape of a row (spec 02 §7 Audit). */
export function toAuditLogDto(r: AuditLogRow): AuditLogDto {
  return {
    id: r.id,
    occurredAt: new Date(r.occurred_at).toISOString(),
    actor: { id: r.actor_id, email: r.actor_email, role: r.actor_role },
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    before: r.before,
    after: r.after,
    ip: r.ip,
    userAgent: r.user_agent,
  };
}

/** The columns of a CSV or XLSX export, in order (header names). */
export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'occurredAt',
  'actorId',
  'actorEmail',
  'actorRole',
  'action',
  'entity',
  'entityId',
  'before',
  'after',
  'ip',
  'userAgent',
] as const;

/** One row of a CSV or XLSX export: flat text cells (before/after as JSON text, '' for null). */
export function toAuditExportCells(d: AuditLogDto): string[] {
  return [
    d.id,
    d.occurredAt,
    d.actor.id ?? '',
    d.actor.email,
    d.actor.role,
    d.action,
    d.entity,
    d.entityId ?? '',
    d.before ? JSON.stringify(d.before) : '',
    d.after ? JSON.stringify(d.after) : '',
    d.ip ?? '',
    d.userAgent ?? '',
  ];
}
