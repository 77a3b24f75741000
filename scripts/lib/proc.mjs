// Small process helpers shared by the start and test scripts.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';

/** Runs a command, inheriting stdio; throws when it exits non-zero. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a long-running child whose output lines are prefixed with its name. The child gets
 * its own process group, so a terminal Ctrl-C reaches only us and we stop it once, with
 * SIGTERM (the worker treats a second signal as "exit without waiting for active jobs").
 */
export function startService(name, cmd, args, env, { quiet = false } = {}) {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  process.once('exit', () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const prefix = `[${name}] `;
  const forward = (stream, out) => {
    let buf = '';
    stream.on('data', (d) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop();
      if (!quiet) for (const l of lines) out.write(prefix + l + '\n');
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return child;
}

/** Polls an HTTP URL until it answers below 500 or the time runs out. */
export async function waitForHttp(url, seconds = 60, child) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds}s`);
}

/** Sends SIGTERM to each child and waits for them to exit (SIGKILL after graceMs). */
export async function stopAll(children, graceMs = 10000) {
  await Promise.all(
    children
      .filter((c) => c && c.exitCode === null && c.signalCode === null)
      .map(
        (c) =>
          new Promise((resolve) => {
            const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
            c.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
  );
}
