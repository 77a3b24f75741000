#!/usr/bin/env node
// `npm run bench` (README "Benchmarks"; not part of `npm test`).
//
// 1. A separate database (realty_bench, or BENCH_DATABASE_URL) with BENCH_LISTINGS (20,000)
//    listings from the demo generator and 100,000 leads when the leads table exists; reused
//    when already loaded; ANALYZE.
// 2. The api (twice: with its defaults, and without the page cache, CATALOG_PAGE_CACHE_MS=0)
//    and web in production mode on free ports against it (own REDIS_PREFIX, raised
//    RATE_LIMIT_MAX), and bench/baseline-server.mjs (node:http + pg) replaying the SQL that
//    PropertiesService.list() runs, captured from the compiled service, and answering the
//    API's own bytes (checked by bench/lib/baseline-check.mjs before any load).
// 3. Load scenarios with autocannon in a separate process each (bench/load-worker.mjs):
//    saturation (50 connections) and fixed rates; EXPLAIN ANALYZE of every catalogue query;
//    page weight and throttled-browser metrics of / and /catalog; cache/compression headers;
//    Lighthouse's mobile score of every public page (a figure with its goal, not a target).
// 4. A table, the targets of issue 6 with pass/miss, and bench/results/latest.json.
//
// Environment: DATABASE_URL / REDIS_URL (the server; the bench database name replaces the
// path), BENCH_DATABASE_URL, BENCH_LISTINGS (20000), BENCH_LEADS (100000), BENCH_DURATION
// (seconds per scenario, 8), BENCH_CONNECTIONS (50), BENCH_REPEAT (runs of each fixed-rate
// scenario, 3: the run with the median p99 is reported), BENCH_TARGET_REPEAT (runs of those
// a target is judged on, 5), BENCH_VERBOSE=1 (server output),
// CHROMIUM_PATH, BENCH_INSTALL_CHROMIUM=0 (no apt-get install of a missing Chromium),
// BENCH_BROWSER_RUNS (throttled loads per page, 7), BENCH_SETTLE=0 (no wait for a quiet machine
// between measurements), BENCH_OUT (the report file, bench/results/latest.json),
// BENCH_REDIS_PREFIX (realty_bench), BENCH_LIGHTHOUSE_RUNS (Lighthouse runs per page, 3; 0: no
// Lighthouse), BENCH_LIGHTHOUSE_PAGES (names of bench/lib/lighthouse.mjs publicPages, comma-separated;
// all 13 when unset). The bench's own test (bench/test/smoke.spec.ts) runs the
// whole harness at a small scale with these.
import { randomBytes } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, run, startService, stopAll, waitForHttp } from '../scripts/lib/proc.mjs';
import { ensureServices } from '../scripts/lib/services.mjs';
import { compareBaselineWithApi } from './lib/baseline-check.mjs';
import { captureCatalogSql } from './lib/capture-sql.mjs';
import { benchDatabaseUrl, prepareDatabase, samplePublicListings } from './lib/data.mjs';
import { explainAll } from './lib/explain.mjs';
import { LIGHTHOUSE_GOAL, lighthousePages, publicPages } from './lib/lighthouse.mjs';
import { browserMetrics, ensureChromium, fetchRaw, pageWeight, THROTTLING } from './lib/pages.mjs';
import { waitForQuiet } from './lib/quiet.mjs';
import { evaluateTargets, printReport } from './lib/report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
process.chdir(root);
const require = createRequire(import.meta.url);

const LISTINGS = Number(process.env.BENCH_LISTINGS || 20_000);
const LEADS = Number(process.env.BENCH_LEADS || 100_000);
const DURATION = Number(process.env.BENCH_DURATION || 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
/** Runs of each fixed-rate scenario (the median p99 is reported). */
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT || 3));
/**
 * Runs of the fixed-rate scenarios an issue 6 target is judged on (BENCH_TARGET_REPEAT, 5).
 * One 8 s run's p99 is the 40th slowest of 4,000 responses, so a single stall of one second's
 * burst decides it: on this 2-core machine the API sat ~89% idle at 500 req/s while runs' p99
 * ranged 14-131 ms (the load tool and the server take turns on the cores during each burst).
 */
const TARGET_REPEAT = Math.max(REPEAT, Number(process.env.BENCH_TARGET_REPEAT || 5));
// Unmeasured seconds of load per saturation scenario in a warm-up pass over all of them before
// anything is measured. Without it, the first API scenarios of a run came out at 45-65% of
// the later ones on the same code path (three runs: date_new/price_asc 91-149 req/s against
// 174-241 for the other sorts; one sort run five times in a row on a fresh API: 182, 202, 231
// req/s): the first half minute of a freshly started process was measured, not the route. A
// 3 s warm-up of each scenario alone did not change that.
const WARMUP = Math.max(0, Number(process.env.BENCH_WARMUP ?? 3));
const REDIS_PREFIX = process.env.BENCH_REDIS_PREFIX || 'realty_bench';
/** Measured throttled loads of each page (after one unmeasured). */
const BROWSER_RUNS = Math.max(1, Number(process.env.BENCH_BROWSER_RUNS || 7));
/** Wait for a quiet machine before each measurement (BENCH_SETTLE=0: do not). */
const SETTLE = process.env.BENCH_SETTLE !== '0';
/** Lighthouse runs per page (the median is reported); 0 leaves Lighthouse out. */
const LIGHTHOUSE_RUNS = Math.max(0, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/** Only these pages of publicPages() (by name), e.g. "home" in the bench's own test. */
const LIGHTHOUSE_PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const OUT = path.resolve(process.env.BENCH_OUT || path.join(here, 'results', 'latest.json'));
const VERBOSE = process.env.BENCH_VERBOSE === '1';

/** The typical catalogue filter of the issue: rent, offices, up to 5 M ₸, from 50 m². */
const FILTER = 'dealType=rent&type=office&price_max=5000000&area_min=50';
const SORTS = ['date_new', 'price_asc', 'price_desc', 'area_asc', 'area_desc'];
/**
 * The deep-page filter: rent offices at any budget (5,182 of the 20,000 listings, 104 pages of
 * 50), so the issue's page 100 exists; the typical FILTER above has 70 pages. Its page 1 is
 * measured too, so page 100 is compared with page 1 of the same query.
 */
const DEEP_FILTER = 'dealType=rent&type=office';
/** A text query as typed in the search box: a street (Abay avenue, ~2% of the listings; trigram index). */
const TEXT_QUERY = `q=${encodeURIComponent('Абая')}`;
/**
 * A very broad term (8,175 of the 20,000 listings): EXPLAIN only, judged like the others. Its total
 * was planned as a sequential scan (61 ms) until migration PlannerPageCost (27 ms via the index).
 */
const BROAD_QUERY = `q=${encodeURIComponent('офис')}`;
/**
 * What a browser's page load sends: an HTML document request (the server counts the page view,
 * as for a real visitor), compressed answers, Russian. No cookies: every request is a new
 * anonymous visitor (new CSRF token and analytics session).
 */
/** What any HTTP client of the API sends (browsers, apps, curl --compressed). */
const COMPRESSED = { 'accept-encoding': 'br, gzip' };
// With a browser's user agent: the web keeps bots' pages apart (they get the whole document at
// once), and the pass over the 200 pages before their scenario goes through fetch, whose own
// user agent ("undici") counts as a bot, so without it that pass warmed the wrong pages.
const BROWSER = {
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'br, gzip',
  'accept-language': 'ru-RU,ru;q=0.9',
  'sec-fetch-dest': 'document',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;
const log = (msg) => console.log(`[bench ${elapsed()}] ${msg}`);

/** Waits before each measurement for what the last one left running to finish (lib/quiet.mjs); long waits go in the report. */
const settleWaits = [];
async function settle(before) {
  if (!SETTLE) return;
  const q = await waitForQuiet();
  if (!q || q.waited_ms < 3000) return;
  settleWaits.push({ before, ...q });
  log(`waited ${(q.waited_ms / 1000).toFixed(1)} s for the machine to go quiet before "${before}" (CPU ${Math.round(q.busy * 100)}% busy at the end)`);
}

const children = [];
let stopping = false;
const queriesFile = path.join(os.tmpdir(), `realty-bench-queries-${process.pid}.json`);

async function cleanup() {
  if (stopping) return;
  stopping = true;
  await stopAll(children, 5000);
  rmSync(queriesFile, { force: true });
  await deleteRedisKeys().catch((e) => log(`! could not delete the ${REDIS_PREFIX}:* Redis keys: ${e.message}`));
}

/** The benchmark's rate-limit counters (and anything else under its prefix). */
async function deleteRedisKeys() {
  const { Redis } = require('ioredis');
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    let n = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) n += await redis.del(...keys);
    } while (cursor !== '0');
    if (n) log(`deleted ${n} Redis keys under ${REDIS_PREFIX}:`);
  } finally {
    redis.disconnect();
  }
}

function ensureBuilt() {
  const needed = ['api/dist/main.js', 'worker/dist/media/image-variants.js', 'web/build/server/index.js', 'libs/db/dist/index.js'];
  const missing = needed.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length) {
    log(`build output missing (${missing.join(', ')}): npm run build`);
    run('npm', ['run', 'build', '--silent']);
  }
}

/**
 * Asks each of `paths` once, 4 at a time: pages a running site has already been asked. Throws
 * on an answer that is not 2xx (a redirect to a canonical URL, say), which would otherwise be
 * measured as a page.
 */
async function prime(base, paths, headers = {}) {
  const queue = [...paths];
  const worker = async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      const res = await fetch(`${base}${p}`, { headers, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status < 200 || res.status > 299) throw new Error(`GET ${p}: HTTP ${res.status}${res.headers.get('location') ? ` to ${res.headers.get('location')}` : ''}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** One autocannon run in its own process. */
function load(cfg) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'load-worker.mjs'), JSON.stringify(cfg)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const r = JSON.parse(out.trim().split('\n').pop());
        if (r.error) reject(new Error(r.error));
        else resolve(r);
      } catch {
        reject(new Error(`load worker exited with ${code}: ${out}`));
      }
    });
  });
}

function machine() {
  const cpus = os.cpus();
  let pgVersion = '';
  try {
    pgVersion = execFileSync('psql', ['--version'], { encoding: 'utf8' }).trim().replace(/^psql \(PostgreSQL\) /, 'PostgreSQL ');
  } catch {
    // psql not installed: leave it out
  }
  return `${cpus.length} vCPU (${cpus[0]?.model?.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.platform()} ${os.release()}, Node ${process.versions.node}${pgVersion ? `, ${pgVersion}` : ''}`;
}

async function headerChecks(api, web, listing) {
  const grab = async (label, url) => {
    const r = await fetchRaw(url);
    return {
      label,
      status: r.status,
      content_encoding: r.headers['content-encoding'] ?? 'none',
      cache_control: r.headers['cache-control'] ?? '',
      etag: r.headers.etag ? 'yes' : 'no',
      kb: Math.round(r.bytes / 102.4) / 10,
    };
  };
  return [
    await grab('GET /api/properties?…', `${api}/api/properties?${FILTER}`),
    await grab('GET /api/properties/map?…', `${api}/api/properties/map?${FILTER}`),
    await grab('GET /api/properties/{id}', `${api}/api/properties/${listing.id}`),
    await grab('GET /api/properties/categories', `${api}/api/properties/categories`),
    await grab('GET /catalog?…', `${web}/catalog?${FILTER}`),
    await grab('GET /property/{slug}', `${web}/property/${encodeURIComponent(listing.slug)}`),
  ];
}

async function main() {
  // Other work on the machine skews every figure: the load average goes into the report.
  const loadBefore = os.loadavg().map((n) => Math.round(n * 10) / 10);
  ensureBuilt();
  // First, so a missing browser is fixed (or said) before ten minutes of load.
  ensureChromium(log);
  const { databaseUrl, redisUrl } = await ensureServices();
  process.env.REDIS_URL = redisUrl;
  const url = benchDatabaseUrl(databaseUrl);
  log(`database ${new URL(url).pathname.slice(1)} on ${new URL(url).host}`);

  const data = await prepareDatabase(url, { listings: LISTINGS, leads: LEADS, log });
  const sample = await samplePublicListings(url, 500);

  // Catalogue queries: the typical filter with each sort, a text query, and a deep page.
  const catalog = SORTS.map((sort) => ({ name: `api catalogue sort=${sort}`, query: sort === 'date_new' ? FILTER : `${FILTER}&sort=${sort}` }));
  const deepFirstName = 'api deep-page filter page=1';
  const first = await captureCatalogSql(url, [catalog[0], { name: 'api text', query: TEXT_QUERY }, { name: deepFirstName, query: DEEP_FILTER }]);
  // Page 100 of 50 of DEEP_FILTER (its deepest page if it has fewer, with a smaller data set):
  // once by page number (OFFSET, what a jump to that page costs) and once by keyset (`after` =
  // the previous page's meta.nextCursor, what paging onwards costs). The target is judged on
  // the keyset one, against page 1 of the same filter.
  const filterPages = Math.ceil(first[catalog[0].name].total / 50);
  const deepFilterPages = Math.ceil(first[deepFirstName].total / 50);
  const deepPage = Math.max(2, Math.min(100, deepFilterPages));
  const offsetQuery = `${DEEP_FILTER}&page=${deepPage}&limit=50`;
  const before = await captureCatalogSql(url, [{ name: 'page before the deep page', query: `${DEEP_FILTER}&page=${deepPage - 1}&limit=50` }]);
  const cursor = before['page before the deep page'].nextCursor;
  if (!cursor) throw new Error(`page ${deepPage - 1} of the filter has no nextCursor: is the API built from this checkout?`);
  const deepQuery = `${offsetQuery}&after=${cursor}`;
  const deepName = `api deep page=${deepPage} (keyset)`;
  const offsetName = `api deep page=${deepPage} (offset)`;
  // The rest of the statements (the ones in `first` are reused), in the report's order.
  const rest = await captureCatalogSql(url, [...catalog.slice(1), { name: deepName, query: deepQuery }, { name: offsetName, query: offsetQuery }]);
  const sql = Object.fromEntries([...catalog.map((c) => c.name), 'api text', deepFirstName, deepName, offsetName].map((n) => [n, first[n] ?? rest[n]]));
  const broad = await captureCatalogSql(url, [{ name: 'broad text q=офис (EXPLAIN only)', query: BROAD_QUERY }]);
  log(`filter ${FILTER}: ${first[catalog[0].name].total} listings (${filterPages} pages of 50); deep-page filter ${DEEP_FILTER}: ${first[deepFirstName].total} (${deepFilterPages} pages); text ${decodeURIComponent(TEXT_QUERY)}: ${first['api text'].total}`);
  writeFileSync(queriesFile, JSON.stringify(sql));

  log('EXPLAIN (ANALYZE, BUFFERS) of the catalogue queries');
  const postgres = [...(await explainAll(url, sql)), ...(await explainAll(url, broad))];

  const [apiPort, rawPort, webPort, webRawPort, basePort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX,
    // The load comes from one IP: raise the per-IP limit so no scenario meets a 429.
    RATE_LIMIT_MAX: '100000000',
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    WEB_PORT: String(webPort),
    WEB_HOST: '127.0.0.1',
    API_URL: `http://127.0.0.1:${apiPort}/api`,
    BASELINE_PORT: String(basePort),
    // No map tiles: the machine may be offline, and a tile server's answers are not the site's
    // (Lighthouse also blocks tile hosts: bench/lib/lighthouse.mjs BLOCKED_URL_PATTERNS).
    MAP_TILE_URL: 'none',
    // Production refuses to start without them (docs/decisions/029): fresh ones per run.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SESSION_SECRET: randomBytes(48).toString('base64url'),
  };
  log(`starting api :${apiPort}, api without page cache :${rawPort}, web :${webPort}, web without page cache :${webRawPort}, baseline :${basePort} (production mode)`);
  children.push(startService('api', 'node', ['api/dist/main.js'], env, { quiet: !VERBOSE }));
  // The same API with CATALOG_PAGE_CACHE_MS=0: every request computes its page (the totals
  // stay cached, as in the baseline). The comparisons with the baseline and the text and
  // deep-page figures use it, so they measure the query path, not the page cache.
  children.push(startService('api-raw', 'node', ['api/dist/main.js'], { ...env, API_PORT: String(rawPort), CATALOG_PAGE_CACHE_MS: '0' }, { quiet: !VERBOSE }));
  children.push(startService('web', 'node', ['web/server.mjs'], env, { quiet: !VERBOSE }));
  // The same web with PAGE_CACHE_MS=0: every page is rendered (for information: the render path).
  children.push(startService('web-raw', 'node', ['web/server.mjs'], { ...env, WEB_PORT: String(webRawPort), PAGE_CACHE_MS: '0' }, { quiet: !VERBOSE }));
  children.push(startService('baseline', 'node', [path.join(here, 'baseline-server.mjs'), queriesFile], env, { quiet: !VERBOSE }));
  const API = `http://127.0.0.1:${apiPort}`;
  const RAW = `http://127.0.0.1:${rawPort}`;
  const WEB = `http://127.0.0.1:${webPort}`;
  const WEB_RAW = `http://127.0.0.1:${webRawPort}`;
  const BASE = `http://127.0.0.1:${basePort}`;
  await waitForHttp(`${API}/api/health`, 60, children[0]);
  await waitForHttp(`${RAW}/api/health`, 60, children[1]);
  await waitForHttp(`${WEB}/`, 60, children[2]);
  await waitForHttp(`${WEB_RAW}/`, 60, children[3]);
  await waitForHttp(`${BASE}/`, 30, children[4]);

  const baselineCheck = await compareBaselineWithApi(BASE, RAW, [
    { name: catalog[0].name, query: catalog[0].query },
    { name: 'api text', query: TEXT_QUERY },
    { name: deepName, query: deepQuery },
  ]);
  const differ = baselineCheck.filter((c) => !c.same);
  if (differ.length) throw new Error(`the baseline does not answer the API's bytes: ${JSON.stringify(differ)}`);
  log(`the baseline answers what the API answers, byte for byte (${baselineCheck.map((c) => `${c.name}: ${c.ids} of ${c.total} listings, ${Math.round(c.bytes / 1024)} KB`).join('; ')})`);
  const checks = await headerChecks(API, WEB, sample[0]);
  const detailPaths = sample.map((s) => `/api/properties/${s.id}`);
  const pagePaths = sample.slice(0, 200).map((s) => `/property/${encodeURIComponent(s.slug)}`);

  // 200 distinct catalogue queries (the typical filter with other budgets, each sort, pages
  // 1-2) for the fixed-rate run: visitors do not all ask one URL, so the page cache meets
  // misses there (each query comes back every ~0.4 s at 500 req/s, the cache keeps 5 s).
  const mixedPaths = [];
  for (let i = 0; i < 20; i++) {
    for (const sort of SORTS) for (const page of [1, 2]) mixedPaths.push(`/api/properties?dealType=rent&type=office&price_max=${3_000_000 + i * 250_000}&area_min=50&sort=${sort}&page=${page}`);
  }
  // 200 catalogue pages: the typical filter with 40 budgets (1-4.9 M ₸, the web's 100,000 ₸
  // step) and each sort, in the canonical form the web links to (default sort left out), so
  // none is a redirect. First pages only: a page past the last redirects to the last.
  const webMixedPaths = [];
  for (let i = 0; i < 40; i++) {
    for (const sort of SORTS) webMixedPaths.push(`/catalog?dealType=rent&type=office&price_max=${1_000_000 + i * 100_000}&area_min=50${sort === 'date_new' ? '' : `&sort=${sort}`}`);
  }
  const plan = [
    // The ratio target is judged on these two: each run TARGET_REPEAT times at saturation, the
    // run with the median req/s reported (single 8 s runs moved by ±30% here; the first API
    // run after the baseline's was often the slow one).
    { name: 'baseline catalogue', url: `${BASE}/${encodeURIComponent(catalog[0].name)}`, baselineOf: catalog[0].name, repeat: TARGET_REPEAT },
    // For information: the same rows sent as the database returns them, unmapped (no cards).
    { name: 'baseline catalogue, raw rows', url: `${BASE}/raw/${encodeURIComponent(catalog[0].name)}` },
    ...catalog.map((c, i) => ({ name: c.name, url: `${RAW}/api/properties?${c.query}`, ...(i === 0 ? { repeat: TARGET_REPEAT } : {}) })),
    { name: 'baseline text', url: `${BASE}/${encodeURIComponent('api text')}`, baselineOf: 'api text' },
    { name: 'api text', url: `${RAW}/api/properties?${TEXT_QUERY}` },
    { name: 'baseline deep page', url: `${BASE}/${encodeURIComponent(deepName)}`, baselineOf: deepName },
    { name: deepFirstName, url: `${RAW}/api/properties?${DEEP_FILTER}` },
    { name: deepName, url: `${RAW}/api/properties?${deepQuery}` },
    { name: offsetName, url: `${RAW}/api/properties?${offsetQuery}` },
    // Asked compressed, as browsers ask (the map's answer is 1.7 MB as JSON, ~240 kB br).
    { name: 'api detail /api/properties/{id}', url: API, paths: detailPaths, headers: COMPRESSED },
    { name: 'api map /api/properties/map', url: `${API}/api/properties/map?${FILTER}`, headers: COMPRESSED },
    { name: 'web /catalog?…', url: `${WEB}/catalog?${FILTER}`, headers: BROWSER },
    { name: 'web /catalog?…, no page cache', url: `${WEB_RAW}/catalog?${FILTER}`, headers: BROWSER },
    { name: 'web /property/{slug}', url: WEB, paths: pagePaths, headers: BROWSER },
    // autocannon's fixed rate is bursty: a node:http hello world at the same rate and
    // connections shows what the load generator and the machine add on their own.
    { name: 'floor: node:http hello @500 req/s', url: `${BASE}/__hello`, overallRate: 500 },
    { name: 'api catalogue @500 req/s', url: `${API}/api/properties?${FILTER}`, overallRate: 500, headers: COMPRESSED, repeat: TARGET_REPEAT },
    { name: 'api catalogue @500 req/s, uncompressed', url: `${API}/api/properties?${FILTER}`, overallRate: 500 },
    { name: 'floor: node:http hello @500 req/s, 10 conn.', url: `${BASE}/__hello`, overallRate: 500, connections: 10 },
    { name: 'api catalogue @500 req/s, 10 conn.', url: `${API}/api/properties?${FILTER}`, overallRate: 500, connections: 10, headers: COMPRESSED },
    // Cold: the first second asks all 200 pages at once (a restart under full load), for information.
    { name: 'api catalogue @500 req/s, 200 queries, cold', url: API, paths: mixedPaths, overallRate: 500, headers: COMPRESSED, once: true },
    // Steady state: the pages were first asked over time (one pass, 4 at a time), as on a site
    // that has been running; then 500 req/s keeps them being refreshed as they expire.
    { name: 'api catalogue @500 req/s, 200 queries', url: API, paths: mixedPaths, overallRate: 500, headers: COMPRESSED, prime: true, repeat: TARGET_REPEAT },
    { name: 'api catalogue @500 req/s, no page cache', url: `${RAW}/api/properties?${FILTER}`, overallRate: 500 },
    { name: 'api text @50 req/s', url: `${RAW}/api/properties?${TEXT_QUERY}`, overallRate: 50, connections: 10, repeat: TARGET_REPEAT },
    { name: 'web /catalog @100 req/s', url: `${WEB}/catalog?${FILTER}`, overallRate: 100, connections: 20, headers: BROWSER, repeat: TARGET_REPEAT },
    // Visitors with different filters (for information, not judged): each of 200 pages comes
    // back every 2 s, and the page cache (9-15 s) renders ~17 of them a second in the
    // background. Most of its p99 is each second's burst of 100 kept pages drained by the main
    // thread while renders, the API and the load tool share the two cores.
    { name: 'web /catalog @100 req/s, 200 queries', url: WEB, paths: webMixedPaths, overallRate: 100, connections: 20, headers: BROWSER, prime: true },
    { name: 'web /catalog @100 req/s, no page cache', url: `${WEB_RAW}/catalog?${FILTER}`, overallRate: 100, connections: 20, headers: BROWSER },
  ];

  const saturation = plan.filter((s) => !s.overallRate);
  if (WARMUP > 0) {
    log(`warm-up: the ${saturation.length} saturation scenarios, ${WARMUP} s each, unmeasured`);
    for (const s of saturation) await load({ url: s.url, paths: s.paths, connections: s.connections ?? CONNECTIONS, duration: WARMUP, headers: s.headers });
  }
  const scenarios = [];
  for (const s of plan) {
    if (s.prime) await prime(s.url, s.paths, s.headers);
    // A fixed-rate run's p99 on a small shared machine moves by tens of ms between runs (the
    // node:http hello world's own p99 went from 19 to 35 ms): those are run REPEAT times (the
    // ones a target is judged on TARGET_REPEAT times) and the run with the median p99 is
    // reported, with every run's p99 beside it.
    // Saturation scenarios run once unless they name a `repeat` (then the median req/s counts).
    const runs = [];
    const times = s.once ? 1 : s.overallRate ? (s.repeat ?? REPEAT) : (s.repeat ?? 1);
    for (let i = 0; i < times; i++) {
      await settle(s.name);
      runs.push(await load({ url: s.url, paths: s.paths, connections: s.connections ?? CONNECTIONS, duration: DURATION, warmup: 1, overallRate: s.overallRate, headers: s.headers }));
    }
    const by = s.overallRate ? 'p99_ms' : 'rps';
    const r = [...runs].sort((a, b) => a[by] - b[by])[Math.floor((runs.length - 1) / 2)];
    const row = { name: s.name, rps: Math.round(r.rps), p50_ms: r.p50_ms, p99_ms: r.p99_ms, p99_ms_autocannon: r.p99_ms_autocannon, ...(s.overallRate ? { rate: s.overallRate } : {}), non2xx: r.non2xx, errors: r.errors + r.timeouts, kb_per_req: Math.round(r.bytes_per_req / 102.4) / 10 };
    if (runs.length > 1 && s.overallRate) row.p99_runs_ms = runs.map((run) => run.p99_ms);
    if (runs.length > 1 && !s.overallRate) row.rps_runs = runs.map((run) => Math.round(run.rps));
    if (s.baselineOf) row.baseline_for = s.baselineOf;
    scenarios.push(row);
    const each = row.p99_runs_ms ? ` (median of ${runs.length} runs: ${row.p99_runs_ms.join(', ')})` : row.rps_runs ? ` (median req/s of ${runs.length} runs: ${row.rps_runs.join(', ')})` : '';
    log(`${s.name.padEnd(34)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50_ms} ms  p99 ${row.p99_ms} ms${each}${row.non2xx || row.errors ? `  (non-2xx ${row.non2xx}, errors ${row.errors})` : ''}`);
  }
  for (const row of scenarios) {
    const base = scenarios.find((b) => b.baseline_for === row.name);
    if (base && base.rps) row.ratio_to_baseline = Math.round((row.rps / base.rps) * 100) / 100;
  }
  // The other sorts have no baseline of their own: their ratio is against the date_new baseline.
  const base0 = scenarios.find((b) => b.baseline_for === catalog[0].name);
  for (const c of catalog.slice(1)) {
    const row = scenarios.find((r) => r.name === c.name);
    if (row && base0?.rps) row.ratio_to_baseline = Math.round((row.rps / base0.rps) * 100) / 100;
  }

  log('page weight and throttled browser metrics of / and /catalog');
  const pages = [];
  await settle('browser metrics');
  const browser = await browserMetrics(WEB, ['/', '/catalog'], log, BROWSER_RUNS).catch((e) => {
    log(`! browser metrics failed: ${e.message}`);
    return {};
  });
  for (const p of ['/', '/catalog']) {
    const w = await pageWeight(WEB, p);
    pages.push({ path: p, js_kb_compressed: w.js_kb_compressed, css_kb: w.css_kb, css_inline_kb: w.css_inline_kb, html_kb: w.html_kb, ...(browser[p] ?? {}), js_files: w.js_files, css_files: w.css_files, html_encoding: w.html_encoding, assets: w.assets });
  }

  // Lighthouse (issue 19 item 13): the mobile score of every public page, after the rest, so
  // its Chromium runs on a quiet machine. Each page is asked once first (the page cache holds
  // it, as on a site that has been running), as Lighthouse's Chromium asks (Accept-Language en-US).
  let lighthouse = [];
  if (LIGHTHOUSE_RUNS > 0) {
    try {
      const all = await publicPages(API);
      const chosen = LIGHTHOUSE_PAGES.length ? all.filter((p) => LIGHTHOUSE_PAGES.includes(p.name)) : all;
      if (!chosen.length) throw new Error(`BENCH_LIGHTHOUSE_PAGES=${LIGHTHOUSE_PAGES.join(',')} names none of ${all.map((p) => p.name).join(', ')}`);
      log(`Lighthouse (mobile profile) of ${chosen.length} pages, ${LIGHTHOUSE_RUNS} runs each`);
      await prime(WEB, chosen.map((p) => p.path), { ...BROWSER, 'accept-language': 'en-US,en;q=0.9' });
      lighthouse = await lighthousePages(WEB, chosen, { runs: LIGHTHOUSE_RUNS, log, before: (name, run) => (run === 0 ? settle(`lighthouse ${name}`) : undefined) });
    } catch (e) {
      log(`! lighthouse failed: ${e.message}`);
      lighthouse = [{ name: 'all', path: '', error: e.message }];
    }
  }

  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    duration_s: Math.round((Date.now() - started) / 1000),
    load_average: { before: loadBefore, after: os.loadavg().map((n) => Math.round(n * 10) / 10) },
    settle_waits: settleWaits,
    config: {
      listings: LISTINGS,
      leads: LEADS,
      scenario_seconds: DURATION,
      connections: CONNECTIONS,
      filter: FILTER,
      text_query: decodeURIComponent(TEXT_QUERY),
      deep_filter: DEEP_FILTER,
      deep_page: deepPage,
      deep_cursor: cursor,
      lighthouse: {
        version: require('lighthouse/package.json').version,
        runs: LIGHTHOUSE_RUNS,
        profile: 'default config: mobile, simulated throttling (4x CPU, 150 ms RTT, 1.6 Mbit/s down), performance only',
        map_tiles: 'off (MAP_TILE_URL=none; tile hosts blocked)',
        goal: LIGHTHOUSE_GOAL,
      },
    },
    data,
    scenarios,
    pages,
    lighthouse,
    throttling: THROTTLING,
    postgres,
    baseline_check: baselineCheck,
    checks,
  };
  report.targets = evaluateTargets(report, { catalog: catalog[0].name, text: 'api text', deepFirst: deepFirstName, deep: deepName });
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(report, null, 2) + '\n');
  printReport(report);
  log(`written ${path.relative(root, OUT)}; whole run ${elapsed()}`);
}

const onSignal = () => {
  log('interrupted: stopping the servers');
  void cleanup().then(() => process.exit(130));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

main().then(
  async () => {
    await cleanup();
    process.exit(0);
  },
  async (e) => {
    console.error(`✖ ${e.stack || e.message}`);
    await cleanup();
    process.exit(1);
  },
);
