import { UNSAFE_RemixContext, useMatches } from '@remix-run/react';
import { useContext, useEffect, type ReactNode } from 'react';

/**
 * What a route may put in its `handle` for <HeadPreloads/>: whether, with its loader data, the
 * page's largest contentful paint is an image in its content (the catalogue's first card; not
 * on its map view).
 */
export interface PreloadHandle {
  lcpIsImage?: (data: unknown) => boolean;
}

/** Set once the first render has hydrated: after that the document's preloads have done their work. */
let hydrated = false;

/**
 * `<link rel="modulepreload">` for the page's scripts at the top of <head> (issue 6: time to a
 * usable form on a slow phone; decision 022), except on pages whose largest paint is an image.
 *
 * Remix's <Scripts/> writes the same links (the entry and its imports, then each matched route's
 * imports and module), but at the end of <body>, after the content and the translations: the
 * downloads (six at a time over HTTP/1.1, one ~560 ms round trip per six on slow 4G) start only
 * once the whole document has arrived and been scanned. Named first they start with the
 * document's first bytes: the home page's form was usable ~0.9 s sooner on the bench's
 * throttled profile, its LCP (the hero's heading) unchanged.
 *
 * Where the LCP is an image (`handle.lcpIsImage`), the scripts then share the line with it from
 * the start, and the catalogue's LCP median moved from ~1.8 s to 1.9-2.3 s, too close to the
 * 2.5 s budget (also with the image preloaded ahead of them): those pages keep the scripts
 * where <Scripts/> puts them.
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
  if (matches.some((match) => (match.handle as PreloadHandle | undefined)?.lcpIsImage?.(match.data))) return null;
  const { manifest } = remix;
  const scripts = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (!route) continue;
    for (const href of route.imports ?? []) scripts.add(href);
    scripts.add(route.module);
  }
  return [...scripts].map((href) => <link key={href} rel="modulepreload" href={href} />);
}

/**
 * `handle.lcpIsImage` of the listing pages (catalogue, categories): the first card's image is
 * the largest paint of the grid; the map view has none.
 */
export function showsCardImage(data: unknown): boolean {
  const page = data as { state?: { view?: string }; items?: Array<{ image?: unknown }> } | undefined;
  return !!page && page.state?.view !== 'map' && !!page.items?.[0]?.image;
}
