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
const state = JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE ?? '', 'utf8')) as { env: Record<string, string>; logDir: string; redisPrefix: string };

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

async function waitForHttp(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in 60 s; see ${logFile}`);
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
 * server per entry of `webs` (their settings), and waits until they answer.
 */
export async function startStack({ api = {}, webs = [{}] }: { api?: StackSettings | false; webs?: StackSettings[] }): Promise<PrivateStack> {
  const tag = randomBytes(4).toString('hex');
  const redisPrefix = api ? `${state.redisPrefix}:${tag}` : state.redisPrefix;
  const apiPort = api ? await freePort() : Number(new URL(state.env.API_URL).port);
  const apiUrl = api ? `http://127.0.0.1:${apiPort}/api` : state.env.API_URL;
  const base = { ...process.env, ...state.env, REDIS_PREFIX: redisPrefix, API_PORT: String(apiPort), API_URL: apiUrl };
  const children: ChildProcess[] = [];
  const start = (name: string, script: string, env: NodeJS.ProcessEnv) => {
    const logFile = path.join(state.logDir, `${name}-${tag}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn('node', [script], { cwd: root, env, stdio: ['ignore', out, out] });
    children.push(child);
    return { child, logFile };
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
    if (api) spawnSync('sh', ['-c', `redis-cli --scan --pattern '${redisPrefix}:*' | xargs -r redis-cli del >/dev/null`], { stdio: 'ignore' });
  };
  try {
    const webUrls: string[] = [];
    const apiProcess = api ? start('api', 'api/dist/main.js', withSettings(base, api)) : null;
    const waits = [apiProcess ? waitForHttp(`${apiUrl}/health`, apiProcess.child, apiProcess.logFile) : Promise.resolve()];
    for (const [i, settings] of webs.entries()) {
      const port = await freePort();
      const web = start(`web${i}`, 'web/server.mjs', withSettings({ ...base, WEB_PORT: String(port), WEB_HOST: '127.0.0.1' }, settings));
      webUrls.push(`http://127.0.0.1:${port}`);
      waits.push(waits[0].then(() => waitForHttp(`http://127.0.0.1:${port}/robots.txt`, web.child, web.logFile)));
    }
    await Promise.all(waits);
    return { apiUrl, webUrls, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
