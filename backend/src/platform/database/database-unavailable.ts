/**
 * Recognises the errors of an unreachable PostgreSQL (stopped, restarting, network down), so that
 * every route answers 503 SERVICE_UNAVAILABLE with `Retry-After` instead of a 500 (issue 26 point 7).
 */

/** Node network codes of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: class 08 (connection
 * exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up or
 * in recovery), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages of node-postgres (pg, pg-pool) when the connection ends or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (?:is )?closed/i,
  /client has encountered a connection error and is not queryable/i,
  /cannot use a pool after calling end/i,
];

/** Whether `err` (a TypeORM QueryFailedError, a pg error, or an AggregateError of them) means the database is unreachable. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; driverError?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || e.code.startsWith('08')) return true;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (e.driverError && isDatabaseUnavailable(e.driverError, depth + 1)) return true;
  if (e.cause && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  if (Array.isArray(e.errors)) return e.errors.some((x) => isDatabaseUnavailable(x, depth + 1));
  return false;
}

/** The message of the 503 answered while the database is unreachable. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Nothing was lost; please try again in a moment.';
