import { DEFAULT_WORKING_HOURS, parseWorkingHours, workingMinutesBetween } from './crm-working-hours';

/** Working minutes of a lead's wait (issue 22): Almaty is UTC+5; 2026-06-15 is a Monday. */
describe('workingMinutesBetween', () => {
  const at = (local: string) => new Date(`${local}+05:00`);
  const w = (from: string, to: string, hours = DEFAULT_WORKING_HOURS) => workingMinutesBetween(at(from), at(to), hours);

  it('counts plain minutes inside one working day', () => {
    expect(w('2026-06-15T10:00:00', '2026-06-15T10:16:00')).toBe(16);
    expect(w('2026-06-15T10:00:00', '2026-06-15T10:00:59')).toBe(0);
  });

  it('counts nothing before opening and after closing', () => {
    expect(w('2026-06-15T06:00:00', '2026-06-15T09:00:00')).toBe(0);
    expect(w('2026-06-15T18:00:00', '2026-06-15T23:59:00')).toBe(0);
    expect(w('2026-06-15T08:50:00', '2026-06-15T09:20:00')).toBe(20);
  });

  it('skips the night: Monday 17:55 -> Tuesday 09:10 is 15 minutes', () => {
    expect(w('2026-06-15T17:55:00', '2026-06-16T09:10:00')).toBe(15);
    // a lead sent at 23:00 waits from 09:00 the next morning
    expect(w('2026-06-15T23:00:00', '2026-06-16T09:14:00')).toBe(14);
  });

  it('skips the weekend: Friday 17:50 -> Monday 09:05 is 15 minutes', () => {
    expect(w('2026-06-19T17:50:00', '2026-06-22T09:05:00')).toBe(15);
    expect(w('2026-06-20T10:00:00', '2026-06-21T17:00:00')).toBe(0);
  });

  it('adds whole working days: a week is 5 x 9 hours', () => {
    expect(w('2026-06-15T00:00:00', '2026-06-22T00:00:00')).toBe(5 * 9 * 60);
  });

  it('stops at `atMost` when asked (a question about passing a limit), and counts exactly below it', () => {
    const hours = DEFAULT_WORKING_HOURS;
    expect(workingMinutesBetween(at('2025-06-16T10:00:00'), at('2026-06-16T10:00:00'), hours, 16)).toBe(16);
    expect(workingMinutesBetween(at('2026-06-19T17:50:00'), at('2026-06-22T09:05:00'), hours, 16)).toBe(15);
    expect(workingMinutesBetween(at('2026-06-15T10:00:00'), at('2026-06-22T10:00:00'), hours)).toBe(5 * 9 * 60);
  });

  it('answers 0 when the end is not after the start', () => {
    expect(w('2026-06-15T12:00:00', '2026-06-15T11:00:00')).toBe(0);
    expect(w('2026-06-15T12:00:00', '2026-06-15T12:00:00')).toBe(0);
  });

  it('uses the time zone of the hours, not the machine', () => {
    const utcHours = parseWorkingHours('09:00-18:00 Mon-Fri UTC');
    // 09:00 Almaty is 04:00 UTC: before the UTC office opens
    expect(workingMinutesBetween(at('2026-06-15T09:00:00'), at('2026-06-15T10:00:00'), utcHours)).toBe(0);
    expect(workingMinutesBetween(at('2026-06-15T14:00:00'), at('2026-06-15T14:30:00'), utcHours)).toBe(30);
  });
});

describe('parseWorkingHours', () => {
  it('defaults to 09:00-18:00 Mon-Fri Asia/Almaty', () => {
    expect(parseWorkingHours(undefined)).toEqual(DEFAULT_WORKING_HOURS);
    expect(parseWorkingHours('09:00-18:00')).toEqual(DEFAULT_WORKING_HOURS);
  });

  it('reads a day range and a zone', () => {
    expect(parseWorkingHours('10:00-19:30 Mon-Sat')).toEqual({ ...DEFAULT_WORKING_HOURS, start: 600, end: 1170, days: [1, 2, 3, 4, 5, 6] });
    expect(parseWorkingHours('08:00-12:00 Sat-Sun UTC')).toEqual({ start: 480, end: 720, days: [6, 0], timeZone: 'UTC' });
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['9-18', '18:00-09:00', '09:00-25:00', '09:00-18:00 Xyz', '09:00-18:00 Mon-Fri Nowhere/City'])
      expect(() => parseWorkingHours(bad)).toThrow(/CRM_WORKING_HOURS/);
  });
});
