import { ApiError, ApiNetworkError, ApiValidationError } from '@realty/api-client';
import type { FieldMessages } from '@realty/contracts';
import { validateCsrf } from '../auth/csrf.server';
import type { ToastMessage } from './toast';

/**
 * The one form pattern of the web's actions (STYLE "Validation rules live once, in
 * libs/contracts"): read the posted form (readForm, readPostedForm), take its text fields
 * (formFields), validate them with the DTO class the API's ValidationPipe uses
 * (`validateInput(Dto, fields, lang)` of @realty/contracts: the field messages in the request's
 * language), and answer a failed API call with the API's field messages (apiFieldErrors) and a
 * toast (failureToast). The public forms' actions (public-forms.server.ts) are built on these.
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

/**
 * readForm, then the web's CSRF token of the form (csrf.server validateCsrf: a stale page is
 * sent back with a toast, to `back` when given).
 */
export async function readPostedForm(request: Request, back?: string): Promise<FormData> {
  const form = await readForm(request);
  await validateCsrf(request, form, back);
  return form;
}

/** Field name -> message in the request's language. */
export type FieldErrors = FieldMessages;

/** A form's text fields as strings ('' for a missing field; files are ignored). */
export function formFields<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const v = form.get(name);
    out[name] = typeof v === 'string' ? v : '';
  }
  return out;
}

/** The per-field messages of an API validation answer (already in the request language). */
export function apiFieldErrors(error: unknown): FieldErrors | null {
  return error instanceof ApiValidationError && Object.keys(error.fields).length ? { ...error.fields } : null;
}

/** The texts of a form's failure toast (in the request's language). */
export interface FailureTexts {
  /** Title of the toast (of every kind of failure unless given below). */
  title: string;
  /** Description when the API gives no message worth showing (5xx, a proxy's page, a bug). */
  fallback: string;
  /** Description of a network failure (the API did not answer). */
  network: string;
  networkTitle?: string;
  validationTitle?: string;
  /** Description of a 400 without a message of its own (default `fallback`). */
  validationText?: string;
}

/**
 * A failed write as a toast (spec 01 §8 "Toasts after a failed write action"): validation ->
 * `validationTitle` with the API's message, another API refusal (4xx) -> `title` with the API's
 * message (in the request language: 429 'Слишком много запросов...'), 5xx or anything else ->
 * `title` with `fallback`, network -> `networkTitle` with `network`.
 */
export function failureToast(error: unknown, texts: FailureTexts): ToastMessage & { description: string; variant: 'destructive' } {
  if (error instanceof ApiNetworkError)
    return { title: texts.networkTitle ?? texts.title, description: texts.network, variant: 'destructive' };
  if (error instanceof ApiValidationError) {
    return {
      title: texts.validationTitle ?? texts.title,
      description: error.serverMessage || (texts.validationText ?? texts.fallback),
      variant: 'destructive',
    };
  }
  if (error instanceof ApiError) {
    // A 5xx (or a proxy's page) gets the form's own fallback text, never the server's words.
    const message = error.status >= 500 ? texts.fallback : error.serverMessage || error.message;
    return { title: texts.title, description: message || texts.fallback, variant: 'destructive' };
  }
  return { title: texts.title, description: texts.fallback, variant: 'destructive' };
}
