import { data, redirect } from '@remix-run/node';
import { ApiError } from '@realty/api-client';
import { LANGUAGES, validateInput, type RoleName } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError, type SignedInAuth } from '~/lib/auth/auth.server';
import { validateCsrf } from '~/lib/auth/csrf.server';
import { apiFieldErrors, failureToast, readForm, type FieldErrors } from '~/lib/forms/forms.server';
import type { ToastMessage } from '~/lib/forms/toast';
import { redirectWithToast } from '~/lib/forms/toast.server';

/**
 * The one form pattern of the staff screens (issue 21): an action reads its post
 * (`readStaffPost`: the form, the web's CSRF token, the signed-in staff member), turns the form
 * into the DTO's input (`formInput`), and `submitStaffForm` validates it with the SAME
 * class-validator DTO the API's ValidationPipe uses (libs/contracts), calls the API, and answers:
 * a redirect with a success toast, or the page again (400) with the field errors (the page's own
 * or the API's 400 map, in the request's language) and a failure toast. The page renders the
 * answer with <StaffForm> (web/app/components/staff/StaffForm.tsx).
 */

/** What an action answers when the form goes back to the page. */
export interface StaffFormResult {
  /** Field name -> message (in the request's language). */
  errors: FieldErrors;
  /** The failure as a toast (also rendered in the page without JavaScript). */
  formError: ToastMessage | null;
}

/**
 * The posted form, CSRF-checked (a stale page goes back to `back` with a toast) and the signed-in
 * user with one of `roles` (else /auth or the 403 page).
 */
export async function readStaffPost(
  request: Request,
  roles: readonly RoleName[],
  back?: string,
): Promise<{ form: FormData; auth: SignedInAuth; intent: string }> {
  const form = await readForm(request);
  await validateCsrf(request, form, back);
  const auth = await requireUser(request, roles);
  const intent = form.get('intent');
  return { form, auth, intent: typeof intent === 'string' ? intent : '' };
}

/** How a form field becomes a DTO input value. */
export type FieldKind =
  /** string as typed ('' stays '': the DTO trims and judges). */
  | 'text'
  /** '' -> null (optional text). */
  | 'optionalText'
  /** number: spaces and a decimal comma allowed ('1 000 000,5'); '' -> null; not a number -> NaN (the DTO's number message). */
  | 'number'
  /** `name.ru`, `name.en`, `name.kk`, `name.zh` -> {ru, en?, kk?, zh?} (empty languages left out). */
  | 'localized'
  /** every value of a repeated field (checkboxes) -> string[]. */
  | 'list'
  /** a checkbox -> boolean. */
  | 'boolean';

/** A number as staff type it: '' -> null, '1 000 000' and '12,5' accepted, anything else NaN. */
export function parseFormNumber(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (s === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}

/** The DTO input of a posted form, field by field (`fields`: name -> kind); other fields are ignored. */
export function formInput(form: FormData, fields: Record<string, FieldKind>): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const out: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(fields)) {
    if (kind === 'text') out[name] = text(name);
    else if (kind === 'optionalText') out[name] = text(name).trim() === '' ? null : text(name);
    else if (kind === 'number') out[name] = parseFormNumber(text(name));
    else if (kind === 'boolean') out[name] = ['on', 'true', '1'].includes(text(name));
    else if (kind === 'list') out[name] = form.getAll(name).filter((v): v is string => typeof v === 'string' && v !== '');
    else {
      const localized: Record<string, string> = {};
      for (const lang of LANGUAGES) {
        const v = text(`${name}.${lang}`);
        if (v.trim() !== '') localized[lang] = v;
      }
      out[name] = localized;
    }
  }
  return out;
}

/** The write's outcome: where to go next and the toast to show there. */
export interface StaffFormSuccess {
  to: string;
  toast: ToastMessage;
}

/**
 * Validates `input` with `Dto` (as the API will), runs `write` with the validated value, and
 * answers: `success(result)` as a redirect with its toast; a page-side or API validation failure
 * as 400 {errors, formError}; another API refusal (403, 404, 409...) as its status with
 * {errors: {}, formError} (409's message is the API's, in the request's language); 401 -> /auth;
 * a network failure or 5xx -> 503 with the generic failure text. Never throws for user input.
 */
export async function submitStaffForm<T extends object, R>(args: {
  request: Request;
  auth: SignedInAuth;
  Dto: new () => T;
  input: Record<string, unknown>;
  write: (value: T) => Promise<R>;
  success: (result: R) => StaffFormSuccess;
  /** Extra page-side checks after the DTO (e.g. rules that need "now"); field -> message. */
  check?: (value: T) => FieldErrors | null;
}) {
  const { request, auth } = args;
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const headers = await auth.headers({ 'Cache-Control': 'private, no-store' });
  const answer = (status: number, errors: FieldErrors, formError: ToastMessage | null) =>
    data<StaffFormResult>({ errors, formError }, { status, headers });
  const invalid = (errors: FieldErrors) =>
    answer(400, errors, { title: t('form.invalidTitle'), description: t('form.invalidText'), variant: 'destructive' });

  const checked = await validateInput(args.Dto, args.input, auth.lang);
  if (!checked.ok) return invalid(checked.errors);
  const extra = args.check?.(checked.value);
  if (extra && Object.keys(extra).length) return invalid(extra);
  let result: R;
  try {
    result = await args.write(checked.value);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const fields = apiFieldErrors(error);
    if (fields) return invalid(fields);
    const toast = failureToast(error, {
      title: t('error'),
      fallback: t('form.failed'),
      network: t('form.network'),
      networkTitle: t('form.networkTitle'),
      validationTitle: t('form.invalidTitle'),
    });
    const status = error instanceof ApiError && error.status < 500 ? error.status : 503;
    return answer(status, {}, toast);
  }
  const { to, toast } = args.success(result);
  return redirectWithToast(request, to, toast, { headers: await auth.headers() });
}

/** A plain redirect keeping the session's cookies (e.g. "nothing selected" back to a list). */
export async function redirectStaff(auth: SignedInAuth, to: string) {
  return redirect(to, { headers: await auth.headers() });
}
