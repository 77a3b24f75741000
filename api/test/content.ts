import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDataSource, LocalFileStorage } from '@realty/db';
import { DEFAULT_REFERENCE_DATE, DEFAULT_SEED, seedContentData } from '@realty/seed';
import { insertReferenceData, withClient } from './fixtures';

/**
 * Partners and news for API tests (issue 5): the deterministic demo content (87 partners,
 * 24 published posts and 3 drafts) written by the same code as `npm run db:seed`, with the
 * fixture agent as the author of every post. Cover images go to a temporary directory.
 */
export async function seedContentFixture(databaseUrl: string): Promise<{ agentId: string }> {
  const refs = await withClient(databaseUrl, (c) => insertReferenceData(c));
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-content-'));
  const ds = createDataSource(databaseUrl);
  await ds.initialize();
  try {
    await seedContentData(ds, {
      seed: DEFAULT_SEED,
      referenceDate: DEFAULT_REFERENCE_DATE,
      authorIds: [refs.agentId],
      storage: new LocalFileStorage(path.join(tmp, 'uploads')),
    });
  } finally {
    await ds.destroy();
    await fs.rm(tmp, { recursive: true, force: true });
  }
  return { agentId: refs.agentId };
}
