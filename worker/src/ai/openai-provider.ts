import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import {
  AiProviderError,
  type AiBlogBrief,
  type AiBlogPost,
  type AiLanguage,
  type AiPropertyFacts,
  type AiResult,
  type ContentProvider,
} from './content-provider';

/** Connection settings of an OpenAI-compatible chat-completions endpoint. */
export interface OpenAiProviderOptions {
  /** e.g. https://api.example.com/v1 (the client appends /chat/completions). */
  baseURL: string;
  apiKey: string;
  model: string;
  /** Whole-request timeout in ms (default 60 000). */
  timeoutMs?: number;
  /** Sampling temperature (default 0.4). */
  temperature?: number;
}

const LANGUAGE_NAME: Record<AiLanguage, string> = {
  ru: 'Russian',
  en: 'English',
  kk: 'Kazakh',
  zh: 'Simplified Chinese',
};

const SYSTEM =
  'You write for a commercial real-estate agency in Almaty, Kazakhstan (offices, retail, warehouses). ' +
  'Prices are in tenge (₸), areas in m². Be factual: never invent facts that are not in the data given. ' +
  'Answer in the language asked for.';

/**
 * "Retry-After" as seconds: a number of seconds, or an HTTP date (seconds from now, at least 0).
 * Undefined when absent or unreadable.
 */
export function retryAfterSeconds(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const n = Number(value.trim());
  if (Number.isFinite(n) && n >= 0) return Math.ceil(n);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Any error the client threw, as an AiProviderError (kind chosen for the job's retry policy). */
export function toProviderError(err: unknown): AiProviderError {
  if (err instanceof AiProviderError) return err;
  if (err instanceof APIConnectionTimeoutError || (err instanceof APIUserAbortError && /timed? ?out/i.test(err.message)))
    return new AiProviderError('timeout', 'The AI provider did not answer in time');
  if (err instanceof APIError && err.status !== undefined) {
    const status = err.status;
    if (status === 429) {
      const headers = err.headers as Headers | undefined;
      return new AiProviderError(
        'rate_limited',
        'The AI provider is rate limiting requests',
        retryAfterSeconds(headers?.get?.('retry-after')),
      );
    }
    if (status >= 500) return new AiProviderError('unavailable', `The AI provider failed (HTTP ${status})`);
    if (status === 400 && /content|policy|safety/i.test(err.message))
      return new AiProviderError('refused', `The AI provider refused the request: ${err.message}`);
    return new AiProviderError('unavailable', `The AI provider rejected the request (HTTP ${status}): ${err.message}`);
  }
  if (err instanceof APIError) return new AiProviderError('unavailable', `The AI provider could not be reached: ${err.message}`);
  if (err instanceof SyntaxError) return new AiProviderError('bad_answer', `The AI provider's answer was not JSON: ${err.message}`);
  return new AiProviderError('bad_answer', `The AI provider's answer could not be read: ${(err as Error)?.message ?? err}`);
}

/** Reads a JSON value from a model's text, tolerating a ```json fence around it. */
export function parseJsonAnswer(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = (fenced ? fenced[1] : text).trim();
  try {
    return JSON.parse(body);
  } catch {
    throw new AiProviderError('bad_answer', 'The AI answer was not the JSON asked for');
  }
}

/**
 * ContentProvider over an OpenAI-compatible chat-completions endpoint (issue 23; spec 02 §7),
 * using the official `openai` client with maxRetries 0: the `ai` queue's BullMQ attempts and
 * backoff do the retrying. Errors become AiProviderError: 429 -> rate_limited (with
 * Retry-After seconds), timeout -> timeout, 5xx / network / other HTTP -> unavailable,
 * a refusal (message.refusal, finish_reason content_filter, 400 policy) -> refused,
 * an empty, malformed or wrongly shaped answer -> bad_answer.
 */
export class OpenAiContentProvider implements ContentProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: 0,
    });
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 60_000;
  }

  get model(): string {
    return this.options.model;
  }

  /** One chat completion; returns the text and token counts, or throws AiProviderError. */
  private async chat(user: string, json: boolean): Promise<AiResult<string>> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    const started = Date.now();
    try {
      completion = await this.client.chat.completions.create({
        model: this.options.model,
        temperature: this.options.temperature ?? 0.4,
        messages: [
          { role: 'system', content: json ? `${SYSTEM} Answer with JSON only, no prose.` : SYSTEM },
          { role: 'user', content: user },
        ],
      });
    } catch (err) {
      // The client's own abort on `timeout` surfaces as a plain connection error under some
      // fetch implementations (the abort reason is not an AbortError): an error at or past
      // the deadline is a timeout all the same.
      if (err instanceof APIError && err.status === undefined && Date.now() - started >= this.timeoutMs - 5)
        throw new AiProviderError('timeout', 'The AI provider did not answer in time');
      throw toProviderError(err);
    }
    if (!completion || typeof completion !== 'object' || !Array.isArray(completion.choices))
      throw new AiProviderError('bad_answer', 'The AI provider answered without choices');
    const choice = completion.choices[0];
    const message = choice?.message;
    if (message?.refusal) throw new AiProviderError('refused', `The AI model refused: ${message.refusal}`);
    if (choice?.finish_reason === 'content_filter') throw new AiProviderError('refused', 'The AI provider filtered the answer');
    const text = typeof message?.content === 'string' ? message.content.trim() : '';
    if (!text) throw new AiProviderError('bad_answer', 'The AI answer was empty');
    return {
      value: text,
      provider: 'openai',
      model: completion.model || this.options.model,
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
    };
  }

  private async chatJson<T>(user: string, check: (v: unknown) => T | undefined): Promise<AiResult<T>> {
    const r = await this.chat(user, true);
    const value = check(parseJsonAnswer(r.value));
    if (value === undefined) throw new AiProviderError('bad_answer', 'The AI answer did not have the shape asked for');
    return { ...r, value };
  }

  async describeProperty(facts: AiPropertyFacts, language: AiLanguage): Promise<AiResult<string>> {
    return this.chat(
      `Write a listing description in ${LANGUAGE_NAME[language]} for this property: 2-4 short paragraphs ` +
        `separated by blank lines, plain text, no headings, no markdown.\n\nData (JSON): ${JSON.stringify(facts)}`,
      false,
    );
  }

  async propertyQuestions(facts: AiPropertyFacts, language: AiLanguage): Promise<AiResult<string[]>> {
    return this.chatJson(
      `List 3 to 8 questions, in ${LANGUAGE_NAME[language]}, that a tenant or buyer is likely to ask about ` +
        `this property. Answer as {"questions": ["...", ...]}.\n\nData (JSON): ${JSON.stringify(facts)}`,
      (v) => {
        const q = (v as { questions?: unknown })?.questions ?? v;
        return Array.isArray(q) && q.length > 0 && q.every((s) => typeof s === 'string') ? (q as string[]).slice(0, 8) : undefined;
      },
    );
  }

  async translate(fields: Record<string, string>, from: AiLanguage, to: AiLanguage): Promise<AiResult<Record<string, string>>> {
    const keys = Object.keys(fields);
    return this.chatJson(
      `Translate the values of this JSON object from ${LANGUAGE_NAME[from]} to ${LANGUAGE_NAME[to]}. ` +
        `Keep the keys, keep any HTML tags, answer with the same JSON object.\n\n${JSON.stringify(fields)}`,
      (v) => {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
        const out: Record<string, string> = {};
        for (const k of keys) {
          const t = (v as Record<string, unknown>)[k];
          if (typeof t !== 'string') return undefined;
          out[k] = t;
        }
        return out;
      },
    );
  }

  async writeBlogPost(brief: AiBlogBrief, language: AiLanguage): Promise<AiResult<AiBlogPost>> {
    return this.chatJson(
      `Write a blog post in ${LANGUAGE_NAME[language]} for the agency's blog. Answer as ` +
        `{"title": "...", "excerpt": "one or two sentences", "html": "<p>..</p><h2>..</h2>.. (p, h2, h3, ul, li, strong, em only)"}.` +
        `\n\nBrief (JSON): ${JSON.stringify(brief)}`,
      (v) => {
        const p = v as Partial<AiBlogPost> | null;
        return p && typeof p.title === 'string' && typeof p.excerpt === 'string' && typeof p.html === 'string' && p.title && p.html
          ? { title: p.title, excerpt: p.excerpt, html: p.html }
          : undefined;
      },
    );
  }

  async complete(prompt: string, task: string, language: AiLanguage): Promise<AiResult<string>> {
    return this.chat(`Task: ${task}. Answer in ${LANGUAGE_NAME[language]}.\n\n${prompt}`, false);
  }
}
