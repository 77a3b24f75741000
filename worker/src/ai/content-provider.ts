/**
 * The one interface for generated text (issue 23 "AI content"; DESIGN "External services"):
 * an OpenAI-compatible chat-completions provider when AI_BASE_URL, AI_API_KEY and AI_MODEL
 * are set, and an offline deterministic default (templates over the data given, in four
 * languages) so the demo and the tests need no network. Every method may throw
 * AiProviderError (rate limit, timeout, refused, unreadable answer); callers record it.
 */
export type AiLanguage = 'ru' | 'en' | 'kk' | 'zh';

/** A listing's own data, as the generators read it (₸, m²). */
export interface AiPropertyFacts {
  title: string;
  description: string;
  dealType: 'sale' | 'rent';
  category: string;
  price: number;
  area: number;
  address: string;
  city: string;
  floor: number | null;
  totalFloors: number | null;
  rooms: number | null;
  yearBuilt: number | null;
  features: string[];
}

/** What the blog desk asks for one post (auto-month, schedule). */
export interface AiBlogBrief {
  topic: string;
  /** Blog category slug (e.g. 'market', 'guides'). */
  category: string;
  keywords: string[];
}

export interface AiBlogPost {
  title: string;
  excerpt: string;
  /** HTML body; the caller passes it through the blog's sanitiser before storing. */
  html: string;
}

/** One answer with what it cost (token counts are 0 for the offline provider). */
export interface AiResult<T> {
  value: T;
  provider: 'offline' | 'openai';
  model: string;
  promptTokens: number;
  completionTokens: number;
}

export class AiProviderError extends Error {
  constructor(
    readonly kind: 'rate_limited' | 'timeout' | 'refused' | 'bad_answer' | 'unavailable',
    message: string,
    /** Seconds the provider asked to wait (429 Retry-After), when given. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface ContentProvider {
  readonly name: 'offline' | 'openai';
  /** A listing description in `language` (plain text, paragraphs separated by blank lines). */
  describeProperty(facts: AiPropertyFacts, language: AiLanguage): Promise<AiResult<string>>;
  /** Questions a tenant or buyer is likely to ask about the listing (3-8). */
  propertyQuestions(facts: AiPropertyFacts, language: AiLanguage): Promise<AiResult<string[]>>;
  /** The same fields (name -> text) translated from `from` to `to`; keys kept. */
  translate(fields: Record<string, string>, from: AiLanguage, to: AiLanguage): Promise<AiResult<Record<string, string>>>;
  /** A blog post in `language` from a brief. */
  writeBlogPost(brief: AiBlogBrief, language: AiLanguage): Promise<AiResult<AiBlogPost>>;
  /** A free prompt (generate-via-router); `task` names the use, for the router and the stats. */
  complete(prompt: string, task: string, language: AiLanguage): Promise<AiResult<string>>;
}

/** Nest token of the worker's ContentProvider (chosen from the environment at start). */
export const CONTENT_PROVIDER = Symbol('CONTENT_PROVIDER');
