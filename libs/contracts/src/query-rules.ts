import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsIn, ValidateBy, type ValidationArguments } from 'class-validator';
import type { MessageKey } from './messages';

/**
 * The building blocks of the public read APIs' query DTOs (properties, partners, blog; spec 01
 * §7, §8): transforms that turn query strings into values, and validators that each answer one
 * message id of MESSAGES chosen from the value (so a field's message does not depend on the
 * decorator order). No framework import here: only class-validator and class-transformer.
 *
 * - spec 01 §7 "empty and 'all' values are skipped": '' (or blank) and 'all' mean "no filter";
 * - values are trimmed; enum values and true/false are case-insensitive; numbers are plain
 *   decimals ('12', '12.5'), never '1e5' or '0x10'.
 */

/** Values of a filter parameter that mean "no filter" (spec 01 §7). */
export function isSkippedFilterValue(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && (value.trim() === '' || value.trim().toLowerCase() === 'all'))
  );
}

// ---------------------------------------------------------------------------------------
// Transforms: they run before validation; a value they cannot convert is passed on
// unchanged so the validator reports it (never a silent default, never a 500).

/** Filter text: trimmed; '' and 'all' become undefined. Non-strings pass through (then rejected). */
const filterText = () =>
  Transform(({ value }) => (isSkippedFilterValue(value) ? undefined : typeof value === 'string' ? value.trim() : value));

/** Enum filter (deal type, type, district): like filterText, and lower-cased ('RENT' is 'rent'). */
const filterEnum = () =>
  Transform(({ value }) => (isSkippedFilterValue(value) ? undefined : typeof value === 'string' ? value.trim().toLowerCase() : value));

/** Non-filter enum (sort, lang): trimmed and lower-cased; '' becomes undefined (the default applies). */
const optionEnum = () =>
  Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value));

const DECIMAL = /^-?\d{1,30}(\.\d{1,10})?$/;

/** Number: a plain decimal ('12', '12.5', '-3') becomes a number; anything else stays as is. */
const toNumber = (skip: (v: unknown) => boolean) =>
  Transform(({ value }) => {
    if (skip(value)) return undefined;
    if (typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value.trim());
    return value;
  });

const filterNumber = () => toNumber(isSkippedFilterValue);
const optionNumber = () => toNumber((v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === ''));

/** Boolean filter: 'true' / 'false' (any case); '' and 'all' mean no filter. */
const filterBoolean = () =>
  Transform(({ value }) => {
    if (isSkippedFilterValue(value)) return undefined;
    if (value === true || value === false) return value;
    if (typeof value === 'string') {
      const v = value.trim().toLowerCase();
      if (v === 'true') return true;
      if (v === 'false') return false;
    }
    return value;
  });

// ---------------------------------------------------------------------------------------
// Validators. Each returns one message id chosen from the value, so the field message is
// deterministic whatever the decorator order.

export interface NumberRule {
  min: number;
  max: number;
  integer?: boolean;
  /** Message when the value is a number outside [min, max]; default 'field.min0' below, 'field.max' above. */
  rangeMessage?: MessageKey;
}

function numberProblem(value: unknown, rule: NumberRule): MessageKey | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return rule.integer ? 'field.integer' : 'field.number';
  if (rule.integer && !Number.isInteger(value)) return 'field.integer';
  if (value < rule.min) return rule.rangeMessage ?? (rule.min === 0 ? 'field.min0' : 'field.invalid');
  if (value > rule.max) return rule.rangeMessage ?? 'field.max';
  return null;
}

/** A number (already converted by a transform) within a rule. */
function IsQueryNumber(rule: NumberRule): PropertyDecorator {
  return ValidateBy({
    name: 'isQueryNumber',
    constraints: [rule],
    validator: {
      validate: (value: unknown) => numberProblem(value, rule) === null,
      defaultMessage: (args?: ValidationArguments) => numberProblem(args?.value, rule) ?? 'field.invalid',
    },
  });
}

/** One of `values` (strings only). */
function IsQueryEnum(values: readonly string[]): PropertyDecorator {
  return IsIn(values as string[], { message: 'field.enum' satisfies MessageKey });
}

/** true or false. */
function IsQueryBoolean(): PropertyDecorator {
  return ValidateBy({
    name: 'isQueryBoolean',
    validator: { validate: (value: unknown) => typeof value === 'boolean', defaultMessage: () => 'field.boolean' satisfies MessageKey },
  });
}

/** Free text without control characters, at most `max` characters. */
function IsQueryText(max: number): PropertyDecorator {
  const problem = (value: unknown): MessageKey | null => {
    if (typeof value !== 'string') return 'field.invalid';
    if (value.length > max) return 'field.tooLong';
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value)) return 'field.invalid';
    return null;
  };
  return ValidateBy({
    name: 'isQueryText',
    validator: {
      validate: (v: unknown) => problem(v) === null,
      defaultMessage: (args?: ValidationArguments) => problem(args?.value) ?? 'field.invalid',
    },
  });
}

/** A slug: latin letters, digits, '-' and '_', at most 64 characters. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

function IsQuerySlug(): PropertyDecorator {
  return ValidateBy({
    name: 'isQuerySlug',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && SLUG_PATTERN.test(value),
      defaultMessage: () => 'field.invalid' satisfies MessageKey,
    },
  });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A listing id (uuid), any case. */
function IsQueryUuid(): PropertyDecorator {
  return ValidateBy({
    name: 'isQueryUuid',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && UUID_PATTERN.test(value),
      defaultMessage: () => 'field.invalid' satisfies MessageKey,
    },
  });
}

/** The value must equal `other` when both spellings (snake_case and camelCase) are given. */
function SameAsWhenBoth(other: string): PropertyDecorator {
  return ValidateBy({
    name: 'sameAsWhenBoth',
    constraints: [other],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const o = (args?.object as Record<string, unknown> | undefined)?.[other];
        return o === undefined || o === value;
      },
      defaultMessage: () => 'field.conflict' satisfies MessageKey,
    },
  });
}

/** A minimum must not be above the maximum given under either spelling (spec 01 §5 "price is outside the range"). */
function NotAboveMax(...maxKeys: string[]): PropertyDecorator {
  return ValidateBy({
    name: 'notAboveMax',
    constraints: maxKeys,
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const obj = (args?.object ?? {}) as Record<string, unknown>;
        const max = maxKeys.map((k) => obj[k]).find((v) => v !== undefined);
        if (typeof value !== 'number' || typeof max !== 'number' || !Number.isFinite(max)) return true;
        return value <= max;
      },
      defaultMessage: () => 'field.range' satisfies MessageKey,
    },
  });
}

/** The query-parameter building blocks, for every public read API (properties, partners, blog). */
export const QueryRules = {
  filterText,
  filterEnum,
  optionEnum,
  filterNumber,
  optionNumber,
  filterBoolean,
  IsQueryNumber,
  IsQueryEnum,
  IsQueryBoolean,
  IsQueryText,
  IsQuerySlug,
  IsQueryUuid,
  SameAsWhenBoth,
  NotAboveMax,
};
