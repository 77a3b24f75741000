// Production server of the web app: compression, hashed assets cached for a year,
// listing images from the storage directory at /media, and the Remix request handler.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import { createRenderThread } from './render-thread.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const dataDir = path.resolve(process.env.DATA_DIR || path.join(repoRoot, 'data'));
const port = Number(process.env.WEB_PORT || process.env.PORT || 3000);
const host = process.env.WEB_HOST || '0.0.0.0';

// React picks its development build (several times slower) unless told otherwise.
process.env.NODE_ENV ||= 'production';
// Cookies are signed with keys derived from SESSION_SECRET (app/lib/auth/session.server.ts), which
// production requires: loading the build then throws a ConfigError naming it, printed below.
// Elsewhere, without one, a random secret for this process, set here so the render thread
// (render-thread.mjs) signs and verifies with the same one.
if (!process.env.SESSION_SECRET && process.env.NODE_ENV !== 'production') {
  console.warn('SESSION_SECRET is not set: using a random secret, sessions end when the web server restarts');
  process.env.SESSION_SECRET = randomBytes(32).toString('hex');
}
const build = await import(path.join(here, 'build/server/index.js')).catch((error) => {
  if (error?.code !== 'REALTY_CONFIG') throw error;
  console.error(`✖ ${error.message}`);
  process.exit(1);
});

const app = express();
app.disable('x-powered-by');
// Whose X-Forwarded-For names the visitor (WEB_TRUST_PROXY; default nobody: the socket's address).
app.set('trust proxy', build.entry.module.webTrustProxySetting());
// The visitor's address for the app and the API (x-client-ip; one the visitor sent is dropped).
app.use(build.entry.module.forwardClientAddress);
// Helmet's headers and the per-response CSP nonce, on pages, assets and /media alike.
app.use(build.entry.module.securityHeaders());
app.use(compression());
// Remix flushes after every streamed chunk, which would make gzip emit tiny blocks (pages went
// out several times their size; decision 018). Our pages have no deferred data, so let zlib batch.
app.use((req, res, next) => {
  res.flush = () => {};
  next();
});
// Vite puts a content hash in every asset name, so they never change.
app.use('/assets', express.static(path.join(here, 'build/client/assets'), { immutable: true, maxAge: '1y' }));
// Listing images: keys are content-stable (a new upload gets a new key).
app.use('/media', express.static(path.join(dataDir, 'uploads'), { maxAge: '30d', fallthrough: false }));
// The other files of build/client (web/public: favicon.svg). Only their paths go to the disk:
// a static middleware in front of every page would stat a missing file on every request.
const clientDir = path.join(here, 'build/client');
const publicEntries = readdirSync(clientDir, { withFileTypes: true }).filter((e) => e.name !== 'assets');
const publicFiles = new Set(publicEntries.filter((e) => !e.isDirectory()).map((e) => `/${e.name}`));
const publicDirs = publicEntries.filter((e) => e.isDirectory()).map((e) => `/${e.name}/`);
const servePublic = express.static(clientDir, { maxAge: '1h' });
app.use((req, res, next) =>
  publicFiles.has(req.path) || publicDirs.some((d) => req.path.startsWith(d)) ? servePublic(req, res, next) : next(),
);
// Whole pages for anonymous visitors, kept PAGE_CACHE_MS (app/lib/serving/page-cache.server.ts).
const pageCacheMs = Number(process.env.PAGE_CACHE_MS ?? 15_000);
// Their renders run on a worker thread (render-thread.mjs) unless RENDER_THREAD=0.
const renderThread = process.env.RENDER_THREAD === '0' ? null : createRenderThread(path.join(here, 'build/server/index.js'));
// A kept page made under an older catalogue version renders anew (polled every PAGE_CACHE_VERSION_POLL_MS; 0: pages live out their TTL).
const versionPollMs = Number(process.env.PAGE_CACHE_VERSION_POLL_MS ?? 1000);
const version = build.entry.module.catalogVersionSource(Number.isFinite(versionPollMs) ? versionPollMs : 1000);
const pageCache = build.entry.module.createPageCache({
  ttlMs: Number.isFinite(pageCacheMs) ? pageCacheMs : 15_000,
  render: renderThread?.render,
  version,
});
// Paths the Remix handler cannot take (issue 19 item 10). A path that decodes to a leading
// backslash (/%5C) crashes React Router's server render (encodeLocation: new URL('/\\', base) is
// no URL) with a 500 before any route runs, and a malformed escape (/%) gets Express's bare 400
// page. No path of ours has either: they are kept literally (their % becomes %25), so the
// catch-all route answers the site's 404 page. Both req.url and req.originalUrl: Remix reads the latter.
app.use((req, _res, next) => {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  let kept = path.replace(/%5c/gi, '%255C');
  try {
    decodeURIComponent(kept);
  } catch {
    kept = kept.replace(/%/g, '%25');
  }
  if (kept !== path) req.url = req.originalUrl = kept + (q < 0 ? '' : req.url.slice(q));
  next();
});
const remix = createRequestHandler({ build, mode: process.env.NODE_ENV || 'production' });
// Each request in a scope that notes the API's 429s to it (the answer is then 429 too).
app.all('*', pageCache, (req, res, next) => build.entry.module.withApiRateLimitScope(() => remix(req, res, next)));

const server = app.listen(port, host, () => {
  console.log(`web listening on http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`);
});
// Stop taking requests, let the ones in flight finish (idle keep-alive connections are closed
// at once), send the page views counted but not sent yet (both threads), and give up after 5 s.
const stop = () => {
  server.close(async () => {
    await Promise.all([build.entry.module.flushServerPageViews(), renderThread?.stop()]);
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
