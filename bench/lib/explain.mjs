// PostgreSQL time alone: EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) of every captured catalogue
// statement (the page of cards, the count): every statement is first run once unmeasured, then
// EXPLAINed `runs` times with the best execution time kept (warm cache, as under load).
// Sub-millisecond times taken right after the data is loaded move a lot between single runs
// (bench/README.md "Why the harness is built this way"): hence the warm pass and seven runs. Flags any plan node that reads `properties` sequentially and prints
// that plan.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Every node of a plan tree. */
function* nodes(plan) {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

function summarise(plan) {
  const scans = [];
  for (const n of nodes(plan)) {
    if (n['Relation Name'] && /Scan/.test(n['Node Type']))
      scans.push(`${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''} on ${n['Relation Name']}`);
  }
  return scans;
}

export async function explainAll(url, captured, { runs = 7 } = {}) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  const out = [];
  try {
    const explain = async (sql, params) => {
      await client.query(sql, params);
      let best = null;
      for (let i = 0; i < runs; i++) {
        const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
        const doc = r.rows[0]['QUERY PLAN'][0];
        if (!best || doc['Execution Time'] < best['Execution Time']) best = doc;
      }
      return best;
    };
    for (const [name, q] of Object.entries(captured)) {
      const row = { name, total: q.total };
      let seq = [];
      for (const kind of ['list', 'count']) {
        const stmt = q[kind];
        const doc = await explain(stmt.sql, stmt.params);
        row[`${kind}_ms`] = Math.round(doc['Execution Time'] * 100) / 100;
        row[`${kind}_scans`] = summarise(doc.Plan);
        const bad = [...nodes(doc.Plan)].filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'properties');
        if (bad.length) {
          seq.push(kind);
          row[`${kind}_plan`] = doc.Plan;
        }
      }
      row.pg_ms = Math.round(((row.list_ms ?? 0) + (row.count_ms ?? 0)) * 100) / 100;
      row.seq_scan_on_properties = seq;
      out.push(row);
    }
  } finally {
    await client.end();
  }
  return out;
}
