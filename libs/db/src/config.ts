import path from 'node:path';

/** Default PostgreSQL URL: the local server with trust auth (README, .env.example). */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/realty';

/** DATABASE_URL, else the local default. */
export function databaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/** Repository root (libs/db/{src,dist} -> ../../..). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** DATA_DIR holds uploaded and generated files; default <repo>/data. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data'));
}
