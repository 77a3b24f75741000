import { ApiNetworkError } from './errors';

/**
 * The client's retry policy, in one place (spec 02 §9 "Caching and retry"; decision 034):
 *
 * - A read (GET, HEAD) that fails with a network error (ApiNetworkError with reason 'network':
 *   connection refused or reset, DNS failure, socket hang-up, the answer cut off) is tried
 *   again: at most MAX_ATTEMPTS (2) attempts in all ("network errors retried while fewer than
 *   2 attempts were made").
 * - A write (POST, PUT, PATCH, DELETE) that fails with a network error is tried once more
 *   ("write retries: network errors once"), but only when the request surely never reached the
 *   server (requestNotSent: connection refused, DNS failure, no route): a reset or a hang-up
 *   after the request was sent may have been carried out already, so it is not repeated.
 * - Never after an HTTP answer: not after 400, 401 or 403 (spec 02 §9), nor after any other
 *   status ("other errors not retried"). Never after a timeout the caller set, nor after an
 *   abort by the caller (ApiNetworkError reasons 'timeout' and 'aborted').
 *
 * The CSRF renewal of spec 02 §7 (403 CSRF_TOKEN_INVALID / MISSING: new token, one more try) is
 * a separate step in transport.ts and is not counted here; each of its two sends has this policy.
 */

/** Attempts in all for one call, the first included (spec 02 §9). */
export const MAX_ATTEMPTS = 2;
/** Pause before the second attempt, ms (the spec names none; short, so a loader is not held up). */
export const DEFAULT_RETRY_DELAY_MS = 100;

/**
 * Error codes (Node / undici, anywhere in the error's cause chain) that mean the request never
 * left this machine or never got a connection: the server cannot have acted on it.
 */
export const NOT_SENT_CODES: readonly string[] = [
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
];

/** True for GET and HEAD (reads: repeating them changes nothing on the server). */
export function isReadMethod(method: string): boolean {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD';
}

/**
 * True when `error`'s cause chain shows the request was never sent (a NOT_SENT_CODES code; an
 * AggregateError of connection attempts counts when every attempt has such a code). A browser's
 * bare "Failed to fetch" carries no code: false (the request may have been sent).
 */
export function requestNotSent(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && NOT_SENT_CODES.includes(e.code)) return true;
    if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((inner) => requestNotSent(inner))) return true;
    current = e.cause;
  }
  return false;
}

/**
 * Whether a call of `method` that failed with `error` after `attemptsMade` attempts is tried
 * again (spec 02 §9; see the rules at the top of this file).
 */
export function shouldRetry(method: string, error: unknown, attemptsMade: number): boolean {
  if (attemptsMade >= MAX_ATTEMPTS) return false;
  if (!(error instanceof ApiNetworkError) || error.reason !== 'network') return false;
  return isReadMethod(method) || requestNotSent(error);
}

export interface RetryOptions {
  /** false: one attempt only (a caller that must not repeat the call). Default true. */
  enabled?: boolean;
  /** Pause before a retry, ms; default DEFAULT_RETRY_DELAY_MS. */
  delayMs?: number;
  /** The caller's signals: an abort during the pause ends the call as ApiNetworkError('aborted'). */
  signals?: readonly AbortSignal[];
}

/** Resolves after `ms`, or rejects with ApiNetworkError('aborted') as soon as a signal aborts. */
function pause(ms: number, signals: readonly AbortSignal[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', onAbort);
      reject(new ApiNetworkError('aborted'));
    };
    const timer = setTimeout(() => {
      for (const s of signals) s.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    for (const s of signals) {
      if (s.aborted) return onAbort();
      s.addEventListener('abort', onAbort, { once: true });
    }
  });
}

/**
 * Runs `attempt` (one send of a `method` call) under the policy of spec 02 §9: again after a
 * retryable failure (shouldRetry), at most MAX_ATTEMPTS times; the last error is thrown as is.
 */
export async function withRetry<T>(method: string, attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const signals = options.signals ?? [];
  for (let made = 1; ; made++) {
    try {
      return await attempt();
    } catch (error) {
      if (options.enabled === false || !shouldRetry(method, error, made)) throw error;
      await pause(Math.max(0, options.delayMs ?? DEFAULT_RETRY_DELAY_MS), signals);
    }
  }
}
