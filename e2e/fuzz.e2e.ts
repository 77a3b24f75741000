import fc from 'fast-check';
import { describeRequest, fuzzRequests, type FuzzRequest } from './support/fuzz-inputs';
import { RawVisitor, rawRequest, type RawResponse } from './support/http';

/**
 * No 5xx for hostile input (issue 19 item 10): a bounded, seeded property-based fuzz of the
 * started web with fast-check. Every public page (from the sitemap, plus the ones it leaves out)
 * gets GETs with hostile paths, query strings and headers; every public form's action gets
 * posts with a valid, wrong or missing CSRF token, known and unknown intents, repeated fields,
 * huge and negative numbers, control characters, overlong strings and wrong content types (and
 * a few other methods). Any answer of 500 or more fails, with the request that caused it.
 *
 * Bounded: a fixed seed and RUNS + LIMITED_RUNS requests, one at a time (well under a minute).
 * They come from their own loopback addresses (support/http.ts), so the per-IP limits the API
 * puts on them are not those of the other browser tests. The second run comes from an address
 * the API already refuses (429): an API 429 must not become a 5xx either (see the one exception).
 */

const FROM = '127.0.0.6';
/** The second run's address, whose API budget it spends first. */
const LIMITED_FROM = '127.0.0.7';
const SEED = 19;
const RUNS = 300;
const LIMITED_RUNS = 100;
/** Alone each run takes 5-10 s; the other suites' minute is too tight on a busy two-core machine. */
const FUZZ_TIMEOUT_MS = 120_000;

/**
 * Sends `runs` requests from `visitor` (seeded) and fails on the first answer of 500 or more that
 * `allowed` does not excuse, naming the request. Returns how often each status came back.
 */
async function fuzz(
  visitor: RawVisitor,
  arbitrary: fc.Arbitrary<FuzzRequest>,
  runs: number,
  seed: number,
  allowed: (status: number) => boolean,
): Promise<Map<number, number>> {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  await fc
    .assert(
      fc.asyncProperty(arbitrary, async (req) => {
        // The visitor's cookies (its CSRF cookie) go first; the fuzzer's own come after them.
        const cookie = [visitor.cookieHeader(), req.headers.Cookie].filter(Boolean).join('; ');
        let res: RawResponse;
        try {
          res = await visitor.send({ method: req.method, path: req.path, headers: { ...req.headers, Cookie: cookie }, body: req.body });
        } catch (error) {
          // The request did not go out (Node refuses some values) or the server dropped the connection.
          failures.push(`${(error as Error).message} for ${describeRequest(req)}`);
          return false;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status < 500 || allowed(res.status)) return true;
        failures.push(`${res.status} for ${describeRequest(req)}\n  ${res.body.slice(0, 200)}`);
        return false;
      }),
      { seed, numRuns: runs, endOnFailure: true },
    )
    .catch((error: Error) => {
      throw new Error(`${failures.join('\n') || error.message}\nstatuses: ${JSON.stringify([...statuses])}`);
    });
  return statuses;
}

const summary = (statuses: Map<number, number>) => JSON.stringify([...statuses].sort((a, b) => a[0] - b[0]));

describe('hostile input never gets a 5xx from the web (fuzz)', () => {
  let pages: string[] = [];
  let propertyPath = '/property/x';

  beforeAll(async () => {
    const sitemap = await rawRequest({ path: '/sitemap.xml', from: FROM });
    expect(sitemap.status).toBe(200);
    const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    // Every page the sitemap lists but the many listings, partners and articles: one of each.
    const one = (prefix: string) => paths.find((p) => p.startsWith(prefix)) ?? prefix;
    propertyPath = one('/property/');
    pages = [
      ...paths.filter((p) => !/^\/(property|partners|news)\/./.test(p)),
      propertyPath,
      one('/partners/'),
      one('/news/'),
      '/auth',
      '/auth/reset-password',
      '/contact/send',
      '/dashboard',
      '/dashboard/user/favorites',
      '/logout',
      '/resources/theme',
      '/resources/favorite',
      '/resources/map-points',
      '/resources/i18n/en',
      '/api/website-analytics/track-event',
      '/robots.txt',
      '/sitemap.xml',
      '/favicon.svg',
      '/media/none.jpg',
      '/assets/none.js',
    ];
    expect(pages.length).toBeGreaterThan(20);
  });

  it(
    `answers below 500 to ${RUNS} hostile requests (seed ${SEED})`,
    async () => {
      const visitor = new RawVisitor(FROM);
      const token = await visitor.csrfToken('/');
      const statuses = await fuzz(visitor, fuzzRequests(pages, propertyPath, token), RUNS, SEED, () => false);
      console.log(`fuzz: ${RUNS} requests, statuses ${summary(statuses)}`);
      // It reached the pages and the actions (not only the CSRF check).
      expect(statuses.get(200)).toBeGreaterThan(20);
      expect(statuses.get(400)).toBeGreaterThan(20);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `answers below 500 to ${LIMITED_RUNS} hostile requests from a visitor the API rate-limits (seed ${SEED})`,
    async () => {
      const visitor = new RawVisitor(LIMITED_FROM);
      const token = await visitor.csrfToken('/');
      // Spend this address's global API budget (RATE_LIMIT_MAX a minute) straight at the API.
      let limited = false;
      for (let i = 0; i < 2_000 && !limited; i++) limited = (await apiStatus(LIMITED_FROM)) === 429;
      expect(limited).toBe(true);
      // The web answers 502 when the API answers 429 (today's mapping of an API 429 on a page's
      // loader). Helper `edge` is turning that into 429 with Retry-After (issue 19 item 10); until
      // then a 502 is allowed here, and only while the API refuses this address.
      const statuses = await fuzz(visitor, fuzzRequests(pages, propertyPath, token), LIMITED_RUNS, SEED + 1, (status) => status === 502);
      console.log(`fuzz (API rate-limited): ${LIMITED_RUNS} requests, statuses ${summary(statuses)}`);
      expect(await apiStatus(LIMITED_FROM)).toBe(429);
    },
    FUZZ_TIMEOUT_MS,
  );
});

/** The API's answer to one cheap public request from `from` (its rate limit counts it). */
async function apiStatus(from: string): Promise<number> {
  const api = new URL(process.env.E2E_API_URL ?? 'http://127.0.0.1:3001/api');
  const res = await rawRequest({ path: `${api.pathname}/properties?limit=1`, from, origin: api.origin });
  return res.status;
}
