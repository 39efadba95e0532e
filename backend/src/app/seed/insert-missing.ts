/** `INSERT … ON CONFLICT … DO NOTHING` for seed rows, driven by the entity metadata. */
import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';

type ColumnMetadata = EntityMetadata['columns'][number];

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Inserts the rows whose unique key is not taken yet and leaves existing rows untouched (staff may
 * have edited them). Property names are mapped to columns through the entity metadata, so the
 * naming strategy stays the single source of column names; json/jsonb values are serialised.
 *
 * @param conflictOn properties forming the unique key (`ON CONFLICT (…) DO NOTHING`), or `'any'`
 *   for `ON CONFLICT DO NOTHING` on whichever unique constraint the row hits.
 * @returns the number of rows inserted now.
 */
export async function insertMissing<T extends ObjectLiteral>(
  em: EntityManager,
  target: EntityTarget<T>,
  conflictOn: readonly (keyof T & string)[] | 'any',
  rows: readonly Partial<T>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const meta = em.connection.getMetadata(target);
  const column = (property: string): ColumnMetadata => {
    const c = meta.findColumnWithPropertyName(property);
    if (!c) throw new Error(`seed: ${meta.name}.${property} is not a column`);
    return c;
  };
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].map(column);

  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const values = columns.map((c) => {
      const value: unknown = (row as Record<string, unknown>)[c.propertyName];
      if (value === undefined) return 'DEFAULT';
      if (c.type === 'json' || c.type === 'jsonb') {
        params.push(JSON.stringify(value));
        return `$${params.length}::${c.type}`;
      }
      params.push(value);
      return `$${params.length}`;
    });
    return `(${values.join(', ')})`;
  });

  const conflict = conflictOn === 'any' ? '' : `(${conflictOn.map((p) => quote(column(p).databaseName)).join(', ')}) `;
  const returning = meta.primaryColumns.map((c) => quote(c.databaseName)).join(', ');
  const sql =
    `INSERT INTO ${quote(meta.tableName)} (${columns.map((c) => quote(c.databaseName)).join(', ')}) ` +
    `VALUES ${tuples.join(', ')} ON CONFLICT ${conflict}DO NOTHING RETURNING ${returning}`;
  const inserted: unknown = await em.query(sql, params);
  return Array.isArray(inserted) ? inserted.length : 0;
}
