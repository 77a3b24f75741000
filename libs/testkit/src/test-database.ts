import { databaseUrl, dropDatabase, ensureDatabase, migrate, withDatabase } from '@realty/db';

/**
 * A throw-away database for one test file: `<prefix>_<pid>_<random>` on the server of
 * DATABASE_URL, created and migrated. Call `drop()` in afterAll. Lets tests run beside a
 * started stack and in parallel.
 */
export async function createTestDatabase(prefix = 'realty_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = withDatabase(databaseUrl(), name);
  await ensureDatabase(url);
  await migrate(url);
  return { url, drop: () => dropDatabase(url) };
}
