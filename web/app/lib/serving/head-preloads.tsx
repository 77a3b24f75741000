import { UNSAFE_RemixContext, useMatches } from '@remix-run/react';
import { useContext, useEffect, type ReactNode } from 'react';
import type { ResolvedImage } from '~/components/PropertyImage';

/**
 * What a route may put in its `handle` for <HeadPreloads/>: the image that is, with its loader
 * data, the page's largest contentful paint (the catalogue's first card; the listing's gallery
 * image), or null where there is none (the map view, a listing without images).
 */
export interface PreloadHandle {
  lcpImage?: (data: unknown) => ResolvedImage | null;
}

/** Set once the first render has hydrated: after that the document's preloads have done their work. */
let hydrated = false;

/**
 * `<link rel="modulepreload">` for the page's scripts at the top of <head> (issue 6: time to a
 * usable form on a slow phone; decision 022), after a preload of the page's largest image
 * where it has one.
 *
 * Remix's <Scripts/> writes the same links, but at the end of <body>: the downloads (six at a
 * time over HTTP/1.1, a round trip per six on a slow phone) start only once the whole document
 * has arrived. Named first they start with the document's first bytes. Where the LCP is an
 * image (`handle.lcpImage`), the scripts alone would take the line before the image is seen,
 * so the image is preloaded first, with fetchpriority=high (decision 022 and its amendment:
 * the measured gains there).
 *
 * Like <Scripts/>'s preloads, rendered by the server and the hydrating render only, so
 * hydration sees the very elements the server wrote. The browser fetches each URL once,
 * whichever link names it first.
 */
export function HeadPreloads(): ReactNode {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  useEffect(() => {
    hydrated = true;
  }, []);
  if (!remix || hydrated) return null;
  const { manifest } = remix;
  // The route manifest's own file first, as <Scripts/> names it (web/vite.config.ts: no lazy route discovery, decision 031).
  const scripts = new Set<string>([...(manifest.url ? [manifest.url] : []), manifest.entry.module, ...manifest.entry.imports]);
  let image: ResolvedImage | null = null;
  for (const match of matches) {
    image ??= (match.handle as PreloadHandle | undefined)?.lcpImage?.(match.data) ?? null;
    const route = manifest.routes[match.id];
    if (!route) continue;
    for (const href of route.imports ?? []) scripts.add(href);
    scripts.add(route.module);
  }
  const links = [...scripts].map((href) => <link key={href} rel="modulepreload" href={href} />);
  if (!image) return links;
  // The URL the <picture> will ask for: its WebP <source> where there is one (every current browser takes it), else the <img>.
  const preload = image.webp ? { href: image.webp, type: 'image/webp' } : { href: image.src };
  return [<link key="lcp-image" rel="preload" as="image" {...preload} {...{ fetchpriority: 'high' }} />, ...links];
}

/**
 * `handle.lcpImage` of the listing pages (catalogue, categories): the first card's image is
 * the largest paint of the grid; the map view has none.
 */
export function firstCardImage(data: unknown): ResolvedImage | null {
  const page = data as { state?: { view?: string }; items?: Array<{ image?: ResolvedImage | null }> } | undefined;
  return (page?.state?.view !== 'map' && page?.items?.[0]?.image) || null;
}
