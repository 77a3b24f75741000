import type { KeptPage } from './kept-page.server';

/**
 * When a kept page of the page cache (page-cache.server.ts) is fresh, and for how long a page
 * stored now will be: its TTL with jitter, shortened while the catalogue version has just
 * moved, and cut short as soon as the catalogue version moves past the one it was made under.
 * Every time is read from one clock (`now`), so tests move time instead of waiting for it.
 */

/** Share of the TTL a kept page may lose at random (see `freshUntil`). */
const TTL_JITTER = 0.4;

/** The refresh settings of PageCacheOptions, defaults applied, and the cache's clock. */
export interface RefreshPolicyOptions {
  /** How long a page is fresh, ms. */
  ttlMs: number;
  /** How long after that it may still be served while it renders anew, ms. */
  staleMs: number;
  /** The catalogue version now, or null when unknown (PageCacheOptions.version). */
  version?: () => number | null;
  /** How long a page rendered just after the version moved is kept, ms (PageCacheOptions.versionSettleMs). */
  versionSettleMs: number;
  /** The clock, ms (Date.now, or a test's). */
  now: () => number;
}

/** The page cache's freshness rules (issue 6, decision 019): see the file's comment. */
export class RefreshPolicy {
  /** How long the store may keep a page at all: fresh plus stale, ms (at least 1). */
  readonly keepMs: number;
  /** The catalogue version this cache last saw, and when it first saw it (clock ms). */
  private seen: { version: number | null; at: number } = { version: null, at: 0 };

  constructor(private readonly options: RefreshPolicyOptions) {
    this.keepMs = Math.max(1, options.ttlMs + options.staleMs);
  }

  /** The cache's clock, ms. */
  now(): number {
    return this.options.now();
  }

  /** The catalogue version now, as far as it is known (null: unknown or not used); notes when it moved. */
  versionNow(): number | null {
    const now = this.options.version?.() ?? null;
    if (now !== this.seen.version) this.seen = { version: now, at: this.options.now() };
    return now;
  }

  /**
   * Whether `page` may be answered as a hit: within its fresh time, and not made under an older
   * catalogue version than the one known now (such a page is due for a render, as an expired one).
   */
  isFresh(page: Pick<KeptPage, 'freshUntil' | 'version'>): boolean {
    return page.freshUntil > this.options.now() && !this.outdated(page);
  }

  /**
   * Until when (clock ms) a page stored now is fresh: 60-100% of `ttlMs` (pages first asked
   * together, after a restart say, then come due spread out rather than all in the same
   * second), or only `versionSettleMs` when the catalogue version moved less than that ago.
   */
  freshUntil(): number {
    this.versionNow();
    const now = this.options.now();
    const settling = this.seen.version !== null && now - this.seen.at < this.options.versionSettleMs;
    const ttl = Math.round(this.options.ttlMs * (1 - TTL_JITTER * Math.random()));
    return now + (settling ? Math.min(ttl, this.options.versionSettleMs) : ttl);
  }

  /** A page made under an older catalogue version than the one known now. */
  private outdated(page: Pick<KeptPage, 'version'>): boolean {
    if (page.version === null) return false;
    const now = this.versionNow();
    return now !== null && now > page.version;
  }
}
