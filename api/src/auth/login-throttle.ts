import { Injectable } from '@nestjs/common';
import type { RequestClient } from '../common/decorators';
import { RATE_LIMITS, RateLimiter, tooManyRequests } from '../common/rate-limit';
import { sha256Hex } from './passwords';

/** The account part of the login keys: the e-mail hashed, so keys hold no address. */
function accountTag(email: string): string {
  return sha256Hex(email.toLowerCase()).slice(0, 32);
}

/** The Redis key of the failed-login counter of (account, IP). */
export function loginFailureKey(email: string, ip: string): string {
  return `login:${accountTag(email)}:${ip}`;
}

/** The Redis keys of the per-account backoff and of the per-IP limit across accounts. */
export const loginKeys = {
  /** Failed logins of the account from any IP in the backoff window. */
  accountFailures: (email: string) => `login-account:${accountTag(email)}`,
  /** Present while the account is locked; its TTL is the remaining lock. */
  accountLock: (email: string) => `login-lock:${accountTag(email)}`,
  /** Present while `ip` counts as an address the account signed in from. */
  knownAddress: (email: string, ip: string) => `login-known:${accountTag(email)}:${ip}`,
  /** Failed logins from `ip` across all accounts. */
  addressFailures: (ip: string) => `login-ip:${ip}`,
};

/** How long a failure locks the account: none before `free` failures, then base doubling, at most max (ms). */
export function accountLockMs(failures: number, limits: typeof RATE_LIMITS.loginAccountBackoff = RATE_LIMITS.loginAccountBackoff): number {
  if (failures < limits.free) return 0;
  const doublings = Math.min(failures - limits.free, 20);
  return Math.min(limits.baseLockSeconds * 2 ** doublings, limits.maxLockSeconds) * 1000;
}

/** The outcome of `admit`: what to tell the throttle once the password was checked. */
export interface LoginAttempt {
  /** The password was wrong (or the account unknown). */
  failed(): Promise<void>;
  /** The password was right: clears the account's counters and remembers this IP. */
  succeeded(): Promise<void>;
  /** No password was checked (e.g. the argon2 gate was full): gives the counted attempt back. */
  notChecked(): Promise<void>;
}

/**
 * Throttles password guessing at sign-in (spec 01 §8 RATE_LIMIT; issue 19 item 2, decision
 * 025), on the shared RateLimiter (Redis fixed windows; every limit fails open when Redis is
 * down). Three limits, checked before any argon2 work:
 * - per (account, IP): RATE_LIMITS.loginFailures (5 per 15 minutes; a success resets it);
 * - per IP across all accounts: RATE_LIMITS.loginFailuresPerAddress (20 per 15 minutes; a
 *   success gives its own attempt back but does not clear the others, so signing in to one's
 *   own account does not buy more guesses at others);
 * - per account across all IPs: RATE_LIMITS.loginAccountBackoff, a lock that grows with the
 *   failures of the day; an IP the account signed in from in the last 30 days is not held by it
 *   (the owner is not locked out by someone else's guesses), a success or a password reset
 *   clears it.
 * The first two are counted before the check (parallel guesses cannot overshoot them); the
 * account's failures after it (overshoot bounded by the argon2 gate's concurrency).
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Counts a login attempt of `email` from the client's IP. Throws 429 RATE_LIMIT (with
   * Retry-After on the client) when a limit is reached; else answers the attempt to report on.
   */
  async admit(email: string, client: RequestClient): Promise<LoginAttempt> {
    const pairKey = loginFailureKey(email, client.ip);
    const addressKey = loginKeys.addressFailures(client.ip);
    const pairLimit = RATE_LIMITS.loginFailures;
    const pair = await this.limiter.hit(pairKey, pairLimit.windowSeconds * 1000);
    if (pair && pair.count > pairLimit.max) this.refuse(client, pair.ttlMs);
    const addressLimit = RATE_LIMITS.loginFailuresPerAddress;
    const address = await this.limiter.hit(addressKey, addressLimit.windowSeconds * 1000);
    if (address && address.count > addressLimit.max) {
      await this.limiter.hit(pairKey, pairLimit.windowSeconds * 1000, -1);
      this.refuse(client, address.ttlMs);
    }
    const lock = await this.limiter.peek(loginKeys.accountLock(email));
    if (lock && lock.count > 0 && lock.ttlMs > 0) {
      const known = await this.limiter.peek(loginKeys.knownAddress(email, client.ip));
      if (!known?.count) {
        await this.giveBack(pairKey, addressKey);
        this.refuse(client, lock.ttlMs);
      }
    }
    return {
      failed: () => this.failed(email),
      succeeded: () => this.succeeded(email, client.ip, addressKey),
      notChecked: () => this.giveBack(pairKey, addressKey),
    };
  }

  /** Clears the per-account backoff and this IP's (account, IP) counter (after a password reset). */
  async clearAccount(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.limiter.reset(loginFailureKey(email, ip)),
      this.limiter.reset(loginKeys.accountFailures(email)),
      this.limiter.reset(loginKeys.accountLock(email)),
    ]);
  }

  private refuse(client: RequestClient, ttlMs: number): never {
    client.retryAfter(ttlMs);
    throw tooManyRequests();
  }

  private async failed(email: string): Promise<void> {
    const backoff = RATE_LIMITS.loginAccountBackoff;
    const failures = await this.limiter.hit(loginKeys.accountFailures(email), backoff.windowSeconds * 1000);
    const lockMs = failures ? accountLockMs(failures.count) : 0;
    // A lock still running (a parallel failure set it) keeps its end; the next failure sets a longer one.
    if (lockMs > 0) await this.limiter.hit(loginKeys.accountLock(email), lockMs);
  }

  private async succeeded(email: string, ip: string, addressKey: string): Promise<void> {
    const knownMs = RATE_LIMITS.loginAccountBackoff.knownDays * 24 * 3600 * 1000;
    await Promise.all([
      this.limiter.reset(loginFailureKey(email, ip)),
      this.limiter.reset(loginKeys.accountFailures(email)),
      this.limiter.reset(loginKeys.accountLock(email)),
      this.limiter.hit(addressKey, RATE_LIMITS.loginFailuresPerAddress.windowSeconds * 1000, -1),
      this.limiter.hit(loginKeys.knownAddress(email, ip), knownMs),
    ]);
  }

  /** Takes back an attempt that was counted but not checked. */
  private async giveBack(pairKey: string, addressKey: string): Promise<void> {
    await Promise.all([
      this.limiter.hit(pairKey, RATE_LIMITS.loginFailures.windowSeconds * 1000, -1),
      this.limiter.hit(addressKey, RATE_LIMITS.loginFailuresPerAddress.windowSeconds * 1000, -1),
    ]);
  }
}
