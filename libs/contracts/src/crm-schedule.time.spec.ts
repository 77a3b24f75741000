import { describe, expect, it } from '@jest/globals';
import { TaskWriteDto, ViewingWriteDto, almatyDay, almatyLocalInput, isScheduleDay, toScheduleInstant, validateInput } from './index';

/** Times of the CRM schedule (issue 22): Asia/Almaty (UTC+5) when a value has no zone. */
describe('schedule times', () => {
  it('reads a zoneless date-time as Almaty time, a zoned one as given, a day as its Almaty start', () => {
    expect(toScheduleInstant('2026-11-26T15:30')).toBe('2026-11-26T10:30:00.000Z');
    expect(toScheduleInstant('2026-11-26T15:30:00Z')).toBe('2026-11-26T15:30:00.000Z');
    expect(toScheduleInstant('2026-11-26')).toBe('2026-11-25T19:00:00.000Z');
    expect(toScheduleInstant('2026-02-30T10:00')).toBeNull();
    expect(toScheduleInstant('tomorrow')).toBeNull();
    expect(isScheduleDay('2026-02-29')).toBe(false);
  });

  it('shows an instant as an Almaty day and a datetime-local value', () => {
    expect(almatyDay('2026-11-25T19:00:00.000Z')).toBe('2026-11-26');
    expect(almatyDay('2026-11-25T18:59:59.000Z')).toBe('2026-11-25');
    expect(almatyLocalInput('2026-11-26T10:30:00.000Z')).toBe('2026-11-26T15:30');
  });

  it('validates the task and viewing bodies as the API does', async () => {
    const task = await validateInput(TaskWriteDto, { title: ' Позвонить ', dueDate: '2026-11-26T15:30', leadId: '' }, 'en');
    expect(task).toMatchObject({ ok: true, value: { title: ' Позвонить ', dueDate: '2026-11-26T10:30:00.000Z', leadId: null } });
    const bad = await validateInput(ViewingWriteDto, { propertyId: '', startsAt: '', durationMinutes: '10' }, 'ru');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['durationMinutes', 'propertyId', 'startsAt']);
  });
});
