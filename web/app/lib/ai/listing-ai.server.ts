import { ApiError } from '@realty/api-client';
import { LANGUAGES, STAFF_ROLES, type AiRequestDto, type Language } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import type { SignedInAuth } from '~/lib/auth/auth.server';
import { rethrowAuthError } from '~/lib/auth/auth.server';
import { failureToast } from '~/lib/forms/forms.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { editPath } from '~/lib/listings/listing-form';
import { readStaffPost } from '~/lib/staff/staff-form.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The edit page showing the AI request `requestId` (its progress, then its draft). */
export const aiDraftPath = (propertyId: string, requestId: string) => `${editPath(propertyId)}?ai=${encodeURIComponent(requestId)}`;

/**
 * The AI request named by the edit page's `?ai=` (issue 23), if it is about this listing and not
 * yet accepted or discarded; null otherwise (a stale link simply shows no draft).
 */
export async function loadListingAiDraft(request: Request, auth: SignedInAuth, propertyId: string): Promise<AiRequestDto | null> {
  const id = new URL(request.url).searchParams.get('ai');
  if (!id || !UUID.test(id)) return null;
  try {
    const r = await auth.api.ai.request(id);
    const about = String(r.input.propertyId ?? r.input.id ?? '');
    return about === propertyId && !r.acceptedAt && !r.discardedAt ? r : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return rethrowAuthError(request, auth, error);
    return null;
  }
}

/**
 * POST /resources/listing-ai/{listing id} (issue 23; the listing editor's AI panel), a plain form
 * (works without JavaScript), CSRF-checked, staff only. intent:
 * - describe {language}: queues a description -> the edit page with ?ai=<request> (progress, then the draft);
 * - translate: queues ru -> en, kk, zh of the title and description -> the same;
 * - accept {requestId}: writes the draft into the listing (the API's listing rules) -> the edit page with a toast;
 * - discard {requestId}: drops it -> the edit page with a toast.
 * A refusal comes back to the edit page as a failure toast.
 */
export async function listingAiAction(request: Request, propertyId: string): Promise<Response> {
  const back = editPath(propertyId);
  const { form, auth, intent } = await readStaffPost(request, STAFF_ROLES, back);
  const t = await i18nServer.getFixedT(auth.lang, 'ai');
  const headers = { headers: await auth.headers() };
  const requestId = String(form.get('requestId') ?? '');
  const rawLang = String(form.get('language') ?? auth.lang);
  const language: Language = (LANGUAGES as readonly string[]).includes(rawLang) ? (rawLang as Language) : auth.lang;
  try {
    if (intent === 'describe') {
      const r = await auth.api.ai.generateDescription({ propertyId, language });
      return await redirectWithToast(request, aiDraftPath(propertyId, r.id), { title: t('editor.queuedToast') }, headers);
    }
    if (intent === 'translate') {
      const r = await auth.api.ai.translate({
        entity: 'property',
        id: propertyId,
        from: 'ru',
        to: ['en', 'kk', 'zh'],
        fields: ['title', 'description'],
      });
      return await redirectWithToast(request, aiDraftPath(propertyId, r.id), { title: t('editor.queuedToast') }, headers);
    }
    if (intent === 'accept') {
      await auth.api.ai.accept(requestId);
      return await redirectWithToast(request, back, { title: t('editor.acceptedToast') }, headers);
    }
    if (intent === 'discard') {
      await auth.api.ai.discard(requestId);
      return await redirectWithToast(request, back, { title: t('editor.discardedToast') }, headers);
    }
    return await redirectWithToast(
      request,
      back,
      { title: t('editor.failureTitle'), description: t('editor.failureFallback'), variant: 'destructive' },
      headers,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return rethrowAuthError(request, auth, error);
    const toast = failureToast(error, {
      title: t('editor.failureTitle'),
      fallback: t('editor.failureFallback'),
      network: t('editor.network'),
    });
    return redirectWithToast(request, back, toast, headers);
  }
}
