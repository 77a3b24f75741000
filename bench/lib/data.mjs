// The benchmark database: the demo-data generator scaled to BENCH_LISTINGS listings (default
// 20,000), 100,000 leads when the leads table exists, image variants for the shared pool
// files, then VACUUM ANALYZE. A database that is already loaded is reused (counts are checked).
import { createRequire } from 'node:module';
import { insertLeads } from './leads.mjs';

const require = createRequire(import.meta.url);

/** DATABASE_URL with the database name replaced (BENCH_DATABASE_URL wins). */
export function benchDatabaseUrl(baseUrl, name = 'realty_bench') {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withDataSource(db, url, fn) {
  const ds = db.createDataSource(url);
  await ds.initialize();
  try {
    return await fn(ds);
  } finally {
    await ds.destroy();
  }
}

const count = async (ds, sql) => Number((await ds.query(sql))[0].n);

/**
 * Makes sure the benchmark database holds `listings` listings (and `leads` leads when the
 * table exists). Returns a summary for the report.
 */
export async function prepareDatabase(url, { listings, leads, log }) {
  const db = require('@realty/db');
  const created = await db.ensureDatabase(url);
  if (created) log(`created database ${db.databaseName(url)}`);
  const applied = await db.migrate(url);
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);

  return withDataSource(db, url, async (ds) => {
    const summary = { listings: 0, public_listings: 0, images: 0, leads: null, seeded: false, leads_inserted: false };
    let changed = applied.length > 0;

    // Listings: the demo generator with the same default seed, scaled. It never overwrites a
    // row (INSERT ... ON CONFLICT DO NOTHING), so a half-loaded database is completed.
    const have = await count(ds, 'SELECT count(*) AS n FROM properties');
    if (have < listings) {
      log(`loading ${listings} listings with seedDemoData (have ${have}); this takes a minute the first time...`);
      const started = Date.now();
      const result = await require('@realty/seed').seedDemoData(ds, { listings, log: (l) => log(`  seed: ${l}`) });
      log(`  ${result.summary.listings} listings, ${result.summary.images} images in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      summary.seeded = true;
      changed = true;
    } else {
      log(`reusing ${have} listings in ${db.databaseName(url)}`);
    }

    // Image variants: the pool files are shared by every listing, so the worker's variant
    // function runs once per pool file and every row pointing at it gets the keys (what the
    // media jobs would write). Pages then send the 480 px thumbnails, as in production.
    const missing = await ds.query('SELECT DISTINCT storage_key AS key FROM property_images WHERE variants IS NULL');
    if (missing.length) {
      const { makeImageVariants } = require('../../worker/dist/media/image-variants.js');
      const storage = new db.LocalFileStorage();
      for (const { key } of missing) {
        const v = await makeImageVariants(storage, key);
        await ds.query('UPDATE property_images SET variants = $1, width = $2, height = $3 WHERE storage_key = $4 AND variants IS NULL', [
          JSON.stringify(v.variants),
          v.width,
          v.height,
          key,
        ]);
      }
      log(`image variants set for ${missing.length} pool files`);
      changed = true;
    }

    // Leads: only when another issue has created the table (checked at run time).
    const hasLeads = (await ds.query(`SELECT to_regclass('public.leads') AS t`))[0].t !== null;
    if (hasLeads) {
      const haveLeads = await count(ds, 'SELECT count(*) AS n FROM leads');
      if (haveLeads < leads) {
        log(`inserting ${leads - haveLeads} leads (generate_series)...`);
        try {
          await insertLeads(ds, leads - haveLeads, log);
          summary.leads_inserted = true;
          changed = true;
        } catch (e) {
          log(`! leads not inserted: ${e.message}`);
        }
      } else {
        log(`reusing ${haveLeads} leads`);
      }
      summary.leads = await count(ds, 'SELECT count(*) AS n FROM leads');
    } else {
      log('leads: the leads table does not exist yet (forms issue): the leads part was skipped');
    }

    if (changed) {
      // A bulk load leaves the visibility map unset (no index-only scans) and, on indexes with
      // GIN's fastupdate, a pending list: VACUUM does what autovacuum would do in production.
      log('VACUUM ANALYZE...');
      await ds.query('VACUUM ANALYZE');
      // Write the loaded pages out now, not in a checkpoint during the first measurements
      // (a superuser command: skipped where the bench's role may not run it).
      await ds.query('CHECKPOINT').catch((e) => log(`(no CHECKPOINT after the load: ${e.message})`));
    }
    summary.listings = await count(ds, 'SELECT count(*) AS n FROM properties');
    summary.public_listings = await count(ds, `SELECT count(*) AS n FROM properties WHERE status = 'active' AND deleted_at IS NULL`);
    summary.images = await count(ds, 'SELECT count(*) AS n FROM property_images');
    return summary;
  });
}

/** Ids and slugs of public listings (deterministic order) for the detail scenarios. */
export async function samplePublicListings(url, n) {
  const db = require('@realty/db');
  return withDataSource(db, url, (ds) =>
    ds.query(`SELECT id, slug FROM properties WHERE status = 'active' AND deleted_at IS NULL ORDER BY md5(id::text) LIMIT $1`, [n]),
  );
}
