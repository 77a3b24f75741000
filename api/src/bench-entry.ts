/**
 * The API's published entry point for the benchmark (`@realty/api/bench`, api/package.json
 * `exports`): exactly what bench/baseline-server.mjs and bench/lib/capture-sql.mjs use, so the
 * bench reads the API through HTTP or this file, never through api/dist internals. Nothing here
 * starts a server or a Nest app.
 */
import type { FileStorage } from '@realty/db';
import type { DataSource } from 'typeorm';
import { Clock } from './common/clock';
import { CatalogCache } from './properties/catalog-cache';
import { PropertiesRepository } from './properties/properties.repository';
import { PropertiesService } from './properties/properties.service';

/** The card mapping and reference tables the API uses, so the baseline makes the same cards. */
export {
  cardFromRow,
  catalogRefsOf,
  REF_TABLES,
  refRowsSql,
  type CardRow,
  type CatalogRefs,
  type RefRow,
} from './properties/properties.mapper';

/**
 * The catalogue reads of the API (PropertiesService: `list(params)` and the rest) on a data
 * source of the caller's, wired as the API wires them (repository, catalogue cache, service),
 * outside Nest. The caches read their settings (CATALOG_*_MS) from the environment now, as
 * the API's do when it starts.
 */
export function createCatalogService(db: DataSource, storage: FileStorage): PropertiesService {
  const repository = new PropertiesRepository(db);
  return new PropertiesService(repository, new CatalogCache(repository, new Clock()), storage);
}
