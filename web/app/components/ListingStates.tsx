import { Link, useLocation, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { SearchIcon } from './Icons';

/** Error block with a reload control (a button with JavaScript, a link to this URL without). */
export function ErrorState({
  title,
  message,
  reloadLabel,
  level = 2,
}: {
  title: string;
  message?: string;
  reloadLabel: string;
  level?: 1 | 2;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const location = useLocation();
  return (
    <div className="state-block state-block--error" role="alert">
      {level === 1 ? <h1>{title}</h1> : <h2>{title}</h2>}
      {message ? <p>{message}</p> : null}
      {hydrated ? (
        <button type="button" className="btn btn-primary" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
          {reloadLabel}
        </button>
      ) : (
        <a className="btn btn-primary" href={location.pathname + location.search}>
          {reloadLabel}
        </a>
      )}
    </div>
  );
}

/** 'Объекты не найдены' with an optional reset link. */
export function EmptyState({
  title,
  hint,
  resetHref,
  resetLabel,
  onReset,
}: {
  title: string;
  hint?: string;
  resetHref?: string;
  resetLabel?: string;
  onReset?: () => void;
}) {
  return (
    <div className="state-block">
      <SearchIcon size={40} />
      <h2>{title}</h2>
      {hint ? <p>{hint}</p> : null}
      {resetHref && resetLabel ? (
        <Link to={resetHref} className="btn btn-primary" onClick={onReset}>
          {resetLabel}
        </Link>
      ) : null}
    </div>
  );
}

/** Busy indicator over the results while the loader reloads. */
export function LoadingOverlay({ label }: { label: string }) {
  const { t } = useTranslation('catalog');
  return (
    <div className="loading-overlay" aria-hidden="true" title={label || t('loading')}>
      <span className="spinner" />
    </div>
  );
}
