import { Injectable } from '@nestjs/common';
import { AuditLog } from '@realty/db';
import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import type { AuthUser, RequestClient } from '../common/decorators';

/** Who did it and from where: the signed-in actor and the request's client. */
export interface AuditActor {
  user: Pick<AuthUser, 'id' | 'email' | 'role'> | null;
  client: Pick<RequestClient, 'ip' | 'userAgent'> | null;
}

/** One staff write (see AuditLog): `action` as `<entity>.<verb>`, the changed fields before and after. */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
  /** The record before the change (null for a creation); only changed fields are kept. */
  before?: Record<string, unknown> | null;
  /** The record after the change (null for a deletion); only changed fields are kept. */
  after?: Record<string, unknown> | null;
}

/** Field names never written to the log, whatever a caller passes (hashes, tokens, secrets). */
const SECRET_FIELD = /pass(word)?|hash|token|secret/i;

/**
 * The changed fields of `before` -> `after`: on a creation (before null) every field of `after`,
 * on a deletion (after null) every field of `before`, otherwise only the fields whose JSON
 * differs, on both sides. Secret-looking fields are dropped.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const clean = (o: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(keys.filter((k) => !SECRET_FIELD.test(k)).map((k) => [k, o[k] ?? null]));
  if (!before && !after) return { before: null, after: null };
  if (!before) return { before: null, after: clean(after!, Object.keys(after!)) };
  if (!after) return { before: clean(before, Object.keys(before)), after: null };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
  return { before: clean(before, keys), after: clean(after, keys) };
}

/**
 * Writes the audit log (spec 02 §2, §7; issue 21: "every staff write is recorded in the same
 * transaction as the change"). Call `record` with the EntityManager of the transaction that makes
 * the change, so the change and its record commit or roll back together.
 */
@Injectable()
export class AuditService {
  /**
   * Appends one row for `entry` by `actor` inside `manager`'s transaction. Throws what the
   * database throws (the caller's transaction then rolls back, change included).
   */
  async record(manager: EntityManager, actor: AuditActor, entry: AuditEntry): Promise<void> {
    const { before, after } = changedFields(entry.before, entry.after);
    const row: QueryDeepPartialEntity<AuditLog> = {
      actorId: actor.user?.id ?? null,
      actorEmail: actor.user?.email ?? '',
      actorRole: actor.user?.role ?? '',
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      // jsonb columns: TypeORM's deep-partial type does not model free-form objects.
      before: before as QueryDeepPartialEntity<Record<string, unknown>>,
      after: after as QueryDeepPartialEntity<Record<string, unknown>>,
      ip: actor.client?.ip ?? null,
      userAgent: actor.client?.userAgent?.slice(0, 512) ?? null,
    };
    await manager.insert(AuditLog, row);
  }
}
