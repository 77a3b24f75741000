import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node';
import { ApiError, ApiNetworkError, ApiValidationError } from '@realty/api-client';
import { LEAD_IMPORT_FIELDS, LEAD_IMPORT_MAX_BYTES, STAFF_ROLES, type LeadImportMapping } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { getAuth, requireUser } from '~/lib/auth/auth.server';
import { validateCsrf } from '~/lib/auth/csrf.server';
import { readForm } from '~/lib/forms/forms.server';
import type { ToastMessage } from '~/lib/forms/toast';
import { redirectWithToast } from '~/lib/forms/toast.server';

import { importHref, LEAD_IMPORT_PATH } from './lead-import-paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The posted mapping: `col.<i>` for i = 0..columns-1, each a field or '' (not imported); unknown values become ''. */
export function readMapping(form: FormData, columns: number): LeadImportMapping {
  const out: LeadImportMapping = [];
  for (let i = 0; i < Math.min(columns, 500); i++) {
    const v = String(form.get(`col.${i}`) ?? '');
    out.push((LEAD_IMPORT_FIELDS as readonly string[]).includes(v) ? (v as LeadImportMapping[number]) : '');
  }
  return out;
}

/**
 * The import screen's action (works without JavaScript; the web's CSRF token in every form):
 * - intent=upload (multipart, `file`): read here (at most 20 MB) and sent on to POST
 *   /api/crm/leads/import with the staff member's token (the browser holds none), then to the
 *   import's screen;
 * - intent=run / dryRun (`col.<i>` mapping, `columns`, `merge` checkbox, `id`): POST
 *   /api/crm/leads/import/{id}/run.
 * Every answer is a redirect with a toast (a refusal's message from the API, in the request's language).
 */
export async function leadImportAction(request: Request): Promise<Response> {
  const lang = (await getAuth(request)).lang;
  const t = await i18nServer.getFixedT(lang, 'crmFiles');
  const failure = (description: string): ToastMessage => ({ title: t('toast.error'), description, variant: 'destructive' });
  const multipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
  let form: FormData;
  try {
    form = multipart
      ? await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: LEAD_IMPORT_MAX_BYTES }))
      : await readForm(request);
  } catch (error) {
    return redirectWithToast(
      request,
      LEAD_IMPORT_PATH,
      failure(error instanceof MaxPartSizeExceededError ? t('toast.tooLarge') : t('toast.errorText')),
    );
  }
  const id = String(form.get('id') ?? '');
  const back = importHref(id);
  await validateCsrf(request, form, back);
  const auth = await requireUser(request, STAFF_ROLES);
  const intent = String(form.get('intent') ?? '');
  const done = async (to: string, toast: ToastMessage) => redirectWithToast(request, to, toast, { headers: await auth.headers() });
  try {
    if (intent === 'upload') {
      const file = form.get('file');
      if (!(typeof file === 'object' && file !== null && file.size > 0)) return done(LEAD_IMPORT_PATH, failure(t('toast.noFile')));
      const body = new FormData();
      body.append('file', file, file.name);
      const created = await auth.api.crmLeadFiles.upload(body);
      return done(importHref(created.id), { title: t('toast.uploaded') });
    }
    if ((intent === 'run' || intent === 'dryRun') && UUID.test(id)) {
      const columns = Number(form.get('columns') ?? 0);
      const mapping = readMapping(form, Number.isInteger(columns) && columns > 0 ? columns : 0);
      const dryRun = intent === 'dryRun';
      await auth.api.crmLeadFiles.run(id, { mapping, mergeDuplicates: form.get('merge') === 'on', dryRun });
      return done(back, { title: dryRun ? t('toast.dryStarted') : t('toast.started') });
    }
    return done(back, failure(t('toast.errorText')));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      auth.signOut();
      return redirectWithToast(request, '/auth', failure(t('toast.errorText')), { headers: await auth.headers() });
    }
    if (error instanceof ApiValidationError) return done(back, failure(Object.values(error.fields).join('. ') || error.message));
    if (error instanceof ApiNetworkError) return done(back, { ...failure(t('toast.errorText')), title: t('toast.network') });
    if (error instanceof ApiError && error.status < 500) return done(back, failure(error.serverMessage || error.message));
    console.error('lead import: the API call failed', error);
    return done(back, failure(t('toast.errorText')));
  }
}
