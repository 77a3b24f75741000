import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { jwtSecret } from './common/guards.authenticator';

async function main(): Promise<void> {
  // A setting the API cannot start without (JWT_SECRET in production): say which, exit 1.
  try {
    jwtSecret();
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await createApp();
  const port = Number(process.env.API_PORT || 3001);
  const host = process.env.API_HOST || '127.0.0.1';
  await app.listen(port, host);
  new Logger('api').log(`API listening on http://${host}:${port}/api`);
}

void main();
