#!/usr/bin/env node
// `npm start`: the whole product with demo data on this machine (README "Quick start").
// Installs dependencies when needed, finds PostgreSQL and Redis, builds, applies
// migrations, loads the demo data and the demo accounts (asked for explicitly: production mode
// seeds none by default) into an empty database, starts api + worker + web and a mail sink,
// prints the site URL and the demo staff logins. Ctrl-C stops them all.
//
// A local demo in production mode (docs/decisions/028): the secrets production requires are made
// once and kept in DATA_DIR/demo-secrets.json (scripts/lib/demo-secrets.mjs); mail goes to a
// local SMTP sink whose catch admins read at /dashboard/admin/mail (unless SMTP_URL is set:
// then to that server, and no sink runs; MAIL_SINK=0 turns the sink off too).
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { demoSecrets } from './lib/demo-secrets.mjs';
import { freePort, run, startService, stopAll, waitForHttp } from './lib/proc.mjs';
import { ensureServices } from './lib/services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const started = Date.now();
const step = (msg) => console.log(`\n▸ ${msg} (${((Date.now() - started) / 1000).toFixed(1)}s)`);

function dependenciesStale() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

/** True when nothing listens on 127.0.0.1:`port` yet. */
function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * Where the demo's mail goes: {smtpUrl, sinkDir} with a sink on 127.0.0.1:1025 (another free port
 * when 1025 is taken, e.g. by docker compose's mailpit), or {sinkDir: null} when SMTP_URL is set
 * or MAIL_SINK=0.
 */
async function mailSetting(dataDir) {
  if (process.env.MAIL_SINK === '0' || (process.env.SMTP_URL && process.env.MAIL_SINK !== '1'))
    return { smtpUrl: process.env.SMTP_URL, sinkDir: null };
  const port = (await portFree(1025)) ? 1025 : await freePort();
  return { smtpUrl: `smtp://127.0.0.1:${port}`, sinkDir: process.env.MAIL_SINK_DIR || path.join(dataDir, 'mail') };
}

async function main() {
  if (dependenciesStale()) {
    step('Installing dependencies');
    run('npm', ['install', '--no-audit', '--no-fund']);
  }

  step('Checking PostgreSQL and Redis');
  const { databaseUrl, redisUrl } = await ensureServices();
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));
  const mail = await mailSetting(dataDir);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    NODE_ENV: process.env.NODE_ENV || 'production',
    API_PORT: process.env.API_PORT || '3001',
    WEB_PORT: process.env.WEB_PORT || '3000',
    DATA_DIR: dataDir,
    ...demoSecrets(dataDir),
    ...(mail.smtpUrl ? { SMTP_URL: mail.smtpUrl } : {}),
    ...(mail.sinkDir ? { MAIL_SINK_DIR: mail.sinkDir } : {}),
  };
  env.API_URL = process.env.API_URL || `http://127.0.0.1:${env.API_PORT}/api`;
  // Links in mails (password reset, leads) point at this web server.
  env.PUBLIC_WEB_URL = process.env.PUBLIC_WEB_URL || `http://localhost:${env.WEB_PORT}`;
  Object.assign(process.env, env);

  step('Building api, worker and web');
  run('npm', ['run', 'build', '--silent']);

  step('Applying migrations');
  run('node', ['scripts/db.mjs', 'migrate']);
  step('Loading demo data and the demo accounts (only into an empty database)');
  run('node', ['scripts/db.mjs', 'seed', '--demo-accounts']);

  step(mail.sinkDir ? 'Starting api, worker, web and the mail sink' : 'Starting api, worker and web');
  const children = [
    startService('api', 'node', ['api/dist/main.js'], env),
    startService('worker', 'node', ['worker/dist/main.js'], env),
    startService('web', 'node', ['web/server.mjs'], env),
    ...(mail.sinkDir ? [startService('mail', 'node', ['api/dist/mail-sink/main.js'], env)] : []),
  ];
  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping api, worker, web and the mail sink...');
    await stopAll(children);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  for (const c of children) c.on('exit', (code) => !stopping && code !== 0 && void shutdown(1));

  await waitForHttp(`http://127.0.0.1:${env.API_PORT}/api/health`, 60, children[0]);
  await waitForHttp(`http://127.0.0.1:${env.WEB_PORT}/`, 60, children[2]);

  const require = createRequire(import.meta.url);
  const demo = require('@realty/seed');
  console.log(`\n✔ Ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  console.log(`  Site: http://localhost:${env.WEB_PORT}/`);
  console.log(`  API:  http://localhost:${env.API_PORT}/api/health`);
  if (demo.DEMO_ACCOUNTS) {
    console.log(`  Demo logins (password ${demo.DEMO_PASSWORD}):`);
    for (const a of demo.DEMO_ACCOUNTS) console.log(`    ${a.role.padEnd(12)} ${a.email}`);
  }
  if (mail.sinkDir)
    console.log(
      `  Mail: caught by the local sink (${env.SMTP_URL}); admins read it at http://localhost:${env.WEB_PORT}/dashboard/admin/mail`,
    );
  else if (env.SMTP_URL) console.log(`  Mail: sent through ${env.SMTP_URL.replace(/\/\/[^@/]*@/, '//***@')}`);
  console.log('  Ctrl-C stops everything.\n');
  await reportQueue(require, redisUrl);
}

/** Prints the media queue draining (the demo data enqueues the image variants). */
async function reportQueue(require, redisUrl) {
  const { Queue } = require('bullmq');
  const jobs = require('@realty/jobs');
  const queue = new Queue(jobs.QueueName.Media, { connection: jobs.redisConnection(redisUrl), prefix: jobs.queuePrefix() });
  let last = '';
  for (;;) {
    const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed').catch(() => null);
    if (c) {
      const line = `media queue: ${c.waiting} waiting, ${c.active} active, ${c.delayed} delayed, ${c.completed} completed, ${c.failed} failed`;
      if (line !== last) console.log(line);
      last = line;
      if (c.waiting + c.active + c.delayed === 0) {
        console.log('media queue drained: image variants are ready.');
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  await queue.close();
}

main().catch((e) => {
  console.error(`\n✖ ${e.message}`);
  process.exit(1);
});
