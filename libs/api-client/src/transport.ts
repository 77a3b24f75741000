import type { Language, PageMeta } from '@realty/contracts';
import { CSRF_RETRY_CODES, isCsrfPair, pickSetCookie, setCookieValues, type CsrfPair, type CsrfStore } from './csrf';
import { ApiError, ApiNetworkError, errorFromResponse } from './errors';
import { withRetry } from './retry';
import { xhrConstructor, xhrFetch, type UploadProgress } from './xhr-fetch';

/**
 * The transport of the API client (DESIGN "libs/api-client"): one request with its headers,
 * timeout, cancellation, retries after network errors (spec 02 §9, retry.ts), CSRF handshake
 * (spec 02 §7) and envelope unwrapping. Runs anywhere
 * `fetch` exists (Node 20, browsers): no Node-only imports.
 *
 * Success answers are the envelope `{status:'success', data, meta?}` (spec 01 §7; 204 = null);
 * errors become ApiValidationError / ApiError / ApiNetworkError (spec 01 §8).
 */

/** Where the API answers when nothing is configured (the web reads API_URL). */
export const DEFAULT_API_URL = 'http://127.0.0.1:3001/api';
/** Request timeout when none is given. */
export const DEFAULT_TIMEOUT_MS = 10_000;

// DOM-free spellings of the fetch types (the lib compiles without the DOM lib).
type HeadersInit = ConstructorParameters<typeof Headers>[0];
type BodyInit = NonNullable<RequestInit['body']>;
type RequestCredentials = NonNullable<RequestInit['credentials']>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a `headers` callback is told about the request it decorates. */
export interface RequestContext {
  method: HttpMethod;
  /** Path under the base URL, e.g. '/properties'. */
  path: string;
  /** Full URL with the query string. */
  url: string;
}

export type HeadersOption = HeadersInit | ((ctx: RequestContext) => HeadersInit | undefined | Promise<HeadersInit | undefined>);

export interface ApiClientOptions {
  /** Base URL including '/api'; default DEFAULT_API_URL. */
  baseUrl?: string;
  /** Interface language: sent as Accept-Language, and as `lang` where the API reads it. */
  lang?: Language;
  /** Bearer access token (spec 01 §6: "a bearer token is sent on calls when present"). */
  token?: string | null;
  /**
   * Extra headers for every request, static or computed per request (e.g. the CSRF header on
   * write calls, spec 01 §7, or a forwarded client address). Applied after the defaults.
   */
  headers?: HeadersOption;
  /** A fetch implementation; default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Milliseconds before a request fails with ApiNetworkError('timeout'); default 10 s. */
  timeoutMs?: number;
  /** Cancels every request of this client when aborted (e.g. the incoming request's signal). */
  signal?: AbortSignal;
  /** Fetch credentials mode; default 'include' (spec 01 §7 "with credentials included"). */
  credentials?: RequestCredentials;
  /**
   * CSRF handshake of spec 02 §7: when given, every POST, PUT, PATCH and DELETE (multipart
   * uploads excepted) carries `X-CSRF-Token` from GET /csrf-token, kept in this store; on a 403
   * CSRF_TOKEN_INVALID / CSRF_TOKEN_MISSING the pair is dropped, a new one fetched and the call
   * retried once. A server-side caller (no cookie jar) also keeps and sends the secret cookie.
   */
  csrf?: CsrfStore;
  /**
   * Retries after network errors (spec 02 §9, retry.ts): a read at most 2 attempts in all, a
   * write once more when the request surely never reached the server; never after an HTTP
   * answer, a timeout or an abort. false turns them off for every call of this client.
   * Default true.
   */
  retry?: boolean;
  /** Pause before a retry, ms; default DEFAULT_RETRY_DELAY_MS (100). */
  retryDelayMs?: number;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryInput = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  query?: QueryInput;
  /** JSON body (objects) or a ready body (FormData, Blob, string...). */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * false: this call is sent once, never repeated after a network error (spec 02 §9 retries
   * off), for a caller that must not repeat it. The CSRF renewal of spec 02 §7 still applies.
   */
  retry?: boolean;
  /**
   * Upload progress of the body (spec 02 §7 uploads with progress): where XMLHttpRequest exists
   * (browsers) the call is sent through it (xhr-fetch.ts) and this is called as the body goes
   * out; elsewhere (Node) the call goes through fetch and it is never called.
   */
  onUploadProgress?: UploadProgress;
}

/** A success envelope's payload with its paging. */
export interface ApiResult<T> {
  data: T;
  meta?: PageMeta;
  status: number;
  headers: Headers;
}

/** A page of a list. */
export interface Paged<T> {
  items: T[];
  meta: PageMeta;
}

/**
 * Keys whose 'all' is a value of its own: the staff lists' "my / all" (spec 02 §2), where no
 * value means 'my'. Any other key's 'all' means "no filter" and is left out (spec 02 §7).
 */
const ALL_IS_A_VALUE = new Set(['scope']);

/**
 * Builds '?a=1&b=2' from a query object: undefined, null, '', NaN and 'all' are skipped
 * ('all' is kept for `scope`).
 */
export function toQueryString(query: QueryInput | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values as QueryValue[]) {
      if (v === undefined || v === null) continue;
      if (typeof v === 'number' && !Number.isFinite(v)) continue;
      const s = String(v).trim();
      if (s === '' || (s === 'all' && !ALL_IS_A_VALUE.has(key))) continue;
      params.append(key, s);
    }
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function isBodyInit(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function mergeHeaders(target: Headers, extra: HeadersInit | undefined): void {
  if (!extra) return;
  new Headers(extra).forEach((value, key) => target.set(key, value));
}

/** Parses a body text as JSON; undefined when it is not JSON. */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Options of a call that takes no query or body of the caller's (the typed methods build them). */
export type CallOptions = Omit<RequestOptions, 'query' | 'body'>;

/** The raw calls every typed method is built on (internal to the client: callers use the typed methods). */
export interface Transport {
  /** Any call: the envelope's data, meta, status and headers. */
  request<T>(method: HttpMethod, path: string, opts?: RequestOptions): Promise<ApiResult<T>>;
  /** GET: the envelope's data. */
  getData<T>(path: string, query?: QueryInput, opts?: CallOptions): Promise<T>;
  /**
   * GET of a list: its items (an empty list when data is not an array) and meta (a single page
   * of the items when the answer has none; `limit` the asked page size, 25 by default).
   */
  getPage<T>(path: string, query?: QueryInput, opts?: CallOptions): Promise<Paged<T>>;
  /** POST, PUT, PATCH or DELETE with an optional JSON body: the envelope's data. */
  write<T>(method: Exclude<HttpMethod, 'GET'>, path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>): Promise<T>;
  /**
   * GET of a file: the raw Response once its headers are in (its body not read, so the caller
   * can stream it); the timeout covers the wait for the headers only. Errors as for any call.
   */
  open(path: string, query?: QueryInput, opts?: CallOptions): Promise<Response>;
}

/** The transport of a client with `options` (base URL already defaulted by the caller). */
export function createTransport(options: ApiClientOptions, baseUrl: string): Transport {
  const doFetch: typeof fetch | undefined = options.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);

  const csrfStore = options.csrf;
  /** `send` under the retry policy of spec 02 §9 (retry.ts), with the client's and the call's settings. */
  async function sendWithRetry<T>(method: HttpMethod, path: string, opts: RequestOptions, csrf: CsrfPair | null): Promise<ApiResult<T>> {
    if (!doFetch) throw new ApiNetworkError('network', undefined, { cause: new Error('fetch is not available') });
    return withRetry(method, () => send<T>(method, path, opts, csrf), {
      enabled: options.retry !== false && opts.retry !== false,
      delayMs: options.retryDelayMs,
      signals: [options.signal, opts.signal].filter((s): s is AbortSignal => !!s),
    });
  }

  let csrfPending: Promise<CsrfPair> | null = null;

  /** GET /csrf-token without any old secret, so the API issues a new one (deduplicated while in flight). */
  function fetchCsrf(): Promise<CsrfPair> {
    csrfPending ??= (async () => {
      try {
        const result = await sendWithRetry<{ csrfToken?: unknown } | null>('GET', '/csrf-token', {}, null);
        const token = result.data && typeof result.data.csrfToken === 'string' ? result.data.csrfToken : '';
        if (!token)
          throw errorFromResponse(502, 'Bad Gateway', { error: { code: 'INVALID_RESPONSE', message: 'No CSRF token in the answer' } }, '');
        const pair: CsrfPair = { token, cookie: pickSetCookie(setCookieValues(result.headers)) };
        await csrfStore?.set(pair);
        return pair;
      } finally {
        csrfPending = null;
      }
    })();
    return csrfPending;
  }

  /**
   * Any call; writes go through the CSRF handshake when a store is configured. Each send is
   * under the retry policy of spec 02 §9; the CSRF renewal (spec 02 §7) is one more send on top.
   */
  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const multipart = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    if (!csrfStore || method === 'GET' || multipart) return sendWithRetry<T>(method, path, opts, null);
    const stored = await csrfStore.get();
    const pair = isCsrfPair(stored) ? stored : await fetchCsrf();
    try {
      return await sendWithRetry<T>(method, path, opts, pair);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 403 || !CSRF_RETRY_CODES.includes(error.serverCode)) throw error;
      await csrfStore.set(null);
      return sendWithRetry<T>(method, path, opts, await fetchCsrf());
    }
  }

  async function send<T>(method: HttpMethod, path: string, opts: RequestOptions, csrf: CsrfPair | null): Promise<ApiResult<T>> {
    if (!doFetch) throw new ApiNetworkError('network', undefined, { cause: new Error('fetch is not available') });
    const url = joinUrl(baseUrl, path) + toQueryString(opts.query);

    const headers = new Headers({ Accept: 'application/json' });
    if (options.lang) headers.set('Accept-Language', options.lang);
    if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
    let body: BodyInit | undefined;
    if (opts.body !== undefined && opts.body !== null) {
      if (isBodyInit(opts.body)) body = opts.body as BodyInit;
      else {
        body = JSON.stringify(opts.body);
        headers.set('Content-Type', 'application/json');
      }
    }
    const extra = typeof options.headers === 'function' ? await options.headers({ method, path, url }) : options.headers;
    mergeHeaders(headers, extra);
    mergeHeaders(headers, opts.headers);
    if (csrf) {
      headers.set('X-CSRF-Token', csrf.token);
      if (csrf.cookie) {
        const existing = headers.get('Cookie');
        headers.set('Cookie', existing ? `${existing}; ${csrf.cookie}` : csrf.cookie);
      }
    }

    // Timeout and the callers' signals abort one controller; `reason` says which fired.
    const controller = new AbortController();
    let reason: 'timeout' | 'aborted' | null = null;
    const onAbort = () => {
      if (!reason) reason = 'aborted';
      controller.abort();
    };
    const signals = [options.signal, opts.signal].filter((s): s is AbortSignal => !!s);
    for (const s of signals) {
      if (s.aborted) onAbort();
      else s.addEventListener('abort', onAbort, { once: true });
    }
    const timeoutMs = opts.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            if (!reason) reason = 'timeout';
            controller.abort();
          }, timeoutMs)
        : undefined;

    try {
      let response: Response;
      const Xhr = opts.onUploadProgress ? xhrConstructor() : undefined;
      const sendWith = Xhr && opts.onUploadProgress ? xhrFetch(opts.onUploadProgress, Xhr) : doFetch;
      try {
        response = await sendWith(url, {
          method,
          headers,
          body,
          signal: controller.signal,
          credentials: options.credentials ?? 'include',
        });
      } catch (cause) {
        throw new ApiNetworkError(reason ?? 'network', undefined, { cause });
      }
      let text: string;
      try {
        text = response.status === 204 ? '' : await response.text();
      } catch (cause) {
        throw new ApiNetworkError(reason ?? 'network', undefined, { cause });
      }
      const json = parseJson(text);
      if (!response.ok) throw errorFromResponse(response.status, response.statusText, json, text);
      if (response.status === 204 || text === '') return { data: null as T, status: response.status, headers: response.headers };
      if (json === undefined) {
        throw errorFromResponse(502, 'Bad Gateway', { error: { code: 'INVALID_RESPONSE', message: 'Invalid JSON answer' } }, text);
      }
      const envelope = json as { status?: unknown; data?: unknown; meta?: PageMeta };
      if (envelope && typeof envelope === 'object' && envelope.status === 'error') {
        throw errorFromResponse(response.status >= 400 ? response.status : 500, response.statusText, json, text);
      }
      if (envelope && typeof envelope === 'object' && envelope.status === 'success' && 'data' in envelope) {
        return { data: envelope.data as T, meta: envelope.meta, status: response.status, headers: response.headers };
      }
      // Not an envelope: the body is the data.
      return { data: json as T, status: response.status, headers: response.headers };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', onAbort);
    }
  }

  async function getData<T>(path: string, query?: QueryInput, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<T> {
    return (await request<T>('GET', path, { ...opts, query })).data;
  }

  async function getPage<T>(path: string, query?: QueryInput, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<Paged<T>> {
    const result = await request<T[] | null>('GET', path, { ...opts, query });
    const items = Array.isArray(result.data) ? result.data : [];
    const limit = typeof query?.limit === 'number' ? query.limit : 25;
    return { items, meta: result.meta ?? { total: items.length, page: 1, limit, totalPages: 1, nextCursor: null } };
  }

  async function write<T>(
    method: Exclude<HttpMethod, 'GET'>,
    path: string,
    body?: unknown,
    opts?: Omit<RequestOptions, 'body'>,
  ): Promise<T> {
    return (await request<T>(method, path, { ...opts, body })).data;
  }

  async function open(path: string, query?: QueryInput, opts: CallOptions = {}): Promise<Response> {
    if (!doFetch) throw new ApiNetworkError('network', undefined, { cause: new Error('fetch is not available') });
    const url = joinUrl(baseUrl, path) + toQueryString(query);
    const headers = new Headers({ Accept: '*/*' });
    if (options.lang) headers.set('Accept-Language', options.lang);
    if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
    const extra = typeof options.headers === 'function' ? await options.headers({ method: 'GET', path, url }) : options.headers;
    mergeHeaders(headers, extra);
    mergeHeaders(headers, opts.headers);
    const controller = new AbortController();
    let reason: 'timeout' | 'aborted' | null = null;
    const onAbort = () => {
      if (!reason) reason = 'aborted';
      controller.abort();
    };
    // The callers' signals stay attached while the body streams (aborting them stops it).
    for (const s of [options.signal, opts.signal]) {
      if (s?.aborted) onAbort();
      else s?.addEventListener('abort', onAbort, { once: true });
    }
    const timeoutMs = opts.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            if (!reason) reason = 'timeout';
            controller.abort();
          }, timeoutMs)
        : undefined;
    let response: Response;
    try {
      response = await doFetch(url, { method: 'GET', headers, signal: controller.signal, credentials: options.credentials ?? 'include' });
    } catch (cause) {
      throw new ApiNetworkError(reason ?? 'network', undefined, { cause });
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw errorFromResponse(response.status, response.statusText, parseJson(text), text);
    }
    return response;
  }

  return { request, getData, getPage, write, open };
}
