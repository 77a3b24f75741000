import { Form, Link, useRevalidator } from '@remix-run/react';
import { LANGUAGES, type AiRequestDto, type Language } from '@realty/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from '~/components/csrf';

const POLL_MS = 1000;

/** The draft of a completed request: a description in one language, or translations per language. */
function Draft({ request, lang }: { request: AiRequestDto; lang: Language }) {
  const { t } = useTranslation('ai');
  const out = request.output ?? {};
  if (request.kind === 'description') {
    const language = String(out.language) as Language;
    return (
      <div className="ai-draft__text" lang={language} data-ai-draft="description">
        <h3>{t('editor.draftFor', { language: t(`languages.${language}`) })}</h3>
        {String(out.text ?? '')
          .split(/\n{2,}/)
          .map((p, i) => (
            <p key={i}>{p}</p>
          ))}
      </div>
    );
  }
  const translations = (out.translations ?? {}) as Record<string, Record<string, string>>;
  return (
    <div data-ai-draft="translate">
      {Object.entries(translations).map(([language, fields]) => (
        <section key={language} lang={language} className="ai-draft__text">
          <h3>{t('editor.draftFor', { language: t(`languages.${language}`) })}</h3>
          <dl>
            {Object.entries(fields).map(([field, text]) => (
              <div key={field}>
                <dt lang={lang}>{t(`fields.${field}`, { defaultValue: field })}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/**
 * The listing editor's AI panel (issue 23 "The listing editor gets 'generate description' and
 * 'translate' buttons"): plain forms posting to /resources/listing-ai/{id}, so it works without
 * JavaScript. A queued request shows its progress (with JavaScript the page re-reads it every
 * second; without, a "check again" link), then its draft with Accept (written into the listing
 * by the listing rules) and Discard. The listing is never changed before Accept.
 */
export function ListingAiPanel({
  propertyId,
  request,
  lang,
  selfHref,
}: {
  propertyId: string;
  request: AiRequestDto | null;
  lang: Language;
  /** The edit page's current URL (the "check again" link). */
  selfHref: string;
}) {
  const { t } = useTranslation('ai');
  const revalidator = useRevalidator();
  const pending = request?.status === 'queued' || request?.status === 'running';
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
  const action = `/resources/listing-ai/${propertyId}`;
  return (
    <section className="ai-panel" aria-labelledby="ai-panel-title" data-ai-panel>
      <h2 id="ai-panel-title">{t('editor.heading')}</h2>
      <p>{t('editor.intro')}</p>
      <Form method="post" action={action} className="ai-panel__actions">
        <AuthenticityTokenInput />
        <label htmlFor="ai-language">{t('editor.language')}</label>{' '}
        <select id="ai-language" name="language" defaultValue={lang}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </select>{' '}
        <button type="submit" name="intent" value="describe" className="btn btn-secondary" disabled={pending}>
          {t('editor.generate')}
        </button>{' '}
        <button type="submit" name="intent" value="translate" className="btn btn-secondary" disabled={pending}>
          {t('editor.translate')}
        </button>
      </Form>
      {request ? (
        <div className="ai-draft" data-ai-request={request.id} data-status={request.status}>
          {pending ? (
            <div role="status" aria-live="polite">
              <p>
                {t('editor.progress')} <span>({t(`status.${request.status}`)})</span>
              </p>
              <progress aria-label={t('editor.progress')} />
              <p>
                <Link to={selfHref} reloadDocument>
                  {t('editor.refresh')}
                </Link>
              </p>
            </div>
          ) : request.status === 'failed' ? (
            <div role="alert">
              <p>{t('editor.failed')}</p>
              {request.error ? <p>{request.error}</p> : null}
            </div>
          ) : (
            <>
              <h3 className="sr-only">{t('editor.draft')}</h3>
              <Draft request={request} lang={lang} />
              <p className="ai-draft__note">{t('editor.moderationNote')}</p>
            </>
          )}
          {!pending ? (
            <Form method="post" action={action} className="ai-panel__actions">
              <AuthenticityTokenInput />
              <input type="hidden" name="requestId" value={request.id} />
              {request.status === 'completed' ? (
                <button type="submit" name="intent" value="accept" className="btn btn-primary">
                  {t('editor.accept')}
                </button>
              ) : null}{' '}
              <button type="submit" name="intent" value="discard" className="btn btn-secondary">
                {t('editor.discard')}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
