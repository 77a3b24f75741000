// The CRM cases of issue 22 (bench/lib/crm.mjs) without servers: the pass/miss rules of the four
// targets (a case that did not run or failed is a MISS), the generated import file (every row
// valid and new, the headers the import recognises), the list and kanban URLs, the RSS reader.
import { parse } from 'csv-parse/sync';
import { suggestLeadMapping } from '@realty/contracts';
import { CRM_TARGETS, crmKanbanPaths, crmListPaths, crmTargets, importCsv, rssKb } from '../lib/crm.mjs';

type Target = { target: string; value: string; ok: boolean };

const passing = () => ({
  scenarios: [
    { name: 'api crm lead list @50 req/s', rps: 50, p50_ms: 8, p99_ms: 31.5, non2xx: 0 },
    { name: 'api crm kanban @20 req/s', rps: 20, p50_ms: 20, p99_ms: 70, non2xx: 0 },
  ],
  importCase: { rows: 100_000, total_ms: 41_000, run_ms: 33_000, preview_ms: 5000, counts: { created: 100_000 } },
  exportCase: { ms: 6000, rows: 100_000, bytes: 20_000_000, rss_mb: { before: 150, max: 170, delta: 20 } },
});

describe('crmTargets (issue 22)', () => {
  const judge = (x: unknown) => crmTargets(x as never) as Target[];

  it('passes a run within every bound and names the figures', () => {
    const targets = judge(passing());
    expect(targets.map((t) => t.ok)).toEqual([true, true, true, true]);
    expect(targets[2].value).toContain('41.0 s for 100000 rows');
    expect(targets[3].value).toContain('delta 20 MB');
  });

  it('misses each bound exceeded, non-2xx answers, a short import and cases that did not run', () => {
    const slow = passing();
    slow.scenarios[0].p99_ms = CRM_TARGETS.listP99Ms + 0.1;
    slow.scenarios[1].non2xx = 3;
    slow.importCase.total_ms = CRM_TARGETS.importMaxS * 1000 + 1;
    slow.exportCase.ms = CRM_TARGETS.exportMaxS * 1000 + 1;
    expect(judge(slow).map((t) => t.ok)).toEqual([false, false, false, false]);
    const short = passing();
    short.importCase.counts.created = 99_999;
    expect(judge(short)[2].ok).toBe(false);
    const none = judge({ scenarios: [], importCase: { error: 'upload: HTTP 404' }, exportCase: null });
    expect(none.map((t) => t.ok)).toEqual([false, false, false, false]);
    expect(none[2].value).toBe('upload: HTTP 404');
  });
});

describe('the CRM bench data', () => {
  it('writes an import file of n valid, distinct rows whose headers map to the lead fields', () => {
    const rows = parse(importCsv(1000, 't'), { delimiter: ';' }) as string[][];
    expect(rows).toHaveLength(1001);
    expect(suggestLeadMapping(rows[0])).toEqual(['firstName', 'lastName', 'phone', 'email', 'source', 'status', 'quality', 'budget']);
    expect(new Set(rows.slice(1).map((r) => r[2])).size).toBe(1000);
    expect(new Set(rows.slice(1).map((r) => r[3])).size).toBe(1000);
  });

  it('asks the list with both scopes and the kanban with both', () => {
    const list = crmListPaths();
    expect(list.filter((p) => p.includes('scope=all'))).toHaveLength(list.length / 2);
    expect(list.every((p) => p.startsWith('/api/crm/leads?'))).toBe(true);
    expect(crmKanbanPaths()).toEqual(['/api/crm/deals/kanban?scope=all', '/api/crm/deals/kanban?scope=my']);
  });

  it('reads the RSS of a process, null for none', () => {
    expect(rssKb(process.pid)).toBeGreaterThan(1000);
    expect(rssKb(2 ** 30)).toBeNull();
  });
});
