import { LANGUAGES, type Language } from '@realty/contracts';
import { LANGUAGE_NAMES } from '@realty/i18n';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '~/lib/serving/use-hydrated';

/** Tiptap is fetched only when this field renders in a browser (staff routes only). */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/**
 * The post's body per language (`content.ru` ... `content.zh`, formInput kind 'localized').
 * Without JavaScript: a textarea of HTML per language (the fallback; the API sanitises what is
 * posted). With it: the Tiptap editor per language, writing its HTML into the same textarea,
 * and an "HTML" switch that shows the textarea again. Languages one under the other (each a
 * labelled group), so every editor is reachable without tabs.
 */
export function ContentField({ values, error }: { values: Partial<Record<Language, string>>; error?: string | null }) {
  const { t } = useTranslation('blogDesk');
  const { t: td } = useTranslation('dashboard');
  const hydrated = useHydrated();
  const [html, setHtml] = useState<Partial<Record<Language, string>>>(values);
  const [htmlMode, setHtmlMode] = useState<Partial<Record<Language, boolean>>>({});
  const errorId = 'field-content-error';
  return (
    <fieldset
      id="field-content"
      className={`blog-content-field${error ? ' form-field--invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{t('form.content')}</legend>
      {LANGUAGES.map((lang) => {
        const id = `field-content-${lang}`;
        const visual = hydrated && !htmlMode[lang];
        return (
          <div key={lang} className="form-field blog-content-field__lang" data-lang={lang}>
            <div className="blog-content-field__head">
              <label htmlFor={visual ? `${id}-editor` : id}>
                {visual ? t('form.editorLabel', { lang: LANGUAGE_NAMES[lang] }) : t('form.htmlLabel', { lang: LANGUAGE_NAMES[lang] })}
                {lang === 'ru' ? <span className="form-field__required"> ({td('form.required')})</span> : null}
              </label>
              {hydrated ? (
                <button
                  type="button"
                  className="btn btn-small btn-secondary"
                  aria-pressed={Boolean(htmlMode[lang])}
                  data-testid={`html-mode-${lang}`}
                  onClick={() => setHtmlMode((m) => ({ ...m, [lang]: !m[lang] }))}
                >
                  {t('form.htmlMode')}
                </button>
              ) : null}
            </div>
            {visual ? (
              <Suspense fallback={<p className="form-hint">…</p>}>
                <RichTextEditor
                  id={`${id}-editor`}
                  lang={lang}
                  html={html[lang] ?? ''}
                  onChange={(v) => setHtml((h) => ({ ...h, [lang]: v }))}
                  texts={{
                    label: t('form.editorLabel', { lang: LANGUAGE_NAMES[lang] }),
                    bold: t('form.bold'),
                    italic: t('form.italic'),
                    heading: t('form.heading'),
                    bulletList: t('form.bulletList'),
                    orderedList: t('form.orderedList'),
                    quote: t('form.quote'),
                    link: t('form.link'),
                    linkPrompt: t('form.linkPrompt'),
                    unlink: t('form.unlink'),
                  }}
                />
              </Suspense>
            ) : null}
            <textarea
              id={id}
              name={`content.${lang}`}
              lang={lang}
              rows={10}
              hidden={visual}
              className="blog-content-field__html"
              aria-required={lang === 'ru' ? true : undefined}
              aria-invalid={error && lang === 'ru' ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              value={html[lang] ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setHtml((h) => ({ ...h, [lang]: v }));
              }}
            />
          </div>
        );
      })}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
