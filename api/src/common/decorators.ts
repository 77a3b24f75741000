import { normalizeIP } from '@fastify/rate-limit';
import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { translateMessage, type Language, type MessageKey, type RoleName } from '@realty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from './http-exception.filter';

/**
 * Route access policies (DESIGN "Auth and sessions": "Every staff route has an explicit role
 * list; a test walks every route with every role"). Every handler must carry exactly one of
 * @Public(), @Authenticated() or @Roles(...), on the method or on its controller class (the
 * method wins); the app refuses to start otherwise (see RoutePolicyCheck in guards.ts).
 */
export type RoutePolicy = { kind: 'public' } | { kind: 'authenticated' } | { kind: 'roles'; roles: readonly RoleName[] };

/** Metadata key of the policy. */
export const ROUTE_POLICY = 'realty:route-policy';

/** No sign-in needed (spec 01 §6 "Public pages need no sign-in"). */
export const Public = () => SetMetadata(ROUTE_POLICY, { kind: 'public' } satisfies RoutePolicy);

/** Any signed-in user, whatever the role: 401 UNAUTHORIZED without a valid bearer token. */
export const Authenticated = () => SetMetadata(ROUTE_POLICY, { kind: 'authenticated' } satisfies RoutePolicy);

/** Signed-in users with one of `roles`: 401 without a valid bearer token, 403 FORBIDDEN with another role. */
export const Roles = (...roles: [RoleName, ...RoleName[]]) => SetMetadata(ROUTE_POLICY, { kind: 'roles', roles } satisfies RoutePolicy);

/** The policy of a handler (method first, then its class), or undefined when it declares none. */
export function routePolicyOf(reflector: Reflector, handler: object, controller: object): RoutePolicy | undefined {
  return reflector.getAllAndOverride<RoutePolicy | undefined, string>(ROUTE_POLICY, [handler as () => void, controller as () => void]);
}

/** The signed-in user of a request, as the access guard loaded it from the database. */
export interface AuthUser {
  id: string;
  email: string;
  /** The role now (read per request, so a role change applies at once), not the one in the token. */
  role: RoleName;
  /** The sign-in session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

/** Where the guard puts the user on the Fastify request. */
export const AUTH_USER = Symbol('realty:auth-user');

/** A Fastify request the access guard has looked at (undefined: not yet; null: anonymous). */
export type RequestWithUser = FastifyRequest & { [AUTH_USER]?: AuthUser | null };

/**
 * The signed-in user (handler parameter). Only on @Authenticated() / @Roles(...) routes, where
 * the guard has already refused anonymous requests.
 */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  const user = ctx.switchToHttp().getRequest<RequestWithUser>()[AUTH_USER];
  if (!user) throw new Error('@CurrentUser() used on a route without @Authenticated() or @Roles()');
  return user;
});

/** Per-IP request limit of a route: `max` requests per `windowSeconds` (see RateLimitGuard in rate-limit.ts). */
export interface RouteRateLimit {
  /** Counter name, e.g. 'register'; part of the Redis key. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** Metadata key of @RateLimit(). */
export const ROUTE_RATE_LIMIT = 'realty:route-rate-limit';

/** Limits a route per client IP (spec: register and forgot-password 10 per 15 minutes). */
export const RateLimit = (limit: RouteRateLimit) => SetMetadata(ROUTE_RATE_LIMIT, limit);

/** The client IP limits are keyed by (Fastify's req.ip, which honours X-Forwarded-For; IPv6 grouped by /64). */
export function clientIp(req: FastifyRequest): string {
  return normalizeIP(req.ip || 'unknown');
}

/** Who is calling, for services that limit, audit or answer in the caller's language. */
export interface RequestClient {
  ip: string;
  /** User-Agent, at most 300 characters, or null. */
  userAgent: string | null;
  /** ru | en | kk | zh from ?lang= or Accept-Language (as the error texts). */
  language: Language;
  /** A message id in the caller's language. */
  t(key: MessageKey): string;
  /** Sets Retry-After (seconds, rounded up) on the answer. */
  retryAfter(ms: number): void;
}

/** The RequestClient of the current request (handler parameter). */
export const Client = createParamDecorator((_data: unknown, ctx: ExecutionContext): RequestClient => {
  const http = ctx.switchToHttp();
  const req = http.getRequest<FastifyRequest>();
  const reply = http.getResponse<FastifyReply>();
  const ua = req.headers['user-agent'];
  const language = requestLanguage(req);
  return {
    ip: clientIp(req),
    userAgent: typeof ua === 'string' && ua ? ua.slice(0, 300) : null,
    language,
    t: (key) => translateMessage(key, language),
    retryAfter: (ms) => void reply.header('retry-after', Math.max(1, Math.ceil(ms / 1000))),
  };
});
