/**
 * The article body sanitiser (spec 01 §5), shared with the worker: it lives in @realty/db
 * (libs/db/src/sanitize-article.ts) so the public pages, the blog desk's stored bodies (issue 23)
 * and the worker's generated drafts pass the same one.
 */
export {
  ARTICLE_ALLOWED_ATTRIBUTES,
  ARTICLE_ALLOWED_CLASSES,
  ARTICLE_ALLOWED_SCHEMES,
  ARTICLE_ALLOWED_TAGS,
  sanitizeArticleHtml,
} from '@realty/db';
