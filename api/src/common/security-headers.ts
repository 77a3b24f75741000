import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The API's helmet configuration: it answers JSON only, so nothing may be loaded, framed or
 * used as a base (CSP default-src 'none'), plus helmet's other defaults (nosniff, HSTS,
 * Referrer-Policy no-referrer, COOP/CORP same-origin...).
 */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] } },
  frameguard: { action: 'deny' },
};

/**
 * The headers helmet sets with `options`, worked out once by running its middleware against a
 * recorder. Throws when the configuration needs the request (a CSP directive given as a
 * function, nonces): such headers are not the same for every answer.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set(name, String(value));
      return recorder;
    },
    removeHeader(name: string) {
      for (const key of headers.keys()) if (key.toLowerCase() === name.toLowerCase()) headers.delete(key);
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously: the security headers depend on the request');
  return Object.fromEntries(headers);
}

/**
 * Sends helmet's security headers (API_HELMET_OPTIONS) on every answer, errors and 404s
 * included, from an onRequest hook added before any other. The headers are computed once:
 * @fastify/helmet rebuilt helmet's middleware (parsing the CSP directives) on every request,
 * a visible share of the API's CPU serving kept catalogue pages (issue 6; decision 017).
 */
export function registerSecurityHeaders(app: NestFastifyApplication, options: HelmetOptions = API_HELMET_OPTIONS): void {
  const headers = helmetHeaders(options);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
}
