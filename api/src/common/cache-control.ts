import { UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { tap, type Observable } from 'rxjs';

/**
 * Cache-Control of the public read endpoints (issue 6, performance budget). The catalogue
 * answers are the same for every visitor and may be 30 s old, so browsers and any shared
 * cache in front of the API can reuse them.
 */
export const PUBLIC_READ_CACHE = 'public, max-age=30';

class CacheControlInterceptor implements NestInterceptor {
  constructor(private readonly value: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    // Set on success only: an error (a 500 while the database is down) must never be cached.
    return next.handle().pipe(tap(() => void reply.header('cache-control', this.value)));
  }
}

/** Sends `Cache-Control: value` with the route's successful answers (errors keep none). */
export function CacheControl(value: string): MethodDecorator & ClassDecorator {
  return UseInterceptors(new CacheControlInterceptor(value));
}
