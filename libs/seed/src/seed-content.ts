import type { DataSource, EntityManager } from 'typeorm';
import { LocalFileStorage, type FileStorage } from '@realty/db';
import { insertDemoBlog } from './demo-blog';
import { insertBlogDeskDemo } from './demo-blog-desk';
import { insertDemoPartners } from './demo-partners';
import { AGENT_DEFS } from './reference-data';

export interface ContentSeedOptions {
  seed: number;
  referenceDate: Date;
  /** Post authors (user ids); default: the demo agents found by e-mail. */
  authorIds?: string[];
  storage?: FileStorage;
}

/**
 * Partners and news (issue 5): fills the partner and blog tables when they are empty
 * (categories are added when missing). Part of seedDemoData; also run on its own by
 * `scripts/db.mjs seed` for a database whose listings are already there.
 */
export async function seedContent(m: EntityManager, options: ContentSeedOptions): Promise<{ partners: number; blogPosts: number }> {
  const authorIds =
    options.authorIds ??
    (
      (await m.query(`SELECT id FROM users WHERE lower(email) = ANY($1) ORDER BY created_at, id`, [
        AGENT_DEFS.map((a) => a.email.toLowerCase()),
      ])) as Array<{ id: string }>
    ).map((u) => u.id);
  const partners = await insertDemoPartners(m, options.seed);
  const blogPosts = await insertDemoBlog(m, {
    seed: options.seed,
    referenceDate: options.referenceDate,
    authorIds,
    storage: options.storage ?? new LocalFileStorage(),
  });
  // The blog desk's states (issue 23) with the demo posts, when those were just added.
  if (blogPosts > 0)
    await insertBlogDeskDemo(m, { seed: options.seed, referenceDate: options.referenceDate, authorId: authorIds[0] ?? null });
  return { partners, blogPosts };
}

/** seedContent in its own transaction. */
export function seedContentData(dataSource: DataSource, options: ContentSeedOptions): Promise<{ partners: number; blogPosts: number }> {
  return dataSource.transaction((m) => seedContent(m, options));
}
