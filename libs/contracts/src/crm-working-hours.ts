/**
 * Working hours of the sales team and the minutes of them between two instants (issue 22
 * "a lead not contacted within a configurable time in working hours"; spec 02 §3 Lead). Pure
 * functions with no library import: the worker's waiting-lead check and the tests use them.
 */

/** When the sales team works: local [start, end) minutes of the day on `days` (0 = Sunday) in `timeZone`. */
export interface CrmWorkingHours {
  /** Minutes after local midnight, 0..1439. */
  start: number;
  /** Minutes after local midnight, start < end <= 1440. */
  end: number;
  /** Working weekdays, 0 = Sunday .. 6 = Saturday. */
  days: readonly number[];
  /** IANA time zone, e.g. 'Asia/Almaty'. */
  timeZone: string;
}

/** CRM_WORKING_HOURS default: 09:00-18:00, Monday to Friday, Almaty time. */
export const DEFAULT_WORKING_HOURS: CrmWorkingHours = { start: 9 * 60, end: 18 * 60, days: [1, 2, 3, 4, 5], timeZone: 'Asia/Almaty' };

/** CRM_FIRST_CONTACT_MINUTES default: a new lead waits at most 15 working minutes for a first contact. */
export const DEFAULT_FIRST_CONTACT_MINUTES = 15;

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * Parses CRM_WORKING_HOURS: 'HH:MM-HH:MM' optionally followed by a day range ('Mon-Fri',
 * 'Mon-Sat', 'Sun') and a time zone, e.g. '09:00-18:00', '10:00-19:00 Mon-Sat Asia/Almaty'.
 * Empty -> DEFAULT_WORKING_HOURS. Throws an Error naming the value when it is not one.
 */
export function parseWorkingHours(value: string | undefined | null): CrmWorkingHours {
  const text = (value ?? '').trim();
  if (!text) return DEFAULT_WORKING_HOURS;
  const m =
    /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})(?:\s+([A-Za-z]{3})(?:-([A-Za-z]{3}))?)?(?:\s+([A-Za-z_]+\/[A-Za-z_/+-]+|UTC))?$/.exec(text);
  const fail = () => new Error(`CRM_WORKING_HOURS must look like '09:00-18:00 Mon-Fri', got "${text}"`);
  if (!m) throw fail();
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  if (Number(m[2]) > 59 || Number(m[4]) > 59 || start >= end || end > 24 * 60) throw fail();
  let days = DEFAULT_WORKING_HOURS.days;
  if (m[5]) {
    const from = DAY_NAMES.indexOf(m[5].toLowerCase());
    const to = m[6] ? DAY_NAMES.indexOf(m[6].toLowerCase()) : from;
    if (from < 0 || to < 0) throw fail();
    const list: number[] = [];
    for (let d = from; ; d = (d + 1) % 7) {
      list.push(d);
      if (d === to) break;
    }
    days = list;
  }
  const timeZone = m[7] ?? DEFAULT_WORKING_HOURS.timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw fail();
  }
  return { start, end, days, timeZone };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day of `ms` in `timeZone` and the zone's offset there (ms, local - UTC). */
function localDay(ms: number, timeZone: string): { y: number; m: number; d: number; offset: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return { y: p.year, m: p.month, d: p.day, offset: asUtc - Math.floor(ms / 1000) * 1000 };
}

/**
 * Instants already found, by zone, day and minutes: the lead list asks about every row, and its
 * rows walk the same few recent days, each of whose instants cost two Intl formatToParts (15% of
 * the API's CPU on the lead list before). Fixed for the life of the process (the zone rules are).
 */
const instants = new Map<string, number>();

/** The instant of local time `minutes` after midnight of day (y, m, d) in `timeZone`. */
function instantOf(y: number, m: number, d: number, minutes: number, timeZone: string): number {
  const key = `${timeZone}|${y}|${m}|${d}|${minutes}`;
  let at = instants.get(key);
  if (at === undefined) {
    const guess = Date.UTC(y, m - 1, d, 0, minutes);
    const first = guess - localDay(guess, timeZone).offset;
    // once more at the found instant, for a zone whose offset changed in between (DST)
    at = guess - localDay(first, timeZone).offset;
    if (instants.size >= 10_000) instants.clear();
    instants.set(key, at);
  }
  return at;
}

/**
 * Whole minutes of working time in [from, to): the sum of the overlaps of that interval with
 * each working day's window (hours.start..hours.end local time, on hours.days), rounded down.
 * 0 when `to` is not after `from`. Examples with 09:00-18:00 Mon-Fri: Monday 17:55 -> Tuesday
 * 09:10 is 15; Friday 17:50 -> Monday 09:05 is 15; Saturday all day is 0.
 * `atMost`: stop counting there (answers `atMost`) — "did it pass 15 minutes?" about a lead
 * months old then costs a day or two of the walk, not one per day since (the lead list asks it
 * for every row: 25 rows of half-year-old leads took 90 ms).
 */
export function workingMinutesBetween(
  from: Date,
  to: Date,
  hours: CrmWorkingHours = DEFAULT_WORKING_HOURS,
  atMost = Number.POSITIVE_INFINITY,
): number {
  const a = from.getTime();
  const b = to.getTime();
  if (!(b > a)) return 0;
  const first = localDay(a, hours.timeZone);
  let total = 0;
  // walk the local calendar days from `from`'s to `to`'s (at most ~10 years, against a runaway loop)
  for (let i = 0; i < 3700; i++) {
    const day = new Date(Date.UTC(first.y, first.m - 1, first.d + i));
    const y = day.getUTCFullYear();
    const m = day.getUTCMonth() + 1;
    const d = day.getUTCDate();
    const dayStart = instantOf(y, m, d, 0, hours.timeZone);
    if (dayStart >= b) break;
    if (!hours.days.includes(day.getUTCDay())) continue;
    const open = instantOf(y, m, d, hours.start, hours.timeZone);
    const close = instantOf(y, m, d, hours.end, hours.timeZone);
    total += Math.max(0, Math.min(b, close) - Math.max(a, open));
    if (total >= atMost * 60_000) return atMost;
  }
  return Math.floor(total / 60_000);
}

/** CRM_FIRST_CONTACT_MINUTES: a positive whole number, else DEFAULT_FIRST_CONTACT_MINUTES (15). */
export function crmFirstContactMinutes(env: Record<string, string | undefined>): number {
  const n = Number(env.CRM_FIRST_CONTACT_MINUTES);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_FIRST_CONTACT_MINUTES;
}

/** CRM_WORKING_HOURS parsed; an unreadable value falls back to DEFAULT_WORKING_HOURS. */
export function crmWorkingHours(env: Record<string, string | undefined>): CrmWorkingHours {
  try {
    return parseWorkingHours(env.CRM_WORKING_HOURS);
  } catch {
    return DEFAULT_WORKING_HOURS;
  }
}
