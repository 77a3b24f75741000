import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node';
import { ApiError, ApiNetworkError } from '@realty/api-client';
import { STAFF_ROLES } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { getAuth, requireUser, type SignedInAuth } from '~/lib/auth/auth.server';
import { validateCsrf } from '~/lib/auth/csrf.server';
import { readForm } from '~/lib/forms/forms.server';
import type { ToastMessage } from '~/lib/forms/toast';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { editPath } from './listing-form.server';

/** The largest image the web server reads (the API's default UPLOAD_IMAGE_MAX_BYTES; the API judges again). */
export const WEB_IMAGE_MAX_BYTES = Number(process.env.UPLOAD_IMAGE_MAX_BYTES) || 15 * 1024 * 1024;
/** Most images one upload post carries (the API's MAX_FILES_PER_REQUEST). */
export const MAX_IMAGES_PER_POST = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answer to a script (XMLHttpRequest or fetcher): JSON {ok, toast}. */
export interface ImageActionAnswer {
  ok: boolean;
  toast: ToastMessage;
}

/** The new order of `ids` after `intent` on `imageId` (main: first; up / down: one place), or null when nothing moves. */
export function movedOrder(ids: string[], imageId: string, intent: 'main' | 'up' | 'down'): string[] | null {
  const i = ids.indexOf(imageId);
  if (i < 0) return null;
  const j = intent === 'main' ? 0 : intent === 'up' ? i - 1 : i + 1;
  if (j < 0 || j >= ids.length || j === i) return null;
  const next = ids.filter((x) => x !== imageId);
  next.splice(j, 0, imageId);
  return next;
}

/**
 * The images of a listing's edit page (issue 21; spec 02 §2 "images with progress, reorder and a
 * main image", §7 Uploads): one action for the page's scripts and for plain forms.
 * - intent=upload (multipart, `images` files): read here (each at most WEB_IMAGE_MAX_BYTES, at
 *   most MAX_IMAGES_PER_POST) and sent on to POST /api/upload/property-images with the staff
 *   member's token (the browser holds none); the API decides the type by content (decision 035);
 * - intent=reorder (`order` ids, main first), main / up / down (`imageId`): PUT /api/properties/{id}/images;
 * - intent=delete (`name`): DELETE /api/upload/{name} (which removes the property_images row).
 * A post with `Accept: application/json` (the page's XMLHttpRequest) or `js=1` (fetchers) gets JSON
 * {ok, toast}; a plain form post is redirected to the edit page with the toast. CSRF: the web's
 * token in the form, as every staff form.
 */
export async function imageAction(request: Request, id: string): Promise<Response> {
  const back = editPath(id);
  const acceptsJson = (request.headers.get('Accept') ?? '').includes('application/json');
  const lang = (await getAuth(request)).lang;
  const t = await i18nServer.getFixedT(lang, 'listingForm');
  const failure = (description: string): ToastMessage => ({ title: t('toast.error'), description, variant: 'destructive' });

  let form: FormData;
  try {
    form = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')
      ? await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: WEB_IMAGE_MAX_BYTES }))
      : await readForm(request);
  } catch (error) {
    const toast = failure(error instanceof MaxPartSizeExceededError ? t('images.tooLarge') : t('toast.errorText'));
    if (acceptsJson)
      return Response.json({ ok: false, toast } satisfies ImageActionAnswer, {
        status: error instanceof MaxPartSizeExceededError ? 413 : 400,
      });
    return redirectWithToast(request, back, toast);
  }
  // Scripts ask for JSON with the Accept header (XMLHttpRequest) or the field js=1 (fetchers).
  const json = acceptsJson || form.get('js') === '1';
  if (json) {
    try {
      await validateCsrf(request, form, back);
    } catch {
      return Response.json({ ok: false, toast: failure(t('images.expired')) } satisfies ImageActionAnswer, { status: 403 });
    }
  } else await validateCsrf(request, form, back);
  const auth = await requireUser(request, STAFF_ROLES);
  const answer = async (ok: boolean, toast: ToastMessage, status = 200) =>
    json
      ? Response.json({ ok, toast } satisfies ImageActionAnswer, { status, headers: await auth.headers({ 'Cache-Control': 'no-store' }) })
      : redirectWithToast(request, back, toast, { headers: await auth.headers() });
  if (!UUID.test(id)) return answer(false, failure(t('toast.errorText')), 404);
  if (form.get('intent') === 'upload' && !form.getAll('images').some((f) => typeof f === 'object' && f !== null && f.size > 0)) {
    return answer(false, failure(t('images.noFile')), 400);
  }

  try {
    const toast = await runIntent(auth, id, form, t);
    return toast ? answer(true, toast) : answer(false, failure(t('toast.errorText')), 400);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      auth.signOut();
      return answer(false, failure(t('images.signedOut')), 401);
    }
    if (error instanceof ApiNetworkError) return answer(false, { ...failure(t('toast.networkText')), title: t('toast.network') }, 503);
    if (error instanceof ApiError && error.status < 500) return answer(false, failure(error.serverMessage || error.message), error.status);
    console.error('listing images: the API call failed', error);
    return answer(false, failure(t('toast.errorText')), 502);
  }
}

type T = Awaited<ReturnType<typeof i18nServer.getFixedT>>;

/** Runs the posted intent; the success toast, or null for a post that names nothing valid. */
async function runIntent(auth: SignedInAuth, id: string, form: FormData, t: T): Promise<ToastMessage | null> {
  const intent = form.get('intent');
  if (intent === 'upload') {
    const files = form.getAll('images').filter((f): f is File => typeof f === 'object' && f !== null && f.size > 0);
    if (!files.length || files.length > MAX_IMAGES_PER_POST) return null;
    const body = new FormData();
    body.set('propertyId', id);
    for (const f of files) body.append('images', f, f.name);
    await auth.api.uploads.propertyImages(body);
    return { title: t('images.uploaded') };
  }
  if (intent === 'reorder') {
    const order = form.getAll('order').map(String);
    if (!order.length || !order.every((x) => UUID.test(x))) return null;
    await auth.api.listings.reorderImages(id, order);
    return { title: t('images.reordered') };
  }
  if (intent === 'main' || intent === 'up' || intent === 'down') {
    const imageId = String(form.get('imageId') ?? '');
    const current = (await auth.api.listings.forEdit(id)).images.map((i) => i.id);
    const order = movedOrder(current, imageId, intent);
    if (!order) return null;
    await auth.api.listings.reorderImages(id, order);
    return { title: intent === 'main' ? t('images.mainChanged') : t('images.reordered') };
  }
  if (intent === 'delete') {
    const name = String(form.get('name') ?? '');
    if (!/^[0-9a-f-]{36}\.[a-z]{3,4}$/.test(name)) return null;
    await auth.api.uploads.delete(name);
    return { title: t('images.deleted') };
  }
  return null;
}
