import 'reflect-metadata';
import { afterEach, describe, expect, it } from '@jest/globals';

// The global `jest` (spyOn); typed from @jest/globals.
declare const jest: typeof import('@jest/globals').jest;
import compression from 'compression';
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants as zlibConstants, deflateRawSync, gunzipSync, inflateRawSync } from 'node:zlib';
import request from 'supertest';
import { PAGE_CACHE_REFRESH_HEADER } from './analytics.server';
import { csrf, csrfCookie, commitCsrfToken, CSRF_FIELD } from './csrf.server';
import { PAGE_CACHE_OPT_IN } from './page-cache';
import { createPageCache, PAGE_CACHE_STATUS, storedBlock, type PageCacheOptions } from './page-cache.server';
import { CSP_NONCE_HEADER, securityHeaders } from './security-headers.server';

/** The token in a page's form and inline data (they must agree). */
function tokensIn(html: string): string[] {
  const form = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const inline = /"csrf":"([^"]+)"/.exec(html)?.[1];
  return [form ?? '', inline ?? ''];
}

/** The token stored in the csrf Set-Cookie of a response. */
async function cookieToken(setCookie: string[] | undefined): Promise<{ token: string; pair: string }> {
  const value = (setCookie ?? []).find((c) => c.startsWith('csrf='));
  expect(value).toBeDefined();
  const pair = (value as string).split(';')[0];
  return { token: await csrfCookie.parse(pair), pair };
}

const cookiesOf = (res: request.Response): string[] | undefined => res.headers['set-cookie'] as unknown as string[] | undefined;

/**
 * The anonymous page cache (issue 6, decision 019) in front of a stand-in for the Remix handler
 * that does what the root loader does with the CSRF token: reads it from the visitor's cookie,
 * or makes one and sets the cookie, and writes it into the page's forms and inline data.
 */
describe('anonymous page cache', () => {
  interface AppOptions {
    /** The route opts in (loader header). */
    optIn?: boolean;
    status?: number;
    /** Extra Set-Cookie the page sends. */
    cookie?: string;
    /** Render time, ms. */
    delayMs?: number;
    /** The web server's security headers in front (securityHeaders), and the page's inline script and style carry the nonce. */
    secured?: boolean;
  }

  const servers: Server[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));

  function app(cacheOptions: PageCacheOptions, pageOptions: AppOptions = {}) {
    const { optIn = true, status = 200, cookie, delayMs = 0, secured = false } = pageOptions;
    const renders: string[] = [];
    const web = express();
    web.set('trust proxy', true); // as web/server.mjs
    if (secured) web.use(securityHeaders({ NODE_ENV: 'production' }));
    web.use(compression());
    web.use(createPageCache(cacheOptions));
    web.get('*', async (req: ExpressRequest, res: ExpressResponse) => {
      const fetchRequest = new Request(`http://web.test${req.originalUrl}`, { headers: { cookie: req.headers.cookie ?? '' } });
      const { token, setCookie } = await commitCsrfToken(fetchRequest);
      if (setCookie) res.append('Set-Cookie', setCookie);
      if (cookie) res.append('Set-Cookie', cookie);
      if (optIn) res.setHeader(PAGE_CACHE_OPT_IN, '1');
      const lang = (req.query.lng as string | undefined) ?? 'ru';
      renders.push(req.originalUrl);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      res.status(status).type('html');
      // Streamed in pieces, as Remix does, with the token twice (form field, inline data).
      const nonce = secured ? ` nonce="${String(req.headers[CSP_NONCE_HEADER])}"` : '';
      res.write(`<!DOCTYPE html><html lang="${lang}"><head><link rel="canonical" href="${req.protocol}://${req.hostname}/catalog"/><style${nonce}>p{}</style></head><body><form method="post"><input type="hidden" name="csrf" value="${token}"/></form>`);
      res.write(`<p>${'каталог '.repeat(2000)}</p>`);
      res.end(`<script${nonce}>window.__data={"csrf":"${token}","render":${renders.length}}</script></body></html>`);
    });
    const server = web.listen(0);
    servers.push(server);
    return { agent: request(server), renders, server };
  }

  /** A GET with node:http: the body's bytes as sent, not decompressed on the way (supertest would). */
  function rawGet(server: Server, path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      }).on('error', reject);
    });
  }

  /**
   * Resolves once `path`'s kept page answers gzip from its parts deflated once (on the thread
   * pool, after it was kept): such an answer is sent whole, with its Content-Length, where the
   * per-request compression streams without one. Asked again until then, no fixed wait.
   */
  async function untilDeflated(server: Server, path: string): Promise<void> {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const { headers } = await rawGet(server, path, { 'accept-encoding': 'gzip' });
      if (headers['content-length'] !== undefined && headers['content-encoding'] === 'gzip') return;
    }
    throw new Error(`${path}: no gzip answer from deflated parts`);
  }

  it('serves a second anonymous visitor the kept page with their own CSRF token', async () => {
    const { agent, renders } = app({ ttlMs: 5000 });
    const first = await agent.get('/catalog?type=office');
    const second = await agent.get('/catalog?type=office');
    expect(renders).toHaveLength(1);
    expect(first.headers[PAGE_CACHE_STATUS]).toBeUndefined();
    expect(second.headers[PAGE_CACHE_STATUS]).toBe('hit');

    const [a, b] = [await cookieToken(cookiesOf(first)), await cookieToken(cookiesOf(second))];
    expect(a.token).not.toBe(b.token);
    expect(tokensIn(first.text)).toEqual([a.token, a.token]);
    expect(tokensIn(second.text)).toEqual([b.token, b.token]);
    // Apart from the token, the same bytes.
    expect(second.text.split(b.token).join('TOKEN')).toBe(first.text.split(a.token).join('TOKEN'));
    expect(second.headers['content-type']).toMatch(/text\/html/);

    // The second visitor's form passes the CSRF check with their cookie.
    const form = new FormData();
    form.set(CSRF_FIELD, tokensIn(second.text)[0]);
    await expect(csrf.validate(form, new Headers({ cookie: b.pair }))).resolves.toBeUndefined();
    // ...and the first visitor's token (the one the page was rendered with) does not pass with it.
    form.set(CSRF_FIELD, a.token);
    await expect(csrf.validate(form, new Headers({ cookie: b.pair }))).rejects.toThrow();
  });

  it('keeps a returning visitor on their token and sets no new cookie', async () => {
    const { agent, renders } = app({ ttlMs: 5000 });
    const first = await agent.get('/catalog');
    const { token, pair } = await cookieToken(cookiesOf(first));
    const again = await agent.get('/catalog').set('Cookie', pair);
    expect(again.headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(tokensIn(again.text)).toEqual([token, token]);
    expect(cookiesOf(again) ?? []).toEqual([]);
    expect(renders).toHaveLength(1);
  });

  it('compresses a kept page for a client that accepts it', async () => {
    const { agent } = app({ ttlMs: 5000 });
    await agent.get('/catalog');
    const hit = await agent.get('/catalog').set('Accept-Encoding', 'gzip');
    expect(hit.headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(hit.text).toContain('<html lang="ru">');
  });

  it('assembles a gzip answer from the kept deflated parts, valid and with the visitor token', async () => {
    const { agent, server } = app({ ttlMs: 5000 });
    await agent.get('/catalog');
    await untilDeflated(server, '/catalog');
    const plain = await agent.get('/catalog');
    const { status, headers, body } = await rawGet(server, '/catalog', { 'accept-encoding': 'gzip, deflate, br' });
    expect(status).toBe(200);
    expect(headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(headers['content-encoding']).toBe('gzip');
    // Sent whole with its length (the compression middleware streams without one).
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(String(headers.vary)).toMatch(/Accept-Encoding/);
    // gunzip checks the CRC-32 and the length of the trailer.
    const html = gunzipSync(body).toString('utf8');
    const { token } = await cookieToken(headers['set-cookie']);
    expect(tokensIn(html)).toEqual([token, token]);
    const plainToken = (await cookieToken(cookiesOf(plain))).token;
    expect(html.split(token).join('TOKEN')).toBe(plain.text.split(plainToken).join('TOKEN'));
    expect(body.length).toBeLessThan(Buffer.byteLength(html) / 5);
  });

  it("gives every answer of a kept page its own CSP nonce, the one its header names, plain and gzip (decision 024)", async () => {
    const { agent, server, renders } = app({ ttlMs: 5000 }, { secured: true });
    const nonceOf = (csp: string | undefined) => /'nonce-([\w-]+)'/.exec(csp ?? '')?.[1] ?? 'none';
    const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
    const first = await agent.get('/catalog');
    await untilDeflated(server, '/catalog');
    const plain = await agent.get('/catalog');
    const zipped = await rawGet(server, '/catalog', { 'accept-encoding': 'gzip' });
    expect(renders).toHaveLength(1);
    expect([plain.headers[PAGE_CACHE_STATUS], zipped.headers[PAGE_CACHE_STATUS], zipped.headers['content-encoding']]).toEqual(['hit', 'hit', 'gzip']);
    const answers = [
      { nonce: nonceOf(first.headers['content-security-policy']), html: first.text },
      { nonce: nonceOf(plain.headers['content-security-policy']), html: plain.text },
      { nonce: nonceOf(zipped.headers['content-security-policy'] as string), html: gunzipSync(zipped.body).toString('utf8') },
    ];
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(3);
    for (const { nonce, html } of answers) expect(noncesIn(html)).toEqual([nonce, nonce]);
  });

  it('never serves or keeps pages of signed-in visitors or with a pending toast', async () => {
    const { agent, renders } = app({ ttlMs: 5000 });
    await agent.get('/catalog');
    const signedIn = await agent.get('/catalog').set('Cookie', '__session=abc');
    const toast = await agent.get('/catalog').set('Cookie', 'theme=dark; toast=xyz');
    expect(signedIn.headers[PAGE_CACHE_STATUS]).toBeUndefined();
    expect(toast.headers[PAGE_CACHE_STATUS]).toBeUndefined();
    expect(renders).toHaveLength(3);
    expect(signedIn.headers[PAGE_CACHE_OPT_IN]).toBeUndefined();
  });

  it('keeps one page per URL, language and theme', async () => {
    const { agent, renders } = app({ ttlMs: 5000 });
    await agent.get('/catalog?lng=en');
    await agent.get('/catalog').set('Accept-Language', 'en');
    await agent.get('/catalog').set('Cookie', 'theme=dark');
    await agent.get('/catalog?page=2');
    expect(renders).toHaveLength(4);
    const again = await agent.get('/catalog?lng=en');
    expect(again.headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(again.text).toContain('<html lang="en">');
  });

  it('never serves a page rendered for a forwarded host or protocol to requests for another', async () => {
    const { agent, renders } = app({ ttlMs: 5000 });
    const spoofed = await agent.get('/catalog').set('X-Forwarded-Host', 'evil.example').set('X-Forwarded-Proto', 'https');
    expect(spoofed.text).toContain('href="https://evil.example/catalog"');
    const plain = await agent.get('/catalog');
    expect(plain.headers[PAGE_CACHE_STATUS]).toBeUndefined();
    expect(plain.text).not.toContain('evil.example');
    expect(renders).toHaveLength(2);
  });

  it('keeps nothing without the opt-in, and the opt-in header never leaves the server', async () => {
    const plain = app({ ttlMs: 5000 }, { optIn: false });
    await plain.agent.get('/about');
    const second = await plain.agent.get('/about');
    expect(plain.renders).toHaveLength(2);
    expect(second.headers[PAGE_CACHE_STATUS]).toBeUndefined();

    const off = app({ ttlMs: 0 });
    const res = await off.agent.get('/catalog');
    await off.agent.get('/catalog');
    expect(off.renders).toHaveLength(2);
    expect(res.headers[PAGE_CACHE_OPT_IN]).toBeUndefined();
  });

  it('keeps no error page and no page that sets a cookie of its own', async () => {
    for (const pageOptions of [{ status: 502 }, { status: 404 }, { cookie: '__session=signed-in; Path=/' }] as AppOptions[]) {
      const { agent, renders } = app({ ttlMs: 5000 }, pageOptions);
      await agent.get('/catalog');
      const second = await agent.get('/catalog');
      expect(second.headers[PAGE_CACHE_STATUS]).toBeUndefined();
      expect(renders).toHaveLength(2);
    }
  });

  it('renders once for visitors who arrive together, and each gets their own token', async () => {
    const { agent, renders } = app({ ttlMs: 5000 }, { delayMs: 100 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => agent.get('/catalog?sort=price_asc')));
    expect(renders).toHaveLength(1);
    const tokens = await Promise.all(answers.map(async (a) => (await cookieToken(cookiesOf(a))).token));
    expect(new Set(tokens).size).toBe(5);
    answers.forEach((a, i) => expect(tokensIn(a.text)).toEqual([tokens[i], tokens[i]]));
  });

  it('renders anew after the TTL, serving the expired page meanwhile', async () => {
    const { agent, renders } = app({ ttlMs: 50, staleMs: 10_000 }, { delayMs: 150 });
    await agent.get('/catalog');
    await new Promise((r) => setTimeout(r, 80));
    // The first request after the TTL renders; one arriving during that render gets the old page.
    const renderer = agent.get('/catalog').then((r) => r);
    await new Promise((r) => setTimeout(r, 30));
    const meanwhile = await agent.get('/catalog');
    expect(meanwhile.headers[PAGE_CACHE_STATUS]).toBe('stale');
    expect(meanwhile.text).toContain('"render":1');
    const renewed = await renderer;
    expect(renewed.text).toContain('"render":2');
    expect(renders).toHaveLength(2);
    const next = await agent.get('/catalog');
    expect(next.headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(next.text).toContain('"render":2');
  });

  it('drops an expired page after the stale window', async () => {
    const { agent, renders } = app({ ttlMs: 30, staleMs: 30 });
    await agent.get('/catalog');
    await new Promise((r) => setTimeout(r, 100));
    const res = await agent.get('/catalog');
    expect(res.headers[PAGE_CACHE_STATUS]).toBeUndefined();
    expect(renders).toHaveLength(2);
  });
});

describe('anonymous page cache with a render thread', () => {
  const servers: Server[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));

  /** The page of the stand-in render: the token in a form and in inline data. */
  const html = (token: string, n: number) =>
    `<!DOCTYPE html><html lang="ru"><body><form><input type="hidden" name="csrf" value="${token}"/></form><p>${'офис '.repeat(500)}</p><script>window.__data={"csrf":"${token}","render":${n}}</script></body></html>`;

  /**
   * A cache whose renders go to `render` (as web/render-thread.mjs would answer), and an in-thread
   * handler behind it that answers 'in-thread' (the fallback).
   */
  function app(render: PageCacheOptions['render'], cacheOptions: Partial<PageCacheOptions> = {}) {
    const web = express();
    web.use(createPageCache({ ttlMs: 5000, render, ...cacheOptions }));
    const fallbacks: string[] = [];
    web.get('*', (req, res) => {
      fallbacks.push(req.originalUrl);
      res.type('html').send('in-thread');
    });
    const server = web.listen(0);
    servers.push(server);
    return { agent: request(server), fallbacks };
  }

  /**
   * A render that reads the CSRF cookie it is handed, as the root loader does (`ownToken`: it
   * mints its own instead); `seen` gets the headers of each call, `delayMs` is its render time.
   */
  function fakeRender(calls: string[], { ownToken = false, status = 200, seen = [] as Headers[], delayMs = 0 } = {}): PageCacheOptions['render'] {
    return async (url, headers) => {
      calls.push(url);
      seen.push(new Headers(headers));
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const cookie = new Headers(headers).get('cookie') ?? '';
      const { token, setCookie } = await commitCsrfToken(new Request(url, { headers: { cookie: ownToken ? '' : cookie } }));
      const out: [string, string][] = [
        ['content-type', 'text/html; charset=utf-8'],
        ['vary', 'Cookie, Accept-Language'],
        [PAGE_CACHE_OPT_IN, '1'],
      ];
      if (setCookie) out.push(['set-cookie', setCookie]);
      out.push(['set-cookie', 'asid=11111111-2222-4333-8444-555555555555; Path=/; SameSite=Lax']);
      return { status, headers: out, body: Buffer.from(html(token, calls.length)) };
    };
  }

  it('keeps what the render thread made and serves later visitors their own token', async () => {
    const calls: string[] = [];
    const { agent, fallbacks } = app(fakeRender(calls));
    const first = await agent.get('/catalog?type=office');
    expect(first.status).toBe(200);
    expect(first.headers[PAGE_CACHE_STATUS]).toBe('miss, render thread');
    expect(first.headers[PAGE_CACHE_OPT_IN]).toBeUndefined();
    expect(calls).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/catalog\?type=office$/)]);
    const firstToken = (await cookieToken(cookiesOf(first))).token;
    expect(tokensIn(first.text)).toEqual([firstToken, firstToken]);
    // the render's own cookies reach the visitor
    expect(cookiesOf(first)?.some((c) => c.startsWith('asid='))).toBe(true);

    const second = await agent.get('/catalog?type=office');
    expect(second.headers[PAGE_CACHE_STATUS]).toBe('hit');
    const secondToken = (await cookieToken(cookiesOf(second))).token;
    expect(secondToken).not.toBe(firstToken);
    expect(tokensIn(second.text)).toEqual([secondToken, secondToken]);
    expect(calls).toHaveLength(1);
    expect(fallbacks).toEqual([]);
  });

  it('serves an expired page at once and renders it anew in the background, counting no view there', async () => {
    const calls: string[] = [];
    const seen: Headers[] = [];
    let finished = 0;
    const render = fakeRender(calls, { seen, delayMs: 300 });
    const { agent: plain } = app((url, headers) => render!(url, headers).finally(() => finished++), { ttlMs: 400, staleMs: 10_000 });
    // English pages (the key has the language in it).
    const agent = { get: (path: string) => plain.get(path).set('Accept-Language', 'en') };
    // A visitor's request cannot pass for the cache's own render.
    await agent.get('/catalog').set(PAGE_CACHE_REFRESH_HEADER, '1').set('Cookie', 'asid=11111111-2222-4333-8444-555555555555');
    expect(calls).toHaveLength(1);
    expect(seen[0].get(PAGE_CACHE_REFRESH_HEADER)).toBeNull();
    await new Promise((r) => setTimeout(r, 450));

    // Expired: this visitor gets the old page without waiting for a render, which starts now.
    const stale = await agent.get('/catalog').set('Cookie', 'asid=11111111-2222-4333-8444-555555555555');
    expect(stale.headers[PAGE_CACHE_STATUS]).toBe('stale');
    expect(stale.text).toContain('"render":1');
    expect(calls).toHaveLength(2);
    expect(finished).toBe(1);
    // The background render: the visitor's language and analytics session, a CSRF token the
    // cache knows, and the header that makes it count no view.
    expect(seen[1].get(PAGE_CACHE_REFRESH_HEADER)).toBe('1');
    expect(seen[1].get('accept-language')).toBe('en');
    expect(seen[1].get('cookie')).toMatch(/^asid=11111111-2222-4333-8444-555555555555; csrf=/);
    // Another visitor meanwhile: still the old page, no second render.
    expect((await agent.get('/catalog')).text).toContain('"render":1');
    expect(calls).toHaveLength(2);

    await new Promise((r) => setTimeout(r, 350));
    expect(finished).toBe(2);
    const renewed = await agent.get('/catalog');
    expect(renewed.headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(renewed.text).toContain('"render":2');
    const token = (await cookieToken(cookiesOf(renewed))).token;
    expect(tokensIn(renewed.text)).toEqual([token, token]);
    expect(calls).toHaveLength(2);
  });

  it('renders anew a fresh page made under an older catalogue version, serving it meanwhile', async () => {
    const calls: string[] = [];
    let finished = 0;
    const render = fakeRender(calls, { delayMs: 100 });
    let catalogue: number | null = null;
    const { agent } = app((url, headers) => render!(url, headers).finally(() => finished++), { ttlMs: 60_000, staleMs: 10_000, version: () => catalogue });
    const until = async (n: number) => {
      while (finished < n) await new Promise((r) => setTimeout(r, 10));
    };
    // Made while the version is unknown: kept for its TTL whatever the version does later.
    await agent.get('/catalog?type=office');
    catalogue = 7;
    expect((await agent.get('/catalog?type=office')).headers[PAGE_CACHE_STATUS]).toBe('hit');
    // Made under 7: a hit while 7 holds.
    await agent.get('/catalog');
    await until(2);
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(calls).toHaveLength(2);
    // The catalogue changed: the next visitor gets the kept page at once, and it renders anew.
    catalogue = 8;
    const meanwhile = await agent.get('/catalog');
    expect(meanwhile.headers[PAGE_CACHE_STATUS]).toBe('stale');
    expect(meanwhile.text).toContain('"render":2');
    expect(calls).toHaveLength(3);
    await until(3);
    const renewed = await agent.get('/catalog');
    expect(renewed.headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(renewed.text).toContain('"render":3');
    // The page made under 8 holds while 8 does; so does the one made before any version was known.
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect((await agent.get('/catalog?type=office')).headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(calls).toHaveLength(3);
  });

  it('renders once more a page made just after the version moved, then keeps it for its TTL', async () => {
    const calls: string[] = [];
    let finished = 0;
    const render = fakeRender(calls);
    let catalogue: number | null = 1;
    const { agent } = app((url, headers) => render!(url, headers).finally(() => finished++), { ttlMs: 60_000, staleMs: 10_000, version: () => catalogue, versionSettleMs: 150 });
    const until = async (n: number) => {
      while (finished < n) await new Promise((r) => setTimeout(r, 5));
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Made within 150 ms of the first version seen: kept 150 ms, then made once more.
    await agent.get('/catalog');
    await sleep(200);
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('stale');
    await until(2);
    await sleep(200);
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(calls).toHaveLength(2);
    // A change: rendered anew at once, and once more after the settling time; then kept.
    catalogue = 2;
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('stale');
    await until(3);
    const first = await agent.get('/catalog');
    expect([first.headers[PAGE_CACHE_STATUS], first.text.includes('"render":3')]).toEqual(['hit', true]);
    await sleep(200);
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('stale');
    await until(4);
    await sleep(200);
    const settled = await agent.get('/catalog');
    expect(settled.headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(settled.text).toContain('"render":4');
    expect(calls).toHaveLength(4);
  });

  it('keeps serving the expired page when its background render fails, and tries again', async () => {
    const calls: string[] = [];
    let fail = false;
    const ok = fakeRender(calls);
    const { agent } = app(async (url, headers) => {
      if (fail) {
        calls.push(url);
        throw new Error('render thread down');
      }
      return ok!(url, headers);
    }, { ttlMs: 30, staleMs: 10_000 });
    await agent.get('/catalog');
    await new Promise((r) => setTimeout(r, 60));
    fail = true;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('stale');
      await new Promise((r) => setTimeout(r, 20));
      expect(errors).toHaveBeenCalledWith('page cache: refresh failed', expect.any(Error));
      expect((await agent.get('/catalog')).text).toContain('"render":1');
      expect(calls).toHaveLength(3);
    } finally {
      errors.mockRestore();
    }
  });

  it('renders in this thread when the render thread cannot (not up, or failing)', async () => {
    const notUp = app(async () => null);
    expect((await notUp.agent.get('/catalog')).text).toBe('in-thread');
    expect(notUp.fallbacks).toEqual(['/catalog']);

    const failing = app(async () => {
      throw new Error('boom');
    });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await failing.agent.get('/catalog')).text).toBe('in-thread');
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('keeps no page whose render used a token of its own, and no error page', async () => {
    for (const options of [{ ownToken: true }, { status: 500 }]) {
      const calls: string[] = [];
      const { agent } = app(fakeRender(calls, options));
      await agent.get('/catalog');
      const again = await agent.get('/catalog');
      expect(again.headers[PAGE_CACHE_STATUS]).toBe('miss, render thread');
      expect(calls).toHaveLength(2);
    }
  });
});

describe('storedBlock', () => {
  it('is a deflate stored block that inflates to its bytes between compressed ones', () => {
    const token = Buffer.from('4x_7uUizL4T-6o22hhh-Lfve30wlXeEODNMN6rJyfnI.DZHdUz4TvSr6NWqlYzB2ranFCkupegA0CuqmrEEAii0');
    const before = deflateRawSync(Buffer.from('<input value="'.repeat(50)), { finishFlush: zlibConstants.Z_FULL_FLUSH });
    const after = deflateRawSync(Buffer.from('"/>каталог'.repeat(50)));
    const stream = Buffer.concat([before, storedBlock(token), after]);
    expect(inflateRawSync(stream).toString('utf8')).toBe(`${'<input value="'.repeat(50)}${token.toString()}${'"/>каталог'.repeat(50)}`);
    expect(storedBlock(Buffer.alloc(0))).toEqual(Buffer.from([0, 0, 0, 0xff, 0xff]));
    expect(() => storedBlock(Buffer.alloc(70_000))).toThrow(RangeError);
  });
});
