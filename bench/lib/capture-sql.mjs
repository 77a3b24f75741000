// Captures the exact SQL that GET /api/properties runs: the API's catalogue service (from its
// published bench entry point, @realty/api/bench) is called once per scenario on a TypeORM data source whose logger records every
// statement with its parameters. The query string goes through the same DTO conversion as the
// API (class-transformer + toPropertyListParams). The baseline server replays these
// statements, so the framework-overhead ratio compares like with like.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Recognises the statements of one PropertiesService.list() call. */
function classify(sql) {
  if (/COUNT\(\*\)::int AS "total"/i.test(sql)) return 'count';
  if (/FROM "properties"/.test(sql)) return 'list';
  return null;
}

/**
 * For each {name, query} (a query string of GET /api/properties) returns
 * {query, page, limit, list: {sql, params}, count: {sql, params}, total, items, nextCursor} (`list`:
 * the page of cards with their first image; `page`, `limit`: the paging the API answers in its
 * meta; total, items, nextCursor: the service's answer).
 */
export async function captureCatalogSql(url, scenarios) {
  const db = require('@realty/db');
  const contracts = require('@realty/contracts');
  const { plainToInstance } = require('class-transformer');
  const { DataSource } = require('typeorm');
  const { createCatalogService } = require('@realty/api/bench');

  let captured = [];
  const logger = {
    logQuery: (sql, params) => captured.push({ sql, params: params ?? [] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const ds = new DataSource({ ...db.dataSourceOptions(url), logging: true, logger });
  await ds.initialize();
  try {
    // The service caches totals (CATALOG_COUNT_CACHE_MS): off here, so every call shows its
    // count statement; the baseline server applies the same cache itself.
    const saved = process.env.CATALOG_COUNT_CACHE_MS;
    process.env.CATALOG_COUNT_CACHE_MS = '0';
    const service = createCatalogService(ds, new db.LocalFileStorage());
    if (saved === undefined) delete process.env.CATALOG_COUNT_CACHE_MS;
    else process.env.CATALOG_COUNT_CACHE_MS = saved;
    const out = {};
    for (const { name, query } of scenarios) {
      const plain = Object.fromEntries(new URLSearchParams(query));
      const dto = plainToInstance(contracts.PropertiesQuery, plain);
      const params = contracts.toPropertyListParams(dto);
      captured = [];
      const page = await service.list(params);
      const byKind = {};
      for (const q of captured) {
        const kind = classify(q.sql);
        if (kind && !byKind[kind]) byKind[kind] = q;
      }
      if (!byKind.list || !byKind.count)
        throw new Error(`could not capture the SQL of ${name}: ${captured.map((q) => q.sql.slice(0, 60)).join(' | ')}`);
      // The page size: the list statement asks one row more (is there a next page?), which the
      // API drops from the answer; the baseline does the same.
      out[name] = {
        query,
        page: params.page,
        limit: params.limit,
        list: byKind.list,
        count: byKind.count,
        total: page.meta.total,
        items: page.items.length,
        nextCursor: page.meta.nextCursor ?? null,
      };
    }
    return out;
  } finally {
    await ds.destroy();
  }
}
