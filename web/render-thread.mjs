// Server renders off the main thread (decision 019): the page cache (app/lib/page-cache.server.ts)
// hands the renders of anonymous GET pages to this worker thread, so the ~20 ms of React work
// of a render never holds up the kept pages the main thread is serving meanwhile.
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
      const response = await handle(new Request(url, { headers }));
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
 */
export function createRenderThread(buildPath, { log = console } = {}) {
  let worker = null;
  let ready = false;
  let nextId = 1;
  const pending = new Map();

  const start = () => {
    ready = false;
    worker = new Worker(fileURLToPath(import.meta.url), { workerData: { role: 'render-thread', buildPath } });
    worker.unref();
    worker.on('message', (msg) => {
      if (msg.ready) {
        ready = true;
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
      else call.resolve({ status: msg.status, headers: msg.headers, body: Buffer.from(msg.body.buffer, msg.body.byteOffset, msg.body.byteLength) });
    });
    worker.on('error', (error) => log.error('render thread failed:', error));
    worker.on('exit', (code) => {
      ready = false;
      for (const call of pending.values()) call.reject(new Error(`render thread exited (${code})`));
      pending.clear();
      if (!stopped) setTimeout(start, 1000).unref();
    });
  };
  let stopped = false;
  let onFlushed = null;
  start();

  return {
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
