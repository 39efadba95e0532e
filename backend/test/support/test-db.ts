/**
 * Per-test-file Postgres databases and Redis key prefixes.
 *
 * The global setup migrates and seeds one template database per Jest run; each test file then
 * gets its own copy (`CREATE DATABASE … TEMPLATE …`, fast) and its own BullMQ key prefix, so files
 * run in parallel and never touch development data.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_SERVER_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEMPLATE_ENV = 'IRONCLAD_TEST_TEMPLATE_DB';

/** URL of database `name` on the test server. */
export const dbUrl = (name: string) => `${PG_SERVER_URL}/${name}`;

/** Runs `sql` on the server's `postgres` database. */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  /** A BullMQ/Redis key prefix unique to this test file. */
  queuePrefix: string;
  drop(): Promise<void>;
}

/** Creates a fresh, migrated and seeded database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} is not set: run tests through the Jest config (global setup)`);
  const suffix = randomBytes(5).toString('hex');
  const name = `ironclad_t_${suffix}`;
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return {
    name,
    url: dbUrl(name),
    queuePrefix: `test-${suffix}`,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
