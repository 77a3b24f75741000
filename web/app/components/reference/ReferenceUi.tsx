import { Link } from '@remix-run/react';
import type { AdminCategoryDto, Language } from '@realty/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterInput, TableFilters } from '~/components/staff/TableControls';
import type { ReferenceQuery, ReferenceSortKey, ReferenceTable } from '~/lib/reference/reference-table';
import { sortHref, tableHref, tableParams } from '~/lib/staff/table-query';

/**
 * Pieces of the reference-data screens (issue 21; spec 02 §2 admin property-categories,
 * property-types, building-complexes) around the shared DataTable and StaffForm.
 */

/** A localized name in `lang`, else the Russian one. */
export function nameIn(name: Partial<Record<Language, string>> | null | undefined, lang: Language): string {
  return name?.[lang] || name?.ru || '';
}

/** A sortable column's `sort` for DataTable. */
export function sortOf(spec: ReferenceTable, query: ReferenceQuery, key: ReferenceSortKey) {
  return { href: sortHref(spec, query, key), active: query.sort === key ? query.dir : null };
}

/** The screen's heading, its "new" link and the search form (keeps the sort). */
export function ReferenceHeader({
  id,
  title,
  createLabel,
  createHref,
  spec,
  query,
  children,
}: {
  id: string;
  title: string;
  createLabel: string;
  createHref: string;
  spec: ReferenceTable;
  query: ReferenceQuery;
  children?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const params = tableParams(spec, query);
  return (
    <>
      <div className="reference-head">
        <h1 id={id}>{title}</h1>
        <Link to={createHref} className="btn btn-primary" preventScrollReset>
          {createLabel}
        </Link>
      </div>
      {children}
      <TableFilters
        path={spec.path}
        label={t('reference.search')}
        keep={{ sort: params.get('sort') ?? undefined, dir: params.get('dir') ?? undefined }}
      >
        <FilterInput name="q" type="search" label={t('reference.search')} value={query.filters.q} />
      </TableFilters>
    </>
  );
}

/** "Edit" and "Delete" links of a row (the delete link opens the confirmation step, ?confirm=<id>). */
export function RowActions({ name, editHref, deleteHref }: { name: string; editHref: string; deleteHref: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="row-actions">
      <Link to={editHref} className="btn btn-secondary btn-small" aria-label={`${t('reference.edit')}: ${name}`} preventScrollReset>
        {t('reference.edit')}
      </Link>
      <Link
        to={deleteHref}
        className="btn btn-danger-outline btn-small"
        aria-label={`${t('reference.delete')}: ${name}`}
        preventScrollReset
      >
        {t('reference.delete')}
      </Link>
    </div>
  );
}

/** The list URL of `query` with one extra parameter (edit=, confirm=...), paging and filters kept. */
export function hrefWith(spec: ReferenceTable, query: ReferenceQuery, extra: Record<string, string>): string {
  return tableHref(spec, query, { extra });
}

/** The list URL of `query` as it is (where a form or the confirmation step returns). */
export function listHref(spec: ReferenceTable, query: ReferenceQuery): string {
  return tableHref(spec, query);
}

/**
 * A category's subcategories in its table row: a <details> list (opens without JavaScript), each
 * with its usage and edit / delete links, and the link that adds one. `open` while one of them is
 * being edited or confirmed.
 */
export function SubcategoryList({
  category,
  lang,
  open,
  editHref,
  deleteHref,
  addHref,
}: {
  category: AdminCategoryDto;
  lang: Language;
  open: boolean;
  editHref: (id: number) => string;
  deleteHref: (id: number) => string;
  addHref: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <details className="reference-subs" open={open || undefined}>
      <summary>
        {t('reference.categories.showSubcategories', { name: nameIn(category.name, lang), n: category.subcategories.length })}
      </summary>
      {category.subcategories.length ? (
        <ul>
          {category.subcategories.map((s) => (
            <li key={s.id} data-sub-slug={s.slug}>
              <span>{nameIn(s.name, lang)}</span> <code>{s.slug}</code>{' '}
              <span className="reference-subs__count">
                {t('reference.fields.listings')}: {s.listings}
              </span>
              <RowActions name={nameIn(s.name, lang)} editHref={editHref(s.id)} deleteHref={deleteHref(s.id)} />
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('reference.categories.noSubcategories')}</p>
      )}
      <Link to={addHref} className="btn btn-secondary btn-small" preventScrollReset>
        {t('reference.categories.addSubcategory')}
      </Link>
    </details>
  );
}
