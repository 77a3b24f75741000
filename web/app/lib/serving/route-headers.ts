import type { HeadersFunction } from '@remix-run/node';

/** The headers of a route's own answer that reach the browser through `keptRouteHeaders`. */
const ROUTE_HEADERS = ['Cache-Control', 'Referrer-Policy'] as const;

/**
 * Route `headers` export of a page whose loader (or action, or thrown answer) sets Cache-Control
 * or Referrer-Policy: the dashboards' `private, no-store`, the reset-password page's `no-store`
 * and `no-referrer` (issue 19 item 4). Remix sends only what a route's `headers` export returns
 * (a route without one gets its parent's), so without this those loader headers were dropped.
 * The parents' headers, then the route's own; child routes without an export inherit the result.
 */
export const keptRouteHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const out = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const name of ROUTE_HEADERS) {
      const value = source?.get(name);
      if (value) out.set(name, value);
    }
  }
  return out;
};
