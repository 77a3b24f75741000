import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './Icons';

/** Page numbers to show: first, last, and a window around the current page; null = gap. */
export function pageWindow(page: number, totalPages: number, radius = 2): Array<number | null> {
  const out: Array<number | null> = [];
  for (let p = 1; p <= totalPages; p++) {
    if (p === 1 || p === totalPages || Math.abs(p - page) <= radius) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** Page links (work without JavaScript); `hrefFor` keeps the rest of the URL state. */
export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation('catalog');
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className="pagination__step" aria-label={t('pagination.prev')}>
              <ChevronLeftIcon />
            </Link>
          ) : (
            <span className="pagination__step" aria-hidden="true">
              <ChevronLeftIcon />
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pagination__gap">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={hrefFor(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('pagination.page', { page: p })}>
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={hrefFor(page + 1)} rel="next" className="pagination__step" aria-label={t('pagination.next')}>
              <ChevronRightIcon />
            </Link>
          ) : (
            <span className="pagination__step" aria-hidden="true">
              <ChevronRightIcon />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
