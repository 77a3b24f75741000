/**
 * Upload progress for the client's multipart calls (spec 02 §7 "Uploads": images and videos with
 * progress). fetch reports nothing about a request body being sent, so a call that asks for
 * progress (RequestOptions.onUploadProgress) is sent, where XMLHttpRequest exists (browsers),
 * through this fetch-shaped adapter over it: the same headers, credentials and abort signal in,
 * a standard Response out, so the transport's envelope, errors, timeout and retries stay the
 * same. Where there is no XMLHttpRequest (Node, the web's server side) the call goes through
 * fetch and reports no progress. No DOM types: the library compiles without the DOM lib.
 */

/** Bytes of the request body sent so far, and in all (0 when the browser cannot tell). */
export type UploadProgress = (loaded: number, total: number) => void;

interface ProgressEventLike {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}

/** The part of XMLHttpRequest this adapter uses. */
export interface XhrLike {
  open(method: string, url: string, async?: boolean): void;
  setRequestHeader(name: string, value: string): void;
  withCredentials: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  getAllResponseHeaders(): string;
  upload: { onprogress: ((e: ProgressEventLike) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  send(body?: unknown): void;
  abort(): void;
}

export type XhrConstructor = new () => XhrLike;

/** The environment's XMLHttpRequest, if any. */
export function xhrConstructor(): XhrConstructor | undefined {
  return (globalThis as { XMLHttpRequest?: XhrConstructor }).XMLHttpRequest;
}

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** Headers from getAllResponseHeaders()' "name: value\r\n" lines. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * A fetch over `Xhr` that calls `onProgress` as the body goes out. Rejects with a TypeError
 * ('Network error', spec 02 §8) when the request fails, and with an AbortError when the
 * signal aborts it, as fetch does; the transport turns both into ApiNetworkError.
 */
export function xhrFetch(onProgress: UploadProgress, Xhr: XhrConstructor): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new Xhr();
      xhr.open(init.method ?? 'GET', String(input), true);
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.withCredentials = init.credentials === 'include';
      xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
      xhr.onload = () =>
        resolve(
          new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      xhr.onerror = () => reject(new TypeError('Network error'));
      const aborted = () => {
        const err = new Error('The upload was aborted');
        err.name = 'AbortError';
        reject(err);
      };
      xhr.onabort = aborted;
      const signal = init.signal;
      if (signal?.aborted) {
        aborted();
        return;
      }
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(init.body ?? null);
    });
}
