import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A labelled input with its error in red under it (spec 01 §4 "Forms": field errors in red under
 * fields, red borders). The error is linked by aria-describedby and marks the input invalid.
 */
export function Field({
  name,
  label,
  error,
  hint,
  id,
  children,
  ...input
}: { name: string; label: string; error?: string | null; hint?: string; children?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const fieldId = id ?? `field-${name}`;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      {children ?? <input id={fieldId} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />}
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The outcome of a post rendered in the page: with JavaScript the same message also pops up as
 * a toast; without it this box is what the visitor sees.
 */
export function FormAlert({ message }: { message?: { title: string; description?: string; variant?: 'default' | 'destructive' } | null }) {
  if (!message) return null;
  const destructive = message.variant === 'destructive';
  return (
    <div className={`form-alert${destructive ? ' form-alert--error' : ''}`} role={destructive ? 'alert' : 'status'}>
      <strong>{message.title}</strong>
      {message.description ? <span>{message.description}</span> : null}
    </div>
  );
}
