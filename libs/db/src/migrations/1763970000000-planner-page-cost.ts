import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The planner prices a random page read like a cached one's neighbour on SSD, not a spinning
 * disk (issue 6: "every catalogue query served by an index, no sequential scan on properties").
 *
 * PostgreSQL's default `random_page_cost = 4` models a disk seek. With it, the total of a broad
 * text query (`q=офис`: 8,175 of the bench's 20,000 listings) was planned as a sequential scan
 * that runs ILIKE over every row: 61-67 ms, where the bitmap scan of the trigram index
 * (ix_properties_search_trgm) that the planner priced higher takes 27-34 ms. 1.1 is the value
 * commonly set for SSD or a data set held in memory (the catalogue's 20,000 rows are ~50 MB); at
 * 2 or less the planner already picks the index. The plans of the other catalogue queries
 * (each sort, deep pages, district, category, the map) stayed the same in the bench's EXPLAIN.
 *
 * It is a setting of the database, so every new session has it: the API's, the worker's, and
 * the bench's EXPLAIN, which therefore shows the plans the API gets. Changing it needs the
 * database's owner; a role that is not gets a notice and the server's setting stays.
 */
/**
 * Runs `ALTER DATABASE <this one> <action>` (e.g. `SET random_page_cost = 1.1`) and the same for
 * this session; a role that does not own the database gets a notice instead of an error.
 */
async function alterDatabase(q: QueryRunner, action: 'SET random_page_cost = 1.1' | 'RESET random_page_cost'): Promise<void> {
  await q.query(`
    DO $$
    BEGIN
      EXECUTE format('ALTER DATABASE %I ${action}', current_database());
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE '${action} skipped: % (needs the database owner)', SQLERRM;
    END $$`);
  // This session too (the database setting applies to sessions started from now on).
  await q.query(action);
}

export class PlannerPageCost1763970000000 implements MigrationInterface {
  name = 'PlannerPageCost1763970000000';

  public async up(q: QueryRunner): Promise<void> {
    await alterDatabase(q, 'SET random_page_cost = 1.1');
  }

  public async down(q: QueryRunner): Promise<void> {
    await alterDatabase(q, 'RESET random_page_cost');
  }
}
