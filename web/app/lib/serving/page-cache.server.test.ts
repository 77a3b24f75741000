import 'reflect-metadata';
import { afterEach, describe, expect, it } from '@jest/globals';
import { eventually } from '@realty/testkit';
import compression from 'compression';
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { csrf, commitCsrfToken, CSRF_FIELD } from '../auth/csrf.server';
import { PAGE_CACHE_OPT_IN } from './page-cache';
import { CSP_NONCE_HEADER, securityHeaders } from './security-headers.server';
import { createPageCache, PAGE_CACHE_STATUS, type PageCacheOptions } from './page-cache.server';
import { cookiesOf, cookieToken, deferred, testClock, tokensIn } from './page-cache.test-support';

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
    /** What the render waits on before it writes the page (`render`: its number, from 1): a slow render is one the test lets finish. */
    hold?: (render: number) => Promise<unknown> | undefined;
    /** The web server's security headers in front (securityHeaders), and the page's inline script and style carry the nonce. */
    secured?: boolean;
  }

  const servers: Server[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));

  function app(cacheOptions: PageCacheOptions, pageOptions: AppOptions = {}) {
    const { optIn = true, status = 200, cookie, hold, secured = false } = pageOptions;
    const renders: string[] = [];
    /** The URLs of the requests that reached the server (before the cache), in order. */
    const arrived: string[] = [];
    const clock = testClock();
    const web = express();
    web.set('trust proxy', true); // as web/server.mjs
    if (secured) web.use(securityHeaders({ NODE_ENV: 'production' }));
    web.use(compression());
    web.use((req, _res, next) => {
      arrived.push(req.originalUrl);
      next();
    });
    web.use(createPageCache({ now: clock.now, ...cacheOptions }));
    web.get('*', async (req: ExpressRequest, res: ExpressResponse) => {
      const fetchRequest = new Request(`http://web.test${req.originalUrl}`, { headers: { cookie: req.headers.cookie ?? '' } });
      const { token, setCookie } = await commitCsrfToken(fetchRequest);
      if (setCookie) res.append('Set-Cookie', setCookie);
      if (cookie) res.append('Set-Cookie', cookie);
      if (optIn) res.setHeader(PAGE_CACHE_OPT_IN, '1');
      const lang = (req.query.lng as string | undefined) ?? 'ru';
      renders.push(req.originalUrl);
      await hold?.(renders.length);
      res.status(status).type('html');
      // Streamed in pieces, as Remix does, with the token twice (form field, inline data).
      const nonce = secured ? ` nonce="${String(req.headers[CSP_NONCE_HEADER])}"` : '';
      res.write(
        `<!DOCTYPE html><html lang="${lang}"><head><link rel="canonical" href="${req.protocol}://${req.hostname}/catalog"/><style${nonce}>p{}</style></head><body><form method="post"><input type="hidden" name="csrf" value="${token}"/></form>`,
      );
      res.write(`<p>${'каталог '.repeat(2000)}</p>`);
      res.end(`<script${nonce}>window.__data={"csrf":"${token}","render":${renders.length}}</script></body></html>`);
    });
    const server = web.listen(0);
    servers.push(server);
    return { agent: request(server), renders, arrived, clock, server };
  }

  /** A GET with node:http: the body's bytes as sent, not decompressed on the way (supertest would). */
  function rawGet(
    server: Server,
    path: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
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

  it('gives every answer of a kept page its own CSP nonce, the one its header names, plain and gzip (decision 024)', async () => {
    const { agent, server, renders } = app({ ttlMs: 5000 }, { secured: true });
    const nonceOf = (csp: string | undefined) => /'nonce-([\w-]+)'/.exec(csp ?? '')?.[1] ?? 'none';
    const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
    const first = await agent.get('/catalog');
    await untilDeflated(server, '/catalog');
    const plain = await agent.get('/catalog');
    const zipped = await rawGet(server, '/catalog', { 'accept-encoding': 'gzip' });
    expect(renders).toHaveLength(1);
    expect([plain.headers[PAGE_CACHE_STATUS], zipped.headers[PAGE_CACHE_STATUS], zipped.headers['content-encoding']]).toEqual([
      'hit',
      'hit',
      'gzip',
    ]);
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
    // The one render waits until all five visitors have reached the server.
    const page = app({ ttlMs: 5000 }, { hold: () => eventually('five visitors at the server', () => page.arrived.length >= 5) });
    const { agent, renders } = page;
    const answers = await Promise.all(Array.from({ length: 5 }, () => agent.get('/catalog?sort=price_asc')));
    expect(renders).toHaveLength(1);
    const tokens = await Promise.all(answers.map(async (a) => (await cookieToken(cookiesOf(a))).token));
    expect(new Set(tokens).size).toBe(5);
    answers.forEach((a, i) => expect(tokensIn(a.text)).toEqual([tokens[i], tokens[i]]));
  });

  it('renders anew after the TTL, serving the expired page meanwhile', async () => {
    const slow = deferred();
    const { agent, renders, clock } = app({ ttlMs: 50, staleMs: 10_000 }, { hold: (n) => (n === 2 ? slow.promise : undefined) });
    await agent.get('/catalog');
    clock.advance(80);
    // The first request after the TTL renders; one arriving during that render gets the old page.
    const renderer = agent.get('/catalog').then((r) => r);
    await eventually('the render after the TTL to start', () => renders.length === 2);
    const meanwhile = await agent.get('/catalog');
    expect(meanwhile.headers[PAGE_CACHE_STATUS]).toBe('stale');
    expect(meanwhile.text).toContain('"render":1');
    slow.resolve();
    const renewed = await renderer;
    expect(renewed.text).toContain('"render":2');
    expect(renders).toHaveLength(2);
    const next = await agent.get('/catalog');
    expect(next.headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(next.text).toContain('"render":2');
  });

  it('drops an expired page after the stale window', async () => {
    const { agent, renders, clock } = app({ ttlMs: 30, staleMs: 30 });
    await agent.get('/catalog');
    clock.advance(100);
    const res = await agent.get('/catalog');
    expect(res.headers[PAGE_CACHE_STATUS]).toBeUndefined();
    expect(renders).toHaveLength(2);
  });
});
