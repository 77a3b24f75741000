// The staff listing list case of `npm run bench` (issue 21): GET /api/properties/manage,
// filtered, over the bench database's listings, signed in as the demo employee (the demo
// seed's employee@realty.local owns ~1/10 of them), at 50 req/s. Target: p99 <= 50 ms.
import { freePort, startService, waitForHttp } from '../../scripts/lib/proc.mjs';

export const STAFF_SCENARIO = 'api staff list @50 req/s';
const STAFF_EMAIL = 'employee@realty.local';
const STAFF_PASSWORD = 'Demo12345';

/**
 * 24 staff list URLs, asked round-robin: my / all, each sort both ways, status, deal type,
 * category and text filters, first pages and a keyset page (what the back-office screen asks).
 */
export function staffPaths() {
  const paths = [];
  for (const scope of ['mine', 'all'])
    for (const sort of ['updated', 'price', 'area', 'created'])
      for (const dir of ['desc', 'asc'])
        paths.push(`/api/properties/manage?scope=${scope}&sort=${sort}&dir=${dir}&status=active&dealType=rent`);
  for (const scope of ['mine', 'all']) {
    paths.push(`/api/properties/manage?scope=${scope}`);
    paths.push(`/api/properties/manage?scope=${scope}&status=pending`);
    paths.push(`/api/properties/manage?scope=${scope}&categoryId=1&dealType=sale&sort=price`);
    paths.push(`/api/properties/manage?scope=${scope}&q=${encodeURIComponent('абая')}`);
  }
  return paths;
}

/** Signs the demo employee in through the API (CSRF pair first); the Authorization header. */
export async function staffHeaders(api) {
  const csrf = await fetch(`${api}/api/csrf-token`);
  const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const token = (await csrf.json()).data.csrfToken;
  const res = await fetch(`${api}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
    body: JSON.stringify({ email: STAFF_EMAIL, password: STAFF_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${STAFF_EMAIL} answered ${res.status}: ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).data.tokens.accessToken}` };
}

/** The keyset page 2 of the first path, so paging onwards is measured too. */
async function withNextPage(api, headers, paths) {
  const first = await (await fetch(`${api}${paths[0]}`, { headers })).json();
  return first.meta?.nextCursor ? [...paths, `${paths[0]}&cursor=${first.meta.nextCursor}`] : paths;
}

/**
 * The staff scenario for bench/lib/scenarios.mjs runScenarios, signed in just before it runs
 * (access tokens last 15 minutes).
 */
export async function staffPlan(api, targetRepeat) {
  const headers = await staffHeaders(api);
  const paths = await withNextPage(api, headers, staffPaths());
  return [{ name: STAFF_SCENARIO, url: api, paths, headers, overallRate: 50, connections: 10, repeat: targetRepeat }];
}

/** Starts one API (production mode) on `url` for BENCH_ONLY=staff; its base URL. */
export async function startStaffApi({ url, redisUrl, redisPrefix, children, quiet, log }) {
  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    RATE_LIMIT_MAX: '100000000',
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    JWT_SECRET: `bench-${Math.random().toString(36).slice(2)}-${'x'.repeat(32)}`,
    SESSION_SECRET: `bench-${Math.random().toString(36).slice(2)}-${'y'.repeat(32)}`,
  };
  log(`starting api :${port} (production mode, BENCH_ONLY=staff)`);
  const api = startService('api', 'node', ['api/dist/main.js'], env, { quiet });
  children.push(api);
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60, api);
  return `http://127.0.0.1:${port}`;
}

/** The issue 21 target of the staff case ({target, value, ok}), or null when it did not run. */
export function staffTarget(scenarios) {
  const r = scenarios.find((s) => s.name === STAFF_SCENARIO);
  if (!r) return null;
  const runs = r.p99_runs_ms ? ` (median of ${r.p99_runs_ms.join(', ')})` : '';
  return {
    target: 'staff listing list p99 <= 50 ms at 50 req/s (filtered, signed in)',
    value: `p99 ${r.p99_ms} ms${runs}, p50 ${r.p50_ms} ms (${r.rps} req/s${r.non2xx ? `, ${r.non2xx} non-2xx` : ''})`,
    ok: r.p99_ms <= 50 && !r.non2xx,
  };
}
