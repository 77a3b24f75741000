// Page weight and browser metrics of the public pages.
//
// Weight: the HTML, then every stylesheet, script and modulepreload it names, each fetched
// with Accept-Encoding: br, gzip and counted as sent (compressed bytes on the wire), plus the
// cache headers of the assets.
//
// Browser: headless Chromium (the machine's, via playwright-core) with CDP throttling — 4x CPU
// slowdown and Lighthouse's "slow 4G" as DevTools throttling (THROTTLING below) — measuring LCP
// and CLS with PerformanceObserver and the time until the page is usable: React has attached
// to the form (the catalogue's search field, else the first form control or link), polled every
// 25 ms. Each page loads in a fresh context with the cache disabled (a first visit).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** GET with br/gzip accepted; resolves {status, headers, bytes (as sent), body (decoded text when asked)}. */
export function fetchRaw(url, { decode = false, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        let body = null;
        if (decode) {
          const zlib = require('node:zlib');
          const enc = res.headers['content-encoding'];
          const buf =
            enc === 'br'
              ? zlib.brotliDecompressSync(raw)
              : enc === 'gzip'
                ? zlib.gunzipSync(raw)
                : enc === 'deflate'
                  ? zlib.inflateSync(raw)
                  : raw;
          body = buf.toString('utf8');
        }
        resolve({ status: res.statusCode, headers: res.headers, bytes: raw.length, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Asset URLs of an HTML page: scripts, modulepreloads, stylesheets (deduplicated, in order). */
export function assetsOf(html) {
  const js = new Set();
  const css = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/\brel="modulepreload"/.test(tag)) js.add(href);
    else if (/\brel="stylesheet"/.test(tag)) css.add(href);
  }
  // Remix's inline module script imports the entry and route modules (already modulepreloaded, but make sure).
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) js.add(m[1]);
  return { js: [...js], css: [...css] };
}

const kb = (n) => Math.round((n / 1024) * 10) / 10;

/**
 * Issue 6 asks for "4x CPU slowdown, slow 4G": Lighthouse's `throttling.mobileSlow4G`
 * (lighthouse core/config/constants.js) as Lighthouse applies it with DevTools (packet-level)
 * throttling: requestLatencyMs = 150 ms RTT x DEVTOOLS_RTT_ADJUSTMENT_FACTOR 3.75 = 562.5 ms;
 * downloadThroughputKbps = 1.6 * 1024 x DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR 0.9 = 1474.56;
 * uploadThroughputKbps = 750 x 0.9 = 675; cpuSlowdownMultiplier 4. CDP takes bytes per second,
 * converted as Lighthouse's enableNetworkThrottling does (kbps * 1024 / 8).
 */
export const THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150 * 3.75,
  downloadKbps: 1.6 * 1024 * 0.9,
  uploadKbps: 750 * 0.9,
};

/** Compressed bytes of the HTML and of its JS and CSS, plus header checks. */
export async function pageWeight(base, path) {
  const page = await fetchRaw(base + path, { decode: true });
  const { js, css } = assetsOf(page.body);
  const sum = async (list) => {
    let bytes = 0;
    const cache = [];
    for (const href of list) {
      const r = await fetchRaw(new URL(href, base).toString());
      bytes += r.bytes;
      cache.push({
        href,
        status: r.status,
        bytes: r.bytes,
        encoding: r.headers['content-encoding'] ?? 'none',
        cacheControl: r.headers['cache-control'] ?? '',
      });
    }
    return { bytes, cache };
  };
  const [j, c] = [await sum(js), await sum(css)];
  // Stylesheets written into the document (decision 020): already in the HTML's bytes.
  const inlineCss = [...page.body.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);
  return {
    path,
    status: page.status,
    html_kb: kb(page.bytes),
    html_encoding: page.headers['content-encoding'] ?? 'none',
    html_cache_control: page.headers['cache-control'] ?? '',
    js_kb_compressed: kb(j.bytes),
    js_files: js.length,
    css_kb: kb(c.bytes),
    css_files: css.length,
    css_inline_kb: kb(inlineCss),
    assets: [...j.cache, ...c.cache],
  };
}

/** Script run in the page before anything else: LCP, CLS and the time React attached. */
const OBSERVERS = `
(() => {
  const m = (window.__bench = { lcp: 0, cls: 0, usable: 0 });
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) m.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) m.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  } catch (e) {}
  const reactAttached = (el) => !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
  const timer = setInterval(() => {
    const el = document.querySelector('#catalog-q') || document.querySelector('form input, form select, form button') || document.querySelector('a[href]');
    if (reactAttached(el) && !el.disabled) { m.usable = performance.now(); m.usableTarget = el.id ? '#' + el.id : el.tagName.toLowerCase(); clearInterval(timer); }
  }, 25);
})();`;

export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * The browser the page metrics need, as `.ci/run` gets it: when `which chromium` finds none and
 * this is root on Debian, `apt-get install chromium fonts-dejavu-core` (about a minute; a fresh
 * machine after `npm start` has no Chromium, and without it the LCP/CLS targets go unmeasured).
 * BENCH_INSTALL_CHROMIUM=0 skips the install. Returns the path, or null with the reason logged.
 */
export function ensureChromium(log) {
  const found = chromiumPath();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execFileSync('which', ['apt-get'], { stdio: 'ignore' });
    hasApt = true;
  } catch {
    // not Debian: the reason is logged below
  }
  if (process.env.BENCH_INSTALL_CHROMIUM === '0' || !isRoot || !hasApt) {
    log(
      `! no chromium found and not installing it (${process.env.BENCH_INSTALL_CHROMIUM === '0' ? 'BENCH_INSTALL_CHROMIUM=0' : !isRoot ? 'not root' : 'no apt-get'}): apt-get install chromium, or set CHROMIUM_PATH; the browser targets will show as not measured`,
    );
    return null;
  }
  log('no chromium found: apt-get install chromium fonts-dejavu-core (once, about a minute)');
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
  } catch (e) {
    log(`! apt-get install chromium failed (${e.message.split('\n')[0]}): the browser targets will show as not measured`);
    return null;
  }
  return chromiumPath();
}

/**
 * LCP, CLS and time to a usable form for each path, each on a fresh throttled page (cold
 * cache), `runs` times after one unmeasured load of each (a browser's first navigation pays
 * for its own start-up; the page's first render fills the web's page cache): the load with
 * the median LCP is reported, with every run's LCP (`lcp_runs`). Single throttled loads vary a
 * lot, so the median of seven moves less than the median of five did (bench/README.md "Why
 * the harness is built this way").
 */
export async function browserMetrics(base, paths, log, runs = 7) {
  const executablePath = chromiumPath();
  if (!executablePath) {
    log('! no chromium found (apt-get install chromium or CHROMIUM_PATH): browser metrics not measured');
    return {};
  }
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const out = {};
  try {
    for (let run = -1; run < runs; run++) {
      for (const path of paths) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: THROTTLING.latencyMs,
          downloadThroughput: Math.floor((THROTTLING.downloadKbps * 1024) / 8),
          uploadThroughput: Math.floor((THROTTLING.uploadKbps * 1024) / 8),
        });
        await page.addInitScript(OBSERVERS);
        const started = Date.now();
        await page.goto(base + path, { waitUntil: 'load', timeout: 90_000 });
        await page.waitForFunction(() => window.__bench.usable > 0, null, { timeout: 60_000, polling: 100 }).catch(() => undefined);
        // LCP is final at the first input; let late images paint first.
        await page.waitForTimeout(1500);
        const m = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0];
          return { ...window.__bench, load: nav ? nav.loadEventEnd : 0, ttfb: nav ? nav.responseStart : 0 };
        });
        if (run < 0) {
          await context.close();
          continue;
        }
        (out[path] ??= []).push({
          lcp_ms: Math.round(m.lcp),
          cls: Math.round(m.cls * 1000) / 1000,
          usable_ms: m.usable ? Math.round(m.usable) : null,
          usable_target: m.usableTarget ?? null,
          load_ms: Math.round(m.load),
          ttfb_ms: Math.round(m.ttfb),
          wall_s: Math.round((Date.now() - started) / 100) / 10,
        });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return Object.fromEntries(
    Object.entries(out).map(([path, loads]) => {
      const sorted = [...loads].sort((a, b) => a.lcp_ms - b.lcp_ms);
      return [
        path,
        {
          ...sorted[Math.floor((sorted.length - 1) / 2)],
          lcp_runs: loads.map((l) => l.lcp_ms),
          cls_max: Math.max(...loads.map((l) => l.cls)),
        },
      ];
    }),
  );
}
