/** Jest global teardown: drops this run's template database. */
import pg from 'pg';

const server = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

export default async function globalTeardown() {
  const name = process.env.IRONCLAD_TEST_TEMPLATE_DB;
  if (!name) return;
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
