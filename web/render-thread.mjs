// Server renders off the main thread (decision 019): the page cache (app/lib/serving/page-cache.server.ts)
// hands the renders of anonymous GET pages to this worker thread, so the React work of a
// render never holds up the kept pages the main thread is serving meanwhile.
//
// Main thread: createRenderThread(buildPath) -> render(url, headers) resolving
// {status, headers: [name, value][], body: Buffer}, or null while the thread is not up (the
// caller then renders on its own thread). Worker thread: this same file, loading the server
// build and answering each request with Remix's fetch handler.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

if (!isMainThread && workerData?.role === 'render-thread') {
  const { createRequestHandler } = await import('@remix-run/node');
  const build = await import(workerData.buildPath);
  const handle = createRequestHandler(build, process.env.NODE_ENV || 'production');
  parentPort.on('message', async ({ id, url, headers, flush }) => {
    if (flush) {
      // Before the thread is stopped: the page views its renders counted go out first.
      await build.entry.module.flushServerPageViews();
      parentPort.postMessage({ flushed: true });
      return;
    }
    try {
      const response = await build.entry.module.withApiRateLimitScope(() => handle(new Request(url, { headers })));
      const body = Buffer.from(await response.arrayBuffer());
      const out = [];
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') out.push([name, value]);
      });
      for (const cookie of response.headers.getSetCookie()) out.push(['set-cookie', cookie]);
      parentPort.postMessage({ id, status: response.status, headers: out, body }, [body.buffer]);
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
  parentPort.postMessage({ ready: true });
}

/**
 * Starts the render thread. `render` answers null until the thread has loaded the build, and
 * after it failed (it is started again); a render that throws in the thread rejects.
 *
 * A thread that stops is started again after `retryMs` (1 s); one that stops again before it
 * has loaded the build (a broken build, say) waits twice as long each time, up to `maxRetryMs`
 * (1 min), so a failure that persists is retried a few times a minute and logged as often,
 * not every second. Meanwhile the pages render on the main thread. `schedule(run, ms)` runs
 * those restarts (default: an unref'd setTimeout; a test passes its own and runs them itself).
 * `starts` counts the threads started so far.
 */
export function createRenderThread(buildPath, { log = console, retryMs = 1000, maxRetryMs = 60_000, schedule = unrefTimeout } = {}) {
  let worker = null;
  let starts = 0;
  let ready = false;
  /** Starts in a row that stopped before the thread was ready. */
  let failedStarts = 0;
  let nextId = 1;
  const pending = new Map();

  const start = () => {
    if (stopped) return;
    ready = false;
    starts += 1;
    worker = new Worker(fileURLToPath(import.meta.url), { workerData: { role: 'render-thread', buildPath } });
    worker.unref();
    worker.on('message', (msg) => {
      if (msg.ready) {
        ready = true;
        failedStarts = 0;
        return;
      }
      if (msg.flushed) {
        onFlushed?.();
        return;
      }
      const call = pending.get(msg.id);
      if (!call) return;
      pending.delete(msg.id);
      if (msg.error) call.reject(new Error(`render thread: ${msg.error}`));
      else
        call.resolve({
          status: msg.status,
          headers: msg.headers,
          body: Buffer.from(msg.body.buffer, msg.body.byteOffset, msg.body.byteLength),
        });
    });
    worker.on('error', (error) => log.error('render thread failed:', error));
    worker.on('exit', (code) => {
      const wasReady = ready;
      ready = false;
      for (const call of pending.values()) call.reject(new Error(`render thread exited (${code})`));
      pending.clear();
      if (stopped) return;
      failedStarts = wasReady ? 0 : failedStarts + 1;
      const delay = Math.min(retryMs * 2 ** Math.max(0, failedStarts - 1), maxRetryMs);
      log.warn(`render thread exited (${code}); starting it again in ${delay} ms`);
      schedule(start, delay);
    });
  };
  let stopped = false;
  let onFlushed = null;
  start();

  return {
    get starts() {
      return starts;
    },
    render(url, headers) {
      if (!ready) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, url, headers });
      });
    },
    /** Stops the thread once it has sent the page views it counted (waiting at most 2 s). */
    async stop() {
      stopped = true;
      if (worker && ready) {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, 2000);
          onFlushed = () => {
            clearTimeout(timer);
            resolve();
          };
          worker.postMessage({ flush: true });
        });
      }
      await worker?.terminate();
    },
  };
}

/** setTimeout that does not keep the process up (a restart pending when the server stops is dropped). */
function unrefTimeout(run, ms) {
  setTimeout(run, ms).unref();
}
