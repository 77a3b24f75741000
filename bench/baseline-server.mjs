#!/usr/bin/env node
// The baseline of `npm run bench`: the fastest reasonable thing that can serve the catalogue,
// Node's http module + pg and nothing else (no framework, no ORM, no validation, no rate
// limit). It answers GET /<scenario name> by replaying the SQL that PropertiesService.list()
// ran for that scenario (captured from the compiled service by bench/lib/capture-sql.mjs and
// handed over in the file named by argv[2]): the page of cards (with each card's first image)
// and the count in parallel, exactly as the API does, with the same short-lived cache of the
// count. The rows go out as JSON in the API's envelope, the page cut to its size as the API does
// (bench/lib/baseline-check.mjs checks that both answer the same listings before any load).
//
//   node bench/baseline-server.mjs <queries.json>     env: DATABASE_URL, BASELINE_PORT, DB_POOL_SIZE
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const queries = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// The same pool size as the API (DB_POOL_SIZE, default 10).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE || 10) });

// The API keeps totals for CATALOGUE_COUNT_CACHE_MS (PropertiesService, default 15 s): the
// baseline does the same, so both do the same database work per request.
const COUNT_TTL_MS = Number(process.env.CATALOGUE_COUNT_CACHE_MS ?? 15_000);
const counts = new Map();
function cachedCount(q) {
  const hit = counts.get(q.count.sql + JSON.stringify(q.count.params));
  if (hit && hit.expires > Date.now()) return hit.value;
  const value = pool.query(q.count.sql, q.count.params);
  if (COUNT_TTL_MS > 0) counts.set(q.count.sql + JSON.stringify(q.count.params), { value, expires: Date.now() + COUNT_TTL_MS });
  return value;
}

async function answer(q) {
  const [list, count] = await Promise.all([pool.query(q.list.sql, q.list.params), cachedCount(q)]);
  // The list statement asks for one row more than the page (is there a next one?): dropped, as the API does.
  const limit = q.limit ?? list.rows.length;
  const more = list.rows.length > limit;
  const rows = more ? list.rows.slice(0, limit) : list.rows;
  const total = Number(count.rows[0]?.total ?? 0);
  return {
    status: 'success',
    data: rows,
    meta: { total, totalPages: limit ? Math.ceil(total / limit) : 0, nextCursor: more ? rows[rows.length - 1].id : null },
  };
}

// GET /__hello: a fixed 2 KB JSON answer, no database: what the load generator and the machine
// alone add to a latency figure (the "floor" rows of the report).
const HELLO = Buffer.from(JSON.stringify({ status: 'success', data: 'x'.repeat(2000) }));

const server = http.createServer((req, res) => {
  if (req.url === '/__hello') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': HELLO.length }).end(HELLO);
    return;
  }
  const name = decodeURIComponent((req.url || '/').slice(1).split('?')[0]);
  const q = queries[name];
  if (!q) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"error"}');
    return;
  }
  answer(q).then(
    (body) => {
      const json = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }).end(json);
    },
    (err) => {
      console.error(err);
      res.writeHead(500).end();
    },
  );
});

server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.BASELINE_PORT || 3099), '127.0.0.1', () => {
  console.log(`baseline listening on http://127.0.0.1:${server.address().port}`);
});
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
