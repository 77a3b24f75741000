import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of an OpenAI-compatible chat-completions endpoint (POST /v1/chat/completions),
 * for the AI provider's tests (issue 23). The request's `model` picks the behaviour:
 * - 'ok' (default): 200 with `reply` (or the JSON the test set) and usage 11 + 22 tokens;
 * - 'rate': 429 with Retry-After: 7 and an OpenAI error body;
 * - 'boom': 500;
 * - 'hang': never answers (until the server closes);
 * - 'malformed': 200 with a body that is not JSON;
 * - 'refuse': 200 with message.refusal set;
 * - 'filtered': 200 with finish_reason content_filter.
 * Every request's body is kept in `requests`; the Authorization header in `auth`.
 */
export interface FakeOpenAi {
  url: string;
  requests: Array<{ model: string; messages: Array<{ role: string; content: string }> }>;
  auth: string[];
  /** The assistant's content for 'ok' (a function of the last user message). */
  reply: (user: string) => string;
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    auth: [],
    reply: () => 'A bright office.',
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as FakeOpenAi['requests'][number];
      fake.requests.push(body);
      fake.auth.push(String(req.headers.authorization ?? ''));
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(data));
      const completion = (message: Record<string, unknown>, finish = 'stop') =>
        json(200, {
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish, logprobs: null }],
          usage: { prompt_tokens: 11, completion_tokens: 22, total_tokens: 33 },
        });
      switch (body.model) {
        case 'rate':
          return json(
            429,
            { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
            { 'retry-after': '7' },
          );
        case 'boom':
          return json(500, { error: { message: 'internal', type: 'server_error' } });
        case 'hang':
          hanging.add(res);
          return;
        case 'malformed':
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "chatcmpl-x", "choices": [');
          return;
        case 'refuse':
          return completion({ content: null, refusal: 'I cannot help with that.' });
        case 'filtered':
          return completion({ content: '' }, 'content_filter');
        default: {
          const user = body.messages.filter((m) => m.role === 'user').pop()?.content ?? '';
          return completion({ content: fake.reply(user), refusal: null });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
