/**
 * The URL state of a staff data table (issue 21 "one data-table pattern": filters, sort, paging
 * and "my / all" in the URL, rendered on the server, so a list works without JavaScript and a
 * link reproduces it). A screen declares its table once (`defineTable`), reads the state in its
 * loader (`readTableQuery`) and builds every link from it (`tableHref`).
 *
 * Example:
 *   const TABLE = defineTable({
 *     path: '/dashboard/employee/properties',
 *     sorts: ['updated', 'price'], defaultSort: 'updated', defaultDir: 'desc',
 *     filters: { q: textFilter(100), status: oneOfFilter(PROPERTY_STATUSES) },
 *     scope: 'mine',
 *   });
 *   const query = readTableQuery(TABLE, new URL(request.url).searchParams);
 *   tableHref(TABLE, query, { sort: 'price', dir: 'asc' }); // paging restarts
 */

export type SortDir = 'asc' | 'desc';
export type Scope = 'mine' | 'all';

/** Normalises one raw query value; '' means "no filter" (and is what an invalid value becomes). */
export type FilterParser = (raw: string) => string;

export interface TableSpec<F extends string = string, S extends string = string> {
  /** The screen's path, e.g. '/dashboard/admin/property-types'. */
  path: string;
  /** Sort keys the API accepts; the first column sort links use these. */
  sorts: readonly S[];
  defaultSort: S;
  defaultDir: SortDir;
  /** Filter name -> parser. */
  filters: Record<F, FilterParser>;
  /** Default of the "my / all" switch; absent when the list has none. */
  scope?: Scope;
}

export interface TableQuery<F extends string = string, S extends string = string> {
  filters: Record<F, string>;
  sort: S;
  dir: SortDir;
  /** Page number (offset paging), 1-based. */
  page: number;
  /** Keyset cursor (opaque, from the API's meta); '' on the first page. */
  cursor: string;
  /** "my / all"; undefined when the spec has no scope. */
  scope?: Scope;
}

/** Declares a table (identity, for inference of the filter and sort names). */
export function defineTable<F extends string, S extends string>(spec: TableSpec<F, S>): TableSpec<F, S> {
  return spec;
}

/** A free-text filter: trimmed, inner whitespace collapsed, at most `max` characters. */
export const textFilter =
  (max = 100): FilterParser =>
  (raw) =>
    raw.trim().replace(/\s+/g, ' ').slice(0, max).trimEnd();

/** One of `values`, else ''. */
export const oneOfFilter =
  (values: readonly string[]): FilterParser =>
  (raw) =>
    values.includes(raw) ? raw : '';

/** A positive whole number (an id of a reference table), else ''. */
export const idFilter: FilterParser = (raw) => (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? raw : '');

/** A date yyyy-mm-dd, else ''. */
export const dateFilter: FilterParser = (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : '');

const MAX_PAGE = 10_000;
const CURSOR = /^[A-Za-z0-9_-]{1,400}$/;

/** The table state of `params`; anything invalid falls back to its default (never an error). */
export function readTableQuery<F extends string, S extends string>(spec: TableSpec<F, S>, params: URLSearchParams): TableQuery<F, S> {
  const filters = {} as Record<F, string>;
  for (const name of Object.keys(spec.filters) as F[]) filters[name] = spec.filters[name](params.get(name) ?? '');
  const sortRaw = params.get('sort') ?? '';
  const sort = (spec.sorts as readonly string[]).includes(sortRaw) ? (sortRaw as S) : spec.defaultSort;
  const dirRaw = params.get('dir');
  const dir: SortDir = dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : spec.defaultDir;
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= MAX_PAGE ? pageRaw : 1;
  const cursorRaw = params.get('cursor') ?? '';
  const cursor = CURSOR.test(cursorRaw) ? cursorRaw : '';
  const query: TableQuery<F, S> = { filters, sort, dir, page, cursor };
  if (spec.scope) {
    const scopeRaw = params.get('scope');
    query.scope = scopeRaw === 'mine' || scopeRaw === 'all' ? scopeRaw : spec.scope;
  }
  return query;
}

/** A change of the table state; `extra` adds screen-specific parameters (e.g. confirm=<id>). */
export interface TablePatch<F extends string, S extends string> {
  filters?: Partial<Record<F, string>>;
  sort?: S;
  dir?: SortDir;
  page?: number;
  cursor?: string;
  scope?: Scope;
  extra?: Record<string, string>;
}

/** The query parameters of a state: defaults and empty values left out, in a stable order. */
export function tableParams<F extends string, S extends string>(spec: TableSpec<F, S>, query: TableQuery<F, S>): URLSearchParams {
  const params = new URLSearchParams();
  if (spec.scope && query.scope && query.scope !== spec.scope) params.set('scope', query.scope);
  for (const name of Object.keys(spec.filters) as F[]) if (query.filters[name]) params.set(name, query.filters[name]);
  if (query.sort !== spec.defaultSort || query.dir !== spec.defaultDir) {
    params.set('sort', query.sort);
    params.set('dir', query.dir);
  }
  if (query.cursor) params.set('cursor', query.cursor);
  else if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/**
 * The URL of `query` changed by `patch`. A change of filters, sort or scope starts again from
 * the first page (the old page or cursor means nothing in the new order); a change of page or
 * cursor keeps the rest.
 */
export function tableHref<F extends string, S extends string>(
  spec: TableSpec<F, S>,
  query: TableQuery<F, S>,
  patch: TablePatch<F, S> = {},
): string {
  const restart = patch.filters !== undefined || patch.sort !== undefined || patch.dir !== undefined || patch.scope !== undefined;
  const next: TableQuery<F, S> = {
    filters: { ...query.filters, ...patch.filters } as Record<F, string>,
    sort: patch.sort ?? query.sort,
    dir: patch.dir ?? query.dir,
    page: patch.page ?? (restart || patch.cursor !== undefined ? 1 : query.page),
    cursor: patch.cursor ?? (restart || patch.page !== undefined ? '' : query.cursor),
    scope: patch.scope ?? query.scope,
  };
  const params = tableParams(spec, next);
  for (const [k, v] of Object.entries(patch.extra ?? {})) if (v) params.set(k, v);
  const qs = params.toString();
  return qs ? `${spec.path}?${qs}` : spec.path;
}

/** The link of a sortable column header: ascending first, then toggling. */
export function sortHref<F extends string, S extends string>(spec: TableSpec<F, S>, query: TableQuery<F, S>, key: S): string {
  const dir: SortDir = query.sort === key ? (query.dir === 'asc' ? 'desc' : 'asc') : 'asc';
  return tableHref(spec, query, { sort: key, dir });
}

/** Whether any filter is set (the "reset" link and the empty state's wording depend on it). */
export function hasFilters<F extends string>(query: TableQuery<F>): boolean {
  return Object.values<string>(query.filters).some(Boolean);
}

/**
 * The back link of a table's post action, checked: only `path` itself with a query string, so an
 * action never redirects elsewhere (open redirect) whatever the form says.
 */
export function backToTable(path: string, asked: unknown): string {
  if (typeof asked !== 'string' || !asked.startsWith(path)) return path;
  const rest = asked.slice(path.length);
  return rest === '' || (rest.startsWith('?') && !/[\\\s]/.test(rest) && !rest.includes('//')) ? asked : path;
}
