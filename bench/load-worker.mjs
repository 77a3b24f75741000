#!/usr/bin/env node
// One load scenario, run by bench/run.mjs as a separate process so the load generator never
// shares an event loop (or a CPU slice it could hog) with the servers under test. Drives
// autocannon's programmatic API and prints one JSON line with the figures.
//
//   node bench/load-worker.mjs '<json>'   {url, paths?, connections, duration, overallRate?, warmup?, headers?}
//
// `paths` (optional) are requested round-robin (e.g. many listing ids, so the view counter of
// GET /api/properties/{id} is not one hot row). `overallRate` switches to autocannon's
// fixed-rate mode (requests per second over all connections).
import autocannon from 'autocannon';

const cfg = JSON.parse(process.argv[2]);
const opts = {
  url: cfg.url,
  connections: cfg.connections ?? 50,
  duration: cfg.duration ?? 8,
  headers: cfg.headers ?? {},
  timeout: 10,
};
if (cfg.overallRate) opts.overallRate = cfg.overallRate;
if (cfg.warmup) opts.warmup = { connections: opts.connections, duration: cfg.warmup };
if (cfg.paths?.length) {
  let i = 0;
  opts.requests = [
    {
      setupRequest: (req) => {
        req.path = cfg.paths[i++ % cfg.paths.length];
        return req;
      },
    },
  ];
}

// The promise form: only it runs the warm-up (with a callback, autocannon 9 skips `warmup`).
// Each measured response's time is kept (the warm-up's go to another tracker): in fixed-rate
// mode autocannon 9 records every response with an expected interval of ceil(1 / rate) ms,
// which is 1 ms for any rate of 1 req/s or more per connection, so its histogram counts a
// response of T ms about T times (its coordinated-omission correction meant 1000 / rate ms).
// The report's p50/p99 are those of the responses as measured; autocannon's own p99 is kept
// beside them (p99_ms_autocannon).
const times = [];
const run = autocannon(opts);
run.on('response', (_client, statusCode, _bytes, responseTime) => {
  if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
});
run.then(
  (r) => {
    times.sort((a, b) => a - b);
    const at = (q) => (times.length ? Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] * 10) / 10 : 0);
    const out = {
      rps: r.requests.average,
      p50_ms: at(0.5),
      p99_ms: at(0.99),
      max_ms: at(1),
      p99_ms_autocannon: r.latency.p99,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      status: { '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
      bytes_per_req: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    };
    process.stdout.write(JSON.stringify(out) + '\n');
  },
  (err) => {
    process.stdout.write(JSON.stringify({ error: err.message }) + '\n');
    process.exit(1);
  },
);
