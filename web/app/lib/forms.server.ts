import { ApiError, ApiNetworkError, ApiValidationError } from '@realty/api-client';
import { translateMessage, type Language } from '@realty/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

/**
 * Server-side form validation with the API's own DTO classes (STYLE "Validation rules live
 * once, in libs/contracts"): the action validates with the class the API's ValidationPipe uses,
 * so a form and the API never disagree. Messages are the contracts' ids, translated here.
 */

/**
 * The posted form of an action (urlencoded or multipart). A body that is not a form (another
 * Content-Type, a broken multipart body) throws a 400 Response, which the route's ErrorBoundary
 * shows as the site's error screen (issue 19 item 10: request.formData() threw a TypeError, a 500).
 * Actions read their form with this, never with request.formData().
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response('Bad Request', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
}

/** Field name -> message. */
export type FieldErrors = Record<string, string>;

/** A form's text fields as strings ('' for a missing field; files are ignored). */
export function formFields<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const v = form.get(name);
    out[name] = typeof v === 'string' ? v : '';
  }
  return out;
}

/**
 * Validates `plain` with the DTO class `cls` (transforms applied first, like the API). Returns
 * the transformed value, or the first message of each invalid field in `lang`.
 */
export async function validateWith<T extends object>(
  cls: new () => T,
  plain: Record<string, unknown>,
  lang: Language,
): Promise<{ ok: true; value: T } | { ok: false; errors: FieldErrors }> {
  const value = plainToInstance(cls, plain);
  const problems = await validate(value, { forbidUnknownValues: false });
  if (!problems.length) return { ok: true, value };
  const errors: FieldErrors = {};
  for (const p of problems) {
    const first = Object.values(p.constraints ?? {})[0];
    if (first && !errors[p.property]) errors[p.property] = translateMessage(first, lang);
  }
  return { ok: false, errors };
}

/** The per-field messages of an API validation answer (already in the request language). */
export function apiFieldErrors(error: unknown): FieldErrors | null {
  return error instanceof ApiValidationError && Object.keys(error.fields).length ? { ...error.fields } : null;
}

/**
 * A failed write as a toast (spec 01 §8 "Toasts after a failed write action"): validation ->
 * 'Ошибка валидации' with the message, API error -> `title` with the server's message (or
 * `fallback`), network -> 'Ошибка сети' with `network`.
 */
export function failureToast(
  error: unknown,
  texts: { title: string; fallback: string; network: string; networkTitle?: string; validationTitle?: string },
): { title: string; description: string; variant: 'destructive' } {
  if (error instanceof ApiNetworkError) return { title: texts.networkTitle ?? texts.title, description: texts.network, variant: 'destructive' };
  if (error instanceof ApiValidationError) return { title: texts.validationTitle ?? texts.title, description: error.message || texts.fallback, variant: 'destructive' };
  if (error instanceof ApiError) {
    // The API's message is in the request language (429: 'Слишком много запросов...'); a 5xx
    // (or a proxy's page) gets the form's own fallback text.
    const message = error.status >= 500 ? texts.fallback : error.serverMessage || error.message;
    return { title: texts.title, description: message || texts.fallback, variant: 'destructive' };
  }
  return { title: texts.title, description: texts.fallback, variant: 'destructive' };
}
