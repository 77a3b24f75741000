#!/usr/bin/env node
// `npm test`: every test suite (README). Builds first (the browser tests run the built
// stack), checks lint and types, then runs unit + API + worker tests, then browser tests,
// then the benchmark harness's own tests (a whole `npm run bench` at a small scale: on its own,
// so the load it makes and the browser tests do not share the two cores).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './lib/proc.mjs';
import { ensureServices } from './lib/services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const started = Date.now();
const step = (msg) => console.log(`\n▸ ${msg} (${((Date.now() - started) / 1000).toFixed(0)}s)`);

try {
  step('Checking PostgreSQL and Redis');
  const { databaseUrl, redisUrl } = await ensureServices();
  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_URL = redisUrl;

  step('Building');
  run('npm', ['run', 'build', '--silent']);
  step('Lint and typecheck');
  run('npm', ['run', 'lint', '--silent']);
  step('Unit, API and worker tests');
  run('npx', ['jest', '--selectProjects', 'unit', 'api', 'worker', '--ci']);
  step('Browser tests (Chromium)');
  run('npx', ['jest', '--selectProjects', 'e2e', '--ci', '--runInBand']);
  step('Benchmark harness (a small-scale run of npm run bench)');
  run('npx', ['jest', '--selectProjects', 'bench', '--ci', '--runInBand']);
  console.log(`\n✔ All test suites passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
} catch (e) {
  console.error(`\n✖ ${e.message}`);
  process.exit(1);
}
