import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from '~/components/csrf';
import type { Scope } from '~/lib/staff/table-query';

/**
 * The filter bar above a DataTable: a GET form to the screen's path (the filters become the URL;
 * works without JavaScript), with "apply" and "reset". `keep` carries state the form does not
 * show (scope, sort) so applying filters does not lose it; paging restarts.
 */
export function TableFilters({
  path,
  label,
  keep = {},
  resetHref,
  applyLabel,
  children,
}: {
  path: string;
  label: string;
  keep?: Record<string, string | undefined>;
  /** Reset link (default: `path`). */
  resetHref?: string;
  /** The submit button's text (default 'Применить'). */
  applyLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Form method="get" action={path} className="table-filters" aria-label={label}>
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {children}
      <div className="table-filters__actions">
        <button type="submit" className="btn btn-primary btn-small">
          {applyLabel ?? t('table.apply')}
        </button>
        <Link to={resetHref ?? path} className="btn btn-secondary btn-small">
          {t('table.reset')}
        </Link>
      </div>
    </Form>
  );
}

/** A text (or date, number) filter of TableFilters. */
export function FilterInput({
  name,
  label,
  value,
  type = 'text',
  error,
}: {
  name: string;
  label: string;
  value: string;
  type?: 'text' | 'search' | 'date' | 'number';
  error?: string;
}) {
  const id = `filter-${name}`;
  return (
    <div className={`table-filters__field${type === 'search' ? ' table-filters__field--grow' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        maxLength={type === 'text' || type === 'search' ? 100 : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A select filter of TableFilters; the first option ('' = any) is `anyLabel`. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  anyLabel,
}: {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  anyLabel: string;
}) {
  const id = `filter-${name}`;
  return (
    <div className="table-filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The "my / all" switch of a list (spec 02 §2 owner filter): two links, the current one marked. */
export function ScopeTabs({ scope, hrefFor }: { scope: Scope; hrefFor: (scope: Scope) => string }) {
  const { t } = useTranslation('dashboard');
  return (
    <nav className="scope-tabs" aria-label={t('table.scope')}>
      {(['mine', 'all'] as const).map((s) => (
        <Link key={s} to={hrefFor(s)} aria-current={s === scope ? 'page' : undefined} className="scope-tabs__tab">
          {t(`table.scope_${s}`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * A confirmation step that works without JavaScript (e.g. delete): the screen links to itself
 * with ?confirm=<id>, and renders this panel for that row: a POST form with the CSRF token,
 * `intent`, `hidden` fields and the way back. `destructive` paints the confirm button red.
 */
export function ConfirmPanel({
  title,
  text,
  confirmLabel,
  cancelHref,
  intent,
  hidden = {},
  destructive = true,
  action,
}: {
  title: string;
  text?: string;
  confirmLabel: string;
  cancelHref: string;
  intent: string;
  hidden?: Record<string, string>;
  destructive?: boolean;
  action?: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <section
      className="confirm-panel"
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby={text ? 'confirm-text' : undefined}
    >
      <h2 id="confirm-title">{title}</h2>
      {text ? <p id="confirm-text">{text}</p> : null}
      <Form method="post" action={action} className="confirm-panel__actions">
        <AuthenticityTokenInput />
        <input type="hidden" name="back" value={cancelHref} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value={intent} className={`btn ${destructive ? 'btn-danger' : 'btn-primary'}`} autoFocus>
          {confirmLabel}
        </button>
        <Link to={cancelHref} className="btn btn-secondary">
          {t('table.cancel')}
        </Link>
      </Form>
    </section>
  );
}
