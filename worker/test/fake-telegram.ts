import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local Telegram Bot API server for tests (DESIGN "Tests use a local fake server for
 * each" external service): `POST /bot<token>/sendMessage` with a JSON, urlencoded or multipart
 * body answers `{ok: true, result: {message_id, chat, date, text}}` as the real one does; a
 * wrong token answers 401, and `failWith` makes it answer `{ok: false, error_code, description}`.
 */

export interface ReceivedTelegram {
  token: string;
  method: string;
  chatId: string;
  text: string;
  body: Record<string, unknown>;
}

export interface FakeTelegram {
  /** TELEGRAM_API_ROOT for the client (no trailing slash). */
  apiRoot: string;
  token: string;
  messages: ReceivedTelegram[];
  /** While set, every sendMessage answers this error (e.g. {code: 400, description: 'Bad Request: chat not found'}). */
  failWith: { code: number; description: string } | null;
  /** Resolves with the first message to `chatId` (already received or the next one). */
  waitFor(chatId: string, timeoutMs?: number): Promise<ReceivedTelegram>;
  /** Resolves once `count` requests (ok or failed) have reached the server. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  requests: number;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/json')) return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  if (type.includes('multipart/form-data')) {
    const boundary = /boundary=([^;]+)/.exec(type)?.[1] ?? '';
    const out: Record<string, unknown> = {};
    for (const part of raw.split(`--${boundary}`)) {
      const m = /name="([^"]+)"\r\n\r\n([\s\S]*)\r\n$/.exec(part);
      if (m) out[m[1]] = m[2];
    }
    return out;
  }
  return {};
}

export async function startFakeTelegram(token = '123456:TEST-token_abc'): Promise<FakeTelegram> {
  const messages: ReceivedTelegram[] = [];
  const checks = new Set<() => boolean>();
  const state = { failWith: null as FakeTelegram['failWith'], requests: 0, nextId: 1 };
  const server = createServer((req, res) => {
    void (async () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!m || req.method !== 'POST') return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      const body = await readBody(req);
      state.requests += 1;
      try {
        if (m[1] !== token) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
        if (m[2] !== 'sendMessage') return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
        if (state.failWith)
          return answer(state.failWith.code, { ok: false, error_code: state.failWith.code, description: state.failWith.description });
        const chatId = String(body.chat_id ?? '');
        const text = String(body.text ?? '');
        if (!chatId || !text) return answer(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        messages.push({ token: m[1], method: m[2], chatId, text, body });
        const id = state.nextId++;
        answer(200, {
          ok: true,
          result: {
            message_id: id,
            date: Math.floor(Date.now() / 1000),
            chat: /^-?\d+$/.test(chatId)
              ? { id: Number(chatId), type: 'private' }
              : { id: -1000000000 - id, type: 'channel', username: chatId.slice(1) },
            text,
          },
        });
      } finally {
        for (const check of [...checks]) if (check()) checks.delete(check);
      }
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const wait = (done: () => boolean, what: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const timer = setTimeout(() => {
        checks.delete(check);
        reject(new Error(`fake Telegram: timed out waiting for ${what}`));
      }, timeoutMs);
      const check = () => {
        if (!done()) return false;
        clearTimeout(timer);
        resolve();
        return true;
      };
      checks.add(check);
    });
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    messages,
    get failWith() {
      return state.failWith;
    },
    set failWith(v) {
      state.failWith = v;
    },
    get requests() {
      return state.requests;
    },
    async waitFor(chatId, timeoutMs = 20_000) {
      await wait(() => messages.some((x) => x.chatId === chatId), `a message to ${chatId}`, timeoutMs);
      return messages.find((x) => x.chatId === chatId)!;
    },
    waitForRequests: (count, timeoutMs = 20_000) => wait(() => state.requests >= count, `${count} requests`, timeoutMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
