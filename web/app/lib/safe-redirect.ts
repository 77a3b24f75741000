/** Keeps redirects on this site: only paths starting with a single '/' pass, else '/'. */
export function safeRedirectPath(to: string | null | undefined, fallback = '/'): string {
  if (!to || typeof to !== 'string') return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  return to;
}
