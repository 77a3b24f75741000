/** The lead import screen (issue 22 "import from a file"). */
export const LEAD_IMPORT_PATH = '/dashboard/crm/leads/import';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The screen of one import (its id checked), else the upload screen. */
export function importHref(id?: string | null): string {
  return id && UUID.test(id) ? `${LEAD_IMPORT_PATH}?id=${id}` : LEAD_IMPORT_PATH;
}
