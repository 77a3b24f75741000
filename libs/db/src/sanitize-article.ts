import sanitizeHtml from 'sanitize-html';

/**
 * Article body sanitising (spec 01 §5 "Article body sanitising"), done by the API before any
 * body leaves it AND before any body is stored (the blog desk's editor, issue 23; the worker's
 * generated drafts), with the maintained `sanitize-html` package. It lives in @realty/db so the
 * API and the worker share this one sanitiser (api/src/blog/sanitize-article.ts re-exports it):
 * - allowed tags: paragraphs, breaks, bold, italic, underline, headings h1-h6, lists, links,
 *   images, blockquote, code, pre, span, div;
 * - allowed attributes: href, src, alt, title, class, target, rel (on any allowed tag);
 * - class keeps only the names of ARTICLE_ALLOWED_CLASSES (issue 19 item 8): any other name
 *   would reach the site's own styles (a body could dress itself as the site's buttons, hide
 *   text with sr-only, or overlay the page), so it is dropped, and an empty class with it;
 * - no data-* attributes (none is on the list), no event handlers, no style;
 * - URLs: relative ones and the safe schemes http, https, mailto, tel only (so no
 *   javascript:, vbscript: or data: URLs, images included);
 * - the text inside script, style, svg, math, iframe and similar elements is dropped, not
 *   shown as text; a link opening a new window gets rel="noopener noreferrer".
 */
export const ARTICLE_ALLOWED_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'blockquote',
  'code',
  'pre',
  'span',
  'div',
] as const;

export const ARTICLE_ALLOWED_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'class', 'target', 'rel'] as const;

/**
 * The class names an article may use, styled under `.article-body` (web/app/styles/news.css):
 * `lead` (the opening paragraph, larger) and `note` (a boxed aside). The seed articles use none.
 */
export const ARTICLE_ALLOWED_CLASSES = ['lead', 'note'] as const;

export const ARTICLE_ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_ALLOWED_TAGS],
  allowedAttributes: { '*': [...ARTICLE_ALLOWED_ATTRIBUTES] },
  allowedClasses: { '*': [...ARTICLE_ALLOWED_CLASSES] },
  allowedSchemes: [...ARTICLE_ALLOWED_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'svg',
    'math',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'template',
    'title',
    'head',
    'xmp',
    'plaintext',
    'noembed',
    'noframes',
  ],
  // An image whose src was refused (or never given) shows nothing and is invalid HTML: dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // An image without alt makes the page invalid HTML and fails WCAG 1.1.1: one typed without
    // it is taken as decorative (alt="") until the editor gives it a text.
    img: (tagName, attribs) => ({ tagName, attribs: attribs.alt === undefined ? { ...attribs, alt: '' } : attribs }),
    a: (tagName, attribs) => {
      if (attribs.target && attribs.target !== '_self')
        return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } };
      return { tagName, attribs };
    },
  },
};

/** The safe HTML of an article body (spec 01 §5). */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html ?? '', OPTIONS);
}
