import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts, sessions and favourites (issue 3): sign-in sessions (refresh-token families),
 * their rotating refresh tokens and password reset tokens, all stored as SHA-256 hashes;
 * favourites with one row per (user, listing).
 */
export class AccountsAndFavorites1763900000000 implements MigrationInterface {
  name = 'AccountsAndFavorites1763900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        remember_me boolean NOT NULL DEFAULT false,
        user_agent varchar(300),
        ip varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        revoked_reason varchar(32)
      )`);
    // "revoke every session of the user" (logout everywhere, password reset, block)
    await q.query(`CREATE INDEX ix_auth_sessions_user_open ON auth_sessions (user_id) WHERE revoked_at IS NULL`);

    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_refresh_tokens_session ON refresh_tokens (session_id)`);
    await q.query(`CREATE INDEX ix_refresh_tokens_expires ON refresh_tokens (expires_at)`);

    await q.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        requested_ip varchar(64),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_password_reset_tokens_user_open ON password_reset_tokens (user_id) WHERE used_at IS NULL`);

    await q.query(`
      CREATE TABLE favorites (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, property_id)
      )`);
    await q.query(`CREATE INDEX ix_favorites_property ON favorites (property_id)`);
    // GET /api/user/favorites: newest first
    await q.query(`CREATE INDEX ix_favorites_user_created ON favorites (user_id, created_at DESC, property_id)`);

    // User administration filters by role and status; "last active super_admin" counts by role.
    await q.query(`CREATE INDEX ix_users_role_status ON users (role_id, status)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_users_role_status`);
    await q.query(`DROP TABLE IF EXISTS favorites`);
    await q.query(`DROP TABLE IF EXISTS password_reset_tokens`);
    await q.query(`DROP TABLE IF EXISTS refresh_tokens`);
    await q.query(`DROP TABLE IF EXISTS auth_sessions`);
  }
}
