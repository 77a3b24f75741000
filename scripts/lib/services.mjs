// Finds PostgreSQL and Redis for `npm start` and `npm test` (README "Quick start"):
// DATABASE_URL / REDIS_URL, else the local default ports, else `docker compose up -d
// postgres redis` when a Docker engine answers, else a message saying how to start them.
import { execFileSync, spawnSync } from 'node:child_process';
import net from 'node:net';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/realty';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Resolves true when a TCP connection to host:port opens within timeoutMs. */
export function canConnect(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Sends PING over RESP and resolves true on +PONG (or an auth error: the server is there). */
export function redisPing(url, timeoutMs = 1500) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    let buf = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('\r\n')) done(buf.startsWith('+PONG') || buf.startsWith('-NOAUTH'));
    });
    socket.once('error', () => done(false));
  });
}

function hostPort(url, defPort) {
  const u = new URL(url);
  return [u.hostname, Number(u.port || defPort)];
}

/** The variables docker-compose.yml requires, from `env` or local defaults (letters and digits: they go into URLs). */
function composeDefaults(env) {
  return {
    POSTGRES_PASSWORD: env.POSTGRES_PASSWORD || 'realtylocal',
    REDIS_PASSWORD: env.REDIS_PASSWORD || 'realtylocal',
    JWT_SECRET: env.JWT_SECRET || 'unused-by-postgres-and-redis-0000000000000000',
    SESSION_SECRET: env.SESSION_SECRET || 'unused-by-postgres-and-redis-0000000000000000',
  };
}

function dockerAvailable() {
  const r = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
  return r.status === 0;
}

async function waitFor(check, seconds) {
  for (let i = 0; i < seconds * 2; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/**
 * Makes sure PostgreSQL and Redis answer. Returns {databaseUrl, redisUrl}; throws with a
 * readable explanation when they cannot be reached or started.
 */
export async function ensureServices(env = process.env, log = console.log) {
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const redisUrl = env.REDIS_URL || DEFAULT_REDIS_URL;
  const pgOk = () => canConnect(...hostPort(databaseUrl, 5432));
  const redisOk = () => redisPing(redisUrl);

  let [pg, redis] = await Promise.all([pgOk(), redisOk()]);
  if (pg && redis) return { databaseUrl, redisUrl };

  const missing = [!pg && 'PostgreSQL', !redis && 'Redis'].filter(Boolean).join(' and ');
  if (dockerAvailable()) {
    log(`${missing} not reachable; starting them with docker compose...`);
    // docker-compose.yml needs passwords and the app secrets (decision 023): local ones here
    // (the two services listen on 127.0.0.1 only; the app containers are not started).
    const local = composeDefaults(env);
    execFileSync('docker', ['compose', 'up', '-d', 'postgres', 'redis'], { stdio: 'inherit', env: { ...env, ...local } });
    const started = {
      databaseUrl: env.DATABASE_URL || `postgres://postgres:${local.POSTGRES_PASSWORD}@127.0.0.1:5432/realty`,
      redisUrl: env.REDIS_URL || `redis://:${local.REDIS_PASSWORD}@127.0.0.1:6379`,
    };
    [pg, redis] = await Promise.all([
      waitFor(() => canConnect(...hostPort(started.databaseUrl, 5432)), 60),
      waitFor(() => redisPing(started.redisUrl), 60),
    ]);
    if (pg && redis) return started;
  }
  throw new Error(
    [
      `${missing} is not reachable (DATABASE_URL=${databaseUrl}, REDIS_URL=${redisUrl}).`,
      'Start them in one of these ways, then run the command again:',
      '  - Docker:  docker compose up -d postgres redis',
      '  - Debian:  apt-get install -y postgresql redis-server && pg_ctlcluster 15 main start && redis-server --daemonize yes',
      '  - or point DATABASE_URL / REDIS_URL at running servers (see .env.example).',
    ].join('\n'),
  );
}
