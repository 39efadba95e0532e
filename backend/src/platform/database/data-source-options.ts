/** TypeORM options shared by the api, the worker, the migration CLI and the tests. */
import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations/index.js';
import { SnakeNamingStrategy } from './naming-strategy.js';

/** The entity classes of a data source (each feature's `*.entity.ts`). */
export type EntityList = NonNullable<DataSourceOptions['entities']>;

/**
 * Postgres options for `databaseUrl` with `entities`. `synchronize` is always off: the schema
 * changes only through the committed migrations (a test fails when entities and migrations drift).
 */
export function postgresOptions(databaseUrl: string, entities: EntityList, overrides: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    extra: { max: 10, connectionTimeoutMillis: 5000 },
    ...overrides,
  } as DataSourceOptions;
}
