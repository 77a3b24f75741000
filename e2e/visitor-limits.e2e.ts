import { randomBytes } from 'node:crypto';
import { startStack, type PrivateStack } from './support/stack';

/**
 * The visitor's address and the API's rate limits, through the web server (issue 19 items 1
 * and 10; decision 023). Each part runs a stack of its own (support/stack.ts), so the buckets
 * it fills are nobody else's.
 */

/** An address of TEST-NET-2 (RFC 5737), different each call. */
function testAddress(): string {
  const [a, b] = randomBytes(2);
  return `198.51.${a}.${(b % 254) + 1}`;
}

function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.kz`;
}

/** The cookies of a response as one Cookie header (name=value pairs only). */
function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.slice(0, c.indexOf(';') >>> 0))
    .join('; ');
}

/** Opens /auth as a new visitor (with `headers`) and returns what a login post needs: the CSRF token and the cookies. */
async function openLoginForm(base: string, headers: Record<string, string> = {}): Promise<{ token: string; cookie: string }> {
  const res = await fetch(`${base}/auth`, { headers: { accept: 'text/html', 'accept-language': 'ru', ...headers } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeDefined();
  return { token: token!, cookie: cookieHeader(res) };
}

/** Posts the login form of /auth (no JavaScript) with a wrong password. */
async function postLogin(
  base: string,
  form: { token: string; cookie: string },
  email: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      accept: 'text/html',
      'accept-language': 'ru',
      'content-type': 'application/x-www-form-urlencoded',
      cookie: form.cookie,
      ...headers,
    },
    body: new URLSearchParams({ csrf: form.token, intent: 'login', email, password: 'Wrong-Passw0rd' }).toString(),
  });
}

describe('the visitor address the web forwards to the API (WEB_TRUST_PROXY unset)', () => {
  let stack: PrivateStack;
  beforeAll(async () => {
    // WEB_TRUST_PROXY empty: the default, whatever the shared stack uses.
    stack = await startStack({ webs: [{ WEB_TRUST_PROXY: '', PAGE_CACHE_VERSION_POLL_MS: '0' }] });
  }, 90_000);
  afterAll(() => stack?.stop());

  it('20 login failures, each with another spoofed X-Forwarded-For and x-client-ip, end in the API limit (429 with the form) as 20 without', async () => {
    const web = stack.webUrls[0];
    const series = async (email: string, spoof: boolean) => {
      const form = await openLoginForm(web);
      const answers: Array<{ status: number; retryAfter: string | null; html: string }> = [];
      for (let i = 0; i < 20; i += 1) {
        const res = await postLogin(
          web,
          form,
          email,
          spoof ? { 'x-forwarded-for': testAddress(), 'x-client-ip': testAddress(), forwarded: `for=${testAddress()}` } : {},
        );
        answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), html: await res.text() });
      }
      return answers;
    };
    const spoofed = await series(uniqueEmail('spoof'), true);
    const plain = await series(uniqueEmail('plain'), false);
    for (const answers of [spoofed, plain]) {
      // RATE_LIMITS.loginFailures: 5 failures per account and address, then 429.
      expect(answers.slice(5).map((a) => a.status)).toEqual(Array(15).fill(429));
      const last = answers[19];
      expect(Number(last.retryAfter)).toBeGreaterThan(0);
      // The login form again, with the throttle message (no JavaScript: in the form's alert).
      expect(last.html).toContain('class="auth-form');
      expect(last.html).toContain('Слишком много запросов');
    }
    expect(spoofed[0].status).toBe(400);
  });
});

describe("the API's rate limit through the web (WEB_TRUST_PROXY=loopback, RATE_LIMIT_MAX=30)", () => {
  let stack: PrivateStack;
  let web: string;
  beforeAll(async () => {
    // The test speaks as a proxy on loopback: each test names its own visitor address, and the
    // web (trusting loopback) forwards it, so the API's buckets are the test's own.
    stack = await startStack({ api: { RATE_LIMIT_MAX: '30' }, webs: [{ WEB_TRUST_PROXY: 'loopback', PAGE_CACHE_VERSION_POLL_MS: '0' }] });
    web = stack.webUrls[0];
  }, 90_000);
  afterAll(() => stack?.stop());

  /** GETs `path(i)` as `visitor` until the web answers 429 (at most 40 times); returns that answer. */
  async function untilLimited(visitor: string, path: (i: number) => string, accept = 'text/html'): Promise<Response> {
    for (let i = 0; i < 40; i += 1) {
      const res = await fetch(`${web}${path(i)}`, { headers: { accept, 'x-forwarded-for': visitor } });
      if (res.status === 429) return res;
      expect([i, res.status]).toEqual([i, 200]);
      await res.arrayBuffer();
    }
    throw new Error('no 429 after 40 pages');
  }

  it('a page over the limit answers 429 with Retry-After and the site page (documents on the render thread, and data requests)', async () => {
    const visitor = testAddress();
    // A new URL each time: a page cache miss, rendered on the render thread.
    const page = await untilLimited(visitor, (i) => `/catalog?probe=${i}`);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<header');
    // Client navigations (single-fetch data requests) too.
    const data = await fetch(`${web}/catalog.data?probe=data`, { headers: { 'x-forwarded-for': visitor } });
    expect(data.status).toBe(429);
    expect(Number(data.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another visitor is not limited.
    const other = await fetch(`${web}/catalog?probe=other`, { headers: { accept: 'text/html', 'x-forwarded-for': testAddress() } });
    expect(other.status).toBe(200);
  });

  it('a form post over the limit answers 429 with Retry-After and the form with the message', async () => {
    const visitor = testAddress();
    // /auth itself asks the API nothing for an anonymous visitor: its form still opens.
    const form = await openLoginForm(web, { 'x-forwarded-for': visitor });
    await untilLimited(visitor, (i) => `/news?probe=${i}`);
    const res = await postLogin(web, form, uniqueEmail('limited'), { 'x-forwarded-for': visitor });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await res.text();
    expect(html).toContain('class="auth-form');
    expect(html).toContain('Слишком много запросов');
  });
});
