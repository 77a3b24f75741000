// Before any load: the baseline server (bench/baseline-server.mjs) must answer each of its
// scenarios with the same listings, in the same order, and the same total as the API does for
// that query string; otherwise the "x baseline" ratios would compare different work.

/**
 * Asks `${baseline}/<name>` and `${api}/api/properties?<query>` for each {name, query} and
 * compares the listing ids (in order), meta.total and meta.nextCursor. Returns
 * [{name, same, total, baseline_total, ids, baseline_ids, next_cursor, baseline_next_cursor}]
 * (`ids`: how many listings the page has).
 */
export async function compareBaselineWithApi(baseline, api, scenarios) {
  const get = async (url) => {
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
    return res.json();
  };
  const out = [];
  for (const { name, query } of scenarios) {
    const [b, a] = await Promise.all([get(`${baseline}/${encodeURIComponent(name)}`), get(`${api}/api/properties?${query}`)]);
    const apiIds = a.data.map((p) => p.id);
    const baseIds = b.data.map((r) => r.id);
    const same = apiIds.length === baseIds.length && apiIds.every((id, i) => id === baseIds[i]) && a.meta.total === b.meta.total && (a.meta.nextCursor ?? null) === (b.meta.nextCursor ?? null);
    out.push({ name, same, total: a.meta.total, baseline_total: b.meta.total, ids: apiIds.length, baseline_ids: baseIds.length, next_cursor: a.meta.nextCursor ?? null, baseline_next_cursor: b.meta.nextCursor ?? null });
  }
  return out;
}
