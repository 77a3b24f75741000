import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { Clock } from './clock';
import { CsrfController, CsrfGuard } from './csrf';
import { AccessGuard, RoutePolicyCheck } from './guards';
import { AccessTokens, RequestAuthenticator, jwtModuleOptions } from './guards.authenticator';
import { RateLimitGuard, RateLimiter } from './rate-limit';

/**
 * Cross-cutting security of the API: GET /api/csrf-token, and the global guards in this order
 * (spec 02 §7, spec 01 §6, §8): CSRF (403 CSRF_TOKEN_MISSING / CSRF_TOKEN_INVALID) -> access
 * policy (401 / 403) -> per-route IP limits (429). Also refuses to start when a route declares
 * no access policy. Exports the token signer, the request authenticator, the Redis limiter and
 * the app's one Clock (sessions and the catalogue cache read time from it; tests move it).
 */
@Global()
@Module({
  imports: [DiscoveryModule, JwtModule.registerAsync({ useFactory: jwtModuleOptions })],
  controllers: [CsrfController],
  providers: [
    AccessTokens,
    RequestAuthenticator,
    RateLimiter,
    Clock,
    RoutePolicyCheck,
    { provide: APP_GUARD, useClass: CsrfGuard },
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [AccessTokens, RequestAuthenticator, RateLimiter, Clock],
})
export class SecurityModule {}
