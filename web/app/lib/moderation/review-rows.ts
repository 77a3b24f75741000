import {
  LANGUAGES,
  LISTING_REF_FIELDS,
  type DealType,
  type Language,
  type ListingRefField,
  type ModerationReviewDto,
  type PropertyWriteValues,
} from '@realty/contracts';
import { formatArea, formatPrice } from '@realty/i18n';
import { diffText, type TextPart } from './text-diff';

/**
 * The side-by-side rows of a moderation review (issue 21; spec 02 §2 "the queue, with what
 * changed since the last approved version side by side"): one row per changed field, texts
 * (title, description) one row per language that changed, values as a reviewer reads them
 * (money in ₸ with /мес for rent, m², names instead of reference ids, feature labels, yes/no).
 * `before` is what the public sees now (null for a new listing), `after` the proposal.
 */
export interface ReviewRow {
  /** Stable key: the field, plus '.lang' for a text. */
  key: string;
  field: keyof PropertyWriteValues;
  /** The language of a title or description row. */
  lang: Language | null;
  before: string | null;
  after: string;
  /** A long text (rendered as paragraphs). */
  long: boolean;
  /** For a changed text of an edit: which words differ on each side (text-diff). */
  parts: { before: TextPart[]; after: TextPart[] } | null;
}

/** The labels a row needs, from the page's translations. */
export interface ReviewLabels {
  dealType: (d: DealType) => string;
  feature: (f: string) => string;
  yes: string;
  no: string;
  none: string;
}

const LOCALIZED = new Set<keyof PropertyWriteValues>(['title', 'description']);

function isRefField(field: string): field is ListingRefField {
  return (LISTING_REF_FIELDS as readonly string[]).includes(field);
}

/** One value as text (`deal`: the deal type of the same version, for the rent suffix). */
export function valueText(
  item: Pick<ModerationReviewDto, 'refNames'>,
  field: keyof PropertyWriteValues,
  value: unknown,
  deal: DealType,
  lang: Language,
  labels: ReviewLabels,
): string {
  if (value === null || value === undefined || value === '') return labels.none;
  if (isRefField(field)) {
    const name = item.refNames[field]?.[String(value)];
    return name ? name[lang] || name.ru : `#${String(value)}`;
  }
  if (field === 'price' && typeof value === 'number') return formatPrice(value, deal, lang);
  if (field === 'area' && typeof value === 'number') return formatArea(value, lang);
  if (field === 'dealType') return labels.dealType(value as DealType);
  if (field === 'features' && Array.isArray(value))
    return value.length ? value.map((f) => labels.feature(String(f))).join(', ') : labels.none;
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The rows of `item` in the form's field order. */
export function reviewRows(item: ModerationReviewDto, lang: Language, labels: ReviewLabels): ReviewRow[] {
  const beforeDeal = item.property.dealType;
  const afterDeal = (item.property.pendingChanges ?? item.property).dealType;
  const fresh = item.kind === 'new';
  const rows: ReviewRow[] = [];
  for (const change of item.changes) {
    if (LOCALIZED.has(change.field)) {
      const before = (change.before ?? {}) as Partial<Record<Language, string>>;
      const after = (change.after ?? {}) as Partial<Record<Language, string>>;
      for (const l of LANGUAGES) {
        if ((before[l] ?? '') === (after[l] ?? '') && !fresh) continue;
        if (fresh && !after[l]) continue;
        rows.push({
          key: `${change.field}.${l}`,
          field: change.field,
          lang: l,
          before: fresh ? null : before[l] || labels.none,
          after: after[l] || labels.none,
          long: change.field === 'description',
          parts: !fresh && before[l] && after[l] ? diffText(before[l], after[l]) : null,
        });
      }
      continue;
    }
    rows.push({
      key: change.field,
      field: change.field,
      lang: null,
      before: fresh ? null : valueText(item, change.field, change.before, beforeDeal, lang, labels),
      after: valueText(item, change.field, change.after, afterDeal, lang, labels),
      long: false,
      parts:
        !fresh && typeof change.before === 'string' && typeof change.after === 'string' && change.before && change.after
          ? diffText(change.before, change.after)
          : null,
    });
  }
  return rows;
}
