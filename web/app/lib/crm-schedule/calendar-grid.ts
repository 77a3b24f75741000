import { CALENDAR_VIEWS, almatyDay, almatyDayStart, type CalendarItemDto, type CalendarView } from '@realty/contracts';

/**
 * The calendar's grid (issue 22 "Calendar": month, week and day views, ?view=&date=, prev /
 * next / today, server-rendered): which days a view shows, the range it asks the API for, the
 * neighbouring dates, and the items of each day. Days are 'YYYY-MM-DD' of Asia/Almaty; weeks
 * start on Monday.
 */

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (d: Date) => d.toISOString().slice(0, 10);

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return toDay(new Date(toDate(day).getTime() + n * DAY_MS));
}

/** The first day of `day`'s month moved by `n` months. */
export function addMonths(day: string, n: number): string {
  const d = toDate(day);
  return toDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)));
}

/** The Monday of `day`'s week. */
export function weekStart(day: string): string {
  const dow = (toDate(day).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return addDays(day, -dow);
}

/** The view and date of the URL (?view=month|week|day&date=YYYY-MM-DD); invalid values fall back to month and today. */
export function readCalendarParams(params: URLSearchParams, today: string): { view: CalendarView; date: string } {
  const v = params.get('view');
  const view = (CALENDAR_VIEWS as readonly string[]).includes(v ?? '') ? (v as CalendarView) : 'month';
  const raw = params.get('date') ?? '';
  const valid = DAY.test(raw) && toDay(toDate(raw)) === raw;
  return { view, date: valid ? raw : today };
}

/** The days a view shows: a month as whole weeks (Monday to Sunday), a week, or one day. */
export function viewDays(view: CalendarView, date: string): string[] {
  let first: string;
  let count: number;
  if (view === 'day') {
    first = date;
    count = 1;
  } else if (view === 'week') {
    first = weekStart(date);
    count = 7;
  } else {
    const monthFirst = addMonths(date, 0);
    const monthLast = addDays(addMonths(date, 1), -1);
    first = weekStart(monthFirst);
    count = Math.round((toDate(addDays(weekStart(monthLast), 7)).getTime() - toDate(first).getTime()) / DAY_MS);
  }
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** The instants [start, end) the view covers, for GET /api/calendar. */
export function viewRange(view: CalendarView, date: string): { start: string; end: string } {
  const days = viewDays(view, date);
  return { start: almatyDayStart(days[0]).toISOString(), end: almatyDayStart(addDays(days[days.length - 1], 1)).toISOString() };
}

/** The date of the previous and next page of the view. */
export function neighbours(view: CalendarView, date: string): { prev: string; next: string } {
  if (view === 'month') return { prev: addMonths(date, -1), next: addMonths(date, 1) };
  const step = view === 'week' ? 7 : 1;
  return { prev: addDays(date, -step), next: addDays(date, step) };
}

/** The URL of a view and date (other params kept: agentId, type). */
export function calendarHref(path: string, view: CalendarView, date: string, keep: Record<string, string | undefined> = {}): string {
  const p = new URLSearchParams({ view, date });
  for (const [k, v] of Object.entries(keep)) if (v) p.set(k, v);
  return `${path}?${p.toString()}`;
}

/** True when `day` is in the month of `date`. */
export const sameMonth = (day: string, date: string) => day.slice(0, 7) === date.slice(0, 7);

/**
 * The items of each shown day, in time order: an item is on every Almaty day it overlaps (a
 * task, a point in time, on the day of its due time).
 */
export function itemsByDay(days: string[], items: CalendarItemDto[]): Map<string, CalendarItemDto[]> {
  const out = new Map<string, CalendarItemDto[]>(days.map((d) => [d, []]));
  for (const item of items) {
    const first = almatyDay(item.start);
    const endMs = new Date(item.end).getTime();
    // an end exactly at midnight belongs to the day before
    const last = endMs > new Date(item.start).getTime() ? almatyDay(endMs - 1) : first;
    for (let d = first; d <= last; d = addDays(d, 1)) out.get(d)?.push(item);
  }
  return out;
}
