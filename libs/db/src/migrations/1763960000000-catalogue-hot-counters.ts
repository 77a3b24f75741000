import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counted views stop touching the catalogue's indexes (issue 6; docs/decisions/017).
 *
 * Every property page counts a view (`UPDATE properties SET views_count = views_count + 1`).
 * With the table packed full (fillfactor 100) that update cannot stay on its page, so it is not
 * a HOT update: PostgreSQL adds the new row version to all twelve indexes of `properties`,
 * among them the trigram GIN index of the text search. GIN collects such additions in a
 * pending list that every search then reads in full until a vacuum merges it: after the
 * bench's ~2,100 views (about 900 of them not HOT) the list held 445 pages, and the text
 * search (q=Абая, 347 matches) read 450 index buffers where the merged index needs a few.
 *
 * - `fillfactor = 85` leaves room on each page for the new versions of counter updates: the
 *   counters (views_count, favorites_count, updated_at) are in no index, so those updates are
 *   HOT and add nothing to any index. It applies to pages written from now on (new listings,
 *   a reload of the data, a VACUUM FULL); the full pages of an existing table make room as
 *   their rows move.
 * - `gin_pending_list_limit = 64` (kB, the least) on ix_properties_search_trgm instead of the
 *   server's 4 MB: the pending list is merged into the index once it holds 64 kB, so a search
 *   reads at most a few pending pages. (`fastupdate = off` would read none, but makes every
 *   insert pay a full GIN insertion: loading the 5,000 listings of the search-index spec then
 *   overran its 5 s hook timeout when the suites ran side by side.)
 *   gin_clean_pending_list merges what is pending now.
 */
export class CatalogueHotCounters1763960000000 implements MigrationInterface {
  name = 'CatalogueHotCounters1763960000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE properties SET (fillfactor = 85)`);
    await q.query(`ALTER INDEX ix_properties_search_trgm SET (gin_pending_list_limit = 64)`);
    await q.query(`SELECT gin_clean_pending_list('ix_properties_search_trgm'::regclass)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER INDEX ix_properties_search_trgm RESET (gin_pending_list_limit)`);
    await q.query(`ALTER TABLE properties RESET (fillfactor)`);
  }
}
