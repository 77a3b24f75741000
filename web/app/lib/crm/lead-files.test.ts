import { describe, expect, it } from '@jest/globals';
import { leadExportHref } from '~/components/crm/LeadExportLinks';
import { importHref } from './lead-import-paths';
import { readMapping } from './lead-import.server';

describe('lead import screen helpers', () => {
  it('reads one mapping entry per column; unknown values mean "not imported"', () => {
    const form = new FormData();
    form.set('col.0', 'firstName');
    form.set('col.1', 'phone');
    form.set('col.2', 'password');
    form.set('col.4', 'email');
    expect(readMapping(form, 5)).toEqual(['firstName', 'phone', '', '', 'email']);
    expect(readMapping(form, 0)).toEqual([]);
  });

  it('links an import by id only when the id is a uuid', () => {
    expect(importHref('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('/dashboard/crm/leads/import?id=0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(importHref('../admin')).toBe('/dashboard/crm/leads/import');
    expect(importHref(null)).toBe('/dashboard/crm/leads/import');
  });
});

describe('lead export links', () => {
  it("carry the list's filters, not its paging or language", () => {
    const href = leadExportHref('xlsx', '?scope=all&status=new&q=%D0%B0%D0%B1&cursor=abc&limit=50&lang=en&source=');
    expect(href).toBe('/resources/crm/leads-export/xlsx?scope=all&status=new&q=%D0%B0%D0%B1');
    expect(leadExportHref('csv', new URLSearchParams())).toBe('/resources/crm/leads-export/csv');
  });
});
