import { describe, expect, it } from '@jest/globals';
import type { CalendarItemDto } from '@realty/contracts';
import { addDays, itemsByDay, neighbours, readCalendarParams, viewDays, viewRange, weekStart } from './calendar-grid';

const item = (id: string, start: string, end = start): CalendarItemDto => ({
  kind: 'event',
  id,
  title: id,
  start,
  end,
  allDay: false,
  status: 'planned',
  type: 'meeting',
  link: `/dashboard/calendar/${id}`,
  ownerId: null,
});

describe('calendar grid', () => {
  it('reads the view and the date, falling back to month and today', () => {
    expect(readCalendarParams(new URLSearchParams('view=week&date=2026-11-26'), '2026-01-01')).toEqual({
      view: 'week',
      date: '2026-11-26',
    });
    expect(readCalendarParams(new URLSearchParams('view=year&date=2026-02-30'), '2026-01-01')).toEqual({
      view: 'month',
      date: '2026-01-01',
    });
  });

  it('shows a month as whole weeks from Monday, a week from Monday, a day alone', () => {
    const month = viewDays('month', '2026-11-26');
    expect(month[0]).toBe('2026-10-26');
    expect(month[month.length - 1]).toBe('2026-12-06');
    expect(month).toHaveLength(42);
    expect(viewDays('month', '2026-02-10')).toHaveLength(35); // 1 Feb 2026 is a Sunday: from Monday 26 Jan
    expect(viewDays('month', '2027-02-10')).toHaveLength(28); // 1 Feb 2027 is a Monday, 28 Feb a Sunday
    expect(viewDays('week', '2026-11-26')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(viewDays('day', '2026-11-26')).toEqual(['2026-11-26']);
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
  });

  it('asks the API for Almaty days and moves by a month, a week or a day', () => {
    expect(viewRange('day', '2026-11-26')).toEqual({ start: '2026-11-25T19:00:00.000Z', end: '2026-11-26T19:00:00.000Z' });
    expect(neighbours('month', '2026-01-31')).toEqual({ prev: '2025-12-01', next: '2026-02-01' });
    expect(neighbours('week', '2026-11-26')).toEqual({ prev: '2026-11-19', next: '2026-12-03' });
    expect(neighbours('day', '2026-12-31')).toEqual({ prev: '2026-12-30', next: '2027-01-01' });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('puts items on each Almaty day they overlap', () => {
    const days = viewDays('week', '2026-11-26');
    const map = itemsByDay(days, [
      item('late', '2026-11-24T18:30:00.000Z'), // 23:30 Almaty on the 24th
      item('night', '2026-11-24T19:30:00.000Z'), // 00:30 Almaty on the 25th
      item('span', '2026-11-26T05:00:00.000Z', '2026-11-27T19:00:00.000Z'), // to midnight of the 28th
    ]);
    expect(map.get('2026-11-24')?.map((i) => i.id)).toEqual(['late']);
    expect(map.get('2026-11-25')?.map((i) => i.id)).toEqual(['night']);
    expect(map.get('2026-11-26')?.map((i) => i.id)).toEqual(['span']);
    expect(map.get('2026-11-27')?.map((i) => i.id)).toEqual(['span']);
    expect(map.get('2026-11-28')).toEqual([]);
  });
});
