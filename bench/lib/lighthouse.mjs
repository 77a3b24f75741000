// Lighthouse's performance score of the public pages (issue 19 item 13), for `npm run bench`
// and on its own:
//
//   node bench/lib/lighthouse.mjs http://127.0.0.1:3000 [/path ...]   (LIGHTHOUSE_RUNS=3,
//   LIGHTHOUSE_SAVE=dir: every run's full report as JSON, for its audits)
//
// Lighthouse 12 (the `lighthouse` package, Node API) with its default configuration, which is
// the mobile profile: a Moto G Power screen, simulated throttling ("Lantern": the page loads
// unthrottled and Lighthouse computes what a 4x slower CPU on slow 4G would have seen: 150 ms
// RTT, 1.6 Mbit/s down), performance category only. Chromium is the machine's (CHROMIUM_PATH,
// else `which chromium`), started once per page by chrome-launcher; each run starts from an
// empty cache. The median of the runs is reported per figure, with every run's score and TBT.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** The goal of issue 19 item 13, on every public page. */
export const LIGHTHOUSE_GOAL = { score: 90, tbt_ms: 200 };

/** Chromium flags of the team's browser runs (headless, no sandbox in containers, no background traffic). */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Requests Lighthouse drops before they leave the browser: map tiles. The machine is offline,
 * and a tile server's latency is not the page's; the bench also starts the web with
 * MAP_TILE_URL=none (no tile layer), so this only matters when tiles are configured.
 */
export const BLOCKED_URL_PATTERNS = ['*tile.openstreetmap.org*', '*.tile.*', '*/tiles/*'];

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const median = (values) => {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/** The figures of one Lighthouse result (LHR). */
export function figuresOf(lhr) {
  const num = (id) => lhr.audits[id]?.numericValue;
  return {
    score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
    tbt_ms: Math.round(num('total-blocking-time') ?? NaN),
    lcp_ms: Math.round(num('largest-contentful-paint') ?? NaN),
    cls: Math.round((num('cumulative-layout-shift') ?? NaN) * 1000) / 1000,
    fcp_ms: Math.round(num('first-contentful-paint') ?? NaN),
    si_ms: Math.round(num('speed-index') ?? NaN),
    // Main-thread time at the emulated 4x slowdown: all of it, and script evaluation alone.
    main_thread_ms: Math.round(num('mainthread-work-breakdown') ?? NaN),
    js_bootup_ms: Math.round(num('bootup-time') ?? NaN),
    warnings: lhr.runWarnings ?? [],
  };
}

/** Attempts at one Lighthouse run before it counts as failed. */
const RUN_ATTEMPTS = 3;

/**
 * Runs Lighthouse `runs` times on each page and returns, per page, the median of each figure:
 * `[{name, path, score, tbt_ms, lcp_ms, cls, fcp_ms, si_ms, main_thread_ms, js_bootup_ms,
 * scores: [...], tbt_runs: [...], meets_goal}]` (score 0-100; times in ms at the simulated
 * profile). `pages`: [{name, path}]. `before(name, run)`: awaited before each run (run from 0; the bench waits
 * for a quiet machine there). `save`: a directory for every run's full report. Throws when no
 * Chromium is found; a page whose runs all fail gets `error` instead of figures.
 */
export async function lighthousePages(base, pages, { runs = 3, log = console.log, before = async () => {}, save = null } = {}) {
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error('no chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
  const { default: lighthouse } = await import('lighthouse');
  // chrome-launcher comes with lighthouse: resolve it from there (no dependency of our own).
  const chromeLauncher = createRequire(require.resolve('lighthouse/package.json'))('chrome-launcher');
  if (save) mkdirSync(save, { recursive: true });
  const out = [];
  for (const page of pages) {
    const results = [];
    const errors = [];
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    try {
      for (let i = 0; i < runs; i++) {
        // A run Lighthouse could not record (NO_NAVSTART and other trace hiccups, seen once in a
        // few dozen headless runs) is tried again, at most RUN_ATTEMPTS times in all.
        for (let attempt = 1; attempt <= RUN_ATTEMPTS; attempt++) {
          await before(page.name, i);
          try {
            const r = await lighthouse(base + page.path, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              blockedUrlPatterns: BLOCKED_URL_PATTERNS,
            });
            if (!r?.lhr) throw new Error('no result');
            if (r.lhr.runtimeError) throw new Error(`${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`);
            if (save) {
              writeFileSync(path.join(save, `${page.name}-${i + 1}.json`), JSON.stringify(r.lhr));
              // The trace too: its tasks say what the audits only sum up (chrome://tracing, DevTools).
              if (r.artifacts?.Trace) writeFileSync(path.join(save, `${page.name}-${i + 1}.trace.json`), JSON.stringify(r.artifacts.Trace));
            }
            results.push(figuresOf(r.lhr));
            break;
          } catch (e) {
            log(`! lighthouse ${page.path} run ${i + 1}, attempt ${attempt}: ${e.message}`);
            if (attempt === RUN_ATTEMPTS) errors.push(e.message);
          }
        }
      }
    } finally {
      await chrome.kill();
    }
    if (!results.length) {
      out.push({ name: page.name, path: page.path, error: errors[0] ?? 'no run' });
      continue;
    }
    const m = (key) => median(results.map((r) => r[key]));
    const row = {
      name: page.name,
      path: page.path,
      score: m('score'),
      tbt_ms: m('tbt_ms'),
      lcp_ms: m('lcp_ms'),
      cls: m('cls'),
      fcp_ms: m('fcp_ms'),
      si_ms: m('si_ms'),
      main_thread_ms: m('main_thread_ms'),
      js_bootup_ms: m('js_bootup_ms'),
      scores: results.map((r) => r.score),
      tbt_runs: results.map((r) => r.tbt_ms),
      runs: results.length,
      ...(errors.length ? { failed_runs: errors.length } : {}),
    };
    row.meets_goal = row.score !== null && row.score >= LIGHTHOUSE_GOAL.score && row.tbt_ms <= LIGHTHOUSE_GOAL.tbt_ms;
    const warnings = [...new Set(results.flatMap((r) => r.warnings))];
    if (warnings.length) row.warnings = warnings;
    log(
      `lighthouse ${page.path}: score ${row.score} (${row.scores.join(', ')}), TBT ${row.tbt_ms} ms (${row.tbt_runs.join(', ')}), LCP ${row.lcp_ms} ms, CLS ${row.cls}`,
    );
    out.push(row);
  }
  return out;
}

/**
 * The public pages of the goal (issue 19 item 13), the variable ones (a category, a listing,
 * an article, a partner) taken from the API: its first category, listing, published article
 * and partner (a kind with none is left out). Returns [{name, path}].
 */
export async function publicPages(apiBase) {
  const get = async (p) => {
    const res = await fetch(`${apiBase}${p}`);
    if (!res.ok) throw new Error(`GET ${p}: HTTP ${res.status}`);
    return (await res.json()).data;
  };
  const [categories, listings, posts, partners] = await Promise.all([
    get('/api/properties/categories'),
    get('/api/properties?limit=1'),
    get('/api/blog/posts?status=published&limit=1'),
    get('/api/partners?limit=1'),
  ]);
  // A page of a kind the data has none of (no article, say) is left out, not failed.
  const at = (item, prefix) => (item ? `${prefix}${encodeURIComponent(item.slug || item.id)}` : null);
  return [
    { name: 'home', path: '/' },
    { name: 'catalog', path: '/catalog' },
    { name: 'category', path: at(categories?.[0], '/category/') },
    { name: 'listing', path: at(listings?.[0], '/property/') },
    { name: 'news', path: '/news' },
    { name: 'article', path: at(posts?.[0], '/news/') },
    { name: 'partners', path: '/partners' },
    { name: 'partner', path: at((partners?.items ?? partners)?.[0], '/partners/') },
    { name: 'about', path: '/about' },
    { name: 'business-center', path: '/business-center' },
    { name: 'contact', path: '/contact' },
    { name: 'faq', path: '/faq' },
    { name: 'auth', path: '/auth' },
  ].filter((p) => p.path !== null);
}

// Standalone: node bench/lib/lighthouse.mjs <web base> [paths...]
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [base, ...paths] = process.argv.slice(2);
  if (!base) {
    console.error('usage: node bench/lib/lighthouse.mjs http://127.0.0.1:3000 [/path ...]  (LIGHTHOUSE_RUNS, LIGHTHOUSE_SAVE)');
    process.exit(2);
  }
  const pages = paths.map((p) => ({ name: p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home', path: p }));
  const rows = await lighthousePages(base.replace(/\/$/, ''), pages.length ? pages : [{ name: 'home', path: '/' }], {
    runs: Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 3)),
    save: process.env.LIGHTHOUSE_SAVE || null,
  });
  console.log(JSON.stringify(rows, null, 1));
}
