export * from './client';
export * from './errors';
export { DEFAULT_RETRY_DELAY_MS, isReadMethod, MAX_ATTEMPTS, NOT_SENT_CODES, requestNotSent, shouldRetry } from './retry';
