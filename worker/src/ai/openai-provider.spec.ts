import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai';
import { AiProviderError, type AiPropertyFacts } from './content-provider';
import { OpenAiContentProvider, retryAfterSeconds } from './openai-provider';

/**
 * The OpenAI-compatible provider (issue 23) against a local fake chat-completions server:
 * the answers it reads, and each failure mapped to its AiProviderError kind.
 */
let fake: FakeOpenAi;
const facts: AiPropertyFacts = {
  title: 'Офис',
  description: '',
  dealType: 'rent',
  category: 'offices',
  price: 900_000,
  area: 90,
  address: 'Abay Ave 10',
  city: 'Almaty',
  floor: 3,
  totalFloors: 9,
  rooms: 3,
  yearBuilt: 2015,
  features: ['parking'],
};

const provider = (model: string, timeoutMs = 5000) => new OpenAiContentProvider({ baseURL: fake.url, apiKey: 'sk-test', model, timeoutMs });

async function failure(p: Promise<unknown>): Promise<AiProviderError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(AiProviderError);
    return err as AiProviderError;
  }
  throw new Error('expected an AiProviderError');
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.auth.length = 0;
  fake.reply = () => 'A bright office.';
});

describe('OpenAiContentProvider against a fake chat-completions server', () => {
  it('describes a listing: sends the model, the key and the facts, reads the text and the tokens', async () => {
    const r = await provider('ok').describeProperty(facts, 'kk');
    expect(r).toEqual({ value: 'A bright office.', provider: 'openai', model: 'ok', promptTokens: 11, completionTokens: 22 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.auth[0]).toBe('Bearer sk-test');
    const user = fake.requests[0].messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('Kazakh');
    expect(user).toContain('Abay Ave 10');
  });

  it('reads JSON answers (questions, translations, a blog post), a ```json fence included', async () => {
    fake.reply = () => '```json\n{"questions": ["Is there parking?", "Is the price negotiable?", "When can I view it?"]}\n```';
    expect((await provider('ok').propertyQuestions(facts, 'en')).value).toHaveLength(3);
    fake.reply = () => JSON.stringify({ title: 'Office', description: 'Bright office' });
    expect((await provider('ok').translate({ title: 'Офис', description: 'Светлый офис' }, 'ru', 'en')).value).toEqual({
      title: 'Office',
      description: 'Bright office',
    });
    fake.reply = () => JSON.stringify({ title: 'Rents', excerpt: 'Short', html: '<p>Body</p>' });
    expect((await provider('ok').writeBlogPost({ topic: 'rents', category: 'market', keywords: [] }, 'en')).value.html).toBe('<p>Body</p>');
  });

  it('a JSON answer of the wrong shape or not JSON is bad_answer', async () => {
    fake.reply = () => JSON.stringify({ title: 'Office' });
    expect((await failure(provider('ok').translate({ title: 'Офис', description: 'x' }, 'ru', 'en'))).kind).toBe('bad_answer');
    fake.reply = () => 'Sure! Here are some questions.';
    expect((await failure(provider('ok').propertyQuestions(facts, 'en'))).kind).toBe('bad_answer');
  });

  it('429 is rate_limited with the Retry-After seconds, and is not retried by the client', async () => {
    const e = await failure(provider('rate').describeProperty(facts, 'ru'));
    expect(e.kind).toBe('rate_limited');
    expect(e.retryAfterSeconds).toBe(7);
    expect(fake.requests).toHaveLength(1);
  });

  it('500 is unavailable, not retried by the client (the queue retries)', async () => {
    const e = await failure(provider('boom').complete('hi', 'test', 'en'));
    expect(e.kind).toBe('unavailable');
    expect(e.message).toMatch(/500/);
    expect(fake.requests).toHaveLength(1);
  });

  it('a server that hangs past the timeout is timeout', async () => {
    const e = await failure(provider('hang', 300).complete('hi', 'test', 'en'));
    expect(e.kind).toBe('timeout');
    expect(fake.requests).toHaveLength(1);
  });

  it('a body that is not JSON is bad_answer', async () => {
    expect((await failure(provider('malformed').complete('hi', 'test', 'en'))).kind).toBe('bad_answer');
  });

  it('a refusal or a filtered answer is refused', async () => {
    expect((await failure(provider('refuse').complete('hi', 'test', 'en'))).kind).toBe('refused');
    expect((await failure(provider('filtered').complete('hi', 'test', 'en'))).kind).toBe('refused');
  });

  it('a closed port is unavailable', async () => {
    const p = new OpenAiContentProvider({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'ok', timeoutMs: 2000 });
    expect(['unavailable', 'timeout']).toContain((await failure(p.complete('hi', 'test', 'en'))).kind);
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds or an HTTP date', () => {
    expect(retryAfterSeconds('12')).toBe(12);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(retryAfterSeconds('Thu, 26 Nov 2026 10:00:30 GMT', now)).toBe(30);
  });
});
