import { Injectable } from '@nestjs/common';
import type { CategoryDto, MapMarkerDto, PropertyListItem } from '@realty/contracts';
import { Clock } from '../common/clock';
import { Paged, PreparedJson } from '../common/envelope.interceptor';
import { envMsRenamed, TtlCache } from '../common/ttl-cache';
import { CatalogVersion } from './catalog-version';
import { catalogRefsOf, countersOf, type CatalogRefs } from './properties.mapper';
import { PropertiesRepository } from './properties.repository';

/**
 * How long after its TTL a kept catalogue answer may still be sent while it is recomputed
 * (stale-while-revalidate): with the 20 s TTL an answer is at most ~30 s old, the
 * max-age=30 the answer itself allows (changes of the catalogue show within a version poll).
 */
const ANSWER_STALE_MS = 10_000;
/** Kept answers refreshed at once while their stale versions are answered (see `pages`). */
const REFRESH_CONCURRENCY = 2;
/** Memory bound of the kept list answers (see `pages`), bytes. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** A kept value and the catalogue version it was computed under (see CatalogCache `version`). */
interface Versioned<V> {
  value: V;
  version: number;
  /** For a kept list page: what may change on it while the version holds (see CatalogCache `pageHolds`). */
  cards?: PageCards;
}

/**
 * What a kept list page shows that can change without moving the catalogue version: each
 * card's view and favourite counts (migration CatalogueVersion leaves the counters out), and
 * the reference names (categories, types, districts...) of the copy its cards were made from.
 */
interface PageCards {
  /** The cards' listing ids, in page order. */
  ids: string[];
  /** See `countersOf`. */
  counters: string;
  refs: CatalogRefs;
}

/**
 * What the public catalogue reads keep in memory, and when it stops holding (issue 6,
 * docs/decisions/017-catalogue-read-path.md): list totals, whole answers of the list, the map
 * and the tree (serialised, PreparedJson), and the reference tables. Every kept answer and
 * total holds only while the catalogue version it was computed under is current. Times come
 * from the injected Clock (tests move it instead of sleeping). The values themselves are made
 * by the caller (PropertiesService); this class decides when they are made again.
 */
@Injectable()
export class CatalogCache {
  /**
   * The catalogue's version (catalogue_version, moved by triggers whenever a listing or an
   * image changes, counters aside), read at most every CATALOG_VERSION_POLL_MS (default 1 s;
   * 0: not used). A change made by any process, or by hand, shows within about a second, and
   * an unchanged catalogue is not recomputed before the TTLs (issue 6).
   */
  private readonly version: CatalogVersion;

  /** Whether a kept value was computed under the current catalogue version (always, with versions off). */
  private readonly isCurrent = (kept: Versioned<unknown>): boolean => !this.version.enabled || kept.version === this.version.current();

  /** The cache clock in ms (TtlCache `now`): the injected Clock, read at each use. */
  private readonly now = (): number => this.clock.now();

  /**
   * Totals of GET /api/properties per filter set, kept CATALOG_COUNT_CACHE_MS (default 20 s;
   * 0 disables) while the catalogue version holds: the COUNT(*) is the dearest statement of a
   * list call, and every page and sort of one filter set asks the same count (decision 017).
   */
  private readonly counts: TtlCache<Versioned<number>>;

  /**
   * Whole answers of GET /api/properties per query (filters, sort, page, limit, after), kept
   * serialised (PreparedJson, br/gzip made once) while the catalogue version holds, at most
   * CATALOG_PAGE_CACHE_MS (default 20 s, 12-20 s with jitter; 0 disables) and PAGE_CACHE_BYTES
   * (64 MB, some 500 pages; a bound smaller than the pages visitors walk in turn misses every
   * time). One API process cannot compute 500 catalogue reads a second, so they are kept. A
   * card's counters may lag by up to the TTL; `invalidate()` drops everything for writers in
   * this process. Past its TTL a page is answered stale for ANSWER_STALE_MS while it is
   * recomputed, at most REFRESH_CONCURRENCY at once, so pages due together do not block the
   * event loop; and a page whose cards' counters have not moved is kept as it is (`pageHolds`).
   * Costs and the bounds' reasons: decision 017 (and its amendments).
   */
  private readonly pages: TtlCache<Versioned<PreparedJson>>;

  /** GET /api/properties/map answers per filter set, as `pages` (at most 20: each can be large; decision 017). */
  private readonly maps: TtlCache<Versioned<PreparedJson>>;

  /** The GET /api/properties/categories answer, as `pages` (two GROUP BY counts over the public listings). */
  private readonly tree: TtlCache<Versioned<PreparedJson>>;

  /**
   * The reference tables (categories, subcategories, types, districts, building complexes),
   * kept CATALOG_REFS_CACHE_MS (default 60 s): they change only in administration. A card
   * naming an id the copy lacks (a reference added since) reloads it at once (`reloadRefs`),
   * so a new reference is never missing; a renamed one shows its new name within the TTL. A
   * reload that finds the same rows answers the same copy (`refsLoaded`), so a kept list page
   * made from it still holds (`pageHolds`).
   */
  private readonly refs: TtlCache<CatalogRefs>;
  /** The last reference copy loaded and its rows as JSON. */
  private refsLoaded?: { rows: string; refs: CatalogRefs };

  constructor(
    private readonly repository: PropertiesRepository,
    private readonly clock: Clock,
  ) {
    const now = this.now;
    const pageTtl = envMsRenamed('CATALOG_PAGE_CACHE_MS', 'CATALOGUE_PAGE_CACHE_MS', 20_000);
    this.version = new CatalogVersion(
      () => this.repository.catalogVersion(),
      envMsRenamed('CATALOG_VERSION_POLL_MS', 'CATALOGUE_VERSION_POLL_MS', 1_000),
      now,
    );
    this.counts = new TtlCache<Versioned<number>>(envMsRenamed('CATALOG_COUNT_CACHE_MS', 'CATALOGUE_COUNT_CACHE_MS', 20_000), 5000, {
      isCurrent: this.isCurrent,
      now,
    });
    this.pages = new TtlCache<Versioned<PreparedJson>>(pageTtl, 10_000, {
      staleMs: ANSWER_STALE_MS,
      refreshConcurrency: REFRESH_CONCURRENCY,
      jitter: 0.4,
      maxSize: PAGE_CACHE_BYTES,
      sizeOf: (kept) => kept.value.keptBytes,
      isCurrent: this.isCurrent,
      now,
    });
    this.maps = new TtlCache<Versioned<PreparedJson>>(pageTtl, 20, {
      staleMs: ANSWER_STALE_MS,
      refreshConcurrency: 1,
      jitter: 0.4,
      isCurrent: this.isCurrent,
      now,
    });
    this.tree = new TtlCache<Versioned<PreparedJson>>(pageTtl, 1, {
      staleMs: ANSWER_STALE_MS,
      jitter: 0.4,
      isCurrent: this.isCurrent,
      now,
    });
    this.refs = new TtlCache<CatalogRefs>(envMsRenamed('CATALOG_REFS_CACHE_MS', 'CATALOGUE_REFS_CACHE_MS', 60_000), 1, {
      staleMs: 60_000,
      now,
    });
  }

  /**
   * GET /api/properties as sent under `key` (the query's cache key): `makePage()` in its
   * envelope, serialised, kept (see `pages`); a kept page due for a refresh is kept as it is
   * while `pageHolds`.
   */
  listAnswer(key: string, makePage: () => Promise<Paged<PropertyListItem>>): Promise<PreparedJson> {
    return this.keep(this.pages, key, async (version, previous) => {
      if (previous && (await this.pageHolds(previous, version))) return previous;
      const value = (page: Paged<PropertyListItem>) => PreparedJson.of(page, () => this.pages.answerNow(key)?.value);
      // Nothing is kept (page cache off): nothing to check later either.
      if (!this.pages.enabled) return { value: value(await makePage()), version };
      // The reference copy before the cards are made: should the cards reload it meanwhile, the
      // page records the older one, and the next check recomputes it (never the other way).
      const refs = await this.catalogRefs();
      const page = await makePage();
      return { value: value(page), version, cards: { ids: page.items.map((card) => card.id), counters: countersOf(page.items), refs } };
    });
  }

  /** GET /api/properties/map as sent under `key` (the filter set's cache key): `markers()` in its envelope, kept (see `maps`). */
  mapAnswer(key: string, markers: () => Promise<MapMarkerDto[]>): Promise<PreparedJson> {
    return this.answer(this.maps, key, async () => PreparedJson.of(await markers(), () => this.maps.answerNow(key)?.value));
  }

  /** GET /api/properties/categories as sent: `tree()` in its envelope, kept (see `tree`). */
  categoriesAnswer(tree: () => Promise<CategoryDto[]>): Promise<PreparedJson> {
    return this.answer(this.tree, 'tree', async () => PreparedJson.of(await tree(), () => this.tree.answerNow('tree')?.value));
  }

  /** The list total of the filter set `key`: kept, else `count()` (see `counts`). */
  total(key: string, count: () => Promise<number>): Promise<number> {
    return this.answer(this.counts, key, count);
  }

  /** The reference tables by id (kept, see `refs`). */
  catalogRefs(): Promise<CatalogRefs> {
    return this.refs.get('refs', async () => {
      const tables = await this.repository.refTables();
      const rows = JSON.stringify(tables);
      if (this.refsLoaded?.rows === rows) return this.refsLoaded.refs;
      const refs = catalogRefsOf(tables);
      this.refsLoaded = { rows, refs };
      return refs;
    });
  }

  /** The reference tables read again now (a card names an id the kept copy lacks). */
  reloadRefs(): Promise<CatalogRefs> {
    this.refs.clear();
    return this.catalogRefs();
  }

  /**
   * The catalogue version the kept answers of this process are checked against (after a read
   * under way ends; 0 with versions off): GET /api/properties/version.
   */
  catalogVersion(): Promise<number> {
    return this.version.settled();
  }

  /** Drops the kept answers and totals (call after writing listings; other processes wait out the TTLs). */
  invalidate(): void {
    for (const cache of [this.pages, this.maps, this.tree, this.counts]) cache.clear();
  }

  /**
   * Drops the kept answers, totals and the reference copy: a category, subcategory, type or
   * building complex was written (issue 21 reference administration), so cards and the tree
   * name it anew at once in this process (others: the version trigger and the refs TTL).
   */
  referencesChanged(): void {
    this.refs.clear();
    this.invalidate();
  }

  /**
   * Drops the kept list pages (not totals, map or tree): a card's favourite count changed. The
   * visitor who pressed the heart sees the new count at once (in this process; others within
   * the TTL).
   */
  cardsChanged(): void {
    this.pages.clear();
  }

  /** How many kept answers are being refreshed while they are answered (tests wait for 0). */
  refreshesUnderWay(): number {
    return [this.pages, this.maps, this.tree].reduce((n, cache) => n + cache.refreshesUnderWay, 0);
  }

  /**
   * Whether a kept list page may be answered for another TTL as it is: it was made under the
   * catalogue version `version` (read just now), from the reference copy still in use, and
   * every card's view and favourite counts are what it shows. One lookup of its ids by
   * primary key. False when versions are off (CATALOG_VERSION_POLL_MS=0: nothing would tell
   * a changed listing).
   */
  private async pageHolds(previous: Versioned<PreparedJson>, version: number): Promise<boolean> {
    const cards = previous.cards;
    if (!cards || !this.version.enabled || previous.version !== version) return false;
    if ((await this.catalogRefs()) !== cards.refs) return false;
    if (!cards.ids.length) return true;
    const byId = new Map((await this.repository.counters(cards.ids)).map((row) => [row.id, row]));
    if (cards.ids.some((id) => !byId.has(id))) return false;
    return countersOf(cards.ids.map((id) => byId.get(id)!)) === cards.counters;
  }

  /** The value kept in `cache` under `key`, or `compute()` kept with the catalogue version it was computed under. */
  private answer<V extends NonNullable<unknown>>(cache: TtlCache<Versioned<V>>, key: string, compute: () => Promise<V>): Promise<V> {
    return this.keep(cache, key, async (version) => ({ value: await compute(), version }));
  }

  /**
   * The value kept in `cache` under `key`, or the one `make` makes under the current catalogue
   * version, given the kept one it refreshes (expired, or made under an older version) if any.
   */
  private async keep<V extends NonNullable<unknown>>(
    cache: TtlCache<Versioned<V>>,
    key: string,
    make: (version: number, previous?: Versioned<V>) => Promise<Versioned<V>>,
  ): Promise<V> {
    // Nothing is kept (TTL 0): no version to make it under.
    if (!cache.enabled) return (await make(0)).value;
    // The version first: a change committed meanwhile makes the next request compute again.
    const kept = await cache.get(key, async (previous) => make(this.version.enabled ? await this.version.settled() : 0, previous));
    return kept.value;
  }
}
