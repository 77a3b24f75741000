import type { EntityManager } from 'typeorm';

/** Roles that take new leads in turn (issue 22 "round-robin among active agents"). */
export const ROTATION_ROLES = ['employee', 'manager'] as const;

/** Picks and stamps the next agent; `wait`: FOR UPDATE (waits for a lock) instead of SKIP LOCKED. */
async function pick(manager: EntityManager, wait: boolean): Promise<string | null> {
  const rows = (await manager.query(
    `UPDATE users SET last_lead_assigned_at = clock_timestamp()
      WHERE id = (
        SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
         WHERE u.in_lead_rotation AND u.status = 'active' AND r.name = ANY ($1::text[])
         ORDER BY u.last_lead_assigned_at NULLS FIRST, u.created_at, u.id
         LIMIT 1 FOR UPDATE OF u${wait ? '' : ' SKIP LOCKED'})
      RETURNING id`,
    [ROTATION_ROLES],
  )) as [Array<{ id: string }>, number] | Array<{ id: string }>;
  // TypeORM answers an UPDATE ... RETURNING with [rows, affected]
  const list = Array.isArray(rows[0]) ? (rows[0] as Array<{ id: string }>) : (rows as Array<{ id: string }>);
  return list[0]?.id ?? null;
}

/**
 * Round-robin (issue 22 "A new lead gets an owner by round-robin among active agents"): the
 * active employee or manager in rotation (users.in_lead_rotation) who got a lead the longest
 * ago (never first), chosen and stamped in ONE statement inside the lead's transaction. The row
 * lock (FOR UPDATE SKIP LOCKED) makes leads arriving together go to different agents; when every
 * agent is locked by leads in flight, it waits for one (FOR UPDATE) instead of leaving the lead
 * unassigned. The stamp is the database's clock_timestamp(), so the turn order holds within one
 * transaction. Answers the agent's id, or null when nobody is in rotation.
 */
export async function takeNextAgent(manager: EntityManager): Promise<string | null> {
  return (await pick(manager, false)) ?? (await pick(manager, true));
}
