/** A number as staff type it: '' -> null, '1 000 000' and '12,5' accepted, anything else NaN (the DTO refuses it). */
export function parseFormNumberLike(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (s === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}
