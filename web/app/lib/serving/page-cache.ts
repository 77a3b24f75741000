import type { HeadersFunction } from '@remix-run/node';

/**
 * The opt-in of a page to the anonymous page cache (lib/serving/page-cache.server.ts, issue 6): a loader
 * whose answer is the same for every anonymous visitor of its URL, language and theme sets
 * this header (only when the answer is complete: nothing failed or fell back), and the route's
 * `headers` export passes it on. The cache removes it before the response leaves the server.
 */
export const PAGE_CACHE_OPT_IN = 'x-page-cache-opt-in';

/** The loader's header that makes its answer cacheable: `data(value, { headers: cacheablePage() })`. */
export function cacheablePage(): Record<string, string> {
  return { [PAGE_CACHE_OPT_IN]: '1' };
}

/** Route `headers` export of a cacheable page: the parents' headers plus the loader's opt-in. */
export const cacheablePageHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const out = new Headers(parentHeaders);
  const optIn = loaderHeaders.get(PAGE_CACHE_OPT_IN);
  if (optIn) out.set(PAGE_CACHE_OPT_IN, optIn);
  return out;
};
