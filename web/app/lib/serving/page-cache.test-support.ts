import { expect } from '@jest/globals';
import type request from 'supertest';
import { csrfCookie } from '../auth/csrf.server';

/**
 * Shared by the page cache's tests (page-cache*.server.test.ts): reading the CSRF token of a
 * page and of a response's cookie, a clock the test moves (PageCacheOptions.now), and a promise
 * the test resolves, for a render that is to be slow.
 */

/** The token in a page's form and inline data (they must agree). */
export function tokensIn(html: string): string[] {
  const form = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const inline = /"csrf":"([^"]+)"/.exec(html)?.[1];
  return [form ?? '', inline ?? ''];
}

/** The token stored in the csrf Set-Cookie of a response. */
export async function cookieToken(setCookie: string[] | undefined): Promise<{ token: string; pair: string }> {
  const value = (setCookie ?? []).find((c) => c.startsWith('csrf='));
  expect(value).toBeDefined();
  const pair = (value as string).split(';')[0];
  return { token: await csrfCookie.parse(pair), pair };
}

/** The Set-Cookie values of a supertest response. */
export const cookiesOf = (res: request.Response): string[] | undefined => res.headers['set-cookie'] as unknown as string[] | undefined;

/** A clock for PageCacheOptions.now that stands still until the test moves it (ms; starts well above 0, as lru-cache needs). */
export function testClock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** A promise and the function that resolves it: what a "slow" render waits on until the test lets it finish. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
