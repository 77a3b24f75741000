import fs from 'node:fs';
import { Client } from 'pg';

/** The started stack's database (global-setup.js writes its URL to E2E_STATE_FILE). */
const state = JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE ?? '', 'utf8')) as { dbUrl: string };

/** One statement on the stack's database, on a connection of its own. */
export async function query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: state.dbUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
