import type { EntityManager } from 'typeorm';
import { Random, hashSeed } from './random';

/** Demo AI requests (issue 23): how many, spread over the 24 hours before `now`. */
export const DEMO_AI_REQUESTS = 48;

const KINDS = ['description', 'description', 'translate', 'questions', 'router'] as const;
const LANGS = ['ru', 'en', 'kk', 'zh'] as const;

/**
 * A day of AI requests so /dashboard/admin/ai-system has a queue and an hourly chart to show
 * (issue 23): finished requests of every kind by the demo agents about public listings, made by
 * the offline provider (0 tokens) or, for a few, a configured model (tokens counted), about one in
 * eight failed (rate limit or timeout), already accepted or discarded, so no listing shows a draft.
 * Deterministic for a seed; `now` is the reference instant. Returns the rows inserted.
 */
export async function insertDemoAiRequests(
  m: EntityManager,
  o: { seed: number; now: Date; userIds: string[]; propertyIds: string[] },
): Promise<number> {
  if (!o.userIds.length || !o.propertyIds.length) return 0;
  const rnd = new Random(hashSeed(o.seed, 'ai-requests'));
  const rows: unknown[][] = [];
  for (let i = 0; i < DEMO_AI_REQUESTS; i++) {
    const kind = KINDS[rnd.int(0, KINDS.length - 1)];
    const language = LANGS[rnd.int(0, LANGS.length - 1)];
    const propertyId = o.propertyIds[rnd.int(0, o.propertyIds.length - 1)];
    const createdAt = new Date(o.now.getTime() - rnd.int(60, 24 * 3600 - 60) * 1000);
    const failed = rnd.chance(0.125);
    const remote = rnd.chance(0.25);
    const duration = remote ? rnd.int(900, 6500) : rnd.int(2, 40);
    const tokens = remote && !failed ? rnd.int(300, 1400) : 0;
    const input =
      kind === 'translate'
        ? { entity: 'property', id: propertyId, from: 'ru', to: ['en', 'kk', 'zh'], fields: ['title', 'description'] }
        : kind === 'router'
          ? { prompt: 'Короткий слоган для офиса в центре Алматы', task: 'tagline', language }
          : { propertyId, language };
    const output = failed
      ? null
      : kind === 'questions'
        ? { language, questions: ['Когда можно посмотреть помещение?', 'Входят ли коммунальные платежи в стоимость?', 'Есть ли парковка?'] }
        : kind === 'translate'
          ? { entity: 'property', id: propertyId, from: 'ru', fields: ['title', 'description'], translations: {} }
          : { language, text: 'Демонстрационный черновик.' };
    const error = failed
      ? rnd.chance(0.5)
        ? 'The AI provider is rate limiting requests (retry after 20 s)'
        : 'The AI provider did not answer in time'
      : null;
    const finishedAt = new Date(createdAt.getTime() + duration);
    rows.push([
      kind,
      JSON.stringify(input),
      output ? JSON.stringify(output) : null,
      failed ? 'failed' : 'completed',
      error,
      failed ? (error!.includes('rate') ? 'rate_limited' : 'timeout') : null,
      remote ? 'openai' : 'offline',
      remote ? 'demo-model' : 'offline-templates-v1',
      tokens,
      duration,
      o.userIds[rnd.int(0, o.userIds.length - 1)],
      createdAt,
      finishedAt,
      failed ? null : rnd.chance(0.6) ? finishedAt : null,
      failed || rnd.chance(0.6) ? null : finishedAt,
    ]);
  }
  // Drafts not accepted are marked discarded, so no listing editor shows an old demo draft.
  for (const r of rows) if (r[3] === 'completed' && !r[13] && !r[14]) r[14] = r[12];
  const params: unknown[] = [];
  const values = rows.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`).join(', ');
  await m.query(
    `INSERT INTO ai_requests (kind, input, output, status, error, error_kind, provider, model, tokens, duration_ms, created_by,
       created_at, finished_at, accepted_at, discarded_at) VALUES ${values}`,
    params,
  );
  return rows.length;
}
