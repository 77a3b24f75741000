import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { PageMeta, SuccessEnvelope } from '@realty/contracts';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';

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
 * catalogue page) returns one of these so the JSON.stringify and UTF-8 encoding of ~100 KB are
 * paid once, not per request (issue 6). The bytes are sent as they are.
 */
export class PreparedJson {
  private constructor(
    readonly body: Buffer,
    /** A strong validator of `body` (sha1), sent as ETag; If-None-Match with it answers 304. */
    readonly etag: string,
  ) {}

  /** The envelope of `result` (a Paged list or a plain value), serialised. */
  static of(result: unknown): PreparedJson {
    const body = Buffer.from(JSON.stringify(envelopeOf(result)), 'utf8');
    return new PreparedJson(body, `"${createHash('sha1').update(body).digest('base64url')}"`);
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

function envelopeOf(result: unknown): SuccessEnvelope<unknown> {
  if (result instanceof Paged) return { status: 'success', data: result.items, meta: result.meta };
  return { status: 'success', data: result };
}

/**
 * Wraps every handler result as {status:'success', data[, meta]} (spec 01 §7). A handler that
 * returns undefined answers 204 with no body; a PreparedJson goes out as its bytes with its
 * ETag, or as 304 Not Modified when the request's If-None-Match names it.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((result: unknown) => {
        if (result === undefined) {
          reply.status(204);
          return undefined;
        }
        if (result instanceof PreparedJson) {
          reply.header('etag', result.etag);
          if (result.matches(context.switchToHttp().getRequest<FastifyRequest>().headers['if-none-match'])) {
            reply.status(304);
            return '';
          }
          reply.header('content-type', 'application/json; charset=utf-8');
          return result.body;
        }
        return envelopeOf(result);
      }),
    );
  }
}
