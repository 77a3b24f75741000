import { UNSAFE_RemixContext, useMatches } from '@remix-run/react';
import { useContext, useEffect, type ReactNode } from 'react';
import type { ResolvedImage } from '~/components/PropertyImage';

/**
 * What a route may put in its `handle` for <HeadPreloads/>: the image its largest contentful
 * paint shows, from its loader data (null when the page shows none, e.g. the catalogue's map).
 */
export interface PreloadHandle {
  lcpImage?: (data: unknown) => ResolvedImage | null | undefined;
}

/** Set once the first render has hydrated: after that the document's preloads have done their work. */
let hydrated = false;

/**
 * Preloads written first in <head> (issue 6: time to a usable filter form on a slow phone,
 * without giving up the LCP; decision 022):
 *
 * 1. the page's LCP image, if a matched route names one (`handle.lcpImage`), at high priority;
 * 2. `<link rel="modulepreload">` for the page's scripts: the list <Scripts/> builds (the entry
 *    and its imports, then each matched route's imports and module).
 *
 * Remix's <Scripts/> writes the same module preloads, but at the end of <body>, after the
 * content and the translations (~240 KB of HTML on /catalog): the downloads (12 files, six at
 * a time over HTTP/1.1, one ~560 ms round trip per six on slow 4G) started only once that much
 * had arrived and been scanned, and the filter form was usable after 3.6-6.0 s on the bench's
 * throttled profile. Named first in <head> they start with the document's first bytes, but
 * then take the six connections before the body's LCP image is even seen (LCP on /catalog went
 * from ~1.8 s to ~3.0 s): hence the image's preload before them. The image still shares the line
 * with the scripts: the catalogue's LCP median is ~0.4 s later than with the scripts at the end
 * (its worst load is not), for a form usable ~1 s sooner (decision 022). The browser fetches
 * each URL once, whichever link names it first.
 *
 * Like <Scripts/>'s preloads, rendered by the server and the hydrating render only, so
 * hydration sees the very elements the server wrote.
 */
export function HeadPreloads(): ReactNode {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  useEffect(() => {
    hydrated = true;
  }, []);
  if (!remix || hydrated) return null;
  const out: ReactNode[] = [];
  for (const match of matches) {
    const image = (match.handle as PreloadHandle | undefined)?.lcpImage?.(match.data);
    if (image && !out.length) {
      // The <picture>'s WebP source when it has one (what every browser we serve picks), else the <img>.
      out.push(<link key="lcp-image" rel="preload" as="image" href={image.webp ?? image.src} {...(image.webp ? { type: 'image/webp' } : {})} {...{ fetchpriority: 'high' }} />);
    }
  }
  const { manifest } = remix;
  const scripts = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (!route) continue;
    for (const href of route.imports ?? []) scripts.add(href);
    scripts.add(route.module);
  }
  for (const href of scripts) out.push(<link key={href} rel="modulepreload" href={href} />);
  return out;
}

/**
 * `handle.lcpImage` of the listing pages (catalogue, categories): the first card's image, the
 * largest paint of the grid; none on the map view.
 */
export function firstCardImage(data: unknown): ResolvedImage | null {
  const page = data as { state?: { view?: string }; items?: Array<{ image?: ResolvedImage | null }> } | undefined;
  if (!page || page.state?.view === 'map') return null;
  return page.items?.[0]?.image ?? null;
}
