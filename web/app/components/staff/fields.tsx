import { LANGUAGES, type Language } from '@realty/contracts';
import { LANGUAGE_NAMES } from '@realty/i18n';
import { useEffect, useId, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '~/lib/serving/use-hydrated';

/**
 * Fields of the staff form pattern (StaffForm): a label, the control with id `field-<name>`
 * (what the errors summary links to), an optional hint, and the error in red under it, linked by
 * aria-describedby. Values come back as `defaultValue` (the page re-renders the posted values on
 * a 400), so they work without JavaScript.
 */

function describedBy(id: string, error?: string | null, hint?: string) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span className="form-field__required"> ({t('form.required')})</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type BaseProps = { name: string; label: string; error?: string | null; hint?: string; className?: string };

/** A text, number, date... input. */
export function TextField({ name, label, error, hint, className, ...input }: BaseProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={input.required} className={className}>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...input} />
    </FieldShell>
  );
}

/** A multi-line text. */
export function TextAreaField({
  name,
  label,
  error,
  hint,
  className,
  defaultValue,
  rows = 5,
  maxLength,
  required,
}: BaseProps & { defaultValue?: string; rows?: number; maxLength?: number; required?: boolean }) {
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
    </FieldShell>
  );
}

/** A select; `emptyLabel` adds a first option with value '' (no choice). */
export function SelectField({
  name,
  label,
  error,
  hint,
  className,
  options,
  emptyLabel,
  ...select
}: BaseProps & {
  options: ReadonlyArray<{ value: string; label: string }>;
  emptyLabel?: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={select.required} className={className}>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...select}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** Checkboxes of one repeated field (posted as several `name` values; formInput kind 'list'). */
export function CheckboxGroup({
  name,
  legend,
  options,
  checked,
  error,
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  checked: readonly string[];
  error?: string | null;
}) {
  const id = `field-${name}`;
  return (
    <fieldset
      id={id}
      className={`checkbox-group${error ? ' form-field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      <div className="checkbox-group__items">
        {options.map((o) => (
          <label key={o.value} className="checkbox-group__item">
            <input type="checkbox" name={name} value={o.value} defaultChecked={checked.includes(o.value)} /> {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A text in four languages (`name.ru`, `name.en`, `name.kk`, `name.zh`; formInput kind
 * 'localized'): ru required, the others optional (spec 02 §5). With JavaScript the languages are
 * tabs (arrow keys move between them, WAI-ARIA tabs pattern; a tab with text is marked); without
 * it all four fields show one under the other. The error (the DTO's, for the whole text) shows
 * under the group and opens the Russian tab.
 */
export function LocalizedField({
  name,
  label,
  values,
  error,
  multiline = false,
  maxLength,
  rows = 6,
}: {
  name: string;
  label: string;
  values: Partial<Record<Language, string>>;
  error?: string | null;
  multiline?: boolean;
  maxLength?: number;
  rows?: number;
}) {
  const { t } = useTranslation('dashboard');
  const hydrated = useHydrated();
  const uid = useId();
  const [active, setActive] = useState<Language>('ru');
  const [filled, setFilled] = useState<Partial<Record<Language, boolean>>>(() =>
    Object.fromEntries(LANGUAGES.map((l) => [l, Boolean(values[l]?.trim())])),
  );
  const groupId = `field-${name}`;
  useEffect(() => {
    if (error) setActive('ru');
  }, [error]);
  const errorId = `${groupId}-error`;
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const i = LANGUAGES.indexOf(active);
    const next =
      event.key === 'ArrowRight'
        ? LANGUAGES[(i + 1) % LANGUAGES.length]
        : event.key === 'ArrowLeft'
          ? LANGUAGES[(i + LANGUAGES.length - 1) % LANGUAGES.length]
          : event.key === 'Home'
            ? LANGUAGES[0]
            : event.key === 'End'
              ? LANGUAGES[LANGUAGES.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    setActive(next);
    document.getElementById(`${uid}-tab-${next}`)?.focus();
  };
  return (
    <fieldset
      id={groupId}
      className={`localized-field${error ? ' form-field--invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{label}</legend>
      {hydrated ? (
        <div role="tablist" aria-label={t('form.languages', { field: label })} className="localized-field__tabs">
          {LANGUAGES.map((lang) => (
            <button
              key={lang}
              type="button"
              role="tab"
              id={`${uid}-tab-${lang}`}
              aria-selected={active === lang}
              aria-controls={`${uid}-panel-${lang}`}
              tabIndex={active === lang ? 0 : -1}
              onClick={() => setActive(lang)}
              onKeyDown={onKey}
              className="localized-field__tab"
            >
              {LANGUAGE_NAMES[lang]}
              {lang === 'ru' ? ' *' : filled[lang] ? ' ✓' : ''}
            </button>
          ))}
        </div>
      ) : null}
      {LANGUAGES.map((lang) => {
        const id = `${groupId}-${lang}`;
        const control = {
          id,
          name: `${name}.${lang}`,
          lang,
          defaultValue: values[lang] ?? '',
          maxLength,
          // Not `required`: the Russian panel may be a hidden tab, which the browser cannot focus
          // to show its own message; the server's check (the DTO) answers instead.
          'aria-required': lang === 'ru' ? true : undefined,
          'aria-invalid': error && lang === 'ru' ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
          onInput: (e: { currentTarget: { value: string } }) => {
            const has = e.currentTarget.value.trim() !== '';
            setFilled((prev) => (prev[lang] === has ? prev : { ...prev, [lang]: has }));
          },
        };
        return (
          <div
            key={lang}
            className="form-field localized-field__panel"
            role={hydrated ? 'tabpanel' : undefined}
            id={`${uid}-panel-${lang}`}
            aria-labelledby={hydrated ? `${uid}-tab-${lang}` : undefined}
            hidden={hydrated && active !== lang}
          >
            <label htmlFor={id}>
              {label} — {LANGUAGE_NAMES[lang]}
              {lang === 'ru' ? <span className="form-field__required"> ({t('form.required')})</span> : null}
            </label>
            {multiline ? <textarea rows={rows} {...control} /> : <input type="text" {...control} />}
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
