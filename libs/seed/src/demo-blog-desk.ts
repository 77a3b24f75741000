import type { EntityManager } from 'typeorm';
import { hashSeed, Random } from './random';

/**
 * The blog desk's demo posts (issue 23), so /dashboard/admin/blog and /news show every state
 * after `npm start`: a draft, a scheduled post (approved, published by the worker's
 * PublishScheduledPosts 60 days after the reference date, 10:00 Almaty) and a post waiting for
 * moderation (a news item). None is public. Deterministic for a seed and reference date (ids,
 * dates); inserted once (fixed slugs, ON CONFLICT DO NOTHING). Returns how many were added.
 */
export const BLOG_DESK_DEMO_SLUGS = ['desk-demo-draft', 'desk-demo-scheduled', 'desk-demo-pending'] as const;

export async function insertBlogDeskDemo(
  m: EntityManager,
  options: { seed: number; referenceDate: Date; authorId: string | null },
): Promise<number> {
  const r0 = new Random(hashSeed(options.seed, 'blog-desk'));
  const created = new Date(options.referenceDate.getTime() - 86_400_000);
  const day = 86_400_000;
  const scheduledAt = new Date(Math.floor(options.referenceDate.getTime() / day) * day + 60 * day + 5 * 3_600_000);
  const body = (ru: string, en: string) => ({
    ru: `<p>${ru}</p><p><strong>Важно:</strong> подробности на <a href="https://example.kz">сайте</a>.</p>`,
    en: `<p>${en}</p>`,
  });
  const rows: Array<{ slug: string; kind: string; title: object; content: object; moderation: string; scheduled: boolean }> = [
    {
      slug: BLOG_DESK_DEMO_SLUGS[0],
      kind: 'blog',
      title: { ru: 'Черновик: как подготовить офис к переезду', en: 'Draft: preparing an office move' },
      content: body('Черновик статьи о переезде офиса.', 'A draft about moving an office.'),
      moderation: 'approved',
      scheduled: false,
    },
    {
      slug: BLOG_DESK_DEMO_SLUGS[1],
      kind: 'blog',
      title: { ru: 'Запланировано: обзор ставок аренды', en: 'Scheduled: rent rates review' },
      content: body('Обзор ставок аренды офисов за квартал.', 'A review of office rent rates.'),
      moderation: 'approved',
      scheduled: true,
    },
    {
      slug: BLOG_DESK_DEMO_SLUGS[2],
      kind: 'news',
      title: { ru: 'На модерации: новый коворкинг в бизнес-центре', en: 'Pending: a new coworking space' },
      content: body('В бизнес-центре открывается коворкинг.', 'A coworking space opens in the business centre.'),
      moderation: 'pending',
      scheduled: false,
    },
  ];
  let added = 0;
  for (const r of rows) {
    const res = (await m.query(
      `INSERT INTO blog_posts (id, slug, kind, title, excerpt, content, status, moderation_status, scheduled_at, author_id, created_by,
         updated_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, '{}'::jsonb, $5, 'draft', $6, $7, $8, $8, $8, $9, $9)
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [
        r0.uuid(),
        r.slug,
        r.kind,
        JSON.stringify(r.title),
        JSON.stringify(r.content),
        r.moderation,
        r.scheduled ? scheduledAt : null,
        options.authorId,
        created,
      ],
    )) as unknown[];
    added += res.length;
  }
  return added;
}
