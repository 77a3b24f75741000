/** Longer targets are not ours (the site's longest listing URLs are a few hundred characters). */
const MAX_LENGTH = 2048;
/** Stands in for the site when no origin is given: only paths can match it. */
const PLACEHOLDER_ORIGIN = 'http://site.invalid';

/**
 * The one check of a redirect target taken from a request (a `redirectTo` query or form field,
 * the Referer, a `back` field; issue 19 item 3, spec 01 §2 "redirectTo"). Used on the server and
 * in the browser (no Node imports).
 *
 * The target is parsed with the WHATWG URL parser, which is what the browser will do with our
 * Location header, so what is checked is what the browser follows: tabs and newlines are
 * dropped, backslashes count as slashes, `/.//x` collapses to `//x`. It is accepted only when
 * - it is a path (`/...`) or an absolute http(s) URL, at most MAX_LENGTH characters, with no
 *   raw control character, space or backslash (a browser strips or rewrites those);
 * - its origin, once parsed against `origin`, is that origin (so no `//evil`, `/\evil`,
 *   `https://site@evil`, `javascript:`, `data:` ...);
 * - its path, percent-decoded and NFKC-normalised (full-width `／` becomes `/`), does not start
 *   with `//`, and holds no backslash or control character: such a path is harmless on the
 *   wire but turns into another host once something on the way decodes it (React Router's
 *   backslash handling, GHSA-wrjc-x8rr-h8h6; a proxy or browser that decodes `%2F`).
 *
 * @param to       the untrusted value (anything; non-strings give the fallback)
 * @param fallback what to answer when `to` is refused (the page's default target)
 * @param origin   the site's origin (`new URL(request.url).origin`; in the browser
 *                 `location.origin`); only needed to accept absolute same-origin URLs
 * @returns a normalised same-origin path + search + hash (never an absolute URL), or `fallback`
 */
export function safeRedirectPath(to: unknown, fallback = '/', origin: string = PLACEHOLDER_ORIGIN): string {
  if (typeof to !== 'string' || !to || to.length > MAX_LENGTH) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(to)) return fallback;
  if (!to.startsWith('/') && !/^https?:\/\//i.test(to)) return fallback;
  let url: URL;
  let path: string;
  try {
    url = new URL(to, origin);
    path = decodeURIComponent(url.pathname).normalize('NFKC');
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  // eslint-disable-next-line no-control-regex
  if (path.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(path)) return fallback;
  return url.pathname + url.search + url.hash;
}
