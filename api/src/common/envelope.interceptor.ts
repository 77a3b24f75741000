import { Injectable, StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { PageMeta, SuccessEnvelope } from '@realty/contracts';
import { negotiate } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';

/** A list answer: the items go to `data`, the paging to `meta` (spec 01 §7 + issue 2). */
export class Paged<T> {
  constructor(
    readonly items: T[],
    readonly meta: PageMeta,
  ) {}
}

/**
 * A success answer serialised once, ahead of time: the envelope {status:'success', data[, meta]}
 * as UTF-8 JSON bytes. A handler that answers the same thing to many requests (a cached
 * catalogue page) returns one of these so the JSON.stringify and UTF-8 encoding of its large
 * body are paid once, not per request (issue 6; decision 017). The bytes are sent as they are, or their br/gzip
 * variant, also made once (`encodedBody`).
 */
export class PreparedJson {
  /** The compressed variants of `body` made or being made (see `encodedBody`). */
  private readonly variants = new Map<ContentEncoding, Promise<Buffer>>();

  private constructor(
    readonly body: Buffer,
    /** A strong validator of `body` (sha1), sent as ETag; If-None-Match with it answers 304. */
    readonly etag: string,
    /**
     * For a kept answer: the answer its cache would give the same request now without
     * computing (this one or its successor: fresh, or stale while a refresh of it runs), else
     * undefined. Lets KeptAnswerFastPath answer a repeated request
     * before the framework runs (common/kept-answer-fast-path.ts).
     */
    readonly current?: () => PreparedJson | undefined,
  ) {}

  /**
   * The envelope of `result` (a Paged list or a plain value), serialised. `current`: see the
   * property (a cache's fresh-only lookup of the key this answer is kept under).
   */
  static of(result: unknown, current?: () => PreparedJson | undefined): PreparedJson {
    const body = Buffer.from(JSON.stringify(envelopeOf(result)), 'utf8');
    return new PreparedJson(body, `"${createHash('sha1').update(body).digest('base64url')}"`, current);
  }

  /**
   * What keeping this answer costs in memory, bytes: the body plus room for its compressed
   * variants (br and gzip of JSON: together under a quarter of the body).
   */
  get keptBytes(): number {
    return Math.ceil(this.body.length * 1.25) + 256;
  }

  /**
   * `body` compressed with `encoding`, made on first use and kept with the answer: a kept
   * catalogue page is compressed once, not per request (brotli is dear; decision 017), and on
   * libuv's thread pool, so the event loop goes on serving meanwhile. Same settings as
   * @fastify/compress for other answers: brotli quality 4, gzip level 6.
   */
  encodedBody(encoding: ContentEncoding): Promise<Buffer> {
    let variant = this.variants.get(encoding);
    if (!variant) {
      variant =
        encoding === 'br'
          ? brotliAsync(this.body, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.body.length },
            })
          : gzipAsync(this.body, { level: 6 });
      // A failure (out of memory) is not kept: the next request tries again.
      variant.catch(() => this.variants.delete(encoding));
      this.variants.set(encoding, variant);
    }
    return variant;
  }

  /** Whether an If-None-Match header names this answer (RFC 9110 §13.1.2: weak comparison, or '*'). */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim();
      return t === '*' || t === this.etag || t === `W/${this.etag}`;
    });
  }
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Encodings a PreparedJson can be sent in, preferred first. */
export type ContentEncoding = 'br' | 'gzip';
const ENCODINGS: ContentEncoding[] = ['br', 'gzip'];
/** Bodies smaller than this go out as they are (the threshold app.ts gives @fastify/compress). */
const COMPRESS_THRESHOLD = 1024;

/** The encoding to send a body in for this Accept-Encoding (`*` and x-gzip count as gzip, as in @fastify/compress), or null. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS) as ContentEncoding | null;
}

function envelopeOf(result: unknown): SuccessEnvelope<unknown> {
  if (result instanceof Paged) return { status: 'success', data: result.items, meta: result.meta };
  return { status: 'success', data: result };
}

/**
 * Sets the headers of `answer` on `reply` and resolves the payload to send: its ETag, and 304
 * with an empty payload when the request's If-None-Match names it; otherwise the JSON content
 * type and the bytes, br or gzip (the kept variant) when the request accepts it and the body
 * has 1 KB or more (@fastify/compress leaves an encoded reply alone).
 */
export function preparedPayload(
  answer: PreparedJson,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Buffer | string> | Buffer | string {
  reply.header('etag', answer.etag);
  if (answer.matches(request.headers['if-none-match'])) {
    reply.status(304);
    return '';
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  if (answer.body.length < COMPRESS_THRESHOLD) return answer.body;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return answer.body;
  reply.header('content-encoding', encoding);
  return answer.encodedBody(encoding);
}

/** Where the interceptor reports kept answers it sent (KeptAnswerFastPath). */
export interface KeptAnswerSink {
  /** `answer` (a PreparedJson with `current`) was sent for `request` with these headers. */
  sent(request: FastifyRequest, reply: FastifyReply, answer: PreparedJson): void;
}

/**
 * Wraps every handler result as {status:'success', data[, meta]} (spec 01 §7). A handler that
 * returns undefined answers 204 with no body; a StreamableFile is streamed as it is; a PreparedJson goes out as `preparedPayload`
 * says (its bytes or kept br/gzip variant with its ETag, or 304), and a kept one is reported to
 * `keptAnswers` so a repeat of the request can skip the framework.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly keptAnswers?: KeptAnswerSink) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      mergeMap(async (result: unknown) => {
        if (result === undefined) {
          reply.status(204);
          return undefined;
        }
        // A file (an export): sent as it is, streamed, with its own content type.
        if (result instanceof StreamableFile) return result;
        if (result instanceof PreparedJson) {
          const request = context.switchToHttp().getRequest<FastifyRequest>();
          if (result.current) this.keptAnswers?.sent(request, reply, result);
          return preparedPayload(result, request, reply);
        }
        return envelopeOf(result);
      }),
    );
  }
}
