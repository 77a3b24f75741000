/** Server helpers of the CRM messaging screens (issue 22): ids and pages from forms and URLs. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid from a form or the URL ('' when not one). */
export function uuidOf(raw: unknown): string {
  return typeof raw === 'string' && UUID.test(raw) ? raw.toLowerCase() : '';
}

/** A page number from the URL (1 when absent or invalid). */
export function pageOf(raw: string | null): number {
  return raw && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1;
}
