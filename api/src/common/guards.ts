import { HttpStatus, Injectable, Logger, type CanActivate, type ExecutionContext, type OnApplicationBootstrap } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { ApiException } from './api.exception';
import { routePolicyOf } from './decorators';
import { RequestAuthenticator } from './guards.authenticator';

/**
 * Global access guard (runs after the CSRF guard): applies the route's policy (decorators.ts).
 * @Public(): anyone. @Authenticated(): a valid bearer token, else 401 UNAUTHORIZED.
 * @Roles(...): also one of the roles, else 403 FORBIDDEN (spec 01 §6, §8). A handler without
 * a policy is refused (403) and logged; RoutePolicyCheck stops such an app from starting.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('AccessGuard');

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = routePolicyOf(this.reflector, context.getHandler(), context.getClass());
    if (!policy) {
      this.logger.error(`${context.getClass().name}.${context.getHandler().name} declares no access policy: refused`);
      throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN');
    }
    if (policy.kind === 'public') return true;
    const user = await this.authenticator.authenticate(context.switchToHttp().getRequest<FastifyRequest>());
    if (!user) throw new ApiException(HttpStatus.UNAUTHORIZED, 'UNAUTHORIZED');
    if (policy.kind === 'roles' && !policy.roles.includes(user.role)) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN');
    return true;
  }
}

/** Route handlers (Controller.method) of the app that declare no access policy. */
export function handlersWithoutPolicy(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector): string[] {
  const missing: string[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
    if (!controller?.prototype) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function') continue;
      if (Reflect.getMetadata(PATH_METADATA, handler) === undefined || Reflect.getMetadata(METHOD_METADATA, handler) === undefined)
        continue;
      if (!routePolicyOf(reflector, handler, controller)) missing.push(`${controller.name}.${name}`);
    }
  }
  return missing;
}

/** Refuses to start the app when a route handler declares no @Public() / @Authenticated() / @Roles(). */
@Injectable()
export class RoutePolicyCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const missing = handlersWithoutPolicy(this.discovery, this.scanner, this.reflector);
    if (missing.length) {
      throw new Error(
        `Routes without an access policy: ${missing.join(', ')}. Add @Public(), @Authenticated() or @Roles(...) (api/src/common/decorators.ts).`,
      );
    }
  }
}

/** A route as Fastify registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const ROUTES = new WeakMap<object, RegisteredRoute[]>();

/** Starts recording every route Fastify registers (call in createApp before app.init()). */
export function recordRoutes(app: NestFastifyApplication): void {
  const routes: RegisteredRoute[] = [];
  ROUTES.set(app, routes);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method, url: route.url });
    });
}

/** Every route registered on the app (method, url), in registration order (route-policy test). */
export function registeredRoutes(app: NestFastifyApplication): RegisteredRoute[] {
  return [...(ROUTES.get(app) ?? [])];
}
