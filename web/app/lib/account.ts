/** Helpers of the account forms shared by the page and its tests (no server-only code). */

/** Default last name when the full name has one word (spec 01 §5 "Registration"). */
export const DEFAULT_LAST_NAME = 'Пользователь';

/**
 * Splits a full name on spaces (spec 01 §5): the first word is the first name, the rest the last
 * name, 'Пользователь' when there is none.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') || DEFAULT_LAST_NAME };
}
