// The servers a bench run measures, and what a run leaves behind: the api and the web in
// production mode, each twice (as configured, and with its page cache off), and the baseline
// server replaying the captured SQL; the build they need; the bench's Redis keys; the machine
// line of the report.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, run, startService, waitForHttp } from '../../scripts/lib/proc.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Runs `npm run build` when any output the bench starts is missing under `root`. */
export function ensureBuilt(root, log) {
  const needed = ['api/dist/main.js', 'worker/dist/media/image-variants.js', 'web/build/server/index.js', 'libs/db/dist/index.js'];
  const missing = needed.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length) {
    log(`build output missing (${missing.join(', ')}): npm run build`);
    run('npm', ['run', 'build', '--silent']);
  }
}

/** Deletes the benchmark's rate-limit counters (and anything else under `prefix:`) from REDIS_URL. */
export async function deleteRedisKeys(prefix, log) {
  const { Redis } = require('ioredis');
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    let n = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) n += await redis.del(...keys);
    } while (cursor !== '0');
    if (n) log(`deleted ${n} Redis keys under ${prefix}:`);
  } finally {
    redis.disconnect();
  }
}

/** One line for the report: CPUs, memory, OS, Node and (when psql is installed) PostgreSQL. */
export function machine() {
  const cpus = os.cpus();
  let pgVersion = '';
  try {
    pgVersion = execFileSync('psql', ['--version'], { encoding: 'utf8' })
      .trim()
      .replace(/^psql \(PostgreSQL\) /, 'PostgreSQL ');
  } catch {
    // psql not installed: leave it out
  }
  return `${cpus.length} vCPU (${cpus[0]?.model?.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.platform()} ${os.release()}, Node ${process.versions.node}${pgVersion ? `, ${pgVersion}` : ''}`;
}

/**
 * Starts the five servers on free ports of 127.0.0.1 against the bench database `url` and waits
 * until each answers: {API, RAW (the API without page cache), WEB, WEB_RAW (the web without page
 * cache), BASE (the baseline server replaying `queriesFile`)}, base URLs without a trailing
 * slash. Every child is pushed onto `children` as it starts, so the caller stops them whatever
 * happens. Throws when one does not answer in time (60 s; the baseline 30 s).
 */
export async function startStack({ url, redisUrl, redisPrefix, queriesFile, verbose, children, log }) {
  const [apiPort, rawPort, webPort, webRawPort, basePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
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
  const quiet = !verbose;
  log(
    `starting api :${apiPort}, api without page cache :${rawPort}, web :${webPort}, web without page cache :${webRawPort}, baseline :${basePort} (production mode)`,
  );
  const api = startService('api', 'node', ['api/dist/main.js'], env, { quiet });
  children.push(api);
  // The same API with CATALOG_PAGE_CACHE_MS=0: every request computes its page (the totals
  // stay cached, as in the baseline). The comparisons with the baseline and the text and
  // deep-page figures use it, so they measure the query path, not the page cache.
  const apiRaw = startService(
    'api-raw',
    'node',
    ['api/dist/main.js'],
    { ...env, API_PORT: String(rawPort), CATALOG_PAGE_CACHE_MS: '0' },
    { quiet },
  );
  children.push(apiRaw);
  const web = startService('web', 'node', ['web/server.mjs'], env, { quiet });
  children.push(web);
  // The same web with PAGE_CACHE_MS=0: every page is rendered (for information: the render path).
  const webRaw = startService(
    'web-raw',
    'node',
    ['web/server.mjs'],
    { ...env, WEB_PORT: String(webRawPort), PAGE_CACHE_MS: '0' },
    { quiet },
  );
  children.push(webRaw);
  const baseline = startService('baseline', 'node', [path.join(here, '..', 'baseline-server.mjs'), queriesFile], env, { quiet });
  children.push(baseline);
  const urls = {
    API: `http://127.0.0.1:${apiPort}`,
    RAW: `http://127.0.0.1:${rawPort}`,
    WEB: `http://127.0.0.1:${webPort}`,
    WEB_RAW: `http://127.0.0.1:${webRawPort}`,
    BASE: `http://127.0.0.1:${basePort}`,
  };
  await waitForHttp(`${urls.API}/api/health`, 60, api);
  await waitForHttp(`${urls.RAW}/api/health`, 60, apiRaw);
  await waitForHttp(`${urls.WEB}/`, 60, web);
  await waitForHttp(`${urls.WEB_RAW}/`, 60, webRaw);
  await waitForHttp(`${urls.BASE}/`, 30, baseline);
  return urls;
}
