import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import type { Language } from './enums';
import { translateMessage, type MessageKey } from './messages';

/**
 * Validation outside Nest (the Remix actions): one function, so a page validates a form with
 * the same DTO class, the same options and the same choice of message as the API's global
 * ValidationPipe (api/src/common/validation.ts), and a form and the API never disagree.
 */

/** Field name -> message id of the first failed rule. */
export type FieldMessageKeys = Record<string, MessageKey>;

/** Field name -> message in a language. */
export type FieldMessages = Record<string, string>;

export type Validated<T, E = FieldMessageKeys> = { ok: true; value: T } | { ok: false; errors: E };

function collect(errors: ValidationError[]): FieldMessageKeys {
  const out: FieldMessageKeys = {};
  for (const e of errors) {
    // stopAtFirstError leaves one constraint per field: the first rule that failed, in
    // class-validator's order. The last entry is the API pipe's pick (validationErrorsToFields)
    // should a field ever carry more than one (async rules).
    const messages = Object.values(e.constraints ?? {});
    if (messages.length && !out[e.property]) out[e.property] = messages[messages.length - 1] as MessageKey;
  }
  return out;
}

/** The message ids of `errors` in `lang` (texts of messages.ts). */
export function translateFieldMessages(errors: Record<string, string>, lang: Language): FieldMessages {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, translateMessage(key, lang)]));
}

/**
 * Validates a plain object (e.g. the fields of a submitted form) with a DTO class exactly as the
 * API's ValidationPipe does: the class's transforms first, then its rules with `whitelist`
 * (unknown fields are dropped) and `stopAtFirstError` (one message per field). Returns the
 * transformed value, or per invalid field the message id of its first failed rule; with `lang`,
 * that message's text in `lang` (what a page shows under the field).
 */
export async function validateInput<T extends object>(cls: new () => T, input: Record<string, unknown>): Promise<Validated<T>>;
export async function validateInput<T extends object>(
  cls: new () => T,
  input: Record<string, unknown>,
  lang: Language,
): Promise<Validated<T, FieldMessages>>;
export async function validateInput<T extends object>(
  cls: new () => T,
  input: Record<string, unknown>,
  lang?: Language,
): Promise<Validated<T, FieldMessages>> {
  const instance = plainToInstance(cls, input);
  const errors = await validate(instance, { whitelist: true, stopAtFirstError: true, forbidUnknownValues: false });
  if (!errors.length) return { ok: true, value: instance };
  const keys = collect(errors);
  return { ok: false, errors: lang ? translateFieldMessages(keys, lang) : keys };
}
