import { data } from '@remix-run/node';
import { ApiError } from '@realty/api-client';
import { DealCloseDto, DealMoveDto, validateInput, type DealDto } from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { rethrowAuthError, type SignedInAuth } from '~/lib/auth/auth.server';
import { apiFieldErrors, failureToast, type FieldErrors } from '~/lib/forms/forms.server';
import type { ToastMessage } from '~/lib/forms/toast';
import { redirectWithToast } from '~/lib/forms/toast.server';

/**
 * Server helpers of the CRM clients and deals screens (issue 22): reads that turn the API's
 * 404 / 403 into the dashboard's error screens, and the board's and the deal page's move and
 * close posts (answered as JSON to a fetcher, or as a redirect with a toast without JavaScript).
 */

/** A read of one record: 404 / 403 become the dashboard's screens, 401 goes to sign-in. */
export async function loadRecord<T>(request: Request, auth: SignedInAuth, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      throw data({ code: error.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN' }, { status: error.status, headers: await auth.headers() });
    }
    return rethrowAuthError(request, auth, error);
  }
}

/** What a fetcher's move or close answers. */
export interface DealPostAnswer {
  ok: boolean;
  toast: ToastMessage | null;
  errors: FieldErrors;
  deal?: DealDto;
}

/**
 * The board's / deal page's `move` and `close` posts: validated with DealMoveDto / DealCloseDto
 * (as the API does), sent through the typed client. `js` (a fetcher): JSON {ok, toast, errors};
 * otherwise a redirect to `back` with the toast.
 */
export async function dealPost(request: Request, auth: SignedInAuth, form: FormData, intent: string, back: string) {
  const t = await i18nServer.getFixedT(auth.lang, 'crmDeals');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const js = form.get('js') === '1';
  const id = String(form.get('id') ?? '');
  const answer = async (ok: boolean, toast: ToastMessage | null, errors: FieldErrors = {}, status = ok ? 200 : 400) =>
    js
      ? data<DealPostAnswer>({ ok, toast, errors }, { status, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) })
      : redirectWithToast(request, back, toast ?? { title: t('saved') }, { headers: await auth.headers() });
  const invalid = (errors: FieldErrors) =>
    answer(
      false,
      { title: intent === 'move' ? t('moveFailed') : t('closeFailed'), description: Object.values(errors)[0], variant: 'destructive' },
      errors,
    );
  try {
    if (intent === 'move') {
      const checked = await validateInput(
        DealMoveDto,
        {
          stage: form.get('stage'),
          position: form.get('position') ?? '0',
          scope: form.get('scope') || undefined,
          q: form.get('q') || undefined,
          type: form.get('type') || undefined,
        },
        auth.lang,
      );
      if (!checked.ok) return invalid(checked.errors);
      const deal = await auth.api.crmDeals.moveDeal(id, checked.value);
      return answer(true, { title: t('moved', { title: deal.title }) });
    }
    if (intent === 'close') {
      const checked = await validateInput(DealCloseDto, { result: form.get('result'), reason: form.get('reason') ?? '' }, auth.lang);
      if (!checked.ok) return invalid(checked.errors);
      const deal = await auth.api.crmDeals.closeDeal(id, checked.value);
      return answer(true, { title: t(deal.stage === 'won' ? 'closedWon' : 'closedLost', { title: deal.title }) });
    }
    return answer(false, { title: td('error'), variant: 'destructive' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const fields = apiFieldErrors(error);
    if (fields) return invalid(fields);
    const title = intent === 'move' ? t('moveFailed') : intent === 'close' ? t('closeFailed') : td('error');
    const toast = failureToast(error, {
      title,
      fallback: td('form.failed'),
      network: td('form.network'),
      networkTitle: td('form.networkTitle'),
      validationTitle: title,
    });
    return answer(false, toast, {}, error instanceof ApiError && error.status < 500 ? error.status : 503);
  }
}

/** The delete of a deal or client: back to `back` (the list) with a toast, or to `self` with the refusal. */
export async function removeRecord(
  request: Request,
  auth: SignedInAuth,
  remove: () => Promise<unknown>,
  done: { to: string; title: string },
  self: string,
): Promise<Response> {
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  try {
    await remove();
    return redirectWithToast(request, done.to, { title: done.title }, { headers: await auth.headers() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const toast = failureToast(error, {
      title: td('error'),
      fallback: td('form.failed'),
      network: td('form.network'),
      networkTitle: td('form.networkTitle'),
      validationTitle: td('form.invalidTitle'),
    });
    return redirectWithToast(request, self, toast, { headers: await auth.headers() });
  }
}
