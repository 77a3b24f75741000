import { compile as compileTrust } from '@fastify/proxy-addr';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { trustProxySetting } from './rate-limit';

/**
 * docker-compose.yml (issue 19 items 1 and 6, decision 023): Docker does not run here, so the
 * file itself is checked. The API trusts X-Forwarded-For from the web container and nobody
 * else (by the API's own TRUST_PROXY parsing and proxy-addr, as Fastify applies it), only the
 * web is published beyond 127.0.0.1, and PostgreSQL, Redis and the secrets need a value.
 */

interface Service {
  environment?: Record<string, string>;
  ports?: string[];
  command?: string[];
  networks?: Record<string, { ipv4_address?: string } | null>;
}
interface Compose {
  services: Record<string, Service>;
  networks?: Record<string, { ipam?: { config?: Array<{ subnet?: string }> } }>;
}

const compose = parse(readFileSync(path.resolve(__dirname, '../../../docker-compose.yml'), 'utf8'), { merge: true }) as Compose;
const { services } = compose;

/** Compose's variable interpolation (${VAR}, ${VAR:?error}, ${VAR:-default}) of one value with `env`; throws as compose does for a missing required one. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g, (_m, name: string, op: string | undefined, arg: string | undefined) => {
    const v = env[name];
    if (v) return v;
    if (op === '?') throw new Error(`${name}: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

/** The IPv4 addresses of a /24 (the compose subnet). */
function addressesOf(subnet: string): string[] {
  const [base, bits] = subnet.split('/');
  expect(bits).toBe('24');
  const prefix = base.split('.').slice(0, 3).join('.');
  return Array.from({ length: 256 }, (_, i) => `${prefix}.${i}`);
}

describe('docker-compose.yml', () => {
  const env = {
    POSTGRES_PASSWORD: 'pgSecret1',
    REDIS_PASSWORD: 'redisSecret1',
    JWT_SECRET: 'j'.repeat(40),
    SESSION_SECRET: 's'.repeat(40),
  };

  it('the API trusts X-Forwarded-For from the web container at its fixed address and from no other address', () => {
    const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
    expect(subnet).toMatch(/^\d+\.\d+\.\d+\.\d+\/24$/);
    const webAddress = services.web.networks?.default?.ipv4_address;
    expect(webAddress).toBeDefined();
    const setting = trustProxySetting({ TRUST_PROXY: services.api.environment?.TRUST_PROXY });
    expect(typeof setting).not.toBe('boolean');
    const trust = compileTrust(setting as string[]);
    const trusted = [...addressesOf(subnet!), '127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', '203.0.113.9'].filter((a) => trust(a, 0));
    expect(trusted).toEqual([webAddress]);
  });

  it('the web trusts no forwarding header (visitors reach it directly) and is the only service published beyond 127.0.0.1', () => {
    expect(services.web.environment?.WEB_TRUST_PROXY ?? 'false').toBe('false');
    const published = Object.entries(services).flatMap(([name, s]) =>
      (s.ports ?? []).filter((p) => !String(p).startsWith('127.0.0.1:')).map((p) => `${name} ${p}`),
    );
    expect(published).toEqual(['web 3000:3000']);
  });

  it('PostgreSQL and Redis need a password, and the apps connect with it', () => {
    expect(services.postgres.environment?.POSTGRES_HOST_AUTH_METHOD).toBeUndefined();
    expect(interpolate(services.postgres.environment!.POSTGRES_PASSWORD, env)).toBe(env.POSTGRES_PASSWORD);
    const redisArgs = (services.redis.command ?? []).map((arg) => interpolate(arg, env));
    expect(redisArgs[redisArgs.indexOf('--requirepass') + 1]).toBe(env.REDIS_PASSWORD);
    for (const name of ['api', 'worker', 'web']) {
      const e = services[name].environment!;
      expect([name, new URL(interpolate(e.DATABASE_URL, env)).password]).toEqual([name, env.POSTGRES_PASSWORD]);
      expect([name, new URL(interpolate(e.REDIS_URL, env)).password]).toEqual([name, env.REDIS_PASSWORD]);
    }
  });

  it('compose refuses to start without the passwords, JWT_SECRET and SESSION_SECRET', () => {
    for (const missing of Object.keys(env)) {
      const partial: Record<string, string> = { ...env };
      delete partial[missing];
      const values = Object.values(services).flatMap((s) => [...Object.values(s.environment ?? {}), ...(s.command ?? [])]);
      expect(() => values.forEach((v) => interpolate(String(v), partial))).toThrow(missing);
    }
    for (const name of ['api', 'worker', 'web']) {
      expect(interpolate(services[name].environment!.JWT_SECRET, env)).toBe(env.JWT_SECRET);
      expect(interpolate(services[name].environment!.SESSION_SECRET, env)).toBe(env.SESSION_SECRET);
    }
  });
});
