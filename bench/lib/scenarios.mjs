// What a bench run asks: the catalogue queries (the issue's typical filter with each sort, a
// text query, a deep page), their SQL captured for the baseline server and EXPLAIN, the load
// scenarios, and running them (autocannon in its own process each, bench/load-worker.mjs).
// Why the scenarios are shaped and repeated as they are, with the figures behind it:
// bench/README.md "Why the harness is built this way".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureCatalogSql } from './capture-sql.mjs';
import { fetchRaw } from './pages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The typical catalogue filter of the issue: rent, offices, up to 5 M ₸, from 50 m². */
export const FILTER = 'dealType=rent&type=office&price_max=5000000&area_min=50';
export const SORTS = ['date_new', 'price_asc', 'price_desc', 'area_asc', 'area_desc'];
/**
 * The deep-page filter: rent offices at any budget, broad enough that the issue's page 100
 * exists at 20,000 listings (the typical FILTER has fewer pages). Its page 1 is measured too,
 * so page 100 is compared with page 1 of the same query.
 */
export const DEEP_FILTER = 'dealType=rent&type=office';
/** A text query as typed in the search box: a street (Abay avenue, a few % of the listings; trigram index). */
export const TEXT_QUERY = `q=${encodeURIComponent('Абая')}`;
/**
 * A very broad term (about 40% of the listings): EXPLAIN only, judged like the others; its total
 * must not be planned as a sequential scan (decision 017, migration PlannerPageCost).
 */
export const BROAD_QUERY = `q=${encodeURIComponent('офис')}`;
/** What any HTTP client of the API sends (browsers, apps, curl --compressed). */
export const COMPRESSED = { 'accept-encoding': 'br, gzip' };
/**
 * What a browser's page load sends: an HTML document request (the server counts the page view,
 * as for a real visitor), compressed answers, Russian. No cookies: every request is a new
 * anonymous visitor (new CSRF token and analytics session). With a browser's user agent: the
 * web keeps bots' pages apart, and fetch's own ("undici") counts as a bot, so the pass over the
 * pages before their scenario would warm the wrong pages.
 */
export const BROWSER = {
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'br, gzip',
  'accept-language': 'ru-RU,ru;q=0.9',
  'sec-fetch-dest': 'document',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

/**
 * Captures the SQL of every catalogue query through the API's published entry point (via
 * lib/capture-sql.mjs) against the database `url`. Returns {catalogue: [{name, query}] (one per
 * sort), sql: {name: captured} (the statements the baseline replays and EXPLAIN runs, in the
 * report's order), broad (the EXPLAIN-only broad term), names: {text, deepFirst, deep, offset},
 * deepQuery, deepPage, cursor}. Throws when the page before the deep page has no nextCursor.
 */
export async function captureQueries(url, log) {
  const catalog = SORTS.map((sort) => ({
    name: `api catalogue sort=${sort}`,
    query: sort === 'date_new' ? FILTER : `${FILTER}&sort=${sort}`,
  }));
  const deepFirstName = 'api deep-page filter page=1';
  const first = await captureCatalogSql(url, [
    catalog[0],
    { name: 'api text', query: TEXT_QUERY },
    { name: deepFirstName, query: DEEP_FILTER },
  ]);
  // Page 100 of 50 of DEEP_FILTER (its deepest page if it has fewer, with a smaller data set):
  // once by page number (OFFSET, what a jump to that page costs) and once by keyset (`after` =
  // the previous page's meta.nextCursor, what paging onwards costs). The target is judged on
  // the keyset one, against page 1 of the same filter.
  const filterPages = Math.ceil(first[catalog[0].name].total / 50);
  const deepFilterPages = Math.ceil(first[deepFirstName].total / 50);
  const deepPage = Math.max(2, Math.min(100, deepFilterPages));
  const offsetQuery = `${DEEP_FILTER}&page=${deepPage}&limit=50`;
  const before = await captureCatalogSql(url, [
    { name: 'page before the deep page', query: `${DEEP_FILTER}&page=${deepPage - 1}&limit=50` },
  ]);
  const cursor = before['page before the deep page'].nextCursor;
  if (!cursor) throw new Error(`page ${deepPage - 1} of the filter has no nextCursor: is the API built from this checkout?`);
  const deepQuery = `${offsetQuery}&after=${cursor}`;
  const deepName = `api deep page=${deepPage} (keyset)`;
  const offsetName = `api deep page=${deepPage} (offset)`;
  // The rest of the statements (the ones in `first` are reused), in the report's order.
  const rest = await captureCatalogSql(url, [
    ...catalog.slice(1),
    { name: deepName, query: deepQuery },
    { name: offsetName, query: offsetQuery },
  ]);
  const sql = Object.fromEntries(
    [...catalog.map((c) => c.name), 'api text', deepFirstName, deepName, offsetName].map((n) => [n, first[n] ?? rest[n]]),
  );
  const broad = await captureCatalogSql(url, [{ name: 'broad text q=офис (EXPLAIN only)', query: BROAD_QUERY }]);
  log(
    `filter ${FILTER}: ${first[catalog[0].name].total} listings (${filterPages} pages of 50); deep-page filter ${DEEP_FILTER}: ${first[deepFirstName].total} (${deepFilterPages} pages); text ${decodeURIComponent(TEXT_QUERY)}: ${first['api text'].total}`,
  );
  return {
    catalog,
    sql,
    broad,
    names: { text: 'api text', deepFirst: deepFirstName, deep: deepName, offset: offsetName },
    offsetQuery,
    deepQuery,
    deepPage,
    cursor,
  };
}

/**
 * Asks each of `paths` once, 4 at a time: pages a running site has already been asked. Throws
 * on an answer that is not 2xx (a redirect to a canonical URL, say), which would otherwise be
 * measured as a page.
 */
export async function prime(base, paths, headers = {}) {
  const queue = [...paths];
  const worker = async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      const res = await fetch(`${base}${p}`, { headers, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status < 200 || res.status > 299)
        throw new Error(`GET ${p}: HTTP ${res.status}${res.headers.get('location') ? ` to ${res.headers.get('location')}` : ''}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** One autocannon run in its own process (bench/load-worker.mjs, `cfg` as its argument); resolves its figures. */
export function load(cfg) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, '..', 'load-worker.mjs'), JSON.stringify(cfg)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
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

/** Status, encoding, Cache-Control, ETag and size (KB as sent) of the API's reads and two web pages. */
export async function headerChecks(api, web, listing) {
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

/**
 * The load scenarios in the order they run: {name, url, paths?, headers?, overallRate?,
 * connections?, repeat?, once?, prime?, baselineOf?}. `urls` are startStack's, `q` is
 * captureQueries' answer, `sample` public listings ({id, slug}), `targetRepeat` the runs of the
 * scenarios a target is judged on.
 */
export function scenarioPlan(urls, q, sample, targetRepeat) {
  const { API, RAW, WEB, WEB_RAW, BASE } = urls;
  const { catalog, names, deepQuery, offsetQuery } = q;
  const detailPaths = sample.map((s) => `/api/properties/${s.id}`);
  const pagePaths = sample.slice(0, 200).map((s) => `/property/${encodeURIComponent(s.slug)}`);
  // 200 distinct catalogue queries (the typical filter with other budgets, each sort, pages
  // 1-2) for the fixed-rate run: visitors do not all ask one URL, so the page cache meets
  // misses there (each query comes back every ~0.4 s at 500 req/s, the cache keeps 5 s).
  const mixedPaths = [];
  for (let i = 0; i < 20; i++) {
    for (const sort of SORTS)
      for (const page of [1, 2])
        mixedPaths.push(
          `/api/properties?dealType=rent&type=office&price_max=${3_000_000 + i * 250_000}&area_min=50&sort=${sort}&page=${page}`,
        );
  }
  // 200 catalogue pages: the typical filter with 40 budgets (1-4.9 M ₸, the web's 100,000 ₸
  // step) and each sort, in the canonical form the web links to (default sort left out), so
  // none is a redirect. First pages only: a page past the last redirects to the last.
  const webMixedPaths = [];
  for (let i = 0; i < 40; i++) {
    for (const sort of SORTS)
      webMixedPaths.push(
        `/catalog?dealType=rent&type=office&price_max=${1_000_000 + i * 100_000}&area_min=50${sort === 'date_new' ? '' : `&sort=${sort}`}`,
      );
  }
  return [
    // The ratio target is judged on these two: each run targetRepeat times at saturation, the
    // run with the median req/s reported (single runs move a lot: bench/README.md).
    {
      name: 'baseline catalogue',
      url: `${BASE}/${encodeURIComponent(catalog[0].name)}`,
      baselineOf: catalog[0].name,
      repeat: targetRepeat,
    },
    // For information: the same rows sent as the database returns them, unmapped (no cards).
    { name: 'baseline catalogue, raw rows', url: `${BASE}/raw/${encodeURIComponent(catalog[0].name)}` },
    ...catalog.map((c, i) => ({ name: c.name, url: `${RAW}/api/properties?${c.query}`, ...(i === 0 ? { repeat: targetRepeat } : {}) })),
    { name: 'baseline text', url: `${BASE}/${encodeURIComponent('api text')}`, baselineOf: 'api text' },
    { name: 'api text', url: `${RAW}/api/properties?${TEXT_QUERY}` },
    { name: 'baseline deep page', url: `${BASE}/${encodeURIComponent(names.deep)}`, baselineOf: names.deep },
    { name: names.deepFirst, url: `${RAW}/api/properties?${DEEP_FILTER}` },
    { name: names.deep, url: `${RAW}/api/properties?${deepQuery}` },
    { name: names.offset, url: `${RAW}/api/properties?${offsetQuery}` },
    // Asked compressed, as browsers ask (the map's answer is large as JSON).
    { name: 'api detail /api/properties/{id}', url: API, paths: detailPaths, headers: COMPRESSED },
    { name: 'api map /api/properties/map', url: `${API}/api/properties/map?${FILTER}`, headers: COMPRESSED },
    { name: 'web /catalog?…', url: `${WEB}/catalog?${FILTER}`, headers: BROWSER },
    { name: 'web /catalog?…, no page cache', url: `${WEB_RAW}/catalog?${FILTER}`, headers: BROWSER },
    { name: 'web /property/{slug}', url: WEB, paths: pagePaths, headers: BROWSER },
    // autocannon's fixed rate is bursty: a node:http hello world at the same rate and
    // connections shows what the load generator and the machine add on their own.
    { name: 'floor: node:http hello @500 req/s', url: `${BASE}/__hello`, overallRate: 500 },
    {
      name: 'api catalogue @500 req/s',
      url: `${API}/api/properties?${FILTER}`,
      overallRate: 500,
      headers: COMPRESSED,
      repeat: targetRepeat,
    },
    { name: 'api catalogue @500 req/s, uncompressed', url: `${API}/api/properties?${FILTER}`, overallRate: 500 },
    { name: 'floor: node:http hello @500 req/s, 10 conn.', url: `${BASE}/__hello`, overallRate: 500, connections: 10 },
    {
      name: 'api catalogue @500 req/s, 10 conn.',
      url: `${API}/api/properties?${FILTER}`,
      overallRate: 500,
      connections: 10,
      headers: COMPRESSED,
    },
    // Cold: the first second asks all 200 pages at once (a restart under full load), for information.
    { name: 'api catalogue @500 req/s, 200 queries, cold', url: API, paths: mixedPaths, overallRate: 500, headers: COMPRESSED, once: true },
    // Steady state: the pages were first asked over time (one pass, 4 at a time), as on a site
    // that has been running; then 500 req/s keeps them being refreshed as they expire.
    {
      name: 'api catalogue @500 req/s, 200 queries',
      url: API,
      paths: mixedPaths,
      overallRate: 500,
      headers: COMPRESSED,
      prime: true,
      repeat: targetRepeat,
    },
    { name: 'api catalogue @500 req/s, no page cache', url: `${RAW}/api/properties?${FILTER}`, overallRate: 500 },
    { name: 'api text @50 req/s', url: `${RAW}/api/properties?${TEXT_QUERY}`, overallRate: 50, connections: 10, repeat: targetRepeat },
    {
      name: 'web /catalog @100 req/s',
      url: `${WEB}/catalog?${FILTER}`,
      overallRate: 100,
      connections: 20,
      headers: BROWSER,
      repeat: targetRepeat,
    },
    // Visitors with different filters (for information, not judged): each of 200 pages comes
    // back every 2 s while the page cache re-renders the ones due in the background; most of
    // its p99 is each second's burst drained while renders, the API and the load tool share
    // the cores (bench/README.md).
    {
      name: 'web /catalog @100 req/s, 200 queries',
      url: WEB,
      paths: webMixedPaths,
      overallRate: 100,
      connections: 20,
      headers: BROWSER,
      prime: true,
    },
    {
      name: 'web /catalog @100 req/s, no page cache',
      url: `${WEB_RAW}/catalog?${FILTER}`,
      overallRate: 100,
      connections: 20,
      headers: BROWSER,
    },
  ];
}

/**
 * Runs `plan` (scenarioPlan's): first an unmeasured pass of `warmup` seconds over the saturation
 * scenarios (none at 0), then each scenario for `duration` seconds, `settle(name)` before each
 * run. A fixed-rate scenario runs `repeat` times (its own `repeat` when it names one) and the
 * run with the median p99 is reported beside every run's p99; a saturation scenario runs once
 * unless it names a `repeat` (then the median req/s counts). Returns the report's scenario rows,
 * with `ratio_to_baseline` (the other sorts against the first catalogue query's baseline).
 */
export async function runScenarios(plan, { catalog, connections, duration, warmup, repeat, settle, log }) {
  const saturation = plan.filter((s) => !s.overallRate);
  if (warmup > 0) {
    log(`warm-up: the ${saturation.length} saturation scenarios, ${warmup} s each, unmeasured`);
    for (const s of saturation)
      await load({ url: s.url, paths: s.paths, connections: s.connections ?? connections, duration: warmup, headers: s.headers });
  }
  const scenarios = [];
  for (const s of plan) {
    if (s.prime) await prime(s.url, s.paths, s.headers);
    const runs = [];
    const times = s.once ? 1 : s.overallRate ? (s.repeat ?? repeat) : (s.repeat ?? 1);
    for (let i = 0; i < times; i++) {
      await settle(s.name);
      runs.push(
        await load({
          url: s.url,
          paths: s.paths,
          connections: s.connections ?? connections,
          duration,
          warmup: 1,
          overallRate: s.overallRate,
          headers: s.headers,
        }),
      );
    }
    const by = s.overallRate ? 'p99_ms' : 'rps';
    const r = [...runs].sort((a, b) => a[by] - b[by])[Math.floor((runs.length - 1) / 2)];
    const row = {
      name: s.name,
      rps: Math.round(r.rps),
      p50_ms: r.p50_ms,
      p99_ms: r.p99_ms,
      p99_ms_autocannon: r.p99_ms_autocannon,
      ...(s.overallRate ? { rate: s.overallRate } : {}),
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      kb_per_req: Math.round(r.bytes_per_req / 102.4) / 10,
    };
    if (runs.length > 1 && s.overallRate) row.p99_runs_ms = runs.map((run) => run.p99_ms);
    if (runs.length > 1 && !s.overallRate) row.rps_runs = runs.map((run) => Math.round(run.rps));
    if (s.baselineOf) row.baseline_for = s.baselineOf;
    scenarios.push(row);
    const each = row.p99_runs_ms
      ? ` (median of ${runs.length} runs: ${row.p99_runs_ms.join(', ')})`
      : row.rps_runs
        ? ` (median req/s of ${runs.length} runs: ${row.rps_runs.join(', ')})`
        : '';
    log(
      `${s.name.padEnd(34)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50_ms} ms  p99 ${row.p99_ms} ms${each}${row.non2xx || row.errors ? `  (non-2xx ${row.non2xx}, errors ${row.errors})` : ''}`,
    );
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
  return scenarios;
}
