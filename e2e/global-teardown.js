// Stops the stack of global-setup.js and removes its database, Redis keys and files.
const { spawnSync } = require('node:child_process');
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
  // Give them a moment to close connections, then make sure they are gone.
  await new Promise((r) => setTimeout(r, 1500));
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
