import type { LocalizedText, PropertyWriteValues } from '@realty/contracts';
import type { GeneratedProperty } from './demo-properties';
import { buildPropertyTexts, type PropertyFacts } from './property-text';
import { Random } from './random';

/**
 * The demo's moderation work (issue 21 "Demo data"; spec 02 §2 moderation and deleted
 * properties, §4 states; docs/decisions/036-listing-lifecycle.md), so the back-office screens
 * open on real-looking work:
 * - several new listings on moderation (status pending, never published);
 * - one active listing with an agent's waiting edit (pending_changes: a lower price, a new
 *   title and the description that states the new rate), the public still sees the approved one;
 * - a few rejected listings (status inactive, never published, rejection reason and notes);
 * - the soft-deleted listings generateProperties already makes.
 * Agent 0 (the demo employee account when the demo accounts are seeded) owns some of each, so
 * signing in as employee@realty.local shows listings to fix. Pure and deterministic per seed.
 */

/** At least this many new listings wait in the moderation queue. */
export const MIN_PENDING = 4;
/** At least this many rejected listings. */
export const MIN_REJECTED = 3;
/** The agent that owns part of the moderation work: the demo employee account when it is seeded. */
export const DEMO_AGENT = 0;

/** A moderator's rejection as stored on the listing (rejection_reason, rejection_notes, rejected_at). */
export interface SeedRejection {
  reason: string;
  notes: string | null;
  at: Date;
}

/** An agent's waiting edit of an active listing: the changed fields (the rest stay as published). */
export interface SeedProposal {
  title: LocalizedText;
  description: LocalizedText;
  price: number;
}

/** What a moderator of an Almaty CRE agency writes back (reason 3-500, notes ≤ 2000: spec 02 §5 bounds of RejectPropertyDto). */
export const DEMO_REJECTIONS: ReadonlyArray<{ reason: string; notes: string | null }> = [
  {
    reason: 'Фотографии не соответствуют объекту',
    notes:
      'На снимках 3 и 4 другой этаж и открытая планировка, а в описании кабинетная. Загрузите актуальные фотографии именно этого помещения при дневном свете.',
  },
  {
    reason: 'Ставка аренды указана без НДС и эксплуатационных расходов',
    notes: 'Укажите полную ставку за м² в месяц с НДС; эксплуатационные расходы и парковку опишите отдельной строкой в тексте.',
  },
  {
    reason: 'Адрес не совпадает с меткой на карте',
    notes: 'Метка стоит в соседнем квартале. Проверьте номер дома и перенесите точку на вход в здание.',
  },
  {
    reason: 'Описание повторяет другое объявление',
    notes: null,
  },
];

/** A generated listing as far as the staging reads and changes it (GeneratedProperty). */
export interface StageableListing {
  status: 'active' | 'pending' | 'inactive';
  featured: boolean;
  dealType: 'sale' | 'rent';
  type: string;
  agent: number;
  updatedAt: Date;
  publishedAt: Date | null;
  deletedAt: Date | null;
  rejection: SeedRejection | null;
  proposal: SeedProposal | null;
}

const DAY = 24 * 3600 * 1000;

/** The waiting edit of `facts`: the rent rate 8% lower (whole hundreds of ₸), the texts rebuilt for it, a title that says what changed. */
export function proposalOf(facts: PropertyFacts, noun: LocalizedText): SeedProposal {
  const rate = Math.round((facts.rate * 0.92) / 100) * 100;
  const price = facts.dealType === 'rent' ? rate * facts.area : Math.round((rate * facts.area) / 10_000) * 10_000;
  const texts = buildPropertyTexts({ ...facts, rate, price }, noun);
  const suffix: LocalizedText = { ru: ', новая ставка', en: ', new rate', kk: ', жаңа мөлшерлеме', zh: '，新租金' };
  const title = Object.fromEntries(
    (Object.keys(texts.title) as Array<keyof LocalizedText>).map((l) => [l, `${texts.title[l]}${suffix[l]}`.slice(0, 200)]),
  ) as LocalizedText;
  return { title, description: texts.description, price };
}

/**
 * Stages the moderation work on `listings` in place (see the module comment). `factsOf` gives
 * the facts and noun a listing's texts were built from (for the waiting edit's texts).
 */
export function stageModeration<T extends StageableListing>(
  listings: T[],
  r: Random,
  referenceDate: Date,
  factsOf: (l: T) => { facts: PropertyFacts; noun: LocalizedText } | undefined,
): void {
  const visible = () => listings.filter((l) => !l.deletedAt);
  const spare = () => r.shuffle(visible().filter((l) => l.status === 'active' && !l.featured && !l.proposal));

  // New listings on moderation: never published.
  const pending = visible().filter((l) => l.status === 'pending');
  for (const l of spare().slice(0, Math.max(0, MIN_PENDING - pending.length))) {
    l.status = 'pending';
    l.publishedAt = null;
    pending.push(l);
  }
  pending.slice(0, 2).forEach((l) => (l.agent = DEMO_AGENT));
  // Sent for moderation in the last ten days (a queue does not sit for months), never before creation.
  const ref = referenceDate.getTime();
  for (const l of pending) {
    const sent = Math.floor((ref - r.float(0.2, 10) * DAY) / 1000) * 1000;
    l.updatedAt = new Date(Math.max(l.updatedAt.getTime(), sent));
  }

  // Rejected: inactive, never published, with the moderator's reason.
  const rejected = visible().filter((l) => l.status === 'inactive');
  for (const l of spare().slice(0, Math.max(0, MIN_REJECTED - rejected.length))) {
    l.status = 'inactive';
    rejected.push(l);
  }
  // The first ones carry a rejection; any others stay inactive as withdrawn by their agent.
  rejected.slice(0, DEMO_REJECTIONS.length).forEach((l, i) => {
    const { reason, notes } = DEMO_REJECTIONS[i];
    l.publishedAt = null;
    l.rejection = { reason, notes, at: l.updatedAt };
  });
  if (rejected[0]) rejected[0].agent = DEMO_AGENT;

  // One active office for rent with a waiting edit (made a day before the reference date).
  const candidates = spare().filter((l) => l.type === 'office' && l.dealType === 'rent' && factsOf(l));
  const edited = candidates[0];
  if (edited) {
    const { facts, noun } = factsOf(edited)!;
    edited.proposal = proposalOf(facts, noun);
    edited.agent = DEMO_AGENT;
    edited.updatedAt = new Date(Math.max(edited.updatedAt.getTime(), Math.floor((ref - DAY) / 1000) * 1000));
  }

  // One of the deleted listings is the demo agent's (restorable from the back office).
  const deleted = listings.find((l) => l.deletedAt);
  if (deleted) deleted.agent = DEMO_AGENT;
}

/** The city of the demo listings. */
export const DEMO_CITY = 'Алматы';

/**
 * A listing's editable values in the shape of the API's PropertyWriteValues (what
 * pending_changes holds and the moderation queue compares: api/src/property-authoring mapper).
 */
export function writeValues(
  l: GeneratedProperty,
  c: Record<string, unknown>,
  ids: { categoryId: number; subcategoryId: number | null; propertyTypeId: number; buildingComplexId: number | null; districtId: number },
): PropertyWriteValues {
  return {
    title: l.texts.title,
    description: l.texts.description,
    price: l.price,
    area: l.area,
    address: l.address,
    city: typeof c.city === 'string' ? c.city : '',
    rooms: typeof c.rooms === 'number' ? c.rooms : null,
    floor: l.floor,
    totalFloors: l.totalFloors,
    yearBuilt: typeof c.year_built === 'number' ? c.year_built : null,
    latitude: l.latitude,
    longitude: l.longitude,
    dealType: l.dealType,
    categoryId: ids.categoryId,
    propertyTypeId: ids.propertyTypeId,
    subcategoryId: ids.subcategoryId,
    districtId: ids.districtId,
    buildingComplexId: ids.buildingComplexId,
    features: l.features,
  };
}
