import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROUTE_RATE_LIMIT, clientIp, type RouteRateLimit } from '../decorators';
import { ipLimitKey, tooManyRequests } from './limits';
import { RateLimiter } from './rate-limiter';

/**
 * Per-route per-IP limits declared with @RateLimit({name, max, windowSeconds}) (register,
 * forgot-password). Runs after the CSRF and access guards, so only well-formed attempts count.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const limit = this.reflector.get<RouteRateLimit | undefined>(ROUTE_RATE_LIMIT, context.getHandler());
    if (!limit) return true;
    const http = context.switchToHttp();
    const hit = await this.limiter.hit(ipLimitKey(limit, clientIp(http.getRequest<FastifyRequest>())), limit.windowSeconds * 1000);
    if (hit && hit.count > limit.max) {
      void http.getResponse<FastifyReply>().header('retry-after', Math.max(1, Math.ceil(hit.ttlMs / 1000)));
      throw tooManyRequests();
    }
    return true;
  }
}
