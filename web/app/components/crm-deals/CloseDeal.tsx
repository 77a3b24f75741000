import { Form, useFetcher } from '@remix-run/react';
import { DEAL_BOUNDS, type DealCardDto, type DealResult } from '@realty/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from '~/components/csrf';
import { useToastEffect } from '~/components/toast/Toaster';
import type { DealPostAnswer } from '~/lib/crm-deals/crm-deals.server';

/**
 * The fields of a close: result (won / lost) and the reason (required for lost: spec 02 §4 and
 * issue 22 "a lost deal needs the reason").
 */
function CloseFields({ result, error, idPrefix }: { result: DealResult; error?: string; idPrefix: string }) {
  const { t } = useTranslation('crmDeals');
  const [chosen, setChosen] = useState<DealResult>(result);
  const reasonId = `${idPrefix}-reason`;
  return (
    <>
      <fieldset className="crm-close__result">
        <legend>{t('closeResult')}</legend>
        {(['won', 'lost'] as const).map((r) => (
          <label key={r}>
            <input type="radio" name="result" value={r} checked={chosen === r} onChange={() => setChosen(r)} /> {t(`result.${r}`)}
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label htmlFor={reasonId}>
          {t('reason')}
          {chosen === 'lost' ? ' *' : ''}
        </label>
        <textarea
          id={reasonId}
          name="reason"
          rows={3}
          maxLength={DEAL_BOUNDS.reason}
          required={chosen === 'lost'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${reasonId}-error` : `${reasonId}-hint`}
        />
        {error ? (
          <p id={`${reasonId}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${reasonId}-hint`} className="form-hint">
            {t('reasonHint')}
          </p>
        )}
      </div>
    </>
  );
}

/** The close form of the deal page: a plain POST (works without JavaScript) to the page's action. */
export function CloseDealForm({ error }: { error?: string }) {
  const { t } = useTranslation('crmDeals');
  return (
    <section id="close" className="crm-close" aria-labelledby="crm-close-title">
      <h2 id="crm-close-title">{t('closeTitle')}</h2>
      <Form method="post" className="crm-close__form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="close" />
        <CloseFields result="won" error={error} idPrefix="close" />
        <button type="submit" className="btn btn-primary">
          {t('closeSubmit')}
        </button>
      </Form>
    </section>
  );
}

/**
 * The close dialog of the board (a drop into won / lost): a modal <dialog> (focus kept inside,
 * Escape cancels), the result preset, posted through a fetcher to the board's action. Closed
 * on success; a refusal keeps it open with the field error and a toast.
 */
export function CloseDealDialog({ deal, result, onDone }: { deal: DealCardDto; result: DealResult; onDone: () => void }) {
  const { t } = useTranslation('crmDeals');
  const ref = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<DealPostAnswer>();
  const titleId = useId();
  useToastEffect(fetcher.data?.toast);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) {
      ref.current?.close();
      onDone();
    }
  }, [fetcher.state, fetcher.data, onDone]);
  return (
    <dialog
      ref={ref}
      className="crm-close-dialog"
      aria-labelledby={titleId}
      onClose={() => onDone()}
      onCancel={(e) => {
        e.preventDefault();
        ref.current?.close();
      }}
    >
      <h2 id={titleId}>{t('closeDialogTitle', { title: deal.title })}</h2>
      <fetcher.Form method="post">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="js" value="1" />
        <input type="hidden" name="id" value={deal.id} />
        <CloseFields result={result} error={fetcher.data?.errors.reason} idPrefix="close-dialog" />
        <div className="crm-close-dialog__actions">
          <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
            {t('closeSubmit')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => ref.current?.close()}>
            {t('cancel')}
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}
