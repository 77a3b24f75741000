import { Form, useBeforeUnload, useBlocker, useNavigation } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '~/components/account/Field';
import { AuthenticityTokenInput } from '~/components/csrf';
import { useToastEffect } from '~/components/toast/Toaster';
import type { ToastMessage } from '~/lib/forms/toast';

/**
 * Marks the enclosing StaffForm as changed, for a control whose value is set by script (a map
 * pin, a picked suggestion) and so fires no change event the form sees.
 */
const MarkDirty = createContext<() => void>(() => undefined);
export const useMarkStaffFormDirty = () => useContext(MarkDirty);

/** What useBlocker's function is given (the current and the next location). */
type BlockArgs = Parameters<Extract<Parameters<typeof useBlocker>[0], (...args: never[]) => unknown>>[0];

/**
 * The unsaved-changes warning of a StaffForm: leaving the page in the app asks to confirm,
 * closing the tab gets the browser's prompt. Its own component so that a form without the guard
 * registers no blocker (React Router keeps one at a time: a page with two forms, e.g. approve and
 * reject, guards at most one).
 */
function UnsavedChangesGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  const { t } = useTranslation('dashboard');
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: BlockArgs) =>
        shouldBlock() && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
      [shouldBlock],
    ),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('form.unsaved'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (shouldBlock()) event.preventDefault();
      },
      [shouldBlock],
    ),
  );
  return null;
}

/**
 * The one form of the staff screens (issue 21): a POST <Form> with the CSRF token, the errors
 * summary (links to the fields, focused when errors come back), the failure shown as a toast and
 * in the page (FormAlert, for no-JavaScript), a submit button that shows the save in progress,
 * and the unsaved-changes warning (leaving the page in the app asks to confirm; closing the tab
 * gets the browser's prompt). Pair it with `submitStaffForm` in the action
 * (~/lib/staff/staff-form.server) and the fields of ./fields. `errors` are keyed by field name;
 * each field's id is `field-<name>` (as Field and the fields here render them).
 */
export function StaffForm({
  errors = {},
  formError = null,
  submitLabel,
  action,
  encType,
  id,
  guardUnsaved = true,
  secondary,
  children,
}: {
  errors?: Record<string, string>;
  formError?: ToastMessage | null;
  submitLabel: string;
  action?: string;
  encType?: 'multipart/form-data' | 'application/x-www-form-urlencoded';
  id?: string;
  /** Warn before leaving with unsaved changes (default on). */
  guardUnsaved?: boolean;
  /** Buttons or links next to the submit button (e.g. cancel). */
  secondary?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post';
  const [dirty, setDirty] = useState(false);
  const leaving = useRef(false);
  const summary = useRef<HTMLDivElement>(null);
  const errorList = Object.entries(errors);
  useToastEffect(formError);

  // A submission leaves the page on purpose; a form that came back with errors is dirty again.
  useEffect(() => {
    if (navigation.state === 'idle') leaving.current = false;
  }, [navigation.state]);
  useEffect(() => {
    if (errorList.length) {
      setDirty(true);
      summary.current?.focus();
    }
    // errors is a fresh object per answer: focus once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  // Read when a navigation starts, so always the latest state.
  const shouldBlock = useCallback(() => dirty && !leaving.current, [dirty]);

  const markDirty = useCallback(() => setDirty(true), []);

  const onSubmit = (_event: FormEvent<HTMLFormElement>) => {
    leaving.current = true;
  };

  return (
    <Form
      method="post"
      action={action}
      encType={encType}
      id={id}
      className="staff-form"
      onChange={() => setDirty(true)}
      onSubmit={onSubmit}
      aria-busy={submitting || undefined}
    >
      <AuthenticityTokenInput />
      {guardUnsaved ? <UnsavedChangesGuard shouldBlock={shouldBlock} /> : null}
      {errorList.length ? (
        <div className="form-summary" role="alert" tabIndex={-1} ref={summary} aria-labelledby="form-summary-title">
          <h2 id="form-summary-title">{t('form.summary', { count: errorList.length })}</h2>
          <ul>
            {errorList.map(([name, message]) => (
              <li key={name}>
                <a href={`#field-${name}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <FormAlert message={formError} />
      )}
      <MarkDirty.Provider value={markDirty}>{children}</MarkDirty.Provider>
      <div className="staff-form__actions">
        <button type="submit" className="btn btn-primary" disabled={submitting} aria-disabled={submitting || undefined}>
          {submitting ? t('form.saving') : submitLabel}
        </button>
        {secondary}
      </div>
    </Form>
  );
}
