/**
 * What the visitor helpers (language, theme, CSRF token, page-view counting) read of a request:
 * its URL, method and headers. A Fetch `Request` is one; the anonymous page cache passes a light
 * view of the Express request instead (issue 6: building an undici Request for every kept page
 * served was a visible share of the web's main thread and much of its garbage; decision 019).
 */
export interface RequestView {
  readonly url: string;
  readonly method: string;
  readonly headers: { get(name: string): string | null };
}
