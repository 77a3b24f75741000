import 'reflect-metadata';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { databaseUrl } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * TypeORM options shared by the API, the worker and the scripts.
 * The schema only ever comes from migrations: synchronize is off.
 */
export function dataSourceOptions(url: string = databaseUrl()): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    extra: { max: Number(process.env.DB_POOL_SIZE || 10) },
  };
}

/** A data source that is not yet initialised. */
export function createDataSource(url?: string): DataSource {
  return new DataSource(dataSourceOptions(url));
}
