import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { ApiError, ApiValidationError } from '@realty/api-client';
import { SendLeadMessageDto, validateInput } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { rethrowAuthError, STAFF_ROLES } from '~/lib/auth/auth.server';
import { uuidOf } from '~/lib/crm/messaging.server';
import { failureToast } from '~/lib/forms/forms.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { formInput, readStaffPost } from '~/lib/staff/staff-form.server';

/** Only dashboard paths go back (no open redirect). */
const backOf = (raw: FormDataEntryValue | null, leadId: string) =>
  typeof raw === 'string' && /^\/dashboard\/[\w\-/?=&%.]*$/.test(raw) && !raw.startsWith('//') ? raw : `/dashboard/crm/leads/${leadId}`;

/** GET: nothing to show here, the form lives on the lead page. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/dashboard/crm/leads/${uuidOf(params.id) || ''}`);
}

/**
 * POST /dashboard/crm/leads/{id}/message (the <LeadMessaging> forms; issue 22): intent email |
 * telegram, templateId, language. Validated with SendLeadMessageDto (as the API does), sent
 * through the typed client (POST /api/crm/leads/{id}/send-email | send-telegram), and back to the
 * lead page with a toast: queued, or the refusal (the lead has no e-mail / Telegram, another
 * agent's lead, Telegram not configured) in the request's language.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const leadId = uuidOf(params.id);
  const { form, auth, intent } = await readStaffPost(request, STAFF_ROLES);
  const back = backOf(form.get('back'), leadId);
  const t = await i18nServer.getFixedT(auth.lang, 'crmMessaging');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const headers = { headers: await auth.headers() };
  const refuse = (description: string) =>
    redirectWithToast(request, back, { title: dt('form.invalidTitle'), description, variant: 'destructive' }, headers);
  if (!leadId || (intent !== 'email' && intent !== 'telegram')) return refuse(dt('form.failed'));
  const checked = await validateInput(SendLeadMessageDto, formInput(form, { templateId: 'text', language: 'text' }), auth.lang);
  if (!checked.ok) return refuse(Object.values(checked.errors).join(' '));
  try {
    const calls = auth.api.crmMessaging;
    if (intent === 'email') await calls.sendEmail(leadId, checked.value);
    else await calls.sendTelegram(leadId, checked.value);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    if (error instanceof ApiValidationError && Object.keys(error.fields).length) return refuse(Object.values(error.fields).join(' '));
    if (error instanceof ApiError && error.code === 'TELEGRAM_NOT_CONFIGURED')
      return redirectWithToast(request, back, { title: dt('error'), description: error.serverMessage, variant: 'destructive' }, headers);
    const toast = failureToast(error, {
      title: dt('error'),
      fallback: dt('form.failed'),
      network: dt('form.network'),
      networkTitle: dt('form.networkTitle'),
    });
    return redirectWithToast(request, back, toast, headers);
  }
  return redirectWithToast(request, back, { title: intent === 'email' ? t('send.queuedEmail') : t('send.queuedTelegram') }, headers);
}
