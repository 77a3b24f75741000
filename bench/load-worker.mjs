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

autocannon(opts, (err, r) => {
  if (err) {
    process.stdout.write(JSON.stringify({ error: err.message }) + '\n');
    process.exit(1);
  }
  const out = {
    rps: r.requests.average,
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    max_ms: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    status: { '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
    bytes_per_req: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
  process.stdout.write(JSON.stringify(out) + '\n');
});
