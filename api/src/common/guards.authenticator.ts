import { Injectable, Logger } from '@nestjs/common';
import { JwtService, type JwtModuleOptions } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RoleName } from '@realty/contracts';
import type { FastifyRequest } from 'fastify';
import { createSecretKey, hkdfSync, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AUTH_USER, type AuthUser, type RequestWithUser } from './decorators';

/**
 * Access tokens and request authentication (DESIGN "Auth and sessions"). The access token is
 * a JWT signed with HS256 and JWT_SECRET, valid 15 minutes, with claims {sub: user id, sid:
 * session id, role, typ: 'access'}. Each authenticated request also reads the user and the
 * session from PostgreSQL (one primary-key join), so blocking a user, revoking a session
 * (logout, password reset, refresh-token reuse) or changing a role applies at once instead of
 * when the token expires.
 */

/** Lifetime of an access token, seconds (15 minutes). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let processSecret: string | undefined;

/** The shortest JWT_SECRET accepted. */
export const MIN_JWT_SECRET_LENGTH = 32;

/**
 * JWT_SECRET (at least 32 characters): the access-token key. Required in production: without it
 * this throws an Error naming the variable (main.ts prints it and exits 1). Elsewhere, when
 * unset, a random secret is made once per process and a warning says that tokens will not
 * survive a restart (nor work across several API processes). A secret is never committed: set
 * it in the environment. Other purposes use keys derived from it (apiKey).
 */
export function jwtSecret(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.JWT_SECRET;
  if (configured) {
    if (configured.length < MIN_JWT_SECRET_LENGTH)
      throw new Error('JWT_SECRET must be at least 32 characters long (e.g. `openssl rand -base64 48`)');
    return configured;
  }
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'JWT_SECRET is not set: the API does not start in production without it. Set JWT_SECRET to a random string of at least 32 characters (e.g. `openssl rand -base64 48`).',
    );
  }
  if (!processSecret) {
    processSecret = randomBytes(48).toString('base64url');
    new Logger('Auth').warn(
      'JWT_SECRET is not set: using a random secret for this process. Sign-ins will not survive a restart ' +
        'and will not work across several API processes. Set JWT_SECRET (at least 32 characters).',
    );
  }
  return processSecret;
}

/**
 * A key of its own for `purpose` (docs/decisions/029): JWT_SECRET through HKDF-SHA256 with the
 * purpose as `info`, 32 bytes in base64url. So a value the API signs for one job (the CSRF
 * cookie) is never valid as another (an access token), although one secret is configured.
 */
export function apiKey(purpose: 'csrf-cookie', env: NodeJS.ProcessEnv = process.env): string {
  return Buffer.from(hkdfSync('sha256', jwtSecret(env), '', `realty/api/${purpose}`, 32)).toString('base64url');
}

/**
 * Options of @nestjs/jwt: HS256 only, both ways. The secret is handed over as a KeyObject:
 * given a string, jsonwebtoken first tries to parse it as a PEM public (verify) or private
 * (sign) key, which throws, on every call: 0.35 ms of CPU per verify against 0.008 ms with a
 * KeyObject, on every authenticated request (bench/README.md "Presentations (issue 23)").
 */
export function jwtModuleOptions(): JwtModuleOptions {
  return {
    secret: createSecretKey(Buffer.from(jwtSecret(), 'utf8')),
    signOptions: { algorithm: 'HS256' },
    verifyOptions: { algorithms: ['HS256'] },
  };
}

/** Claims of an access token. */
export interface AccessClaims {
  sub: string;
  sid: string;
  role: RoleName;
  typ: 'access';
}

/** Signs and checks access tokens. */
@Injectable()
export class AccessTokens {
  constructor(private readonly jwt: JwtService) {}

  /** A 15-minute access token for the user in the session. */
  sign(user: { id: string; role: RoleName }, sessionId: string): Promise<string> {
    const claims: Omit<AccessClaims, 'sub'> = { sid: sessionId, role: user.role, typ: 'access' };
    return this.jwt.signAsync(claims, { subject: user.id, expiresIn: ACCESS_TOKEN_TTL_SECONDS });
  }

  /** The claims of a valid, unexpired access token; null for anything else (never throws). */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const claims = await this.jwt.verifyAsync<AccessClaims>(token);
      if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
      if (!UUID.test(claims.sub) || !UUID.test(claims.sid)) return null;
      return claims;
    } catch {
      return null;
    }
  }
}

/** `Authorization: Bearer <token>` of a request, or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}

/** Resolves the signed-in user of a request once (cached on the request). */
@Injectable()
export class RequestAuthenticator {
  constructor(
    private readonly tokens: AccessTokens,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * The user of a valid bearer token whose session is open and whose account is active, or
   * null (no token, bad signature, expired, revoked session, blocked or deleted user).
   */
  async authenticate(req: FastifyRequest): Promise<AuthUser | null> {
    const r = req as RequestWithUser;
    if (r[AUTH_USER] === undefined) r[AUTH_USER] = await this.resolve(req);
    return r[AUTH_USER] ?? null;
  }

  private async resolve(req: FastifyRequest): Promise<AuthUser | null> {
    const token = bearerToken(req);
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const rows: Array<{ id: string; email: string; role: RoleName }> = await this.db.query(
      `SELECT u.id, u.email, r.name AS role
         FROM users u
         JOIN roles r ON r.id = u.role_id
         JOIN auth_sessions s ON s.id = $2 AND s.user_id = u.id AND s.revoked_at IS NULL
        WHERE u.id = $1 AND u.status = 'active'`,
      [claims.sub, claims.sid],
    );
    if (!rows.length) return null;
    return { id: rows[0].id, email: rows[0].email, role: rows[0].role, sessionId: claims.sid };
  }
}
