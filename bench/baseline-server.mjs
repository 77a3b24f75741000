#!/usr/bin/env node
// The baseline of `npm run bench`: the fastest reasonable thing that can serve the catalogue,
// Node's http module + pg and nothing else on the request path (no framework, no ORM, no
// validation, no rate limit, no ETag). It answers GET /<scenario name> by replaying the SQL that
// PropertiesService.list() ran for that scenario (captured from the API's service by
// bench/lib/capture-sql.mjs and handed over in the file named by argv[2]): the page of cards
// (with each card's first image) and the count in parallel, exactly as the API does, with the
// same short-lived cache of the count. The rows become cards with the API's own mapping
// function (cardFromRow of the API's bench entry point @realty/api/bench, a plain function) and the
// catalogue's reference tables read once at start, as the API keeps them in memory; the answer
// is the API's envelope, byte for byte the API's body (bench/lib/baseline-check.mjs compares
// them before any load). So the ratio to it is what the framework costs, not the answer's shape.
//
// GET /raw/<scenario name> answers the rows as the database returns them, unmapped (for
// information: what the answer's shape costs on top), and GET /__hello a fixed 2 KB JSON.
//
//   node bench/baseline-server.mjs <queries.json>     env: DATABASE_URL, BASELINE_PORT, DB_POOL_SIZE, DATA_DIR
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { cardFromRow, catalogRefsOf, REF_TABLES, refRowsSql } = require('@realty/api/bench');
// Image URLs: the storage driver the API is configured with (its publicUrl: /media/<key>).
const { LocalFileStorage } = require('@realty/db');

const queries = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// The same pool size as the API (DB_POOL_SIZE, default 10).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE || 10) });
const storage = new LocalFileStorage();

/** The tables PropertiesService keeps as CatalogRefs, read once (the bench changes none of them). */
const refs = catalogRefsOf(
  await Promise.all(Object.entries(REF_TABLES).map(async ([key, table]) => [key, (await pool.query(refRowsSql(table))).rows])),
);

// The API keeps totals for CATALOG_COUNT_CACHE_MS (PropertiesService, default 20 s): the
// baseline does the same, so both do the same database work per request.
const COUNT_TTL_MS = Number(process.env.CATALOG_COUNT_CACHE_MS || process.env.CATALOGUE_COUNT_CACHE_MS || 20_000);
const counts = new Map();
function cachedCount(q) {
  const key = q.count.sql + JSON.stringify(q.count.params);
  const hit = counts.get(key);
  if (hit && hit.expires > Date.now()) return hit.value;
  const value = pool.query(q.count.sql, q.count.params);
  if (COUNT_TTL_MS > 0) counts.set(key, { value, expires: Date.now() + COUNT_TTL_MS });
  return value;
}

/** The API's answer to the scenario's query (`raw`: the rows unmapped instead of cards). */
async function answer(q, raw) {
  const [list, count] = await Promise.all([pool.query(q.list.sql, q.list.params), cachedCount(q)]);
  // The list statement asks for one row more than the page (is there a next one?): dropped, as the API does.
  const { page, limit } = q;
  const more = list.rows.length > limit;
  const rows = more ? list.rows.slice(0, limit) : list.rows;
  const total = Number(count.rows[0]?.total ?? 0);
  return {
    status: 'success',
    data: raw ? rows : rows.map((r) => cardFromRow(r, refs, storage)),
    meta: { total, page, limit, totalPages: Math.ceil(total / limit), nextCursor: more ? rows[rows.length - 1].id : null },
  };
}

const HELLO = Buffer.from(JSON.stringify({ status: 'success', data: 'x'.repeat(2000) }));

const server = http.createServer((req, res) => {
  if (req.url === '/__hello') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': HELLO.length }).end(HELLO);
    return;
  }
  const path = (req.url || '/').split('?')[0];
  const raw = path.startsWith('/raw/');
  const q = queries[decodeURIComponent(path.slice(raw ? 5 : 1))];
  if (!q) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"error"}');
    return;
  }
  answer(q, raw).then(
    (body) => {
      const json = Buffer.from(JSON.stringify(body), 'utf8');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': json.length }).end(json);
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
