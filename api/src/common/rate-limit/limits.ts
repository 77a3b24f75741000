import { compile as compileTrust } from '@fastify/proxy-addr';
import { HttpStatus } from '@nestjs/common';
import { parseTrustProxy } from '@realty/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../api.exception';

/**
 * Rate limits (spec 01 §8: 429 RATE_LIMIT 'Слишком много запросов. Попробуйте позже').
 *
 * All counters live in the shared Redis under `${REDIS_PREFIX}:rl:`, so several API processes
 * share them. Fixed windows: the first hit sets the expiry (INCR + PEXPIRE in one Lua script).
 * When Redis is unreachable every limit fails open (the request goes through) and the error
 * is logged at most once per 10 s; a limit never turns into a 500.
 */

/** Defaults; RATE_LIMIT_MAX overrides the global one. */
export const RATE_LIMITS = {
  /** Every route but /api/health: requests per IP per minute (RATE_LIMIT_MAX). */
  globalPerMinute: 600,
  /** POST /api/auth/login: failed attempts per (account, IP) per 15 minutes; the next one answers 429. */
  loginFailures: { max: 5, windowSeconds: 15 * 60 },
  /** POST /api/auth/login: failed attempts per IP across all accounts per 15 minutes (decision 025). */
  loginFailuresPerAddress: { max: 20, windowSeconds: 15 * 60 },
  /**
   * POST /api/auth/login, per account across all IPs (decision 025): failures are counted per
   * day; from the `free`-th on, each one locks the account for `baseLockSeconds` doubling per
   * further failure, at most `maxLockSeconds`, except for IPs it signed in from in `knownDays`.
   */
  loginAccountBackoff: { free: 10, windowSeconds: 24 * 3600, baseLockSeconds: 30, maxLockSeconds: 15 * 60, knownDays: 30 },
  /** POST /api/auth/change-password: wrong current passwords per account per 15 minutes; the next call answers 429. */
  changePasswordFailures: { max: 5, windowSeconds: 15 * 60 },
  /** POST /api/auth/register: requests per IP per 15 minutes. */
  register: { name: 'register', max: 10, windowSeconds: 15 * 60 },
  /** POST /api/auth/forgot-password: requests per IP per 15 minutes. */
  forgotPassword: { name: 'forgot-password', max: 10, windowSeconds: 15 * 60 },
  /** Reset e-mails per account per hour; more requests still answer the generic 200 but send nothing. */
  resetMailsPerAccount: { max: 3, windowSeconds: 60 * 60 },
  /** POST /api/leads and POST /api/inquiries together: public writes per IP per 10 minutes. */
  publicWrites: { name: 'public-write', max: 10, windowSeconds: 10 * 60 },
  /** POST /api/website-analytics/track-page-view and /track-event together: beacons per IP per minute. */
  analytics: { name: 'analytics', max: 120, windowSeconds: 60 },
  /** GET /api/geocode, /geocode/suggest and /geocode/reverse together (staff only): requests per IP per minute. */
  geocode: { name: 'geocode', max: 120, windowSeconds: 60 },
} as const;

/**
 * TRUST_PROXY: which peers may tell the client IP with X-Forwarded-For (Fastify trustProxy),
 * i.e. whose word every per-IP limit relies on. Default 'loopback' (the web server on the same
 * host; .env.example); 'true' trusts anyone (only behind a proxy that overwrites the header),
 * 'false' nobody; otherwise a comma list of IPs, CIDRs or presets ('uniquelocal' for a private
 * container network).
 */
export function trustProxySetting(env: NodeJS.ProcessEnv = process.env): boolean | string[] {
  return parseTrustProxy(env.TRUST_PROXY, ['loopback']);
}

/**
 * Whether a request comes straight from a peer TRUST_PROXY trusts (the web server), i.e. one
 * whose word on a visitor's IP the API takes: the socket's address against the same rule
 * Fastify applies to X-Forwarded-For.
 */
export function trustedPeer(setting: boolean | string[] = trustProxySetting()): (req: FastifyRequest) => boolean {
  if (typeof setting === 'boolean') return () => setting;
  const trust = compileTrust(setting);
  return (req) => {
    const address = req.socket?.remoteAddress;
    return address !== undefined && trust(address, 0);
  };
}

/** The route by which the web server sends the page views it counted (exempt from the global limit when it comes from a trusted peer). */
export const SERVER_PAGE_VIEWS_ROUTE = '/api/website-analytics/server-page-views';

/** RATE_LIMIT_MAX (requests per IP per minute), default 600. */
export function globalRateLimitMax(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RATE_LIMIT_MAX;
  if (raw === undefined || raw === '') return RATE_LIMITS.globalPerMinute;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`RATE_LIMIT_MAX must be a positive integer, got "${raw}"`);
  return n;
}

/** The Redis key of a named per-IP limit (RATE_LIMITS) for one address. */
export function ipLimitKey(limit: { name: string }, ip: string): string {
  return `${limit.name}:${ip}`;
}

/** The 429 of every limit (spec 01 §8 RATE_LIMIT); the caller sets Retry-After. */
export function tooManyRequests(): ApiException {
  return new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'RATE_LIMIT', 'RATE_LIMIT');
}
