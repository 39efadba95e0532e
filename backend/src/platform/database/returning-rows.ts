/**
 * The rows of a raw `UPDATE/DELETE … RETURNING` run through `DataSource.query`: TypeORM's
 * Postgres driver answers `[rows, rowCount]` for those commands and `rows` for the others.
 */
export function returningRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
