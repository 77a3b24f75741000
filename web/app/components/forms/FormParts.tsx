import { HONEYPOT_FIELD } from '@realty/contracts';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from '~/components/csrf';
import { JS_FIELD } from '~/lib/forms/public-forms';
import type { ToastMessage } from '~/lib/forms/toast';
import { useHydrated } from '~/lib/serving/use-hydrated';
// The forms' styles travel with the components (Remix bundles and links CSS a route imports).
import '~/styles/forms.css';

/**
 * Building blocks of the public forms: labelled fields with their error in red under them (spec
 * 01 §4 "Forms"), the hidden fields every public form carries (the web's CSRF token, the
 * JavaScript marker, the honeypot), and the form-level message box.
 */

type FieldProps = {
  /** Form and element name. */
  name: string;
  /** Unique id prefix on the page (several forms may have a `phone`). */
  formId: string;
  label: string;
  error?: string | null;
  /** Shows '(необязательно)' after the label. */
  optional?: boolean;
  hint?: string;
};

/** A labelled <input> or <textarea> (multiline) with its error. */
export function FormField({
  name,
  formId,
  label,
  error,
  optional,
  hint,
  multiline,
  ...rest
}: FieldProps & { multiline?: boolean } & InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { t } = useTranslation('forms');
  const id = `${formId}-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = { id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className={`pf-field${error ? ' pf-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="pf-optional"> ({t('optional')})</span> : null}
      </label>
      {multiline ? (
        <textarea rows={4} {...common} {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input {...common} {...(rest as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="pf-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="pf-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Hidden fields of every public form: the web's CSRF token (~/components/csrf), `_js` = 1 once
 * scripts run (the action then answers data instead of redirecting), and the honeypot (a text
 * field people never see or reach; the API stores nothing when it is filled).
 */
export function PublicFormHiddenFields({ intent }: { intent?: string }) {
  const { t } = useTranslation('forms');
  const hydrated = useHydrated();
  return (
    <>
      <AuthenticityTokenInput />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <input type="hidden" name={JS_FIELD} value={hydrated ? '1' : '0'} />
      <div className="pf-honeypot" aria-hidden="true">
        <label>
          {t('honeypot')}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

/** The outcome of a failed post inside the form (with JavaScript the same text is also a toast). */
export function FormMessage({ message }: { message?: ToastMessage | null }) {
  if (!message || message.variant !== 'destructive') return null;
  return (
    <div className="pf-alert" role="alert">
      <strong>{message.title}</strong>
      {message.description ? <span> {message.description}</span> : null}
    </div>
  );
}

/** A section frame with a heading, used by every public form. */
export function FormSection({
  id,
  title,
  subtitle,
  children,
  className,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} className={`pf-section ${className ?? ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {subtitle ? <p className="pf-subtitle">{subtitle}</p> : null}
      {children}
    </section>
  );
}
