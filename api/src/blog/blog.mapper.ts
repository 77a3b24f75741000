import type { BlogCategoryDto, BlogPostDetail, BlogPostListItem, Language, LocalizedText } from '@realty/contracts';
import type { BlogCategory, BlogPost, FileStorage } from '@realty/db';
import { sanitizeArticleHtml } from './sanitize-article';

export function toBlogCategoryDto(c: BlogCategory): BlogCategoryDto {
  return { id: c.id, slug: c.slug, name: c.name, nameRu: c.name?.ru ?? '' };
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A news card (spec 01 §3 "Blog post (list)"). */
export function toBlogListItem(p: BlogPost, storage: FileStorage): BlogPostListItem {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    titleRu: p.title?.ru ?? '',
    excerptRu: p.excerpt?.ru ?? '',
    coverImageUrl: p.coverImageKey ? storage.publicUrl(p.coverImageKey) : null,
    publishedAt: iso(p.publishedAt),
    createdAt: p.createdAt.toISOString(),
    readingTimeMinutes: p.readingTimeMinutes,
    viewsCount: p.viewsCount,
    category: p.category ? toBlogCategoryDto(p.category) : null,
    status: p.status,
  };
}

/** The article (spec 01 §3 "Article (single)"): every language's body sanitised (spec 01 §5). */
export function toBlogDetail(p: BlogPost, storage: FileStorage): BlogPostDetail {
  const item = toBlogListItem(p, storage);
  const content = {} as LocalizedText;
  for (const [lang, html] of Object.entries(p.content ?? {}) as Array<[Language, string]>) content[lang] = sanitizeArticleHtml(html);
  return {
    ...item,
    content,
    imageUrl: item.coverImageUrl,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    seoKeywords: p.seoKeywords,
    author: p.author ? { firstName: p.author.firstName, lastName: p.author.lastName, role: p.authorRole } : null,
    updatedAt: p.updatedAt.toISOString(),
  };
}
