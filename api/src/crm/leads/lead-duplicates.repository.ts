import type { EntityManager } from 'typeorm';

/**
 * Duplicate detection of leads (issue 22 "Duplicate detection on every way a lead arrives (site
 * forms, import, manual)"): two live leads (not deleted, not merged) are the same person when
 * their phones end in the same 10 digits (so +7 701 123-45-67, 87011234567 and 7011234567
 * match) or their e-mails are equal ignoring case. Indexed by ix_leads_crm_phone10 and
 * ix_leads_crm_email (migration 1764310000000).
 */

/** The comparable part of a phone: its digits, the last 10 ('' when fewer than 10 digits). */
export function phoneKey(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : '';
}

/** The comparable part of an e-mail: trimmed, lower-cased ('' when none). */
export function emailKey(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}

/** SQL of "same person as ($1 phone key, $2 e-mail key)" over `leads l` (empty keys never match). */
export const SAME_PERSON_SQL = `((l.phone <> '' AND $1 <> '' AND right(regexp_replace(l.phone, '\\D', '', 'g'), 10) = $1)
    OR (l.email <> '' AND $2 <> '' AND lower(l.email) = $2))`;

/**
 * The oldest live lead with the same phone (last 10 digits) or e-mail (any case) as `contact`,
 * other than `exceptId`; null when none, or when the contact has neither. Reusable by every
 * intake (site forms, manual create, the import) inside its own transaction (`manager`).
 */
export async function findDuplicateLead(
  manager: EntityManager,
  contact: { phone?: string | null; email?: string | null },
  exceptId: string | null = null,
): Promise<string | null> {
  const phone = phoneKey(contact.phone);
  const email = emailKey(contact.email);
  if (!phone && !email) return null;
  const rows = (await manager.query(
    `SELECT l.id FROM leads l
      WHERE l.deleted_at IS NULL AND l.merged_into_id IS NULL AND ${SAME_PERSON_SQL}
        AND ($3::uuid IS NULL OR l.id <> $3::uuid)
      ORDER BY l.created_at, l.id LIMIT 1`,
    [phone, email, exceptId],
  )) as Array<{ id: string }>;
  return rows[0]?.id ?? null;
}

/** Ids of the live leads that are the same person as `contact`, `exceptId` left out, oldest first (at most `limit`). */
export async function findSamePersonLeads(
  manager: EntityManager,
  contact: { phone?: string | null; email?: string | null },
  exceptId: string,
  limit = 20,
): Promise<string[]> {
  const phone = phoneKey(contact.phone);
  const email = emailKey(contact.email);
  if (!phone && !email) return [];
  const rows = (await manager.query(
    `SELECT l.id FROM leads l
      WHERE l.deleted_at IS NULL AND l.merged_into_id IS NULL AND ${SAME_PERSON_SQL} AND l.id <> $3::uuid
      ORDER BY l.created_at, l.id LIMIT $4`,
    [phone, email, exceptId, limit],
  )) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}
