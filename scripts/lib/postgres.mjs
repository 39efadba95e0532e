// PostgreSQL probes for scripts/start.mjs and scripts/test.mjs (uses `pg` from the backend workspace).
import { requireFrom } from './paths.mjs';

let pgModule;
function pg() {
  pgModule ??= requireFrom('backend', 'pg');
  return pgModule;
}

/** The URL with its password hidden, for messages. */
export function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/**
 * Connect to `url` and run `SELECT 1`.
 * @returns {{ok: true} | {ok: false, kind: 'unreachable'|'no-database'|'auth'|'other', error: Error}}
 */
export async function probePostgres(url, { timeoutMs = 3000 } = {}) {
  const client = new (pg().Client)({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (error) {
    const code = error?.code;
    let kind = 'other';
    if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EAI_AGAIN'].includes(code)) kind = 'unreachable';
    else if (/timeout/i.test(error?.message ?? '')) kind = 'unreachable';
    else if (code === '3D000') kind = 'no-database';
    else if (code === '28P01' || code === '28000') kind = 'auth';
    return { ok: false, kind, error };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Make sure the database named in `url` exists, creating it through the server's
 * `postgres` database when the server answers but the database is missing.
 * @returns 'exists' | 'created'; throws with a readable message otherwise.
 */
export async function ensureDatabase(url) {
  const first = await probePostgres(url);
  if (first.ok) return 'exists';
  if (first.kind !== 'no-database') throw describe(url, first);

  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  const client = new (pg().Client)({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    if (error?.code !== '42P04') {
      // 42P04 = created meanwhile by someone else: fine
      throw new Error(`could not create database "${name}" on ${redactUrl(url)}: ${error.message}`, { cause: error });
    }
  } finally {
    await client.end().catch(() => {});
  }
  return 'created';
}

function describe(url, result) {
  const where = redactUrl(url);
  switch (result.kind) {
    case 'unreachable':
      return new Error(`PostgreSQL does not answer at ${where} (${result.error.code ?? result.error.message})`);
    case 'auth':
      return new Error(`PostgreSQL at ${where} refused the credentials: ${result.error.message}`);
    default:
      return new Error(`PostgreSQL at ${where}: ${result.error.message}`);
  }
}
