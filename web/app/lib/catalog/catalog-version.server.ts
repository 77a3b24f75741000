import type { ApiClient } from '@realty/api-client';
import { createWebApiClient } from '../api/api.server';

/**
 * The catalogue version as the API last answered it (GET /api/properties/version: it moves
 * with every change of a listing or an image, counters aside), for the anonymous page cache
 * (decision 019, amended 2026-11-24): a kept page made under an older version is rendered anew
 * in the background, so a change reaches the kept pages within about `pollMs` plus a render
 * instead of their TTL.
 *
 * The returned function never waits: it answers the last version read (null before the first
 * answer, or while the API cannot be reached: kept pages then live out their TTL) and, when
 * that read is older than `pollMs`, starts the next one (one at a time; an idle web server asks
 * nothing). A failed read is logged at most once a minute. `pollMs` 0 (PAGE_CACHE_VERSION_POLL_MS)
 * gives undefined: no versions, pages live out their TTL.
 */
export function catalogVersionSource(
  pollMs: number,
  read: () => Promise<number> = defaultRead,
  now: () => number = Date.now,
): (() => number | null) | undefined {
  if (!(pollMs > 0)) return undefined;
  let known: number | null = null;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading = false;
  let lastErrorLog = Number.NEGATIVE_INFINITY;
  return () => {
    if (!reading && now() - readAt >= pollMs) {
      reading = true;
      readAt = now();
      read()
        .then(
          (version) => {
            known = version;
          },
          (error: unknown) => {
            known = null;
            if (now() - lastErrorLog < 60_000) return;
            lastErrorLog = now();
            console.error(`page cache: could not read the catalogue version, pages live out their TTL: ${(error as Error).message}`);
          },
        )
        .finally(() => {
          reading = false;
        });
    }
    return known;
  };
}

let client: ApiClient | undefined;

/** GET /api/properties/version, uncompressed, given up after 2 s. */
const defaultRead = (): Promise<number> => {
  client ??= createWebApiClient(null, { timeoutMs: 2000 });
  return client.properties.version();
};
