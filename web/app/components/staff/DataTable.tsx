import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from '~/components/csrf';
import { useHydrated } from '~/lib/serving/use-hydrated';
import type { SortDir } from '~/lib/staff/table-query';

/** One column: its header, how a row shows in it, and (when sortable) the link that sorts by it. */
export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column's sort link and whether the table is sorted by it now. */
  sort?: { href: string; active: SortDir | null };
  /** Numbers: right-aligned. */
  numeric?: boolean;
  /** Hidden from sighted users (e.g. an actions column's header), kept for screen readers. */
  headerHidden?: boolean;
}

/** A bulk action: a submit button of the table's form with name="intent". */
export interface BulkAction {
  intent: string;
  label: string;
  destructive?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (also its caption, visually hidden). */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when `rows` is empty (EmptyState). */
  empty: ReactNode;
  /**
   * Bulk selection: a checkbox per row (name="ids", value=rowKey) and the actions as submit
   * buttons of one POST form to `action` (default: this page) with the CSRF token, `back` (this
   * URL, to return to) and `hidden` fields. Works without JavaScript; with it, a "select all"
   * box and the count of selected rows appear.
   */
  bulk?: { actions: BulkAction[]; action?: string; hidden?: Record<string, string>; rowLabel: (row: Row) => string };
  /** Paging under the table (Pagination or KeysetPaging). */
  paging?: ReactNode;
  /** Extra attributes per row, e.g. data-id for tests. */
  rowProps?: (row: Row) => Record<string, string>;
}

/**
 * The one data table of the staff screens (issue 21): server-rendered rows, sortable column
 * headers as links (aria-sort), an optional bulk-selection form, the empty state when there are
 * no rows, and a busy state while the next URL of this page loads (filters, sort, paging).
 * Filters above it: TableFilters; "my / all": ScopeTabs; states: EmptyState / ErrorState.
 */
export function DataTable<Row>({ label, columns, rows, rowKey, empty, bulk, paging, rowProps }: DataTableProps<Row>) {
  const { t } = useTranslation('dashboard');
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const formId = useId();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const busy = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  if (!rows.length) return <>{empty}</>;

  const keys = rows.map(rowKey);
  const allSelected = keys.length > 0 && keys.every((k) => selected.has(k));
  const toggle = (key: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const table = (
    <div className="table-wrap" aria-busy={busy || undefined}>
      <table className="data-table">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {bulk ? (
              <th scope="col" className="data-table__select">
                {hydrated ? (
                  <input
                    type="checkbox"
                    aria-label={t('table.selectAll')}
                    checked={allSelected}
                    onChange={(e) => setSelected(e.currentTarget.checked ? new Set(keys) : new Set())}
                  />
                ) : (
                  <span className="sr-only">{t('table.select')}</span>
                )}
              </th>
            ) : null}
            {columns.map((c) => (
              <th
                key={c.id}
                scope="col"
                className={c.numeric ? 'data-table__num' : undefined}
                aria-sort={c.sort?.active ? (c.sort.active === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {c.sort ? (
                  <Link to={c.sort.href} preventScrollReset className="data-table__sort">
                    {c.header}
                    <span aria-hidden="true">{c.sort.active === 'asc' ? ' ▲' : c.sort.active === 'desc' ? ' ▼' : ' ↕'}</span>
                  </Link>
                ) : c.headerHidden ? (
                  <span className="sr-only">{c.header}</span>
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr key={key} {...rowProps?.(row)} aria-selected={bulk ? selected.has(key) : undefined}>
                {bulk ? (
                  <td className="data-table__select">
                    <input
                      type="checkbox"
                      name="ids"
                      value={key}
                      form={formId}
                      aria-label={t('table.selectRow', { row: bulk.rowLabel(row) })}
                      checked={selected.has(key)}
                      onChange={(e) => toggle(key, e.currentTarget.checked)}
                    />
                  </td>
                ) : null}
                {columns.map((c) => (
                  <td key={c.id} className={c.numeric ? 'data-table__num' : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );

  return (
    <>
      {bulk ? (
        <Form id={formId} method="post" action={bulk.action} className="bulk-bar" aria-label={t('table.bulk')}>
          <AuthenticityTokenInput />
          <input type="hidden" name="back" value={location.pathname + location.search} />
          {Object.entries(bulk.hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {hydrated ? (
            <span className="bulk-bar__count" aria-live="polite">
              {t('table.selected', { count: selected.size })}
            </span>
          ) : (
            <span className="bulk-bar__count">{t('table.bulkHint')}</span>
          )}
          {bulk.actions.map((a) => (
            <button
              key={a.intent}
              type="submit"
              name="intent"
              value={a.intent}
              className={`btn btn-small ${a.destructive ? 'btn-danger' : 'btn-secondary'}`}
              disabled={hydrated && selected.size === 0}
            >
              {a.label}
            </button>
          ))}
        </Form>
      ) : null}
      {table}
      {paging}
    </>
  );
}

/** "Previous / next" links of a keyset-paged list (no page numbers: the API gives cursors). */
export function KeysetPaging({ prevHref, nextHref }: { prevHref: string | null; nextHref: string | null }) {
  const { t } = useTranslation('dashboard');
  if (!prevHref && !nextHref) return null;
  return (
    <nav className="keyset-paging" aria-label={t('table.paging')}>
      {prevHref ? (
        <Link to={prevHref} rel="prev" className="btn btn-secondary btn-small">
          {t('table.first')}
        </Link>
      ) : null}
      {nextHref ? (
        <Link to={nextHref} rel="next" className="btn btn-secondary btn-small">
          {t('table.next')}
        </Link>
      ) : null}
    </nav>
  );
}

/** The empty state of a list: what is missing and, when filters are set, a way back to everything. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="state-block" role="status">
      <h2>{title}</h2>
      {hint ? <p>{hint}</p> : null}
      {action}
    </div>
  );
}

/** The error state of a list whose data could not be loaded (503 from the loader). */
export function ErrorState({ title, hint, retryHref }: { title?: string; hint?: string; retryHref?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="state-block state-block--error" role="alert">
      <h2>{title ?? t('table.error')}</h2>
      <p>{hint ?? t('table.errorHint')}</p>
      {retryHref ? (
        <a href={retryHref} className="btn btn-secondary">
          {t('table.retry')}
        </a>
      ) : null}
    </div>
  );
}
