import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName, type JobPayloads } from '@realty/jobs';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import { JobHandler } from '../jobs/job-handler.decorator';
import {
  AiProviderError,
  CONTENT_PROVIDER,
  type AiLanguage,
  type AiPropertyFacts,
  type AiResult,
  type ContentProvider,
} from './content-provider';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LANGS: AiLanguage[] = ['ru', 'en', 'kk', 'zh'];

/** Kinds of ai_requests (migration 1764420000000). */
export type AiRequestKind = 'description' | 'questions' | 'translate' | 'router' | 'session-suggestions';

interface RequestRow {
  id: string;
  kind: AiRequestKind;
  input: Record<string, unknown>;
  status: string;
  /** Runs so far, this one included. */
  attempts: number;
}

/** Longest Retry-After honoured, s (a longer one waits this long, then asks again). */
export const MAX_RETRY_AFTER_SECONDS = 600;

/** Localized jsonb value ({ru, en, kk, zh}) -> the text in `l`, else ru, else ''. */
function text(v: unknown, l: AiLanguage = 'ru'): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const s = o[l] ?? o.ru;
    return typeof s === 'string' ? s : '';
  }
  return '';
}

const lang = (v: unknown): AiLanguage => (LANGS.includes(v as AiLanguage) ? (v as AiLanguage) : 'ru');
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Listing fields a translation may read and write (localized jsonb columns). */
export const PROPERTY_TRANSLATABLE = ['title', 'description'] as const;
/** Blog post fields a translation may read and write. */
export const BLOG_TRANSLATABLE = ['title', 'excerpt', 'content'] as const;

/**
 * The `ai` queue's job (issue 23 "AI content"; spec 02 §7 AI): runs one ai_requests row with the
 * ContentProvider and writes its draft output (never into the listing or post: a person accepts
 * it through the API). queued -> running -> completed (output, provider, model, tokens,
 * duration_ms, finished_at) or failed (error, error_kind). A provider error that may pass
 * (rate_limited, timeout, unavailable) is retried while attempts are left (the row goes back to
 * queued with the error): a 429 with Retry-After is delayed by exactly that (at most 10 min),
 * the others are rethrown for BullMQ's exponential backoff; refused, bad_answer, a missing listing or the last attempt
 * fail the row for good (UnrecoverableError). Session suggestions also fill
 * ai_property_sessions.suggestions and set the session 'suggested'.
 */
@Injectable()
export class AiGenerateService {
  private readonly logger = new Logger(AiGenerateService.name);

  constructor(
    private readonly db: DataSource,
    @Inject(CONTENT_PROVIDER) private readonly provider: ContentProvider,
  ) {}

  @JobHandler(JobName.AiGenerate)
  async generate(job: Job<JobPayloads[JobName.AiGenerate]>): Promise<{ status: string }> {
    const id = job.data.requestId;
    // TypeORM answers an UPDATE ... RETURNING with [rows, affected].
    const [rows]: [RequestRow[], number] = UUID.test(id)
      ? await this.db.query(
          `UPDATE ai_requests SET status = 'running', started_at = now(), attempts = attempts + 1
            WHERE id = $1 AND status IN ('queued', 'running') RETURNING id, kind, input, status, attempts`,
          [id],
        )
      : [[], 0];
    const row = rows[0];
    if (!row) return { status: 'skipped' };
    const started = Date.now();
    try {
      const { output, results } = await this.run(row);
      const tokens = results.reduce((n, r) => n + r.promptTokens + r.completionTokens, 0);
      const last = results[results.length - 1];
      await this.db.transaction(async (m) => {
        await m.query(
          `UPDATE ai_requests SET status = 'completed', output = $2, provider = $3, model = $4, tokens = $5,
                  duration_ms = $6, error = NULL, error_kind = NULL, finished_at = now()
            WHERE id = $1`,
          [row.id, JSON.stringify(output), last?.provider ?? this.provider.name, last?.model ?? null, tokens, Date.now() - started],
        );
        if (row.kind === 'session-suggestions') await this.saveSuggestions(m, row, output);
      });
      return { status: 'completed' };
    } catch (err) {
      const e =
        err instanceof AiProviderError
          ? err
          : err instanceof UnrecoverableError
            ? new AiProviderError('bad_answer', err.message)
            : new AiProviderError('unavailable', (err as Error).message);
      const retryable = e.kind === 'rate_limited' || e.kind === 'timeout' || e.kind === 'unavailable';
      const maxAttempts = job.opts.attempts ?? 1;
      // A delayed retry (Retry-After) is not a BullMQ attempt: the row's own count bounds both.
      const attemptsLeft = job.attemptsMade + 1 < maxAttempts && row.attempts < maxAttempts;
      const waitFor = e.kind === 'rate_limited' && e.retryAfterSeconds !== undefined && job.token ? e.retryAfterSeconds : null;
      const message = `${e.message}${e.retryAfterSeconds !== undefined ? ` (retry after ${e.retryAfterSeconds} s)` : ''}`.slice(0, 500);
      const again = retryable && attemptsLeft && !(err instanceof UnrecoverableError);
      await this.db.query(
        `UPDATE ai_requests SET status = $2::varchar, error = $3, error_kind = $4, provider = $5, duration_ms = $6,
                finished_at = CASE WHEN $2::varchar = 'failed' THEN now() ELSE NULL END
          WHERE id = $1`,
        [row.id, again ? 'queued' : 'failed', message, e.kind, this.provider.name, Date.now() - started],
      );
      this.logger.warn(`ai request ${row.id} (${row.kind}): ${e.kind}: ${message}${again ? ' - will retry' : ''}`);
      if (again && waitFor !== null) {
        // 429 with Retry-After: wait what the provider asked (not the queue's backoff).
        await job.moveToDelayed(Date.now() + Math.min(waitFor, MAX_RETRY_AFTER_SECONDS) * 1000, job.token);
        throw new DelayedError();
      }
      if (again) throw e;
      throw new UnrecoverableError(message);
    }
  }

  private async run(row: RequestRow): Promise<{ output: unknown; results: AiResult<unknown>[] }> {
    const input = row.input;
    const language = lang(input.language);
    switch (row.kind) {
      case 'description': {
        const r = await this.provider.describeProperty(await this.facts(String(input.propertyId)), language);
        return { output: { language, text: r.value }, results: [r] };
      }
      case 'questions': {
        const r = await this.provider.propertyQuestions(await this.facts(String(input.propertyId)), language);
        return { output: { language, questions: r.value }, results: [r] };
      }
      case 'router': {
        const r = await this.provider.complete(String(input.prompt ?? ''), String(input.task ?? 'general'), language);
        return { output: { language, text: r.value }, results: [r] };
      }
      case 'translate':
        return this.translate(input);
      case 'session-suggestions':
        return this.suggest(input, language);
    }
  }

  /** Each `to` language: the listing's or post's `fields` from `from`, translated (keys kept). */
  private async translate(input: Record<string, unknown>): Promise<{ output: unknown; results: AiResult<unknown>[] }> {
    const entity = input.entity === 'blog_post' ? 'blog_post' : 'property';
    const from = lang(input.from);
    const to = (Array.isArray(input.to) ? input.to : []).map(lang).filter((l) => l !== from);
    const allowed: readonly string[] = entity === 'property' ? PROPERTY_TRANSLATABLE : BLOG_TRANSLATABLE;
    const fields = (Array.isArray(input.fields) ? input.fields : []).map(String).filter((f) => allowed.includes(f));
    const table = entity === 'property' ? 'properties' : 'blog_posts';
    const id = String(input.id);
    const rows: Array<Record<string, unknown>> = UUID.test(id)
      ? await this.db.query(`SELECT ${fields.map((f) => `"${f}"`).join(', ') || 'id'} FROM ${table} WHERE id = $1`, [id])
      : [];
    if (!rows[0]) throw new UnrecoverableError(`${entity} ${id} not found`);
    const source: Record<string, string> = {};
    for (const f of fields) source[f] = text(rows[0][f], from);
    const translations: Record<string, Record<string, string>> = {};
    const results: AiResult<unknown>[] = [];
    for (const l of to) {
      const r = await this.provider.translate(source, from, l);
      translations[l] = r.value;
      results.push(r);
    }
    return { output: { entity, id, from, fields, source, translations }, results };
  }

  /** Description (4 languages) and questions for a session's draft fields. */
  private async suggest(input: Record<string, unknown>, language: AiLanguage): Promise<{ output: unknown; results: AiResult<unknown>[] }> {
    const sid = String(input.sessionId);
    const rows: Array<{ fields: Record<string, unknown> }> = UUID.test(sid)
      ? await this.db.query(`SELECT fields FROM ai_property_sessions WHERE id = $1`, [sid])
      : [];
    if (!rows[0]) throw new UnrecoverableError(`session ${sid} not found`);
    const facts = await this.sessionFacts(rows[0].fields);
    const description: Record<string, string> = {};
    const results: AiResult<unknown>[] = [];
    for (const l of LANGS) {
      const r = await this.provider.describeProperty(facts, l);
      description[l] = r.value;
      results.push(r);
    }
    const q = await this.provider.propertyQuestions(facts, language);
    results.push(q);
    return { output: { description, questions: q.value, language }, results };
  }

  private async saveSuggestions(m: EntityManager, row: RequestRow, output: unknown): Promise<void> {
    await m.query(
      `UPDATE ai_property_sessions SET suggestions = $2::jsonb, status = CASE WHEN status = 'completed' THEN status ELSE 'suggested' END,
              updated_at = now() WHERE id = $1`,
      [String(row.input.sessionId), JSON.stringify(output)],
    );
  }

  /** A listing's facts (₸, m²), category as its slug, city from characteristics (Almaty when none). */
  async facts(propertyId: string): Promise<AiPropertyFacts> {
    const rows: Array<Record<string, unknown>> = UUID.test(propertyId)
      ? await this.db.query(
          `SELECT p.title, p.description, p.deal_type, c.slug AS category, p.price, p.area, p.address, p.floor,
                  p.total_floors, p.characteristics, p.features
             FROM properties p JOIN property_categories c ON c.id = p.category_id WHERE p.id = $1`,
          [propertyId],
        )
      : [];
    const r = rows[0];
    if (!r) throw new UnrecoverableError(`property ${propertyId} not found`);
    const ch = (r.characteristics ?? {}) as Record<string, unknown>;
    return {
      title: text(r.title),
      description: text(r.description),
      dealType: r.deal_type === 'sale' ? 'sale' : 'rent',
      category: String(r.category),
      price: Number(r.price),
      area: Number(r.area),
      address: String(r.address),
      city: typeof ch.city === 'string' && ch.city ? ch.city : 'Almaty',
      floor: numOrNull(r.floor),
      totalFloors: numOrNull(r.total_floors),
      rooms: numOrNull(ch.rooms),
      yearBuilt: numOrNull(ch.year_built),
      features: Array.isArray(r.features) ? (r.features as string[]) : [],
    };
  }

  /** A session's draft fields (PropertyWriteValues-like, partial) as facts. */
  private async sessionFacts(f: Record<string, unknown>): Promise<AiPropertyFacts> {
    let category = 'offices';
    if (typeof f.categoryId === 'number') {
      const c: Array<{ slug: string }> = await this.db.query(`SELECT slug FROM property_categories WHERE id = $1`, [f.categoryId]);
      category = c[0]?.slug ?? category;
    }
    return {
      title: text(f.title),
      description: text(f.description),
      dealType: f.dealType === 'sale' ? 'sale' : 'rent',
      category,
      price: Number(f.price) || 0,
      area: Number(f.area) || 0,
      address: typeof f.address === 'string' ? f.address : '',
      city: typeof f.city === 'string' && f.city ? f.city : 'Almaty',
      floor: numOrNull(f.floor),
      totalFloors: numOrNull(f.totalFloors),
      rooms: numOrNull(f.rooms),
      yearBuilt: numOrNull(f.yearBuilt),
      features: Array.isArray(f.features) ? (f.features as string[]) : [],
    };
  }
}
