/**
 * A pattern for `column ILIKE :pattern` that finds `term` anywhere, matched literally: LIKE's
 * wildcards (% and _) and its escape (backslash, ILIKE's default) in the user's text are
 * escaped; lower-cased for the lower-cased search columns.
 */
export function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
