import type { DealType, LocalizedText, PropertyFeature, PropertyStatus, PropertyTypeSlug } from '@realty/contracts';
import { PROPERTY_FEATURES } from '@realty/contracts';
import type { PropertyCharacteristics } from '@realty/db';
import type { DemoImageKind } from './demo-images';
import { stageModeration, type SeedProposal, type SeedRejection } from './demo-moderation';
import { buildPropertyTexts, propertySlug, nounVariants, type PropertyFacts, type PropertyTexts } from './property-text';
import { hashSeed, Random } from './random';
import { COMPLEX_DEFS, DISTRICT_DEFS, HOME_COMPLEX_SLUG, type ComplexDef, type DistrictDef } from './reference-data';

/**
 * Pure generation of the demo listings (no database): listing i depends only on
 * (seed, i), so a larger `count` keeps the first listings unchanged.
 */

/** ₸ per m² (per month for rent), Almaty 2026. Coworking is rent only. */
export const RATE_RANGES: Record<PropertyTypeSlug, Record<DealType, readonly [number, number] | null>> = {
  office: { rent: [5_000, 14_000], sale: [450_000, 1_100_000] },
  retail: { rent: [7_000, 20_000], sale: [500_000, 1_300_000] },
  warehouse: { rent: [1_800, 4_500], sale: [150_000, 400_000] },
  coworking: { rent: [9_000, 18_000], sale: null },
};

/** m². */
export const AREA_RANGES: Record<PropertyTypeSlug, readonly [number, number]> = {
  office: [25, 800],
  retail: [30, 600],
  warehouse: [200, 5000],
  coworking: [6, 120],
};

const TYPE_WEIGHTS: Array<[PropertyTypeSlug, number]> = [
  ['office', 45],
  ['retail', 22],
  ['warehouse', 15],
  ['coworking', 18],
];

const DISTRICT_WEIGHTS: Record<PropertyTypeSlug, Array<[DistrictDef['slug'], number]>> = {
  office: [
    ['bostandyk', 35],
    ['medeu', 30],
    ['almaly', 25],
    ['auezov', 10],
  ],
  retail: [
    ['almaly', 30],
    ['medeu', 25],
    ['bostandyk', 25],
    ['auezov', 20],
  ],
  warehouse: [
    ['auezov', 55],
    ['almaly', 25],
    ['bostandyk', 12],
    ['medeu', 8],
  ],
  coworking: [
    ['bostandyk', 35],
    ['medeu', 30],
    ['almaly', 30],
    ['auezov', 5],
  ],
};

/** Share of listings of a type that sit in a building complex. */
const IN_COMPLEX: Record<PropertyTypeSlug, number> = { office: 0.75, coworking: 0.9, retail: 0.4, warehouse: 0.6 };

/** Share of listings shown as featured (at least MIN_FEATURED). */
const FEATURED_SHARE = 0.1;

/** Share of the non-coworking listings for sale, so that about 30% of all listings are sales. */
const SALE_SHARE = 0.365;

const DAY = 24 * 3600 * 1000;

export interface GeneratedImage {
  id: string;
  storageKey: string;
  sortOrder: number;
}

export interface GeneratedProperty {
  id: string;
  slug: string;
  type: PropertyTypeSlug;
  dealType: DealType;
  status: PropertyStatus;
  featured: boolean;
  district: DistrictDef;
  complex: ComplexDef | null;
  price: number;
  area: number;
  floor: number;
  totalFloors: number;
  address: string;
  latitude: number;
  longitude: number;
  characteristics: PropertyCharacteristics;
  features: PropertyFeature[];
  texts: PropertyTexts;
  viewsCount: number;
  favoritesCount: number;
  /** Index into the agent list. */
  agent: number;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  deletedAt: Date | null;
  /** The last moderation rejection (status inactive, never published): demo-moderation.ts. */
  rejection: SeedRejection | null;
  /** An agent's edit of the active listing waiting for approval (pending_changes): demo-moderation.ts. */
  proposal: SeedProposal | null;
  images: GeneratedImage[];
}

/** The facts and noun each listing's texts were built from (for the demo's waiting edit). */
const TEXT_SOURCES = new WeakMap<GeneratedProperty, { facts: PropertyFacts; noun: LocalizedText }>();

export interface GeneratePropertiesOptions {
  seed: number;
  count: number;
  referenceDate: Date;
  /** Storage keys of the image pool, per kind. */
  pool: Record<DemoImageKind, string[]>;
  agentCount: number;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const round1 = (x: number) => Math.round(x * 10) / 10;

function pickComplex(r: Random, type: PropertyTypeSlug, district: DistrictDef): ComplexDef | null {
  if (!r.chance(IN_COMPLEX[type])) return null;
  const kind = type === 'warehouse' ? 'logistics' : 'business';
  const options = COMPLEX_DEFS.filter((c) => c.district === district.slug && c.kind === kind);
  if (!options.length) return null;
  // The agency's own business centre holds a good part of the offices.
  return r.weighted(options.map((c) => [c, c.slug === HOME_COMPLEX_SLUG ? 4 : 1] as const));
}

function placeInside(r: Random, d: DistrictDef, complex: ComplexDef | null): [number, number] {
  const b = d.bounds;
  const m = 0.002;
  if (complex) {
    const lat = Math.min(b.north - m, Math.max(b.south + m, complex.latitude + r.float(-0.0004, 0.0004)));
    const lon = Math.min(b.east - m, Math.max(b.west + m, complex.longitude + r.float(-0.0004, 0.0004)));
    return [round6(lat), round6(lon)];
  }
  return [round6(r.float(b.south + m, b.north - m)), round6(r.float(b.west + m, b.east - m))];
}

function streetAddress(r: Random, d: DistrictDef): string {
  const n = r.int(1, 240);
  const suffix = r.chance(0.15) ? r.pick(['А', 'Б', 'В']) : r.chance(0.1) ? `/${r.int(1, 9)}` : '';
  return `${r.pick(d.streets)}, ${n}${suffix}`;
}

function characteristicsOf(
  r: Random,
  type: PropertyTypeSlug,
  area: number,
  floor: number,
  complex: ComplexDef | null,
): PropertyCharacteristics {
  switch (type) {
    case 'office': {
      const parking = complex ? r.chance(0.75) : r.chance(0.45);
      return {
        floor,
        rooms: Math.min(20, Math.max(1, Math.round(area / r.float(25, 60)))),
        furniture: r.chance(0.55),
        air_conditioning: r.chance(0.85),
        parking,
        ...(parking ? { parking_spaces: r.int(1, Math.max(1, Math.round(area / 60))) } : {}),
        ceiling_height: round1(r.float(2.7, 3.6)),
        meeting_rooms: area >= 80 ? r.chance(0.6) : r.chance(0.15),
        kitchen: r.chance(0.5),
      };
    }
    case 'retail':
      return {
        floor,
        rooms: area < 80 ? 1 : r.int(1, 3),
        furniture: r.chance(0.15),
        air_conditioning: r.chance(0.7),
        parking: r.chance(0.55),
        ceiling_height: round1(r.float(3, 5)),
        separate_entrance: !complex || r.chance(0.3),
      };
    case 'warehouse': {
      return {
        floor,
        rooms: r.int(1, 3),
        furniture: false,
        air_conditioning: false,
        parking: r.chance(0.9),
        ceiling_height: Math.round(r.float(6, 12) * 2) / 2,
        heating: r.chance(0.6),
        loading_ramp: r.chance(0.7),
        gates: r.int(1, Math.max(1, Math.min(6, Math.round(area / 600)))),
      };
    }
    case 'coworking': {
      const deskType = area >= 12 ? 'office' : r.chance(0.5) ? 'hot' : 'fixed';
      return {
        floor,
        desk_type: deskType,
        ...(deskType === 'office' ? { rooms: Math.max(1, Math.round(area / 30)) } : {}),
        furniture: true,
        air_conditioning: true,
        wifi: true,
        kitchen: r.chance(0.9),
        meeting_rooms: r.chance(0.85),
        parking: r.chance(0.4),
        ceiling_height: round1(r.float(3, 4.2)),
      };
    }
  }
}

/** Features follow the characteristics (a furnished office lists 'furniture', and so on). */
function featuresOf(
  r: Random,
  type: PropertyTypeSlug,
  c: PropertyCharacteristics,
  floor: number,
  complex: ComplexDef | null,
): PropertyFeature[] {
  const f = new Set<PropertyFeature>();
  if (c.parking) f.add('parking');
  if (c.furniture) f.add('furniture');
  if (c.air_conditioning) f.add('air_conditioning');
  if (c.meeting_rooms) f.add('meeting_rooms');
  if (c.kitchen) f.add('kitchen');
  if (c.heating) f.add('heating');
  if (c.loading_ramp) f.add('loading_ramp');
  if (c.separate_entrance) f.add('separate_entrance');
  if (complex ? r.chance(0.9) : r.chance(0.4)) f.add('security');
  const officeLike = type === 'office' || type === 'coworking';
  if (officeLike && r.chance(type === 'coworking' ? 0.9 : 0.7)) f.add('fiber_internet');
  if (officeLike && complex && (complex.buildingClass === 'A' || complex.buildingClass === 'B+') && r.chance(0.8)) f.add('reception');
  if (officeLike && floor >= 8 && r.chance(0.6)) f.add('panoramic_windows');
  if (type === 'retail' && floor === 1 && r.chance(0.75)) f.add('showcase_windows');
  if ((type === 'warehouse' && r.chance(0.35)) || (type === 'office' && complex?.buildingClass === 'A' && r.chance(0.3)))
    f.add('generator');
  return PROPERTY_FEATURES.filter((x) => f.has(x));
}

function imagesOf(r: Random, type: PropertyTypeSlug, complex: ComplexDef | null, pool: Record<DemoImageKind, string[]>): GeneratedImage[] {
  const count = r.int(3, 8);
  const own = r.shuffle(pool[type]);
  const keys: string[] = [];
  for (let i = 0; keys.length < count; i++) keys.push(own[i % own.length]);
  // Listings in a business centre show the building too (as the last picture).
  if (complex && type !== 'warehouse' && r.chance(0.5)) keys[count - 1] = r.pick(pool.facade);
  return keys.map((storageKey, sortOrder) => ({ id: r.uuid(), storageKey, sortOrder }));
}

/**
 * Weyl sequence frac(offset + i * alpha): evenly spread for every prefix, so even 160
 * listings come out close to the intended type and deal shares.
 */
function weyl(i: number, alpha: number, offset: number): number {
  const x = offset + i * alpha;
  return x - Math.floor(x);
}

function byShare<T>(u: number, entries: ReadonlyArray<readonly [T, number]>): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  for (const [value, weight] of entries) {
    acc += weight / total;
    if (u < acc) return value;
  }
  return entries[entries.length - 1][0];
}

/** Starting points of the Weyl sequences (type, deal, featured) for one seed. */
type ShareOffsets = readonly [number, number, number];

function generateOne(i: number, o: GeneratePropertiesOptions, offsets: ShareOffsets, slugs: Set<string>): GeneratedProperty {
  const r = new Random(hashSeed(o.seed, 'listing', i));
  const id = r.uuid();
  const type = byShare(weyl(i, 0.6180339887498949, offsets[0]), TYPE_WEIGHTS);
  const dealType: DealType = type === 'coworking' ? 'rent' : weyl(i, 0.41421356237309515, offsets[1]) < SALE_SHARE ? 'sale' : 'rent';
  const districtSlug = r.weighted(DISTRICT_WEIGHTS[type]);
  const district = DISTRICT_DEFS.find((d) => d.slug === districtSlug)!;
  const complex = pickComplex(r, type, district);

  const [amin, amax] = AREA_RANGES[type];
  let area: number;
  if (type === 'coworking') area = r.chance(0.45) ? r.int(6, 10) : r.logInt(12, amax);
  else if (type === 'warehouse') area = Math.min(amax, Math.max(amin, Math.round(r.logInt(amin, amax) / 10) * 10));
  else area = r.logInt(amin, amax);

  let floor: number;
  let totalFloors: number;
  if (type === 'warehouse') {
    totalFloors = complex ? complex.totalFloors : r.chance(0.7) ? 1 : 2;
    floor = 1;
  } else if (type === 'retail') {
    totalFloors = complex ? complex.totalFloors : r.int(1, 5);
    floor = totalFloors > 1 && r.chance(0.2) ? 2 : 1;
  } else {
    totalFloors = complex ? complex.totalFloors : r.int(2, 9);
    floor = r.int(totalFloors > 2 ? 2 : 1, totalFloors);
  }

  const characteristics = characteristicsOf(r, type, area, floor, complex);
  const features = featuresOf(r, type, characteristics, floor, complex);
  const [latitude, longitude] = placeInside(r, district, complex);
  const address = complex ? complex.address : streetAddress(r, district);

  const [rmin, rmax] = RATE_RANGES[type][dealType]!;
  // Class A buildings sit in the upper half of the range.
  const u = complex?.buildingClass === 'A' && type !== 'warehouse' ? 0.5 + r.float() * 0.5 : r.float();
  let rate: number;
  let price: number;
  if (dealType === 'rent') {
    rate = Math.round((rmin + (rmax - rmin) * u) / 100) * 100;
    price = rate * area;
  } else {
    rate = Math.round((rmin + (rmax - rmin) * u) / 1000) * 1000;
    price = Math.round((rate * area) / 10_000) * 10_000;
  }

  const facts: PropertyFacts = { type, dealType, area, floor, district, complex, address, features, characteristics, rate, price };
  const noun = r.pick(nounVariants(facts));
  const texts = buildPropertyTexts(facts, noun);
  let slug = propertySlug(texts.title.en, r.base36(5));
  while (slugs.has(slug)) slug = propertySlug(texts.title.en, r.base36(6));
  slugs.add(slug);

  const s = r.float();
  const status: PropertyStatus = s < 0.92 ? 'active' : s < 0.96 ? 'pending' : 'inactive';
  const ref = o.referenceDate.getTime();
  const createdAt = new Date(Math.floor((ref - r.float(0, 120) * DAY) / 1000) * 1000);
  const updatedAt = new Date(Math.min(ref, createdAt.getTime() + Math.floor((r.float(0, 14) * DAY) / 1000) * 1000));
  const publishedAt = status === 'pending' ? null : new Date(Math.min(updatedAt.getTime(), createdAt.getTime() + r.int(10, 180) * 60_000));
  const viewsCount = status === 'pending' ? r.int(0, 20) : Math.floor(900 * Math.pow(r.float(), 1.5));
  const favoritesCount = Math.min(40, Math.round((viewsCount / 900) * 40 * r.float(0.2, 1.1)));

  const listing: GeneratedProperty = {
    id,
    slug,
    type,
    dealType,
    status,
    featured: status === 'active' && weyl(i, 0.7320508075688772, offsets[2]) < FEATURED_SHARE,
    district,
    complex,
    price,
    area,
    floor,
    totalFloors,
    address,
    latitude,
    longitude,
    characteristics,
    features,
    texts,
    viewsCount,
    favoritesCount,
    agent: r.int(0, o.agentCount - 1),
    createdAt,
    updatedAt,
    publishedAt,
    deletedAt: null,
    rejection: null,
    proposal: null,
    images: imagesOf(r, type, complex, o.pool),
  };
  TEXT_SOURCES.set(listing, { facts, noun });
  return listing;
}

/** At least this many featured listings (the home page shows 6; spec 01 §2). */
export const MIN_FEATURED = 12;

export function generateProperties(o: GeneratePropertiesOptions): GeneratedProperty[] {
  const slugs = new Set<string>();
  const shares = new Random(hashSeed(o.seed, 'shares'));
  const offsets: ShareOffsets = [shares.float(), shares.float(), shares.float()];
  const listings = Array.from({ length: o.count }, (_, i) => generateOne(i, o, offsets, slugs));

  const pick = new Random(hashSeed(o.seed, 'selection'));
  const active = listings.filter((l) => l.status === 'active');
  let featured = active.filter((x) => x.featured).length;
  for (const l of pick.shuffle(active.filter((x) => !x.featured))) {
    if (featured >= MIN_FEATURED) break;
    l.featured = true;
    featured++;
  }

  // A few soft-deleted listings (restorable in the back office), never featured ones.
  const deleted = o.count >= 20 ? Math.max(2, Math.round(o.count * 0.015)) : Math.floor(o.count / 10);
  for (const l of pick.shuffle(listings.filter((x) => !x.featured)).slice(0, deleted)) {
    const from = l.updatedAt.getTime();
    l.deletedAt = new Date(Math.floor((from + pick.float() * (o.referenceDate.getTime() - from)) / 1000) * 1000);
  }
  // Work for the back office: new listings on moderation, a waiting edit, rejections (issue 21);
  // not in the tiny data sets of tests (a handful of listings, all public).
  if (o.count >= 20) stageModeration(listings, new Random(hashSeed(o.seed, 'moderation')), o.referenceDate, (l) => TEXT_SOURCES.get(l));
  return listings;
}
