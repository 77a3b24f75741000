// Stops the stack of global-setup.js and removes its database, Redis keys and files.
const { spawnSync } = require('node:child_process');
const { once } = require('node:events');
const fs = require('node:fs');

module.exports = async function globalTeardown() {
  const file = process.env.E2E_STATE_FILE;
  if (!file || !fs.existsSync(file)) return;
  const state = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const pid of state.pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  // Wait for them to exit (each closes its connections first); one still running after 10 s is killed below.
  const running = (globalThis.__REALTY_E2E_STACK__ ?? []).filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(running.map((child) => once(child, 'exit', { signal: globalThis.AbortSignal.timeout(10_000) }).catch(() => undefined)));
  for (const pid of state.pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* exited */
    }
  }
  const url = new URL(state.dbUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  spawnSync('psql', [url.toString(), '-qc', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`], { stdio: 'ignore' });
  spawnSync('sh', ['-c', `redis-cli --scan --pattern '${state.redisPrefix}:*' | xargs -r redis-cli del >/dev/null`], { stdio: 'ignore' });
  if (process.env.E2E_KEEP_LOGS !== '1') fs.rmSync(state.logDir, { recursive: true, force: true });
  fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(file, { force: true });
};
