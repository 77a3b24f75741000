import { Link } from '@remix-run/react';
import type { StaffListingItemDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The cells of the staff listing list (/dashboard/employee/properties, issue 21) that are more
 * than a value: the listing (main image, title linking to its edit screen when the caller may
 * change it, address), its status with the rejection reason and waiting changes, and its actions.
 */

export function ListingTitleCell({ row }: { row: StaffListingItemDto }) {
  return (
    <div className="listing-cell">
      {row.imageUrl ? <img src={row.imageUrl} alt="" width={64} height={48} loading="lazy" /> : null}
      <div>
        {row.editable ? (
          <Link to={`/dashboard/employee/edit/${row.id}`}>{row.title || row.slug}</Link>
        ) : (
          <span>{row.title || row.slug}</span>
        )}
        <p className="listing-cell__address">{row.address}</p>
      </div>
    </div>
  );
}

export function ListingStatusCell({ row }: { row: StaffListingItemDto }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="status-cell">
      <span className={`status-badge status-badge--${row.status}`} data-status={row.status}>
        {t(`staffList.statuses.${row.status}`)}
      </span>
      {row.rejection ? (
        <>
          {' '}
          <span className="status-badge status-badge--rejected">{t('staffList.rejected')}</span>
          <p className="status-cell__reason">{t('staffList.reason', { reason: row.rejection.reason })}</p>
        </>
      ) : null}
      {row.hasPendingChanges ? (
        <p className="status-cell__note">
          <span className="status-badge status-badge--pending">{t('staffList.pendingChanges')}</span>
        </p>
      ) : null}
    </div>
  );
}

export function ListingActionsCell({ row }: { row: StaffListingItemDto }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="row-actions">
      {row.editable ? (
        <Link
          to={`/dashboard/employee/edit/${row.id}`}
          className="btn btn-secondary btn-small"
          aria-label={`${t('staffList.edit')}: ${row.title}`}
        >
          {t('staffList.edit')}
        </Link>
      ) : (
        <span className="badge--muted">{t('staffList.readOnly')}</span>
      )}
      {row.status === 'active' ? (
        <Link
          to={`/property/${encodeURIComponent(row.slug)}`}
          className="btn btn-secondary btn-small"
          aria-label={`${t('staffList.view')}: ${row.title}`}
        >
          {t('staffList.view')}
        </Link>
      ) : null}
    </div>
  );
}
