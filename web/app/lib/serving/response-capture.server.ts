import type { Response as ExpressResponse } from 'express';
import { PAGE_CACHE_OPT_IN } from './page-cache';
import { UNKEPT_HEADERS } from './kept-page.server';

/**
 * How the page cache takes a page the Remix handler renders in this thread (page-cache.server.ts):
 * the Express response's writeHead, write and end are wrapped, so the cache sees the headers the
 * app set and the body bytes it wrote, on their way out to the visitor.
 */

/** Bodies longer than this (bytes) are not kept. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** The Set-Cookie values the app set on `res` so far. */
export function setCookies(res: ExpressResponse): string[] {
  const value = res.getHeader('set-cookie');
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/**
 * Removes the opt-in header just before the response head is written, so it never reaches the
 * visitor, and tells `onHead` whether it was there and which headers the app had set (those a
 * kept page keeps: not UNKEPT_HEADERS).
 */
export function interceptHead(res: ExpressResponse, onHead: (optedIn: boolean, headers: [string, string | string[]][]) => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function patchedWriteHead(this: ExpressResponse, ...args: unknown[]) {
    const optedIn = this.getHeader(PAGE_CACHE_OPT_IN) !== undefined;
    this.removeHeader(PAGE_CACHE_OPT_IN);
    const kept: [string, string | string[]][] = [];
    for (const [name, value] of Object.entries(this.getHeaders())) {
      if (value === undefined || UNKEPT_HEADERS.has(name)) continue;
      kept.push([name, Array.isArray(value) ? value : String(value)]);
    }
    onHead(optedIn, kept);
    return (writeHead as (...a: unknown[]) => ExpressResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * Copies every body byte the app writes (uncompressed: this runs after the compression
 * middleware) and calls `onDone` once with the body, or null when the response was cut short
 * or grew past 2 MB.
 */
export function captureBody(res: ExpressResponse, onDone: (body: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let done = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || bytes > MAX_PAGE_BYTES) return;
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    chunks.push(buffer);
  };
  const finish = (body: Buffer | null) => {
    if (done) return;
    done = true;
    onDone(body);
  };
  const write = res.write;
  const end = res.end;
  res.write = function patchedWrite(this: ExpressResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function patchedEnd(this: ExpressResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    finish(bytes > MAX_PAGE_BYTES ? null : Buffer.concat(chunks));
    return (end as (...a: unknown[]) => ExpressResponse).call(this, chunk, ...rest);
  } as typeof res.end;
  res.on('close', () => finish(null));
}
