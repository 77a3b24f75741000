import { Injectable } from '@nestjs/common';
import { ARGON2_OPTIONS } from '@realty/db';
import * as argon2 from 'argon2';
import { createHash, randomBytes } from 'node:crypto';

/**
 * Password hashing (DESIGN "Auth and sessions"): argon2id with the OWASP parameters
 * m = 19456 KiB, t = 2, p = 1, defined once in @realty/db and shared with the demo seed.
 */
export const ARGON2_PARAMS = ARGON2_OPTIONS;

/** Hashes and checks passwords; checks take the same time whether or not the account exists. */
@Injectable()
export class Passwords {
  private dummy: Promise<string> | undefined;

  /** An argon2id hash (PHC string, ~97 characters) of `password`. */
  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_PARAMS);
  }

  /**
   * True when `password` matches `hash`. With no hash (unknown account, or an account that
   * never had a password) a dummy hash is checked instead, so the answer takes as long as for
   * a real account and never matches. A malformed stored hash counts as a mismatch.
   */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(await this.dummyHash(), password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** True when `hash` was made with other parameters than ARGON2_PARAMS (re-hash on next sign-in). */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, ARGON2_PARAMS);
    } catch {
      return true;
    }
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash(randomBytes(16).toString('base64url'));
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
