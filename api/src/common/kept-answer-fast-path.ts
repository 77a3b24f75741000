import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { preparedPayload, type KeptAnswerSink, type PreparedJson } from './envelope.interceptor';

/** What a request URL was last answered with. */
interface KeptRoute {
  /** The kept answer for the URL now (fresh, or stale while it is refreshed), or undefined (expired, dropped, due for a refresh). */
  current: () => PreparedJson | undefined;
  /** The Cache-Control the route sent with it. */
  cacheControl: string | undefined;
}

/** How many request URLs are remembered (least recently used go first; each entry is ~200 bytes). */
const MAX_URLS = 10_000;

/**
 * Answers a repeated public catalogue read from its kept answer before the framework runs:
 * sending a kept page is cheap, but Nest's router, guards, validation and interceptors around
 * it are not, and their result is the same for the same URL (issue 6; decision 017, with the
 * figures). When the envelope interceptor sends a kept answer (a PreparedJson with `current`)
 * for an anonymous GET, the URL is remembered with the route's Cache-Control; a later GET of
 * that exact URL is answered in the route's last onRequest hook (after helmet, the global
 * rate limit and the CSRF hook) while its cache would answer it at once: fresh, or stale
 * while a refresh runs. Anything else goes the normal way: another method, a Cookie or
 * Authorization header, an unknown URL, an answer due for a refresh (the request starts it)
 * or dropped. Only answers that passed validation are remembered, so no URL skips a check.
 */
export class KeptAnswerFastPath implements KeptAnswerSink {
  private readonly routes = new LRUCache<string, KeptRoute>({ max: MAX_URLS });

  /** A request this may answer: an anonymous GET (no cookie, no Authorization header). */
  static eligible(request: FastifyRequest): boolean {
    return request.method === 'GET' && request.headers.cookie === undefined && request.headers.authorization === undefined;
  }

  /** KeptAnswerSink: remembers the request URL of a kept answer the interceptor sends. */
  sent(request: FastifyRequest, reply: FastifyReply, answer: PreparedJson): void {
    if (!answer.current || !KeptAnswerFastPath.eligible(request)) return;
    const cacheControl = reply.getHeader('cache-control');
    this.routes.set(request.url, { current: answer.current, cacheControl: cacheControl === undefined ? undefined : String(cacheControl) });
  }

  /** The kept answer for this request (fresh, or stale while it is refreshed), if it may be answered here. */
  lookup(request: FastifyRequest): { answer: PreparedJson; cacheControl: string | undefined } | undefined {
    if (!KeptAnswerFastPath.eligible(request)) return undefined;
    const route = this.routes.get(request.url);
    const answer = route?.current();
    return answer && route ? { answer, cacheControl: route.cacheControl } : undefined;
  }

  /**
   * Adds the hook that answers from here as the last onRequest hook of every GET route defined
   * from now on (before Nest defines its routes). Route hooks run after the instance's (helmet's
   * headers, the CSRF hook) and in the order the onRoute hooks added them, so call this after
   * the global rate limit is registered: a kept answer is rate limited like any other.
   */
  install(fastify: FastifyInstance): void {
    const answerKept = async (request: FastifyRequest, reply: FastifyReply) => {
      const kept = this.lookup(request);
      if (!kept) return;
      if (kept.cacheControl) reply.header('cache-control', kept.cacheControl);
      reply.header('x-kept-answer', '1');
      const payload = await preparedPayload(kept.answer, request, reply);
      return reply.send(payload);
    };
    fastify.addHook('onRoute', (route) => {
      if (![route.method].flat().includes('GET')) return;
      const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [...hooks, answerKept] as typeof route.onRequest;
    });
  }

  /** How many URLs are remembered (tests). */
  get size(): number {
    return this.routes.size;
  }
}
