import { Inject, Injectable, Logger } from '@nestjs/common';
import { autoMonthSlots, readingTimeMinutes, slugify, type Language, type LocalizedText } from '@realty/contracts';
import { sanitizeArticleHtml } from '@realty/db';
import { JobName, type JobPayloads } from '@realty/jobs';
import type { Job } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import { CONTENT_PROVIDER, type AiBlogBrief, type ContentProvider } from '../ai/content-provider';
import { JobHandler } from '../jobs/job-handler.decorator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Posts published per run at most (the next run, a minute later, takes the rest). */
export const PUBLISH_BATCH = 200;

/**
 * Topics the auto-month rotates through (issue 23 "topics rotating across categories"); each
 * slot i takes AUTO_MONTH_TOPICS[i % n] and the i-th category of blog_categories in sort order.
 */
export const AUTO_MONTH_TOPICS: ReadonlyArray<{ topic: string; keywords: string[] }> = [
  { topic: 'Рынок офисной аренды: итоги месяца', keywords: ['аренда офиса', 'ставки', 'класс A'] },
  { topic: 'Как выбрать офис для команды из 20 человек', keywords: ['площадь', 'планировка', 'парковка'] },
  { topic: 'Торговые помещения на первых этажах: спрос и цены', keywords: ['ритейл', 'трафик', 'витрина'] },
  { topic: 'Склады класса A: что проверить перед арендой', keywords: ['склад', 'высота потолков', 'рампа'] },
  { topic: 'Коворкинг или свой офис: сравнение расходов', keywords: ['коворкинг', 'расходы', 'гибкость'] },
  { topic: 'Договор аренды коммерческой недвижимости: ключевые пункты', keywords: ['договор', 'индексация', 'депозит'] },
  { topic: 'Инвестиции в коммерческую недвижимость: доходность', keywords: ['доходность', 'окупаемость', 'налоги'] },
  { topic: 'Новости бизнес-центра: сервисы для арендаторов', keywords: ['сервис', 'бизнес-центр', 'арендаторы'] },
];

/**
 * Publishes the approved drafts whose scheduled_at has passed (issue 23 "scheduled posts are
 * published by the maintenance job at their time"): status published, published_at = their
 * scheduled time (not the run's), schedule cleared, an audit row each (actor: the system).
 * Rows are taken FOR UPDATE SKIP LOCKED in one transaction, so two workers never publish one
 * post twice; a second run finds nothing left. Returns the ids published.
 */
export async function publishScheduledPosts(db: DataSource, now: Date, limit = PUBLISH_BATCH): Promise<string[]> {
  return db.transaction(async (m: EntityManager) => {
    const rows = (await m.query(
      `SELECT id, scheduled_at FROM blog_posts
        WHERE status = 'draft' AND moderation_status = 'approved' AND scheduled_at IS NOT NULL AND scheduled_at <= $1
        ORDER BY scheduled_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    )) as Array<{ id: string; scheduled_at: Date }>;
    for (const r of rows) {
      await m.query(
        `UPDATE blog_posts SET status = 'published', published_at = scheduled_at, scheduled_at = NULL, updated_at = $2 WHERE id = $1`,
        [r.id, now],
      );
      await m.query(
        `INSERT INTO audit_logs (occurred_at, actor_role, action, entity, entity_id, before, after)
         VALUES ($1, 'system', 'blog_post.publish_scheduled', 'blog_post', $2, $3, $4)`,
        [
          now,
          r.id,
          JSON.stringify({ status: 'draft', scheduledAt: new Date(r.scheduled_at).toISOString() }),
          JSON.stringify({ status: 'published', publishedAt: new Date(r.scheduled_at).toISOString() }),
        ],
      );
    }
    return rows.map((r) => r.id);
  });
}

interface BatchRow {
  id: string;
  kind: 'blog' | 'news';
  start_date: string;
  languages: Language[];
  status: string;
  total: number;
  created_at: Date;
  actor_id: string | null;
}

/** The slug of slot `index` of a batch: stable, so a retried job skips the drafts already written. */
export function autoMonthSlug(batchId: string, slotIso: string, topic: string): string {
  return `${slotIso.slice(0, 10)}-${slugify(topic, { maxLength: 80, fallback: 'post' })}-${batchId.slice(0, 8)}`;
}

/**
 * Writes one auto-month batch (issue 23 `POST /api/blog/schedule/auto-month`): one draft per
 * slot of autoMonthSlots(start_date, the batch's created_at) (the API counted the same slots
 * as `total`), in each of the batch's languages via the ContentProvider's writeBlogPost, the
 * bodies through sanitizeArticleHtml, each pending moderation, generated_by_ai, with its
 * scheduled_at and batch_id. Idempotent: a slot whose slug exists is skipped (a retried job
 * resumes). Progress: job.updateProgress({done, total}); `done` is counted from the rows.
 */
export async function runAutoMonth(
  db: DataSource,
  provider: ContentProvider,
  batchId: string,
  onProgress: (done: number, total: number) => Promise<void> = async () => undefined,
): Promise<{ written: number; skipped: number }> {
  const [batch] = (await db.query(
    `WITH started AS (
       UPDATE blog_batches SET status = 'running', failure = NULL WHERE id = $1 AND status IN ('queued', 'running', 'failed')
       RETURNING id, kind, to_char(start_date, 'YYYY-MM-DD') AS start_date, languages, status, total, created_at, actor_id)
     SELECT * FROM started`,
    [batchId],
  )) as BatchRow[];
  if (!batch) return { written: 0, skipped: 0 };
  const slots = autoMonthSlots(batch.start_date, new Date(batch.created_at));
  const categories = (await db.query(`SELECT id, slug FROM blog_categories ORDER BY sort_order, id`)) as Array<{
    id: number;
    slug: string;
  }>;
  let written = 0;
  let skipped = 0;
  try {
    for (const [i, slot] of slots.entries()) {
      const t = AUTO_MONTH_TOPICS[i % AUTO_MONTH_TOPICS.length];
      const category = categories.length ? categories[i % categories.length] : null;
      const slug = autoMonthSlug(batch.id, slot, t.topic);
      if (((await db.query(`SELECT 1 FROM blog_posts WHERE slug = $1`, [slug])) as unknown[]).length) {
        skipped += 1;
        continue;
      }
      const brief: AiBlogBrief = { topic: t.topic, category: category?.slug ?? 'news', keywords: t.keywords };
      const title: Partial<LocalizedText> = {};
      const excerpt: Partial<LocalizedText> = {};
      const content: Partial<LocalizedText> = {};
      for (const lang of batch.languages) {
        const { value } = await provider.writeBlogPost(brief, lang);
        title[lang] = value.title.trim().slice(0, 200);
        excerpt[lang] = value.excerpt.trim().slice(0, 500);
        content[lang] = sanitizeArticleHtml(value.html).trim();
      }
      const main = content.ru ?? content[batch.languages[0]] ?? '';
      await db.query(
        `INSERT INTO blog_posts (slug, kind, category_id, title, excerpt, content, status, moderation_status, scheduled_at,
           generated_by_ai, batch_id, reading_time_minutes, author_id, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, 'draft', 'pending', $7, true, $8, $9, $10, $10, $10) ON CONFLICT (slug) DO NOTHING`,
        [
          slug,
          batch.kind,
          category?.id ?? null,
          JSON.stringify(title),
          JSON.stringify(excerpt),
          JSON.stringify(content),
          slot,
          batch.id,
          readingTimeMinutes(main),
          batch.actor_id,
        ],
      );
      written += 1;
      await onProgress(written + skipped, slots.length);
    }
    await db.query(`UPDATE blog_batches SET status = 'completed', total = $2, finished_at = now() WHERE id = $1`, [batch.id, slots.length]);
  } catch (err) {
    await db.query(`UPDATE blog_batches SET status = 'failed', failure = left($2, 500) WHERE id = $1`, [
      batch.id,
      err instanceof Error ? err.message : String(err),
    ]);
    throw err;
  }
  return { written, skipped };
}

/** The blog desk's jobs (issue 23): scheduled publishing (maintenance, every minute) and auto-month (ai queue). */
@Injectable()
export class BlogDeskJobs {
  private readonly logger = new Logger(BlogDeskJobs.name);
  /** The publishing clock (tests replace it). */
  now: () => Date = () => new Date();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(CONTENT_PROVIDER) private readonly provider: ContentProvider,
  ) {}

  /** JobName.PublishScheduledPosts: publishScheduledPosts at this.now(). */
  @JobHandler(JobName.PublishScheduledPosts)
  async publish(): Promise<{ published: number }> {
    const ids = await publishScheduledPosts(this.dataSource, this.now());
    if (ids.length) this.logger.log(`${ids.length} scheduled posts published`);
    return { published: ids.length };
  }

  /** JobName.BlogAutoMonth: runAutoMonth with the ContentProvider; progress {done, total}. */
  @JobHandler(JobName.BlogAutoMonth)
  async autoMonth(job: Job<JobPayloads[JobName.BlogAutoMonth]>): Promise<{ written: number; skipped: number }> {
    if (!UUID.test(job.data.batchId)) return { written: 0, skipped: 0 };
    return runAutoMonth(this.dataSource, this.provider, job.data.batchId, (done, total) => job.updateProgress({ done, total }));
  }
}
