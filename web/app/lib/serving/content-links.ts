/** Page addresses of content items (spec 01 §2): /news/{slug or id}. */
export function newsHref(p: { slug?: string | null; id: string }): string {
  return `/news/${encodeURIComponent(p.slug || p.id)}`;
}
