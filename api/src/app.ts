import 'reflect-metadata';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { registerCsrf } from './common/csrf';
import { recordRoutes } from './common/guards';
import { registerGlobalRateLimit, trustProxySetting } from './common/rate-limit';
import { EnvelopeInterceptor } from './common/envelope.interceptor';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { KeptAnswerFastPath } from './common/kept-answer-fast-path';
import { registerSecurityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';

/**
 * Builds the API application (used by main.ts and by the API tests): Fastify adapter,
 * every route under /api, the envelope, the error mapping and validation of spec 01 §7-§8,
 * security headers (the API answers JSON only: CSP default-src 'none'), the global per-IP rate
 * limit on Redis, the CSRF cookie/token plugins (the guards are in SecurityModule), and the
 * fast path that answers repeated anonymous catalogue reads from their kept answers.
 */
export async function createApp(options: { logger?: boolean } = {}): Promise<NestFastifyApplication> {
  // TRUST_PROXY (default loopback: the web server on this host) may set the client IP the limits key on.
  const adapter = new FastifyAdapter({ trustProxy: trustProxySetting(), bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 300 } });
  // multipart bodies for the upload routes (api/src/uploads): read part by part, limits per route;
  // registered on the instance first, so Nest's own multipart loader sees it and stays out.
  void adapter.getInstance().register(multipart, { limits: { files: 10, fields: 20, fieldSize: 1000 } });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    logger: options.logger === false ? false : ['error', 'warn', 'log'],
  });
  recordRoutes(app);
  registerSecurityHeaders(app);
  await registerGlobalRateLimit(app);
  await registerCsrf(app);
  await app.register(compress, { threshold: 1024 });
  // After the plugins above: their onRequest hooks (headers, rate limit, CSRF) run first.
  const keptAnswers = new KeptAnswerFastPath();
  keptAnswers.install(app.getHttpAdapter().getInstance());
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalInterceptors(new EnvelopeInterceptor(keptAnswers));
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  return app;
}
