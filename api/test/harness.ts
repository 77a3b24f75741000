import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestDatabase } from '@realty/testkit';
import { createApp } from '../src/app';

/**
 * A started API on its own throw-away database (migrated) and Redis key prefix.
 * `seed` may fill the database before the app starts. Call `close()` in afterAll.
 */
export async function startTestApi(seed?: (databaseUrl: string) => Promise<void>): Promise<{
  app: NestFastifyApplication;
  databaseUrl: string;
  close: () => Promise<void>;
}> {
  const db = await createTestDatabase('realty_api_test');
  process.env.DATABASE_URL = db.url;
  process.env.REDIS_PREFIX = `realty_test_${process.pid}`;
  if (seed) await seed(db.url);
  const app = await createApp({ logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    databaseUrl: db.url,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
