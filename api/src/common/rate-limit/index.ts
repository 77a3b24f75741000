/**
 * The API's rate limits (spec 01 §8), one file per concern: the limit table and who may tell
 * a client's IP (limits), the shared Redis counters (rate-limiter), counting a large quota in
 * batches (batched-hits), the global per-IP Fastify limit (global-rate-limit) and the
 * per-route guard (rate-limit.guard).
 */
export * from './limits';
export * from './rate-limiter';
export * from './batched-hits';
export * from './global-rate-limit';
export * from './rate-limit.guard';
