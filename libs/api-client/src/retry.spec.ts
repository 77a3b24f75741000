import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, ApiNetworkError, createApiClient, memoryCsrfStore, requestNotSent, shouldRetry } from './index';

/**
 * The retry policy of spec 02 §9 (retry.ts, decision 034) against a small local node:http
 * server: reads are tried again after a network error (at most 2 attempts), writes once more
 * only when the request surely never reached the server (connection refused), nothing is
 * repeated after an HTTP answer, a timeout or an abort, and the CSRF renewal of spec 02 §7
 * is a step of its own. A reset is the server destroying the socket; a refused connection is
 * a port with nothing listening. The server's hit count shows how often a call was sent.
 */

type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let hits: Array<{ method: string; path: string; token?: string }>;

const ok = (res: ServerResponse, data: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: 'success', data }));
};
const fail = (res: ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: 'error', error: { code, message: code } }));
};
/** A connection reset: the socket is destroyed without an answer. */
const reset = (req: IncomingMessage) => req.socket.destroy();

/** A port on this machine with nothing listening (connection refused). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', path: req.url ?? '', token: (req.headers['x-csrf-token'] as string | undefined) ?? undefined });
    // Read the body before answering, as an API does.
    req.resume();
    req.on('end', () => handler(req, res, hits.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits = [];
  handler = (_req, res) => ok(res, { fine: true });
});

const caught = <T>(promise: Promise<T>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('reads (spec 02 §9: network errors, at most 2 attempts)', () => {
  it('a read is tried again after a reset and then succeeds', async () => {
    handler = (req, res, hit) => (hit === 1 ? reset(req) : ok(res, { n: hit }));
    await expect(createApiClient({ baseUrl }).get('/things')).resolves.toEqual({ n: 2 });
    expect(hits.map((h) => `${h.method} ${h.path}`)).toEqual(['GET /api/things', 'GET /api/things']);
  });

  it('a read that fails twice gives the network error after exactly 2 attempts', async () => {
    handler = (req) => reset(req);
    const err = (await caught(createApiClient({ baseUrl }).get('/things'))) as ApiNetworkError;
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect([err.reason, err.message]).toEqual(['network', 'Ошибка сети']);
    expect(hits).toHaveLength(2);
  });

  it('a read to a port with nothing listening is attempted twice, then refused', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}/api`, fetch: counting });
    const err = (await caught(client.get('/things'))) as ApiNetworkError;
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(requestNotSent(err)).toBe(true);
    expect(calls).toBe(2);
  });

  it('an answer cut off in the middle of its body is read again', async () => {
    handler = (req, res, hit) => {
      if (hit > 1) return ok(res, { whole: true });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"status":"succ', () => req.socket.destroy());
    };
    await expect(createApiClient({ baseUrl }).get('/things')).resolves.toEqual({ whole: true });
    expect(hits).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 429, 500, 503])('no retry after an HTTP %i answer', async (status) => {
    handler = (_req, res) => fail(res, status, `E${status}`);
    const err = (await caught(createApiClient({ baseUrl }).get('/things'))) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(status);
    expect(hits).toHaveLength(1);
  });

  it('a timeout the caller set is not retried', async () => {
    const open: ServerResponse[] = [];
    handler = (_req, res) => void open.push(res);
    const err = (await caught(createApiClient({ baseUrl, timeoutMs: 50 }).get('/slow'))) as ApiNetworkError;
    expect(err.reason).toBe('timeout');
    expect(hits).toHaveLength(1);
    for (const res of open) res.end();
  });

  it("the caller's abort is not retried", async () => {
    let arrived!: () => void;
    const received = new Promise<void>((resolve) => (arrived = resolve));
    const open: ServerResponse[] = [];
    handler = (_req, res) => {
      open.push(res);
      arrived();
    };
    const controller = new AbortController();
    const pending = caught(createApiClient({ baseUrl, timeoutMs: 0 }).get('/slow', undefined, { signal: controller.signal }));
    await received;
    controller.abort();
    const err = (await pending) as ApiNetworkError;
    expect(err.reason).toBe('aborted');
    expect(hits).toHaveLength(1);
    for (const res of open) res.end();
  });

  it('an abort during the pause before the retry ends the call without a second attempt', async () => {
    handler = (req) => reset(req);
    const controller = new AbortController();
    // Abort as soon as the first attempt has failed; the pause is long, so only the abort can end it.
    const aborting: typeof fetch = (input, init) =>
      fetch(input, init).catch((error: unknown) => {
        controller.abort();
        throw error;
      });
    const client = createApiClient({ baseUrl, fetch: aborting, retryDelayMs: 600_000, signal: controller.signal });
    const err = (await caught(client.get('/things'))) as ApiNetworkError;
    expect(err.reason).toBe('aborted');
    expect(hits).toHaveLength(1);
  });

  it('retry: false sends the call once (per call, or for the whole client)', async () => {
    handler = (req) => reset(req);
    await expect(createApiClient({ baseUrl }).get('/things', undefined, { retry: false })).rejects.toBeInstanceOf(ApiNetworkError);
    expect(hits).toHaveLength(1);
    await expect(createApiClient({ baseUrl, retry: false }).admin.roles()).rejects.toBeInstanceOf(ApiNetworkError);
    expect(hits).toHaveLength(2);
  });

  it('typed methods carry the policy too', async () => {
    handler = (req, res, hit) => (hit === 1 ? reset(req) : ok(res, [{ id: 1, name: 'admin', title: 'Admin' }]));
    await expect(createApiClient({ baseUrl }).admin.roles()).resolves.toHaveLength(1);
    expect(hits).toHaveLength(2);
  });
});

describe('writes (spec 02 §9: network errors once)', () => {
  it('a refused write is tried once more, and reaches a server that has come up', async () => {
    const port = await closedPort();
    let calls = 0;
    let late: Server | undefined;
    // The API comes up on that port right after the first attempt was refused.
    const startingUp: typeof fetch = async (input, init) => {
      calls++;
      try {
        return await fetch(input, init);
      } catch (error) {
        const revived = createServer((req, res) => {
          hits.push({ method: req.method ?? '', path: req.url ?? '' });
          req.resume();
          req.on('end', () => ok(res, { created: true }, 201));
        });
        late = revived;
        await new Promise<void>((resolve) => revived.listen(port, '127.0.0.1', resolve));
        throw error;
      }
    };
    try {
      const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, fetch: startingUp });
      await expect(client.post('/things', { a: 1 })).resolves.toEqual({ created: true });
      expect(calls).toBe(2);
      expect(hits.map((h) => `${h.method} ${h.path}`)).toEqual(['POST /api/things']);
    } finally {
      const revived = late;
      if (revived) {
        revived.closeAllConnections();
        await new Promise<void>((resolve) => revived.close(() => resolve()));
      }
    }
  });

  it('a write refused twice gives the network error after 2 attempts', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}/api`, fetch: counting });
    await expect(client.put('/things/1', { a: 1 })).rejects.toBeInstanceOf(ApiNetworkError);
    expect(calls).toBe(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'a %s reset after it reached the server is not repeated (it may have been carried out)',
    async (method) => {
      handler = (req) => reset(req);
      const client = createApiClient({ baseUrl });
      const err = await caught(client.request(method, '/things/1', { body: { a: 1 } }));
      expect(err).toBeInstanceOf(ApiNetworkError);
      expect(hits).toHaveLength(1);
    },
  );

  it.each([400, 401, 403, 404, 500])('no retry of a write after an HTTP %i answer', async (status) => {
    handler = (_req, res) => fail(res, status, `E${status}`);
    await expect(createApiClient({ baseUrl }).post('/things', { a: 1 })).rejects.toMatchObject({ status });
    expect(hits).toHaveLength(1);
  });

  it('retry: false leaves a refused write at one attempt', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}/api`, fetch: counting });
    await expect(client.post('/auth/refresh', { refreshToken: 'x' }, { retry: false })).rejects.toBeInstanceOf(ApiNetworkError);
    expect(calls).toBe(1);
  });
});

describe('the CSRF renewal of spec 02 §7 is not a network retry', () => {
  /** /csrf-token hands out t1, t2...; the write accepts only the latest token. */
  function csrfServer(options: { resetFirstToken?: boolean; resetWrites?: boolean } = {}) {
    let issued = 0;
    let tokenRequests = 0;
    handler = (req, res) => {
      if (req.url === '/api/csrf-token') {
        tokenRequests++;
        if (options.resetFirstToken && tokenRequests === 1) return reset(req);
        issued++;
        return ok(res, { csrfToken: `t${issued}` });
      }
      if (options.resetWrites) return reset(req);
      if (req.headers['x-csrf-token'] !== `t${issued}`) return fail(res, 403, 'CSRF_TOKEN_INVALID');
      return ok(res, { saved: true });
    };
  }

  it('a stale token is dropped, a new one fetched and the write sent again, once', async () => {
    csrfServer();
    const store = memoryCsrfStore({ token: 'stale' });
    await expect(createApiClient({ baseUrl, csrf: store }).post('/things', { a: 1 })).resolves.toEqual({ saved: true });
    expect(hits.map((h) => `${h.method} ${h.path} ${h.token ?? '-'}`)).toEqual([
      'POST /api/things stale',
      'GET /api/csrf-token -',
      'POST /api/things t1',
    ]);
    expect(await store.get()).toMatchObject({ token: 't1' });
  });

  it('a reset token request is retried as a read, then the renewal still happens once', async () => {
    csrfServer({ resetFirstToken: true });
    const store = memoryCsrfStore({ token: 'stale' });
    await expect(createApiClient({ baseUrl, csrf: store }).post('/things', { a: 1 })).resolves.toEqual({ saved: true });
    expect(hits.map((h) => `${h.method} ${h.path} ${h.token ?? '-'}`)).toEqual([
      'POST /api/things stale',
      'GET /api/csrf-token -',
      'GET /api/csrf-token -',
      'POST /api/things t1',
    ]);
  });

  it('gives up after one renewal: the second 403 is the answer', async () => {
    handler = (req, res) => (req.url === '/api/csrf-token' ? ok(res, { csrfToken: 'never-good' }) : fail(res, 403, 'CSRF_TOKEN_INVALID'));
    const err = (await caught(createApiClient({ baseUrl, csrf: memoryCsrfStore() }).post('/things', {}))) as ApiError;
    expect([err.status, err.serverCode]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    expect(hits.map((h) => `${h.method} ${h.path}`)).toEqual([
      'GET /api/csrf-token',
      'POST /api/things',
      'GET /api/csrf-token',
      'POST /api/things',
    ]);
  });

  it('a write reset after it was sent with a good token is not repeated', async () => {
    csrfServer({ resetWrites: true });
    await expect(createApiClient({ baseUrl, csrf: memoryCsrfStore() }).delete('/things/1')).rejects.toBeInstanceOf(ApiNetworkError);
    expect(hits.map((h) => `${h.method} ${h.path}`)).toEqual(['GET /api/csrf-token', 'DELETE /api/things/1']);
  });
});

describe('the rules (shouldRetry, requestNotSent)', () => {
  const refused = () =>
    new ApiNetworkError('network', undefined, {
      cause: Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }),
    });

  it('reads: any network failure, while fewer than 2 attempts were made', () => {
    expect(shouldRetry('GET', new ApiNetworkError('network'), 1)).toBe(true);
    expect(shouldRetry('HEAD', new ApiNetworkError('network'), 1)).toBe(true);
    expect(shouldRetry('GET', new ApiNetworkError('network'), 2)).toBe(false);
    expect(shouldRetry('GET', new ApiNetworkError('timeout'), 1)).toBe(false);
    expect(shouldRetry('GET', new ApiNetworkError('aborted'), 1)).toBe(false);
    for (const status of [400, 401, 403, 404, 500]) expect(shouldRetry('GET', new ApiError(status, 'X', 'x'), 1)).toBe(false);
    expect(shouldRetry('GET', new Error('bug'), 1)).toBe(false);
  });

  it('writes: only a failure that shows the request was never sent', () => {
    expect(shouldRetry('POST', refused(), 1)).toBe(true);
    expect(shouldRetry('POST', refused(), 2)).toBe(false);
    // A browser's "Failed to fetch" says nothing about whether the request left: not repeated.
    expect(shouldRetry('POST', new ApiNetworkError('network', undefined, { cause: new TypeError('Failed to fetch') }), 1)).toBe(false);
  });

  it('requestNotSent reads the cause chain and connection-attempt aggregates', () => {
    const code = (c: string) => Object.assign(new Error(c), { code: c });
    expect(requestNotSent(refused())).toBe(true);
    expect(requestNotSent({ cause: code('ENOTFOUND') })).toBe(true);
    expect(requestNotSent({ cause: new AggregateError([code('ECONNREFUSED'), code('EHOSTUNREACH')]) })).toBe(true);
    expect(requestNotSent({ cause: new AggregateError([code('ECONNREFUSED'), code('ECONNRESET')]) })).toBe(false);
    expect(requestNotSent({ cause: code('UND_ERR_SOCKET') })).toBe(false);
    expect(requestNotSent(null)).toBe(false);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(requestNotSent(loop)).toBe(false);
  });
});
