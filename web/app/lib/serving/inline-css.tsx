import { UNSAFE_RemixContext, useMatches } from '@remix-run/react';
import { createContext, useContext, type ReactNode } from 'react';
import { useNonce } from './nonce';

/**
 * Stylesheets written into the document instead of linked (issue 6: LCP under 2.5 s on a slow
 * phone; decision 020).
 *
 * A linked stylesheet in <head> blocks the first paint until it has arrived: on a slow phone
 * connection that is one more round trip after the HTML before anything shows. Our stylesheets
 * are small (sizes: decision 020), so the document request writes the ones its routes need as <style data-href="/assets/…css"> into <head>; the browser
 * then paints as soon as the HTML is parsed. The hashed files stay where they are: a client-side
 * navigation to a route whose stylesheet the first document did not carry links it, as usual
 * (Remix preloads it before the route shows).
 *
 * `InlineCssContext` gives the text of a stylesheet by its href, or undefined to link it: on the
 * server, read from the client build (entry.server.tsx); in the browser, the text the first
 * document carried (read from the DOM before hydration, entry.client.tsx), so hydration sees
 * the very elements the server wrote.
 */
export type InlineCss = (href: string) => string | undefined;

export const InlineCssContext = createContext<InlineCss>(() => undefined);

/** The attribute naming the stylesheet a <style> element carries. */
export const INLINE_CSS_ATTRIBUTE = 'data-href';

/** A stylesheet href of the client build that may be written into the document (hashed name under /assets/). */
export const INLINABLE_CSS = /^\/assets\/[\w.-]+\.css$/;

/** Stylesheets larger than this are linked, not written into every document, bytes. */
export const INLINE_CSS_MAX_BYTES = 32 * 1024;

/** The browser's InlineCss: the stylesheets the first document carried, by href. */
export function inlineCssFromDocument(doc: Document): InlineCss {
  const texts = new Map<string, string>();
  for (const el of doc.querySelectorAll<HTMLStyleElement>(`style[${INLINE_CSS_ATTRIBUTE}]`)) {
    const href = el.getAttribute(INLINE_CSS_ATTRIBUTE);
    if (href) texts.set(href, el.textContent ?? '');
  }
  return (href) => texts.get(href);
}

type LinkProps = { rel?: string; href?: string; [key: string]: unknown };

/**
 * Remix's <Links/> (the dev server's critical CSS, the stylesheets of the matched routes, their
 * side-effect CSS and their `links()`, deduplicated), except that a stylesheet `InlineCssContext` knows is written as
 * <style data-href> instead of <link rel="stylesheet">. Renders in <head>.
 */
export function DocumentLinks(): ReactNode {
  const remix = useContext(UNSAFE_RemixContext);
  const inlineCss = useContext(InlineCssContext);
  const nonce = useNonce();
  const matches = useMatches();
  if (!remix) return null;
  const seen = new Set<string>();
  // The Vite dev server's critical CSS (no flash of unstyled content in development), as <Links/>.
  const out: ReactNode[] = remix.criticalCss
    ? [<style key="critical-css" nonce={nonce} dangerouslySetInnerHTML={{ __html: remix.criticalCss }} />]
    : [];
  for (const match of matches) {
    const route = remix.manifest.routes[match.id];
    const descriptors: LinkProps[] = [
      ...(route?.css ?? []).map((href) => ({ rel: 'stylesheet', href })),
      ...((remix.routeModules[match.id]?.links?.() ?? []) as LinkProps[]),
    ];
    for (const link of descriptors) {
      // Page links (prefetch descriptors with `page`) are not used by our routes.
      if ('page' in link) continue;
      const key = link.rel === 'stylesheet' && link.href ? `stylesheet:${link.href}` : JSON.stringify(link);
      if (seen.has(key)) continue;
      seen.add(key);
      const css = link.rel === 'stylesheet' && typeof link.href === 'string' ? inlineCss(link.href) : undefined;
      out.push(
        css !== undefined ? (
          <style key={key} nonce={nonce} {...{ [INLINE_CSS_ATTRIBUTE]: link.href }} dangerouslySetInnerHTML={{ __html: css }} />
        ) : (
          <link key={key} {...link} />
        ),
      );
    }
  }
  return out;
}
