import type { LeadsQuery } from '@realty/contracts';
import { likeContains } from '../../common/like-pattern';
import type { AuthUser } from '../../common/decorators';
import { listScope } from '../shared/crm-access';

/** A WHERE clause over `leads l` and its parameters, numbered from `$1`. */
export interface SqlWhere {
  sql: string;
  params: unknown[];
}

/**
 * The lead filters of LeadsQuery as SQL over `leads l` (one definition for the list and the
 * export, issue 22 "export ... with the current filters"): never deleted or merged leads;
 * 'my' = assigned to `actor`; created days are Asia/Almaty days, `createdTo` inclusive; `q`
 * matches first + last name, phone and e-mail as a substring, case-insensitive (LIKE wildcards
 * in the text are literal). Parameter numbers start at `$1`; append yours after `params.length`.
 */
export function leadFiltersSql(actor: Pick<AuthUser, 'id'>, q: LeadsQuery): SqlWhere {
  const where = ['l.deleted_at IS NULL', 'l.merged_into_id IS NULL'];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (listScope(q.scope) === 'my') add((n) => `l.assigned_to = ${n}`, actor.id);
  if (q.agentId) add((n) => `l.assigned_to = ${n}`, q.agentId);
  if (q.status) add((n) => `l.status = ${n}`, q.status);
  if (q.quality) add((n) => `l.quality = ${n}`, q.quality);
  if (q.source) add((n) => `l.source = ${n}`, q.source);
  if (q.createdFrom) add((n) => `l.created_at >= (${n}::date)::timestamp AT TIME ZONE 'Asia/Almaty'`, q.createdFrom);
  if (q.createdTo) add((n) => `l.created_at < ((${n}::date + 1)::timestamp AT TIME ZONE 'Asia/Almaty')`, q.createdTo);
  if (q.q) {
    add((n) => `lower(l.first_name || ' ' || l.last_name || ' ' || l.phone || ' ' || l.email) LIKE ${n}`, likeContains(q.q));
  }
  return { sql: where.join(' AND '), params };
}
