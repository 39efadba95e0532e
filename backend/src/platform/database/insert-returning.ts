/**
 * One `INSERT … RETURNING *` of an entity on a hot path, without TypeORM's query builder (whose
 * statement building and result mapping cost more than the round trip): the statement is built
 * once per entity, column set and conflict handling from the entity's metadata and kept; values
 * go through the driver's `preparePersistentValue` (the column transformers, then JSON, arrays and
 * dates as TypeORM writes them); the returned row is hydrated as a `find` would (without `select: false` columns) (the driver's
 * `prepareHydratedValue` and the transformers), so callers get the same entity as from a save
 * followed by a read, in one statement.
 */
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata.js';

interface Statement {
  sql: string;
  columns: ColumnMetadata[];
  /** {@link insertWithChild}: the child's given columns and the prefixes sent as parameters. */
  childColumns?: ColumnMetadata[];
  prefixes?: string[];
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

/** The child row of {@link insertWithChild}: its values, and which of its columns take the parent's id. */
export interface ChildInsert<C extends ObjectLiteral> {
  target: EntityTarget<C>;
  /** Entity properties of the child, without the ones derived from the parent's id. */
  values: Partial<C>;
  /** Property that receives the parent's id as is (a foreign key, e.g. `leadId`). */
  parentIdInto: keyof C & string;
  /** Properties that receive `prefix + parentId` (e.g. an idempotency key naming the parent). */
  parentIdPrefixed?: Partial<Record<keyof C & string, string>>;
}

/**
 * Inserts a parent row and one child row that refers to it in ONE statement (two data-modifying
 * CTEs: atomic without BEGIN/COMMIT, one round trip), the child skipped on a unique conflict
 * (`ON CONFLICT DO NOTHING`). The parent's id reaches the child inside the statement
 * (`child.parentIdInto`, and `prefix || id` for `child.parentIdPrefixed`).
 * @returns the parent as {@link insertReturning} returns it, and the child's id (null when the
 *   child was skipped).
 * @throws the driver's error (constraint violations, …); then neither row is stored.
 */
export async function insertWithChild<T extends ObjectLiteral, C extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  values: Partial<T>,
  child: ChildInsert<C>,
): Promise<{ parent: T; childId: number | null }> {
  const metadata = manager.connection.getMetadata(target);
  const childMeta = manager.connection.getMetadata(child.target);
  const driver = manager.connection.driver;
  const given = metadata.columns.filter((c) => !c.isVirtual && c.getEntityValue(values) !== undefined);
  const prefixed = child.parentIdPrefixed ?? {};
  const derived = new Set<string>([child.parentIdInto, ...Object.keys(prefixed)]);
  const childGiven = childMeta.columns.filter(
    (c) => !c.isVirtual && !derived.has(c.propertyPath) && c.getEntityValue(child.values) !== undefined,
  );
  const derivedColumns = [...derived].map((prop) => {
    const column = childMeta.findColumnWithPropertyPath(prop);
    if (!column) throw new Error(`${childMeta.name} has no column ${prop}`);
    return column;
  });
  const prefixes = derivedColumns.map((c) =>
    c.propertyPath === child.parentIdInto ? null : (prefixed as Record<string, string>)[c.propertyPath]!,
  );
  const key = [
    'child',
    metadata.name,
    given.map((c) => c.propertyPath).join(','),
    childMeta.name,
    childGiven.map((c) => c.propertyPath).join(','),
    derivedColumns.map((c) => c.propertyPath).join(','),
  ].join('\0');
  let statement = statements.get(key);
  if (!statement) {
    const table = (m: typeof metadata) => (m.schema ? `"${m.schema}"."${m.tableName}"` : `"${m.tableName}"`);
    const n = given.length;
    // the prefixes are parameters too: $n+1 … for the child's values, then one per prefix
    let next = n + childGiven.length;
    const derivedSql = derivedColumns.map((_, i) => (prefixes[i] === null ? 'p."id"' : `$${++next}::text || p."id"`));
    statement = {
      sql:
        `WITH p AS (INSERT INTO ${table(metadata)} (${given.map((c) => `"${c.databaseName}"`).join(', ')}) ` +
        `VALUES (${given.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *), ` +
        `c AS (INSERT INTO ${table(childMeta)} (${[...childGiven, ...derivedColumns].map((c) => `"${c.databaseName}"`).join(', ')}) ` +
        `SELECT ${[...childGiven.map((_, i) => `$${n + i + 1}`), ...derivedSql].join(', ')} FROM p ON CONFLICT DO NOTHING RETURNING "id") ` +
        `SELECT p.*, (SELECT c."id" FROM c) AS "__child_id" FROM p`,
      columns: given,
      childColumns: childGiven,
      prefixes: prefixes.filter((x): x is string => x !== null),
    };
    statements.set(key, statement);
  }
  const params = [
    ...statement.columns.map((c) => driver.preparePersistentValue(c.getEntityValue(values), c) as unknown),
    ...statement.childColumns!.map((c) => driver.preparePersistentValue(c.getEntityValue(child.values), c) as unknown),
    ...statement.prefixes!,
  ];
  const rows = (await manager.query(statement.sql, params)) as Record<string, unknown>[];
  const row = rows[0];
  if (!row) throw new Error(`INSERT INTO ${metadata.tableName} returned no row`);
  const childId = row.__child_id === null || row.__child_id === undefined ? null : Number(row.__child_id);
  return { parent: hydrate(manager, metadata, row) as T, childId };
}

function hydrate(manager: EntityManager, metadata: EntityMetadata, row: Record<string, unknown>): ObjectLiteral {
  const driver = manager.connection.driver;
  const entity = metadata.create() as ObjectLiteral;
  for (const column of metadata.columns) {
    if (column.isVirtual || !column.isSelect || !(column.databaseName in row)) continue; // as a find: no select:false columns
    column.setEntityValue(entity, driver.prepareHydratedValue(row[column.databaseName], column));
  }
  return entity;
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
  return hydrate(manager, metadata, row) as T;
}
