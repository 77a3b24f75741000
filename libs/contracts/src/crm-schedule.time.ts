import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { Check } from './auth.dto';
import type { MessageKey } from './messages';

/**
 * Times of the CRM's schedule (issue 22 "Tasks", "Viewings", "Calendar"): the agency works on
 * Asia/Almaty time (UTC+5 all year since 2024). A time without a zone, as a datetime-local
 * field posts it ('2026-11-26T15:30'), is an Almaty time; a bare day 'YYYY-MM-DD' is an Almaty day.
 */
export const SCHEDULE_TIME_ZONE = 'Asia/Almaty';
export const SCHEDULE_OFFSET = '+05:00';
/** The zone's offset, minutes (for day arithmetic without Intl). */
export const SCHEDULE_OFFSET_MINUTES = 300;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a real calendar day 'YYYY-MM-DD' ('2025-02-30' is not). */
export function isScheduleDay(value: unknown): boolean {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A date-time (zone optional: Almaty) or a day (its Almaty start) as an ISO instant, or null when it is not one. */
export function toScheduleInstant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (isScheduleDay(v)) return almatyDayStart(v).toISOString();
  if (!DATE_TIME.test(v) || !isScheduleDay(v.slice(0, 10))) return null;
  const withZone = /(Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}${SCHEDULE_OFFSET}`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The start of Almaty day `day` ('YYYY-MM-DD') as a Date. */
export function almatyDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00${SCHEDULE_OFFSET}`));
}

/** The Almaty day ('YYYY-MM-DD') of an instant. */
export function almatyDay(at: Date | string | number): string {
  const ms = new Date(at).getTime() + SCHEDULE_OFFSET_MINUTES * 60_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DDTHH:mm' of an instant in Almaty (the value of a datetime-local field). */
export function almatyLocalInput(at: Date | string | number): string {
  const ms = new Date(at).getTime() + SCHEDULE_OFFSET_MINUTES * 60_000;
  return new Date(ms).toISOString().slice(0, 16);
}

/** '' and null mean "none" (null); other values pass on. */
export const BlankToNull = () =>
  Transform(({ value }) =>
    value === undefined ? undefined : value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
  );

/** A query filter: '' and 'all' mean no filter (undefined). */
export const BlankToUnset = () =>
  Transform(({ value }) =>
    typeof value === 'string' && (value.trim() === '' || value.trim().toLowerCase() === 'all') ? undefined : value,
  );

/** A date-time made an ISO instant (Almaty when no zone); a value that is not one stays and is refused. */
export const ToInstant = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      return value === undefined ? undefined : null;
    return toScheduleInstant(value) ?? value;
  });

/** An ISO instant (after ToInstant). */
export const IsInstant = (name: string, key: MessageKey = 'field.date') =>
  Check(name, (v) => (typeof v === 'string' && toScheduleInstant(v) ? null : key));

/** An optional uuid: '' is null; anything else must be a uuid. */
export const OptionalUuid = (name: string) => (target: object, key: string | symbol) => {
  BlankToNull()(target, key);
  IsOptional()(target, key);
  Check(name, (v) => (v === null || (typeof v === 'string' && UUID.test(v)) ? null : 'field.invalid'))(target, key);
};

/** A uuid query filter ('' and 'all': none). */
export const UuidFilter = (name: string) => (target: object, key: string | symbol) => {
  BlankToUnset()(target, key);
  IsOptional()(target, key);
  Check(name, (v) => (typeof v === 'string' && UUID.test(v) ? null : 'field.invalid'))(target, key);
};

/** A day query filter 'YYYY-MM-DD' ('' : none). */
export const DayFilter = (name: string) => (target: object, key: string | symbol) => {
  BlankToUnset()(target, key);
  IsOptional()(target, key);
  Check(name, (v) => (isScheduleDay(v) ? null : 'field.date'))(target, key);
};

/** A date-time query bound (a day or a date-time, Almaty when no zone) made an ISO instant. */
export const InstantFilter = (name: string) => (target: object, key: string | symbol) => {
  Transform(({ value }) => {
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    const v = value.trim();
    return isScheduleDay(v) ? almatyDayStart(v).toISOString() : (toScheduleInstant(v) ?? v);
  })(target, key);
  IsOptional()(target, key);
  Check(name, (v) => (typeof v === 'string' && toScheduleInstant(v) ? null : 'field.date'))(target, key);
};

export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
