import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A visitor over one of the API's rate limits gets 429 with Retry-After from the web (issue 19
 * item 10, spec 01 §8 RATE_LIMIT), whatever the route made of the failed call (a page with its
 * "could not load" text, a form with the API's message, the error screen). Every API client of
 * a request (apiFor, getAuth, the home sections) fetches with `apiFetch`, which notes a 429 in
 * the request's scope; entry.server.tsx then answers the document or data request with 429 and
 * the longest Retry-After the API gave. The scope is opened per request around the Remix
 * handler by web/server.mjs and web/render-thread.mjs (`withApiRateLimitScope`).
 */

interface Scope {
  /** The longest Retry-After (seconds) of the API's 429 answers to this request, or null. */
  retryAfter: number | null;
}

const scope = new AsyncLocalStorage<Scope>();

/** When the API sends 429 without a usable Retry-After: its shortest window is a minute. */
const DEFAULT_RETRY_AFTER_S = 60;

/** Runs `handle` (one request through the Remix handler) with its own record of the API's 429s. */
export function withApiRateLimitScope<T>(handle: () => T): T {
  return scope.run({ retryAfter: null }, handle);
}

/** Retry-After as seconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date), at least 1. */
function retryAfterSeconds(value: string | null, now = Date.now()): number {
  if (value && /^\d+$/.test(value.trim())) return Math.max(1, Number(value.trim()));
  const date = value ? Date.parse(value) : NaN;
  return Number.isFinite(date) ? Math.max(1, Math.ceil((date - now) / 1000)) : DEFAULT_RETRY_AFTER_S;
}

/** fetch for the API clients of a request: as fetch, and a 429 answer is noted in the request's scope. */
export const apiFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 429) {
    const current = scope.getStore();
    if (current) current.retryAfter = Math.max(current.retryAfter ?? 0, retryAfterSeconds(response.headers.get('retry-after')));
  }
  return response;
};

/** Seconds to put in Retry-After when the API rate-limited a call of the current request, else null. */
export function apiRetryAfter(): number | null {
  return scope.getStore()?.retryAfter ?? null;
}
