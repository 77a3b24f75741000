// Browser tests run against a real stack started here: its own database (migrated and
// seeded with the demo data and, asked for explicitly, the demo accounts), its own Redis key
// prefix and data directory, and the built api, worker, web and mail sink on free ports, in
// production mode (so with the secrets it requires). State goes to a file the tests and
// teardown read.
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
// Jest compiles what its globalSetup requires, so the tests' one wait for a condition serves here too.
const { eventually } = require('../libs/testkit/src/eventually.ts');

const root = path.resolve(__dirname, '..');
const STATE_FILE = path.join(os.tmpdir(), `realty-e2e-${process.ppid}-${process.pid}.json`);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers below 500; throws at once if the process exits first. */
async function waitForHttp(url, seconds, child, name) {
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${child.logFile}`);
    try {
      return (await fetch(url)).status < 500;
    } catch {
      return false; // not up yet
    }
  };
  await eventually(`${url} to answer (see ${child.logFile})`, answers, { timeoutMs: seconds * 1000, intervalMs: 250 });
}

module.exports = async function globalSetup() {
  const base = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/realty');
  const dbName = `realty_e2e_${process.pid}`;
  base.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realty-e2e-data-'));
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realty-e2e-logs-'));
  const [apiPort, webPort, smtpPort] = [await freePort(), await freePort(), await freePort()];
  // The stack's own settings (kept in the state file: e2e/support/stack.ts starts more processes with them).
  const stackEnv = {
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    DATABASE_URL: base.toString(),
    REDIS_PREFIX: `realty_e2e_${process.pid}`,
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    WEB_HOST: '127.0.0.1',
    API_URL: `http://127.0.0.1:${apiPort}/api`,
    // Offline: maps draw no tile layer (maps.e2e.ts starts a web with the default tiles, routed locally).
    MAP_TILE_URL: 'none',
    // Production refuses to start without them (docs/decisions/029): fresh ones per run.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SESSION_SECRET: randomBytes(48).toString('base64url'),
    // Production seeds no demo account unless asked (docs/decisions/028); the tests sign in with them.
    SEED_DEMO_ACCOUNTS: '1',
    // The worker's mail goes to the mail sink; admins read it at /dashboard/admin/mail.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_SINK_DIR: path.join(dataDir, 'mail'),
    // Links in mails (password reset, leads) point at this stack's web server.
    PUBLIC_WEB_URL: `http://127.0.0.1:${webPort}`,
    // The tests speak to the web as a proxy on loopback would: a test may name its visitor's
    // address with X-Forwarded-For (forms.e2e.ts gives each visitor its own). The default
    // (trust nobody) is tested on a stack of its own (visitor-limits.e2e.ts).
    WEB_TRUST_PROXY: 'loopback',
  };
  const env = { ...process.env, ...stackEnv };

  for (const cmd of ['migrate', 'seed']) {
    const r = spawnSync('node', ['scripts/db.mjs', cmd], { cwd: root, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`db ${cmd} failed:\n${r.stdout}\n${r.stderr}`);
  }

  const start = (name, args) => {
    const logFile = path.join(logDir, `${name}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn('node', args, { cwd: root, env, stdio: ['ignore', out, out] });
    child.logFile = logFile;
    return child;
  };
  const mail = start('mail', ['api/dist/mail-sink/main.js']);
  const api = start('api', ['api/dist/main.js']);
  const worker = start('worker', ['worker/dist/main.js']);
  const web = start('web', ['web/server.mjs']);
  const state = {
    dbUrl: env.DATABASE_URL,
    dataDir,
    logDir,
    redisPrefix: env.REDIS_PREFIX,
    apiUrl: env.API_URL,
    baseUrl: `http://127.0.0.1:${webPort}`,
    mailDir: env.MAIL_SINK_DIR,
    pids: [api.pid, worker.pid, web.pid, mail.pid],
    env: stackEnv,
  };
  fs.writeFileSync(STATE_FILE, JSON.stringify(state));
  // Teardown runs in this process (jest keeps globalSetup's globals for it) and waits for their exit.
  globalThis.__REALTY_E2E_STACK__ = [api, worker, web, mail];
  process.env.E2E_STATE_FILE = STATE_FILE;
  process.env.E2E_BASE_URL = state.baseUrl;
  process.env.E2E_API_URL = state.apiUrl;
  await waitForHttp(`${state.apiUrl}/health`, 60, api, 'api');
  await waitForHttp(`${state.baseUrl}/`, 60, web, 'web');
};
