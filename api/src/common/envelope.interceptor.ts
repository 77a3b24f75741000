import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { PageMeta, SuccessEnvelope } from '@realty/contracts';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';

/** A list answer: the items go to `data`, the paging to `meta` (spec 01 §7 + issue 2). */
export class Paged<T> {
  constructor(
    readonly items: T[],
    readonly meta: PageMeta,
  ) {}
}

/**
 * Wraps every handler result as {status:'success', data} (spec 01 §7). A handler that
 * returns undefined answers 204 with no body.
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
        if (result instanceof Paged) {
          const body: SuccessEnvelope<unknown[]> = { status: 'success', data: result.items, meta: result.meta };
          return body;
        }
        const body: SuccessEnvelope<unknown> = { status: 'success', data: result };
        return body;
      }),
    );
  }
}
