/**
 * What scripts/e2e-server.mjs tells the specs: the database of this run.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

export interface E2eEnv {
  baseURL: string;
  databaseUrl: string;
  queuePrefix: string;
  /** Base URL of the fake Stripe API the e2e server's API talks to. */
  fakeStripeUrl: string;
}

const ENV_FILE = join(process.cwd(), 'test-results', '.e2e-env.json');

let cached: E2eEnv | undefined;

/** Reads test-results/.e2e-env.json (written once the API is healthy; waits up to 15 s for it). */
export async function e2eEnv(): Promise<E2eEnv> {
  if (cached) return cached;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      cached = JSON.parse(await readFile(ENV_FILE, 'utf8')) as E2eEnv;
      return cached;
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(`${ENV_FILE} is missing: is scripts/e2e-server.mjs running? (${String(err)})`, { cause: err });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Runs one query on the run's database and returns its rows. */
export async function dbQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: (await e2eEnv()).databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
