import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import { Controller, Get, HttpStatus, Injectable, Res, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecure } from '@realty/contracts';
import { ApiException } from './api.exception';
import { Public } from './decorators';
import { RequestAuthenticator, apiKey } from './guards.authenticator';

/**
 * CSRF protection of spec 02 §7 "Envelope and CSRF": every POST, PUT, PATCH and DELETE
 * carries the header X-CSRF-Token obtained from GET /api/csrf-token; otherwise 403 with
 * error.code CSRF_TOKEN_MISSING (no header) or CSRF_TOKEN_INVALID (wrong token, or no
 * secret cookie). Multipart uploads to @MultipartUpload routes send no token (spec 02 §7, decision 035) but must come from a
 * signed-in user (bearer token, which a cross-site form cannot send): 401 otherwise.
 *
 * Double-submit with @fastify/csrf-protection: the secret lives in an httpOnly, SameSite=Lax
 * cookie on /api, signed with a key of its own derived from JWT_SECRET (apiKey('csrf-cookie'),
 * docs/decisions/029), so a cookie planted by someone else (a sibling subdomain, say) is refused;
 * the token is derived from the secret. GET, HEAD and OPTIONS are never checked.
 */

/** Name of the secret cookie. */
export const CSRF_COOKIE = '_csrf';
/** The request header that carries the token. */
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Metadata key of @CsrfExempt(). */
export const CSRF_EXEMPT = 'realty:csrf-exempt';

/**
 * Exempts a write route from the CSRF check. Only for anonymous, write-only beacons whose
 * forgery gains an attacker nothing (they change no state of the caller, read nothing back and
 * ignore cookies): the website-analytics tracking calls (docs/decisions/016-analytics-csrf-exemption.md).
 */
export const CsrfExempt = () => SetMetadata(CSRF_EXEMPT, true);

/** Metadata key of @MultipartUpload(). */
export const MULTIPART_UPLOAD = 'realty:multipart-upload';

/**
 * Marks an upload route (spec 02 §7: uploads send no CSRF token; docs/decisions/035-uploads.md):
 * a multipart/form-data request to it needs no X-CSRF-Token but a signed-in user (bearer token,
 * which a cross-site form cannot send). Any other body on it, and multipart on any other route,
 * is checked as usual.
 */
export const MultipartUpload = () => SetMetadata(MULTIPART_UPLOAD, true);

/**
 * Registers @fastify/cookie and @fastify/csrf-protection, and an onRequest hook that refuses
 * anonymous multipart writes with 401 before their body is read (call before app.init()).
 */
export async function registerCsrf(app: NestFastifyApplication): Promise<void> {
  await app.register(cookie, { secret: apiKey('csrf-cookie') });
  await app.register(csrfProtection, {
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: '/api', sameSite: 'lax', httpOnly: true, secure: cookieSecure(), signed: true },
    getToken: (req) => headerToken(req),
  });
  const authenticator = app.get(RequestAuthenticator);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (req) => {
      if (!SAFE_METHODS.has(req.method) && isMultipart(req) && !(await authenticator.authenticate(req))) {
        throw new ApiException(HttpStatus.UNAUTHORIZED, 'UNAUTHORIZED');
      }
    });
}

function headerToken(req: FastifyRequest): string | undefined {
  const value = req.headers[CSRF_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** True for a multipart/form-data request (an upload). */
export function isMultipart(req: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

/**
 * Verifies the token with the plugin's own check (fastify.csrfProtection). The plugin answers
 * failures itself; the reply handed to it only records the outcome so the API's envelope is used.
 */
function verifyWithPlugin(fastify: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  return new Promise((resolve) => {
    const recorder = Object.create(reply) as FastifyReply;
    recorder.send = (() => {
      resolve(false);
      return recorder;
    }) as FastifyReply['send'];
    fastify.csrfProtection(req, recorder, () => resolve(true));
  });
}

/** Global guard (runs first): the CSRF rule above. */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    private readonly authenticator: RequestAuthenticator,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    if (SAFE_METHODS.has(req.method)) return true;
    if (this.reflector.get<boolean | undefined>(CSRF_EXEMPT, context.getHandler())) return true;
    if (isMultipart(req) && this.reflector.get<boolean | undefined>(MULTIPART_UPLOAD, context.getHandler())) {
      // Normally refused earlier by the onRequest hook of registerCsrf; checked again here (cached).
      if (await this.authenticator.authenticate(req)) return true;
      throw new ApiException(HttpStatus.UNAUTHORIZED, 'UNAUTHORIZED');
    }
    if (!headerToken(req)) throw new ApiException(HttpStatus.FORBIDDEN, 'CSRF_TOKEN_MISSING', 'CSRF_TOKEN_MISSING');
    if (!(await verifyWithPlugin(req.server, req, http.getResponse<FastifyReply>()))) {
      throw new ApiException(HttpStatus.FORBIDDEN, 'CSRF_TOKEN_INVALID', 'CSRF_TOKEN_INVALID');
    }
    return true;
  }
}

/** GET /api/csrf-token (spec 02 §7). */
@Controller()
export class CsrfController {
  /**
   * GET /api/csrf-token: 200 data {csrfToken}. Sets the secret cookie `_csrf` (httpOnly,
   * SameSite=Lax, path /api; Secure per COOKIE_SECURE) when the client has none, and reuses it
   * otherwise, so tokens fetched earlier stay valid. Send the token as X-CSRF-Token on writes.
   */
  @Public()
  @Get('csrf-token')
  token(@Res({ passthrough: true }) reply: FastifyReply): { csrfToken: string } {
    void reply.header('cache-control', 'no-store');
    return { csrfToken: reply.generateCsrf() };
  }
}
