import type { DataSourceOptions } from 'typeorm';
import { postgresOptions } from '../platform/database/data-source-options.js';
import { ENTITIES } from './entities.js';

/**
 * TypeORM options of the product's database at `databaseUrl` (every entity, the committed
 * migrations), shared by the migration command, the TypeORM CLI and the tests.
 */
export function dataSourceOptions(databaseUrl: string, overrides: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return postgresOptions(databaseUrl, ENTITIES, overrides);
}
