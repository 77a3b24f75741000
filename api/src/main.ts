import { Logger } from '@nestjs/common';
import { createApp } from './app';

async function main(): Promise<void> {
  const app = await createApp();
  const port = Number(process.env.API_PORT || 3001);
  const host = process.env.API_HOST || '127.0.0.1';
  await app.listen(port, host);
  new Logger('api').log(`API listening on http://${host}:${port}/api`);
}

void main();
