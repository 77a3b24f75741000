#!/usr/bin/env node
// The staff-write cases of issue 21 alone (bench/lib/staff-writes.mjs), without the ~20 minutes
// of the whole `npm run bench`: the bench database as run.mjs loads it (20,000 listings, the
// demo accounts), one API in production mode and the worker, on free ports with their own
// Redis prefix and a temporary data directory; then a listing save at a fixed rate and 5 MB JPEG
// uploads until their variants exist. Prints the two targets and writes
// bench/results/staff-writes.json (BENCH_OUT). `npm run bench` runs the same cases.
//
//   node bench/staff-writes.mjs
//
// Environment: as run.mjs (DATABASE_URL, REDIS_URL, BENCH_DATABASE_URL, BENCH_LISTINGS,
// BENCH_LEADS, BENCH_VERBOSE, BENCH_SETTLE, BENCH_REDIS_PREFIX), and BENCH_SAVE_RATE (20 req/s),
// BENCH_SAVE_SECONDS (15), BENCH_UPLOADS (5).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, run, startService, stopAll, waitForHttp } from '../scripts/lib/proc.mjs';
import { ensureServices } from '../scripts/lib/services.mjs';
import { benchDatabaseUrl, prepareDatabase } from './lib/data.mjs';
import { waitForQuiet } from './lib/quiet.mjs';
import { deleteRedisKeys, machine } from './lib/stack.mjs';
import { runStaffWrites, staffWritesOut, staffWriteTargets, startWorker } from './lib/staff-writes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const RATE = Number(process.env.BENCH_SAVE_RATE || 20);
const SECONDS = Number(process.env.BENCH_SAVE_SECONDS || 15);
const UPLOADS = Number(process.env.BENCH_UPLOADS || 5);
const REDIS_PREFIX = `${process.env.BENCH_REDIS_PREFIX || 'realty_bench'}_writes`;
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const started = Date.now();
const log = (msg) => console.log(`[bench-writes ${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);
const children = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'realty-bench-writes-'));

async function main() {
  const loadBefore = os.loadavg().map((n) => Math.round(n * 10) / 10);
  // The api and the worker only (no web): built incrementally, so a stale build is never measured.
  log('tsc -b api worker libs/seed');
  run('npx', ['tsc', '-b', 'api', 'worker', 'libs/seed']);
  const { databaseUrl, redisUrl } = await ensureServices();
  process.env.REDIS_URL = redisUrl;
  const url = benchDatabaseUrl(databaseUrl);
  const data = await prepareDatabase(url, {
    listings: Number(process.env.BENCH_LISTINGS || 20_000),
    leads: Number(process.env.BENCH_LEADS || 100_000),
    log,
  });
  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX,
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '100000000',
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SESSION_SECRET: randomBytes(48).toString('base64url'),
  };
  log(`api :${port} and the worker, data directory ${dataDir}`);
  const apiChild = startService('api', 'node', ['api/dist/main.js'], env, { quiet: !VERBOSE });
  children.push(apiChild);
  startWorker(env, { children, verbose: VERBOSE });
  const api = `http://127.0.0.1:${port}`;
  await waitForHttp(`${api}/api/health`, 60, apiChild);
  const settle = async () => {
    if (process.env.BENCH_SETTLE !== '0') await waitForQuiet();
  };
  const staffWrites = await runStaffWrites({ api, url, rate: RATE, seconds: SECONDS, uploads: UPLOADS, settle, log });
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    load_average: { before: loadBefore, after: os.loadavg().map((n) => Math.round(n * 10) / 10) },
    data,
    staff_writes: staffWrites,
    targets: staffWriteTargets(staffWrites),
  };
  const out = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : staffWritesOut(root);
  writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nStaff writes (issue 21), load average ${report.load_average.before.join(' / ')} before:`);
  for (const t of report.targets) console.log(`  ${t.ok ? 'PASS' : 'MISS'}  ${t.target}: ${t.value}`);
  log(`written ${path.relative(root, out)}`);
}

async function cleanup() {
  await stopAll(children, 5000);
  rmSync(dataDir, { recursive: true, force: true });
  await deleteRedisKeys(REDIS_PREFIX, log).catch((e) => log(`! Redis keys under ${REDIS_PREFIX}: not deleted: ${e.message}`));
}

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
