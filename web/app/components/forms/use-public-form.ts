import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { trackEvent } from '~/components/AnalyticsTracker';
import { useToastEffect } from '~/components/toast/Toaster';
import { resultOf, type PublicFormResult } from '~/lib/forms/public-forms';

/**
 * The state of a public form: a fetcher (JavaScript: no reload), the latest result (the
 * fetcher's, or `initial`, the page's action data after a post without JavaScript), the toast of
 * each answer, and a reset of the form after a success.
 */
export function usePublicForm(form: PublicFormResult['form'], initial?: PublicFormResult) {
  const fetcher = useFetcher<PublicFormResult>({ key: `public-form-${form}` });
  const formRef = useRef<HTMLFormElement>(null);
  const fromFetcher = resultOf(fetcher.data, form);
  const result = fromFetcher ?? initial;
  useToastEffect(fromFetcher?.toast);
  useEffect(() => {
    if (fromFetcher?.ok && fromFetcher.toast) {
      formRef.current?.reset();
      trackEvent('form_submitted', { form });
    }
  }, [fromFetcher, form]);
  return {
    fetcher,
    formRef,
    result,
    pending: fetcher.state !== 'idle',
    errors: result?.ok ? {} : (result?.errors ?? {}),
    values: result?.ok ? {} : (result?.values ?? {}),
  };
}
