import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A stack of its own for tests that must change a setting or fill a rate-limit bucket without
 * touching the shared one of global-setup.js: an API with its own Redis key prefix (so its
 * limits count from zero), or the shared API, and one or more web servers in front of it, on
 * free ports, with the shared stack's database and settings plus the test's. No worker:
 * nothing here sends mail.
 */

const root = path.resolve(__dirname, '../..');
const state = JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE ?? '', 'utf8')) as {
  env: Record<string, string>;
  logDir: string;
  redisPrefix: string;
};

export interface PrivateStack {
  /** The API's base URL (…/api). */
  apiUrl: string;
  /** One base URL per web server, in the order of `webs`. */
  webUrls: string[];
  /** Stops the processes and removes the stack's Redis keys. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Resolves when `child` prints that it listens (the API's and the web's start-up line, written
 * once the port is open), rejects when it exits first or after 60 s; its output goes to `logFile`.
 */
function untilListening(child: ChildProcess, logFile: string): Promise<void> {
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  return new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "listening on" line in 60 s; see ${logFile}`)), 60_000);
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      seen = (seen + chunk.toString()).slice(-4096);
      if (/listening on http/i.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code}; see ${logFile}`));
    });
  });
}

/** Settings of a process on top of the shared stack's; null leaves a shared setting unset (its default applies). */
export type StackSettings = Record<string, string | null>;

function withSettings(base: NodeJS.ProcessEnv, settings: StackSettings): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const [key, value] of Object.entries(settings)) {
    if (value === null) delete env[key];
    else env[key] = value;
  }
  return env;
}

/**
 * Starts an API with `api` settings (or, with `api: false`, uses the shared stack's) and a web
 * server per entry of `webs` (their settings), and waits until each says it listens.
 */
export async function startStack({
  api = {},
  webs = [{}],
}: {
  api?: StackSettings | false;
  webs?: StackSettings[];
}): Promise<PrivateStack> {
  const tag = randomBytes(4).toString('hex');
  const redisPrefix = api ? `${state.redisPrefix}:${tag}` : state.redisPrefix;
  const apiPort = api ? await freePort() : Number(new URL(state.env.API_URL).port);
  const apiUrl = api ? `http://127.0.0.1:${apiPort}/api` : state.env.API_URL;
  const base = { ...process.env, ...state.env, REDIS_PREFIX: redisPrefix, API_PORT: String(apiPort), API_URL: apiUrl };
  const children: ChildProcess[] = [];
  const start = (name: string, script: string, env: NodeJS.ProcessEnv) => {
    const logFile = path.join(state.logDir, `${name}-${tag}.log`);
    const child = spawn('node', [script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    return untilListening(child, logFile);
  };
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    if (api)
      spawnSync('sh', ['-c', `redis-cli --scan --pattern '${redisPrefix}:*' | xargs -r redis-cli del >/dev/null`], { stdio: 'ignore' });
  };
  try {
    const webUrls: string[] = [];
    const waits = [api ? start('api', 'api/dist/main.js', withSettings(base, api)) : Promise.resolve()];
    for (const [i, settings] of webs.entries()) {
      const port = await freePort();
      waits.push(start(`web${i}`, 'web/server.mjs', withSettings({ ...base, WEB_PORT: String(port), WEB_HOST: '127.0.0.1' }, settings)));
      webUrls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(waits);
    return { apiUrl, webUrls, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
