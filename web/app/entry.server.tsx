import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { resources, supportedLanguages } from '@realty/i18n';
import { isbot } from 'isbot';
import { fileURLToPath } from 'node:url';
import { renderToPipeableStream } from 'react-dom/server';
import { apiRetryAfter } from '~/lib/api/api-rate-limit.server';
import { Coalesce } from '~/lib/serving/coalesce.server';
import { InlineCssContext } from '~/lib/serving/inline-css';
import { inlineCssFromBuild } from '~/lib/serving/inline-css.server';
import { registerTranslations } from '~/lib/i18n/i18n';
import { NonceContext } from '~/lib/serving/nonce';
import { CSP_NONCE_HEADER } from '~/lib/serving/security-headers.server';

/** The anonymous page cache, installed by web/server.mjs in front of the request handler. */
export { createPageCache } from '~/lib/serving/page-cache.server';
export { catalogVersionSource } from '~/lib/catalog/catalog-version.server';
/** Sends the page views counted but not yet sent (web/server.mjs and the render thread call it before they stop). */
export { flushServerPageViews } from '~/lib/analytics/analytics.server';
/** The visitor's address under WEB_TRUST_PROXY (web/server.mjs). */
export { forwardClientAddress, webTrustProxySetting } from '~/lib/api/client-address.server';
/** Each request through the Remix handler runs in one (web/server.mjs, render-thread.mjs): see lib/api-rate-limit.server.ts. */
export { withApiRateLimitScope } from '~/lib/api/api-rate-limit.server';
/** Helmet and the per-response CSP nonce (web/server.mjs). */
export { securityHeaders } from '~/lib/serving/security-headers.server';

// Every language's translations, for the root layout (lib/i18n/i18n.tsx).
for (const lang of supportedLanguages) registerTranslations(lang, resources[lang]);

const ABORT_DELAY = 5_000;

/** Stylesheets written into the documents (decision 020): the client build beside this server build. */
const inlineCss = inlineCssFromBuild(fileURLToPath(new URL('../client/', import.meta.url)));

/**
 * A request the API rate-limited (any of its calls answered 429) is answered 429 with the API's
 * Retry-After, whatever the route made of it (lib/api/api-rate-limit.server.ts). Returns the status.
 */
function markRateLimited(status: number, headers: Headers): number {
  const retryAfter = apiRetryAfter();
  if (retryAfter === null || (status >= 300 && status < 400)) return status;
  headers.set('Retry-After', String(retryAfter));
  return 429;
}

/** Data requests (client navigations and form posts with JavaScript): 429 as documents. */
export function handleDataRequest(response: Response): Response {
  const headers = new Headers(response.headers);
  const status = markRateLimited(response.status, headers);
  if (status === response.status) return response;
  return new Response(response.body, { status, headers });
}

/** Streams the HTML; bots get the whole document at once (onAllReady). */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  responseStatusCode = markRateLimited(responseStatusCode, responseHeaders);
  const bot = isbot(request.headers.get('user-agent') || '');
  // This response's CSP nonce (web/server.mjs: lib/serving/security-headers.server.ts); none in development.
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? undefined;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={inlineCss}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </InlineCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [bot ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new Coalesce();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // Documents carry the visitor's CSRF token and set cookies: no shared cache may store
          // them, and a browser asks again before reusing one (issue 6 "sensible Cache-Control").
          // Routes that say more (no-store on the dashboard and password reset) keep theirs.
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
