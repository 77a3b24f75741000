import { describe, expect, it } from '@jest/globals';
import {
  backToTable,
  defineTable,
  hasFilters,
  idFilter,
  oneOfFilter,
  readTableQuery,
  sortHref,
  tableHref,
  textFilter,
} from './table-query';

/** The URL state of the staff data table (issue 21): read from the URL, written back into links. */
const TABLE = defineTable({
  path: '/dashboard/employee/properties',
  sorts: ['updated', 'price'] as const,
  defaultSort: 'updated',
  defaultDir: 'desc',
  filters: { q: textFilter(20), status: oneOfFilter(['active', 'pending']), categoryId: idFilter },
  scope: 'mine',
});

const read = (qs: string) => readTableQuery(TABLE, new URLSearchParams(qs));

describe('readTableQuery', () => {
  it('falls back to the defaults for anything missing or invalid, never failing', () => {
    expect(read('status=deleted&categoryId=-1&sort=owner&dir=up&page=0&cursor=%3Cx%3E&scope=theirs')).toEqual({
      filters: { q: '', status: '', categoryId: '' },
      sort: 'updated',
      dir: 'desc',
      page: 1,
      cursor: '',
      scope: 'mine',
    });
  });

  it('keeps valid values: text trimmed, collapsed and cut, enum, id, sort, page, cursor, scope', () => {
    expect(
      read(
        'q=%20%20Абая%20%20%20150%20and%20a%20long%20tail&status=pending&categoryId=7&sort=price&dir=asc&page=3&cursor=abc_-1&scope=all',
      ),
    ).toEqual({
      filters: { q: 'Абая 150 and a long', status: 'pending', categoryId: '7' },
      sort: 'price',
      dir: 'asc',
      page: 3,
      cursor: 'abc_-1',
      scope: 'all',
    });
  });
});

describe('tableHref', () => {
  it('leaves defaults out, so the plain list has the plain path', () => {
    expect(tableHref(TABLE, read(''))).toBe('/dashboard/employee/properties');
  });

  it('restarts paging when a filter, the sort or the scope changes', () => {
    const q = read('status=active&page=4');
    expect(tableHref(TABLE, q, { filters: { q: 'Абая' } })).toBe('/dashboard/employee/properties?q=%D0%90%D0%B1%D0%B0%D1%8F&status=active');
    expect(tableHref(TABLE, read('cursor=abc'), { scope: 'all' })).toBe('/dashboard/employee/properties?scope=all');
    expect(sortHref(TABLE, q, 'price')).toBe('/dashboard/employee/properties?status=active&sort=price&dir=asc');
  });

  it('keeps filters across paging, and a cursor replaces a page number', () => {
    const q = read('status=active&sort=price&dir=asc');
    expect(tableHref(TABLE, q, { page: 2 })).toBe('/dashboard/employee/properties?status=active&sort=price&dir=asc&page=2');
    expect(tableHref(TABLE, read('page=2'), { cursor: 'next1' })).toBe('/dashboard/employee/properties?cursor=next1');
  });

  it('toggles the direction of the column already sorted by', () => {
    expect(sortHref(TABLE, read('sort=price&dir=asc'), 'price')).toBe('/dashboard/employee/properties?sort=price&dir=desc');
  });

  it('adds screen parameters such as a confirmation', () => {
    expect(tableHref(TABLE, read('page=2'), { extra: { confirm: 'id-1' } })).toBe('/dashboard/employee/properties?page=2&confirm=id-1');
  });
});

describe('hasFilters and backToTable', () => {
  it('tells whether any filter is set', () => {
    expect(hasFilters(read('sort=price'))).toBe(false);
    expect(hasFilters(read('status=active'))).toBe(true);
  });

  it('returns only to the table itself', () => {
    expect(backToTable(TABLE.path, '/dashboard/employee/properties?status=active')).toBe('/dashboard/employee/properties?status=active');
    expect(backToTable(TABLE.path, 'https://evil.example/dashboard/employee/properties')).toBe(TABLE.path);
    expect(backToTable(TABLE.path, '/dashboard/employee/properties-other')).toBe(TABLE.path);
    expect(backToTable(TABLE.path, '/dashboard/employee/properties?x=//evil')).toBe(TABLE.path);
    expect(backToTable(TABLE.path, null)).toBe(TABLE.path);
  });
});
