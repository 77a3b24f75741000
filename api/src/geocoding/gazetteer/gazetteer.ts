import type { AlmatyDistrict, GeocodeResultDto, Language } from '@realty/contracts';
import { ALMATY_GAZETTEER, CITY_NAME, DISTRICT_ENTRIES, type GazetteerEntry } from './almaty.data';

/**
 * Search and reverse look-up over the offline gazetteer (almaty.data.ts). Pure functions, no I/O.
 *
 * Matching is case-, diacritics- and script-variant-insensitive (Kazakh letters ә ғ қ ң ө ұ ү һ і
 * fold to а г к н о у у х и; ё to е, й to и), across every language's name and the aliases.
 * Words like "улица", "пр.", "street", "көшесі", "район" are ignored on both sides, so
 * "ул. Абая" finds "проспект Абая". Rank of a name against the query: exact 4 > the name starts
 * with the query 3 > every query word starts a word of the name 2 > substring 1. A query whose
 * words are not all found is retried without its numbers ("Абая 150" finds the street).
 */

/** Within this distance of a street point or landmark, reverse answers that place. */
export const REVERSE_PLACE_RADIUS_M = 750;
/** Otherwise, within this distance of a district's centroid, the nearest district; beyond: null. */
export const REVERSE_DISTRICT_RADIUS_M = 12_000;

const FOLD: Record<string, string> = { ә: 'а', ғ: 'г', қ: 'к', ң: 'н', ө: 'о', ұ: 'у', ү: 'у', һ: 'х', і: 'и' };

function words(folded: string): string[] {
  return folded ? folded.split(' ') : [];
}
const core = (folded: string) => words(folded).filter((w) => !GENERIC.has(w));

/** Words that name the kind of place, not the place (already folded). */
const GENERIC = new Set(
  [
    'улица',
    'ул',
    'проспект',
    'пр',
    'пр-т',
    'просп',
    'бульвар',
    'б-р',
    'переулок',
    'пер',
    'площадь',
    'пл',
    'район',
    'мкр',
    'микрорайон',
    'шоссе',
    'street',
    'st',
    'avenue',
    'ave',
    'av',
    'boulevard',
    'blvd',
    'district',
    'square',
    'sq',
    'lane',
    'кошеси',
    'дангылы',
    'бульвары',
    'ауданы',
    'аланы',
    'тракт',
    'трц',
    'тц',
    'mall',
  ].flatMap((w) => words(fold(w))),
);
const CITY_WORDS = new Set(
  ['алматы', 'almaty', 'алма', 'ата', 'alma', 'ata', 'г', 'город', 'city', 'kazakhstan', 'казахстан'].flatMap((w) => words(fold(w))),
);

/** Lower case, marks removed, Kazakh letters folded, punctuation to spaces, spaces collapsed. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[әғқңөұүһі]/g, (c) => FOLD[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface IndexedName {
  full: string;
  core: string[];
}
interface Indexed {
  entry: GazetteerEntry;
  names: IndexedName[];
}

const index = (entry: GazetteerEntry): Indexed => ({
  entry,
  names: [...Object.values(entry.names), ...(entry.aliases ?? [])].map((n) => {
    const full = fold(n);
    return { full, core: core(full) };
  }),
});

const INDEX: Indexed[] = ALMATY_GAZETTEER.map(index);

/** The rank of one name against a query (0: no match). */
function rankName(name: IndexedName, q: string, qCore: string[]): number {
  const nameCore = name.core.join(' ');
  const query = qCore.join(' ');
  if (name.full === q || (query && nameCore === query)) return 4;
  if (name.full.startsWith(q) || (query && nameCore.startsWith(query))) return 3;
  const used = new Set<number>();
  const allStart =
    qCore.length > 0 &&
    qCore.every((w) => {
      const i = name.core.findIndex((nw, k) => !used.has(k) && nw.startsWith(w));
      if (i < 0) return false;
      used.add(i);
      return true;
    });
  if (allStart) return 2;
  if (name.full.includes(q) || (query && nameCore.includes(query))) return 1;
  return 0;
}

const rankEntry = (e: Indexed, q: string, qCore: string[]) => Math.max(0, ...e.names.map((n) => rankName(n, q, qCore)));

const KIND_ORDER = { landmark: 0, street: 1, district: 2 } as const;

/** An entry's name in `lang` (zh: the English name; kk: the Russian one where no Kazakh one is known). */
export function localName(entry: GazetteerEntry, lang: Language): string {
  return lang === 'zh' ? entry.names.en : lang === 'kk' ? (entry.names.kk ?? entry.names.ru) : entry.names[lang];
}

/** A district's name in `lang` ("Бостандыкский район", "Bostandyk District"...). */
export function districtName(slug: AlmatyDistrict, lang: Language): string {
  const entry = DISTRICT_ENTRIES.find((d) => d.id === slug);
  return entry ? localName(entry, lang) : slug;
}

/** The entry as an API result in `lang`: "{name}, {city}", its point, kind and district. */
export function toResult(entry: GazetteerEntry, lang: Language): GeocodeResultDto {
  return {
    displayName: `${localName(entry, lang)}, ${CITY_NAME[lang]}`,
    lat: entry.lat,
    lng: entry.lng,
    kind: entry.kind,
    ...(entry.district ? { district: entry.district, districtName: districtName(entry.district, lang) } : {}),
  };
}

export interface GazetteerSearch {
  lang: Language;
  /** At most this many results. */
  limit: number;
  /** Suggestions: districts after every street and landmark whatever their rank. */
  districtsLast?: boolean;
}

/** Entries matching `text`, best first (see the file's comment for the rank); [] when nothing matches. */
export function searchGazetteer(text: string, { lang, limit, districtsLast = false }: GazetteerSearch): GeocodeResultDto[] {
  const q = fold(text);
  let qCore = core(q);
  // "Алматы, Абая": the city's name says nothing when something else is asked
  const withoutCity = qCore.filter((w) => !CITY_WORDS.has(w));
  if (withoutCity.length) qCore = withoutCity;
  if (!q) return [];
  let ranked = rankAll(q, qCore);
  const withoutNumbers = qCore.filter((w) => !/^\d+[a-zа-я]?$/.test(w));
  if (!ranked.length && withoutNumbers.length && withoutNumbers.length < qCore.length) {
    ranked = rankAll(withoutNumbers.join(' '), withoutNumbers);
  }
  ranked.sort(
    (a, b) =>
      (districtsLast ? Number(a.e.entry.kind === 'district') - Number(b.e.entry.kind === 'district') : 0) ||
      b.rank - a.rank ||
      KIND_ORDER[a.e.entry.kind] - KIND_ORDER[b.e.entry.kind] ||
      a.e.entry.names.en.length - b.e.entry.names.en.length ||
      a.e.entry.id.localeCompare(b.e.entry.id),
  );
  return ranked.slice(0, limit).map((r) => toResult(r.e.entry, lang));
}

function rankAll(q: string, qCore: string[]): Array<{ e: Indexed; rank: number }> {
  return INDEX.map((e) => ({ e, rank: rankEntry(e, q, qCore) })).filter((r) => r.rank > 0);
}

/** Great-circle distance in metres (haversine, mean Earth radius 6,371,008.8 m). */
export function haversineMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function nearest(entries: readonly GazetteerEntry[], lat: number, lng: number): { entry: GazetteerEntry; meters: number } | null {
  let best: { entry: GazetteerEntry; meters: number } | null = null;
  for (const entry of entries) {
    const meters = haversineMeters(lat, lng, entry.lat, entry.lng);
    if (!best || meters < best.meters) best = { entry, meters };
  }
  return best;
}

/**
 * The place at a point: the nearest street point or landmark within REVERSE_PLACE_RADIUS_M
 * (750 m); else the district with the nearest centroid within REVERSE_DISTRICT_RADIUS_M (12 km);
 * else null (outside Almaty).
 */
export function reverseGazetteer(lat: number, lng: number, lang: Language): GeocodeResultDto | null {
  const place = nearest(
    ALMATY_GAZETTEER.filter((e) => e.kind !== 'district'),
    lat,
    lng,
  );
  if (place && place.meters <= REVERSE_PLACE_RADIUS_M) return toResult(place.entry, lang);
  const district = nearest(DISTRICT_ENTRIES, lat, lng);
  if (district && district.meters <= REVERSE_DISTRICT_RADIUS_M) return toResult(district.entry, lang);
  return null;
}
