import 'reflect-metadata';
import { afterEach, describe, expect, it } from '@jest/globals';
import { eventually } from '@realty/testkit';

// The global `jest` (spyOn); typed from @jest/globals.
declare const jest: typeof import('@jest/globals').jest;
import express from 'express';
import type { Server } from 'node:http';
import request from 'supertest';
import { PAGE_CACHE_REFRESH_HEADER } from '../analytics/analytics.server';
import { commitCsrfToken } from '../auth/csrf.server';
import { PAGE_CACHE_OPT_IN } from './page-cache';
import { createPageCache, PAGE_CACHE_STATUS, type PageCacheOptions } from './page-cache.server';
import { cookiesOf, cookieToken, deferred, testClock, tokensIn } from './page-cache.test-support';

/**
 * The anonymous page cache (issue 6, decision 019) whose renders go to a render thread
 * (web/render-thread.mjs), here a stand-in that answers as the thread would. Time is the
 * cache's clock, moved by the test; a slow render is one that waits until the test lets it end.
 */
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
    const clock = testClock();
    const web = express();
    web.use(createPageCache({ ttlMs: 5000, render, now: clock.now, ...cacheOptions }));
    const fallbacks: string[] = [];
    web.get('*', (req, res) => {
      fallbacks.push(req.originalUrl);
      res.type('html').send('in-thread');
    });
    const server = web.listen(0);
    servers.push(server);
    return { agent: request(server), fallbacks, clock };
  }

  /**
   * A render that reads the CSRF cookie it is handed, as the root loader does (`ownToken`: it
   * mints its own instead); `seen` gets the headers of each call; `hold` is what a call waits on
   * before it answers (its number, from 1): a slow render is one the test lets finish.
   */
  function fakeRender(
    calls: string[],
    {
      ownToken = false,
      status = 200,
      seen = [] as Headers[],
      hold = (() => undefined) as (call: number) => Promise<unknown> | undefined,
    } = {},
  ): PageCacheOptions['render'] {
    return async (url, headers) => {
      calls.push(url);
      seen.push(new Headers(headers));
      await hold(calls.length);
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
    // The background render (the second) ends when the test says.
    const slow = deferred();
    const render = fakeRender(calls, { seen, hold: (n) => (n === 2 ? slow.promise : undefined) });
    const { agent: plain, clock } = app((url, headers) => render!(url, headers).finally(() => finished++), { ttlMs: 400, staleMs: 10_000 });
    // English pages (the key has the language in it).
    const agent = { get: (path: string) => plain.get(path).set('Accept-Language', 'en') };
    // A visitor's request cannot pass for the cache's own render.
    await agent.get('/catalog').set(PAGE_CACHE_REFRESH_HEADER, '1').set('Cookie', 'asid=11111111-2222-4333-8444-555555555555');
    expect(calls).toHaveLength(1);
    expect(seen[0].get(PAGE_CACHE_REFRESH_HEADER)).toBeNull();
    clock.advance(450);

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

    slow.resolve();
    await eventually('the background render to finish', () => finished === 2);
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
    // The background render (the third) ends when the test says.
    const slow = deferred();
    const render = fakeRender(calls, { hold: (n) => (n === 3 ? slow.promise : undefined) });
    let catalog: number | null = null;
    const { agent } = app((url, headers) => render!(url, headers).finally(() => finished++), {
      ttlMs: 60_000,
      staleMs: 10_000,
      version: () => catalog,
    });
    const until = (n: number) => eventually(`${n} renders finished`, () => finished >= n);
    // Made while the version is unknown: kept for its TTL whatever the version does later.
    await agent.get('/catalog?type=office');
    catalog = 7;
    expect((await agent.get('/catalog?type=office')).headers[PAGE_CACHE_STATUS]).toBe('hit');
    // Made under 7: a hit while 7 holds.
    await agent.get('/catalog');
    await until(2);
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(calls).toHaveLength(2);
    // The catalogue changed: the next visitor gets the kept page at once, and it renders anew.
    catalog = 8;
    const meanwhile = await agent.get('/catalog');
    expect(meanwhile.headers[PAGE_CACHE_STATUS]).toBe('stale');
    expect(meanwhile.text).toContain('"render":2');
    expect(calls).toHaveLength(3);
    slow.resolve();
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
    let catalog: number | null = 1;
    const { agent, clock } = app((url, headers) => render!(url, headers).finally(() => finished++), {
      ttlMs: 60_000,
      staleMs: 10_000,
      version: () => catalog,
      versionSettleMs: 150,
    });
    const until = (n: number) => eventually(`${n} renders finished`, () => finished >= n);
    // Made within 150 ms of the first version seen: kept 150 ms, then made once more.
    await agent.get('/catalog');
    clock.advance(200);
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('stale');
    await until(2);
    clock.advance(200);
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(calls).toHaveLength(2);
    // A change: rendered anew at once, and once more after the settling time; then kept.
    catalog = 2;
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('stale');
    await until(3);
    const first = await agent.get('/catalog');
    expect([first.headers[PAGE_CACHE_STATUS], first.text.includes('"render":3')]).toEqual(['hit', true]);
    clock.advance(200);
    expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('stale');
    await until(4);
    clock.advance(200);
    const settled = await agent.get('/catalog');
    expect(settled.headers[PAGE_CACHE_STATUS]).toBe('hit');
    expect(settled.text).toContain('"render":4');
    expect(calls).toHaveLength(4);
  });

  it('keeps serving the expired page when its background render fails, and tries again', async () => {
    const calls: string[] = [];
    let fail = false;
    const ok = fakeRender(calls);
    const { agent, clock } = app(
      async (url, headers) => {
        if (fail) {
          calls.push(url);
          throw new Error('render thread down');
        }
        return ok!(url, headers);
      },
      { ttlMs: 30, staleMs: 10_000 },
    );
    await agent.get('/catalog');
    clock.advance(60);
    fail = true;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await agent.get('/catalog')).headers[PAGE_CACHE_STATUS]).toBe('stale');
      await eventually('the failed refresh logged', () => errors.mock.calls.some(([message]) => message === 'page cache: refresh failed'));
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
