import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The lock file (what `npm install` puts on every machine) holds no version of a runtime package
 * below the fix of an advisory that reaches us (issue 19 item 5, decision 032). `npm audit`
 * cannot reach its endpoint here, so the advisories acted on are listed by hand; a package
 * whose lock entries fall back below one fails this test.
 */

/** Package, the first fixed version, and why (decision 032). */
const FIXED: ReadonlyArray<[name: string, fixed: string, why: string]> = [
  ['react-router', '6.30.6', 'GHSA-jjmj-jmhj-qwj2 (open redirect leading to XSS, 6.30.2-6.30.4)'],
  ['react-router-dom', '6.30.6', 'GHSA-jjmj-jmhj-qwj2'],
  ['@remix-run/router', '1.23.4', 'the router of react-router 6.30.6 (one copy in the client bundle)'],
  ['sanitize-html', '2.17.6', 'CVE-2026-44990 (<xmp> XSS, < 2.17.4) and the incomplete URI scheme check (< 2.17.6)'],
  ['find-my-way', '9.10.2', 'parameter-regex input bound, `*admin` no longer matching /admin (precaution)'],
  ['fastify', '5.12.6', 'CVE-2026-25223, CVE-2026-33806, CVE-2026-107832 (content-type and routing bypasses)'],
  ['@fastify/middie', '9.3.6', 'CVE-2026-112712 (middleware bypass)'],
];

/** -1, 0 or 1 as version a is below, equal to or above b (numeric x.y.z; a pre-release tag counts as below). */
function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split('-')[0].split('.').map(Number);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] < pb[i] ? -1 : 1;
  return a.includes('-') === b.includes('-') ? 0 : a.includes('-') ? -1 : 1;
}

const lock = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};

/** Every version of `name` the lock installs, anywhere in the tree. */
function lockedVersions(name: string): string[] {
  return Object.entries(lock.packages)
    .filter(([where]) => where === `node_modules/${name}` || where.endsWith(`/node_modules/${name}`))
    .map(([, entry]) => entry.version ?? '?');
}

describe('runtime packages in package-lock.json', () => {
  it.each(FIXED)('%s is at or above %s everywhere (%s)', (name, fixed) => {
    const versions = lockedVersions(name);
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.filter((v) => compareVersions(v, fixed) < 0)).toEqual([]);
  });
});
