import { Injectable } from '@nestjs/common';
import { ARGON2_OPTIONS } from '@realty/db';
import * as argon2 from 'argon2';
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConcurrencyGate, GateFullError } from '../common/concurrency-gate';
import { tooManyRequests } from '../common/rate-limit';

/**
 * Password hashing (DESIGN "Auth and sessions"): argon2id with the OWASP parameters
 * m = 19456 KiB, t = 2, p = 1, defined once in @realty/db (passwords.ts) and shared with the demo seed.
 */
export const ARGON2_PARAMS = ARGON2_OPTIONS;

/** Retry-After of a sign-in refused because every argon2 slot and the queue are taken, ms. */
export const PASSWORD_WORK_BUSY_RETRY_MS = 1000;

/**
 * How many argon2 calls one API process runs at once and how many may wait (issue 19 item 2;
 * docs/decisions/025): PASSWORD_HASH_CONCURRENCY (default the CPU count, at most 4: 4 x 19 MiB)
 * and PASSWORD_HASH_QUEUE (default 16). Throws on a value that is not a whole number in range.
 */
export function passwordWorkBounds(env: NodeJS.ProcessEnv = process.env): { concurrency: number; queue: number } {
  const read = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
    return n;
  };
  return {
    concurrency: read('PASSWORD_HASH_CONCURRENCY', Math.min(4, Math.max(1, availableParallelism())), 1),
    queue: read('PASSWORD_HASH_QUEUE', 16, 0),
  };
}

/**
 * Hashes and checks passwords; checks take the same time whether or not the account exists.
 * Every hash and check passes one per-process gate (passwordWorkBounds), so a flood of sign-ins
 * cannot run more argon2 at once than the bound: the surplus waits in a short queue, and beyond
 * it is refused with 429 RATE_LIMIT and Retry-After 1 s before any argon2 work.
 */
@Injectable()
export class Passwords {
  private dummy: Promise<string> | undefined;
  /** The argon2 gate of this process (its counters are read by tests). */
  readonly gate: ConcurrencyGate;

  constructor() {
    const { concurrency, queue } = passwordWorkBounds();
    this.gate = new ConcurrencyGate('argon2', concurrency, queue);
  }

  /** An argon2id hash (PHC string, ~97 characters) of `password`. 429 when the gate is full. */
  hash(password: string): Promise<string> {
    return this.gated(() => argon2.hash(password, ARGON2_PARAMS));
  }

  /**
   * True when `password` matches `hash`. With no hash (unknown account, or an account that
   * never had a password) a dummy hash is checked instead, so the answer takes as long as for
   * a real account and never matches. A malformed stored hash counts as a mismatch. 429 when
   * the gate is full.
   */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      const dummy = await this.dummyHash();
      await this.gated(() => argon2.verify(dummy, password).catch(() => false));
      return false;
    }
    return this.gated(() => argon2.verify(hash, password).catch(() => false));
  }

  /** True when `hash` was made with other parameters than ARGON2_PARAMS (re-hash on next sign-in). */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, ARGON2_PARAMS);
    } catch {
      return true;
    }
  }

  /** Runs argon2 work through the gate; a full gate becomes 429 with Retry-After. */
  private async gated<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.gate.run(work);
    } catch (err) {
      if (err instanceof GateFullError) throw tooManyRequests().retryAfter(PASSWORD_WORK_BUSY_RETRY_MS);
      throw err;
    }
  }

  /** Made once per process, outside the gate (a check holding a slot waits for it). */
  private dummyHash(): Promise<string> {
    this.dummy ??= argon2.hash(randomBytes(16).toString('base64url'), ARGON2_PARAMS);
    return this.dummy;
  }
}

/** A new opaque token: 32 random bytes, base64url (43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: what the database stores instead of the token. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
