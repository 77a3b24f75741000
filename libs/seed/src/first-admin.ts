import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { ARGON2_OPTIONS } from '@realty/db';
import type { DataSource } from 'typeorm';
import { ROLE_TITLES } from './reference-data';

/** E-mail of the first admin when ADMIN_EMAIL is not set. */
export const DEFAULT_ADMIN_EMAIL = 'owner@realty.local';

/** The account ensureFirstAdmin made, with its one-time password (never stored in plain text). */
export interface FirstAdmin {
  email: string;
  password: string;
}

/**
 * A random password of 24 characters (letters and digits, about 140 bits), in four groups of six
 * so it can be typed from a terminal.
 */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  // Rejection sampling: 57 letters, bytes >= 228 (4 * 57) would bias the pick.
  while (out.length < 24) {
    for (const b of randomBytes(32)) if (b < 4 * alphabet.length && out.length < 24) out += alphabet[b % alphabet.length];
  }
  return out.match(/.{6}/g)!.join('-');
}

/**
 * The first admin of a production database (docs/decisions/028): when no active admin or
 * super_admin with a password exists, inserts a super_admin `email` with a random password and
 * returns {email, password} so the caller prints it once; only its argon2id hash is stored.
 * Returns null when such an account exists already (nothing is changed). Inserts the roles when
 * they are missing. Throws when `email` belongs to another account.
 */
export async function ensureFirstAdmin(ds: DataSource, options: { email?: string } = {}): Promise<FirstAdmin | null> {
  const email = (options.email || DEFAULT_ADMIN_EMAIL).trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`ADMIN_EMAIL "${email}" is not an e-mail address`);
  return ds.transaction(async (m) => {
    // One seeding process at a time decides (two would both see "no admin").
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['realty:first-admin']);
    const [{ n }] = await m.query(
      `SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id
        WHERE r.name IN ('admin', 'super_admin') AND u.status = 'active' AND u.password_hash IS NOT NULL`,
    );
    if (n > 0) return null;
    const [taken] = await m.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
    if (taken) throw new Error(`ADMIN_EMAIL ${email} belongs to an account that is not an active admin: choose another address`);
    const names = Object.keys(ROLE_TITLES);
    await m.query(`INSERT INTO roles (name, title) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (name) DO NOTHING`, [
      names,
      names.map((k) => ROLE_TITLES[k as keyof typeof ROLE_TITLES]),
    ]);
    const password = randomPassword();
    const hash = await argon2.hash(password, ARGON2_OPTIONS);
    await m.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, language, status, role_id)
       VALUES ($1, $2, 'Администратор', '', 'ru', 'active', (SELECT id FROM roles WHERE name = 'super_admin'))`,
      [email, hash],
    );
    return { email, password };
  });
}
