import { parseFormNumberLike } from './parse';

/**
 * The generate form's fields (/dashboard/landings/new, issue 23) and their mapping to
 * GenerateLandingDto's input: the listing ids typed one per line or with commas, the catalogue
 * filter from its own fields when "add listings by filter" is ticked.
 */
export const LANDING_FORM_TEXT_FIELDS = [
  'templateId',
  'language',
  'title',
  'slug',
  'propertyIds',
  'dealType',
  'type',
  'district',
  'priceMin',
  'priceMax',
  'areaMin',
  'areaMax',
] as const;
export type LandingFormValues = Record<(typeof LANDING_FORM_TEXT_FIELDS)[number], string> & { useFilter: boolean; activate: boolean };

/** The posted form's values as typed (to render them again). */
export function landingFormValues(form: FormData): LandingFormValues {
  const text = (n: string) => {
    const v = form.get(n);
    return typeof v === 'string' ? v : '';
  };
  const out = Object.fromEntries(LANDING_FORM_TEXT_FIELDS.map((n) => [n, text(n)])) as unknown as LandingFormValues;
  out.useFilter = ['on', 'true', '1'].includes(text('useFilter'));
  out.activate = ['on', 'true', '1'].includes(text('activate'));
  return out;
}

/** GenerateLandingDto's input from the form's values. */
export function landingInput(v: LandingFormValues): Record<string, unknown> {
  const ids = v.propertyIds
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const filter: Record<string, unknown> = {};
  if (v.useFilter) {
    if (v.dealType) filter.dealType = v.dealType;
    if (v.type) filter.type = v.type;
    if (v.district) filter.district = v.district;
    for (const k of ['priceMin', 'priceMax', 'areaMin', 'areaMax'] as const) {
      const n = parseFormNumberLike(v[k]);
      if (n !== null) filter[k] = n;
    }
  }
  return {
    templateId: v.templateId,
    language: v.language,
    title: v.title,
    slug: v.slug,
    ...(ids.length ? { propertyIds: ids } : {}),
    ...(v.useFilter ? { filter } : {}),
    activate: v.activate,
  };
}
