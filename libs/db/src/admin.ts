import { Client } from 'pg';
import { databaseUrl } from './config';
import { createDataSource } from './data-source';

/** `url` naming the database `name` instead (same server, user and options). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Database name of a postgres URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** Creates the database of `url` when it does not exist (connects to 'postgres' to do it). */
export async function ensureDatabase(url: string = databaseUrl()): Promise<boolean> {
  const name = databaseName(url);
  const admin = new Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } finally {
    await admin.end();
  }
}

/** Drops the database of `url` (terminating its connections). */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  const admin = new Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(url: string = databaseUrl()): Promise<string[]> {
  const ds = createDataSource(url);
  await ds.initialize();
  try {
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
