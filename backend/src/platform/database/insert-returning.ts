/**
 * One `INSERT … RETURNING *` of an entity on a hot path, without TypeORM's query builder (whose
 * statement building and result mapping cost more than the round trip): the statement is built
 * once per entity, column set and conflict handling from the entity's metadata and kept; values
 * go through the driver's `preparePersistentValue` (the column transformers, then JSON, arrays and
 * dates as TypeORM writes them); the returned row is hydrated as a `find` would (the driver's
 * `prepareHydratedValue` and the transformers), so callers get the same entity as from a save
 * followed by a read, in one statement.
 */
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

interface Statement {
  sql: string;
  columns: ColumnMetadata[];
}

const statements = new Map<string, Statement>();

/**
 * Inserts `values` (entity properties; undefined ones get the column default) into `target`'s
 * table in `manager`'s transaction, in one statement.
 * @returns the stored entity with every column as the database wrote it.
 * @throws the driver's error (constraint violations, …) as TypeORM's query would.
 */
export async function insertReturning<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  values: Partial<T>,
): Promise<T> {
  const stored = await insertRow(manager, target, values, false);
  if (!stored) throw new Error(`INSERT INTO ${manager.connection.getMetadata(target).tableName} returned no row`);
  return stored;
}

/**
 * {@link insertReturning}, skipping the row when it breaks a unique constraint (`ON CONFLICT DO
 * NOTHING`, as TypeORM's `orIgnore`).
 * @returns the stored entity, or null when the row was skipped.
 */
export function insertReturningUnlessConflict<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  values: Partial<T>,
): Promise<T | null> {
  return insertRow(manager, target, values, true);
}

async function insertRow<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  values: Partial<T>,
  onConflictDoNothing: boolean,
): Promise<T | null> {
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const given = metadata.columns.filter((c) => !c.isVirtual && c.getEntityValue(values) !== undefined);
  const key = `${metadata.name}\0${given.map((c) => c.propertyPath).join(',')}\0${onConflictDoNothing ? 1 : 0}`;
  let statement = statements.get(key);
  if (!statement) {
    const table = metadata.schema ? `"${metadata.schema}"."${metadata.tableName}"` : `"${metadata.tableName}"`;
    const names = given.map((c) => `"${c.databaseName}"`).join(', ');
    const placeholders = given.map((_, i) => `$${i + 1}`).join(', ');
    statement = {
      sql: `INSERT INTO ${table} (${names}) VALUES (${placeholders})${onConflictDoNothing ? ' ON CONFLICT DO NOTHING' : ''} RETURNING *`,
      columns: given,
    };
    statements.set(key, statement);
  }
  const params = statement.columns.map((c) => driver.preparePersistentValue(c.getEntityValue(values), c) as unknown);
  const rows = (await manager.query(statement.sql, params)) as Record<string, unknown>[];
  const row = rows[0];
  if (!row) return null;
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    if (column.isVirtual || !(column.databaseName in row)) continue;
    column.setEntityValue(entity, driver.prepareHydratedValue(row[column.databaseName], column));
  }
  return entity;
}
