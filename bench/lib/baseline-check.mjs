// Before any load: the baseline server (bench/baseline-server.mjs) must answer each of its
// scenarios with the API's own answer to that query string, byte for byte (same listings in
// the same order, same cards, same paging); otherwise the "x baseline" ratios would compare
// different work.

/**
 * Asks `${baseline}/<name>` and `${api}/api/properties?<query>` (uncompressed) for each
 * {name, query} and compares the bodies. Returns [{name, same, bytes, baseline_bytes, ids,
 * total, first_difference}] (`ids`: the listings on the page; `first_difference`: the byte
 * offset where the bodies part, with a little of each, when they differ).
 */
export async function compareBaselineWithApi(baseline, api, scenarios) {
  const get = async (url) => {
    const res = await fetch(url, { headers: { accept: 'application/json', 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
  const out = [];
  for (const { name, query } of scenarios) {
    const [b, a] = await Promise.all([get(`${baseline}/${encodeURIComponent(name)}`), get(`${api}/api/properties?${query}`)]);
    const same = a.equals(b);
    const answer = JSON.parse(a.toString('utf8'));
    const row = { name, same, bytes: a.length, baseline_bytes: b.length, ids: answer.data.length, total: answer.meta.total };
    if (!same) {
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      row.first_difference = {
        at: i,
        api: a.subarray(Math.max(0, i - 40), i + 80).toString('utf8'),
        baseline: b.subarray(Math.max(0, i - 40), i + 80).toString('utf8'),
      };
    }
    out.push(row);
  }
  return out;
}
